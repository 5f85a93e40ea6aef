"""Screens that fit: every scene and every help page, drawn in a window of 1280x800 and of 1366x768, has
all its text inside the window and inside the box it is drawn on, and on the menus no text lies on
another (the Host screen's "Table name" once lay on its last option's sentence)."""
from concurrent.futures import Future

import bots
import pygame
import pytest

import catalog
from engine import games
from game import boards, local_play, paced_bots, tables, theme
from game.app import App
from game.scenes.club_lobby import ClubLobbyScene
from game.scenes.lan_browser import LanBrowserScene
from game.scenes.new_game import NewGameScene
from game.scenes.online import OnlineScene
from game.scenes.rejoin import RejoinScene
from game.scenes.replays import ReplaysScene
from game.scenes.rules import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.title import TitleScene
from game.scenes.welcome import WelcomeScene
from game.settings import Settings
from game.tutorial.learn import LearnScene
from tests.game.driver import Driver
from tests.game.text_fit import Recorder
from tests.own_games import board_games, table_seats

SIZES = [(1280, 800), (1366, 768)]
BOARD_GAMES = board_games()
LONGEST_TITLED = max(BOARD_GAMES, key=lambda g: len(games.rules(g).TITLE))


class ListingAccount:
    """A club account that answers the lobby's two lists at once with long names (the shapes club/lobby.py
    sends), so the club's lobby can be drawn full without a club."""
    name, url = "Maximilian-Alexander", "nats://club.example.org:4222"

    def request(self, verb: str, body: dict | None = None) -> Future:
        seats = [{"kind": "human", "name": "Maximilian-Alexander", "player": "Maximilian-Alexander",
                  "rating": -18.4, "provisional": True}, {"kind": "open"},
                 {"kind": "bot", "name": "Bot 3", "level": "expert", "rating": 136.8}]
        listing = {"list": [{"id": i, "name": f"Bartholomew-Konstantin's {games.rules(g).TITLE} table",
                             "game": g, "seats": seats, "state": "waiting", "move_deadline": 604800,
                             "on_deadline": "forfeit", "rated": True, "bots": 1} for i, g in enumerate(BOARD_GAMES)],
                   "mine": [{"id": 9, "name": "Maximilian-Alexander's very long table name", "game": LONGEST_TITLED,
                             "seat": 1, "your_move": True, "state": "playing", "move_deadline": 604800,
                             "deadline_left": 6.5 * 86400}],
                   "finished": [{"id": 20 + i, "name": f"Bartholomew-Konstantin's {games.rules(g).TITLE} table",
                                 "game": g, "seats": seats, "state": "over", "result": {"winners": [0]}}
                                for i, g in enumerate(BOARD_GAMES)],
                   "rating": {"rating": -118.4, "games": 4, "provisional": True, "like": "normal",
                              "history": [{"rating": -100.0 + 7 * (i % 5) - i, "won": i % 2 == 0} for i in range(100)]},
                   "ratings": {"players": [{"place": i + 1, "player": "Bartholomew-Konstantin" + "x" * (i % 10),
                                            "rating": 144.4 - i, "games": 12345, "provisional": i % 2 == 0}
                                           for i in range(8)],
                               "marks": {level: {"rating": 140.0 - 3 * i} for i, level in enumerate(bots.ALL_LEVELS)}},
                   }[verb]
        answer = Future()
        answer.set_result(listing)
        return answer

    def close(self) -> None:
        pass


def ratings_lobby(app) -> ClubLobbyScene:
    """The club's lobby showing a game's leaderboard (the bots' marks among the players) and the player's rating."""
    lobby = ClubLobbyScene(app, ListingAccount())
    lobby.toggle_ratings()
    return lobby


def finished_games_lobby(app) -> ClubLobbyScene:
    """The club's lobby showing its finished games, with their page buttons."""
    lobby = ClubLobbyScene(app, ListingAccount())
    lobby.toggle_finished()
    return lobby


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def window(request, sandbox_home, monkeypatch):
    app = App(settings=Settings(player_name="Maximilian-Alexander", animation_speed="instant"),
              window_size=request.param, bot_factory=bots.make)
    app.push(TitleScene(app))
    recorder = Recorder(monkeypatch)
    yield app, Driver(app), recorder
    app.close()


def check(app, recorder, what: str, *, overlaps: bool = True) -> list[str]:
    recorder.clear()
    app.draw()
    return [f"{what}: {p}" for p in recorder.problems(app.surface, overlaps=overlaps)]


def test_every_menu_scene_keeps_its_text_in_its_boxes(window, monkeypatch):
    app, ui, recorder = window
    cut = []
    fit_text = theme.fit_text

    def recording_fit(text, *args, **kwargs):
        fitted = fit_text(text, *args, **kwargs)
        if fitted != text:
            cut.append(text)
        return fitted
    monkeypatch.setattr(theme, "fit_text", recording_fit)
    problems = check(app, recorder, "title")
    for name, make in [("welcome", WelcomeScene), ("settings", SettingsScene), ("LAN browser", LanBrowserScene),
                       ("rejoin", RejoinScene), ("learn", LearnScene), ("replays", ReplaysScene), ("online", OnlineScene),
                       ("club lobby", lambda app: ClubLobbyScene(app, ListingAccount())),
                       ("club lobby, finished games", finished_games_lobby), ("club lobby, ratings", ratings_lobby)]:
        app.push(make(app))
        ui.frames(2)
        if name == "club lobby":
            assert app.stack.top.open_list.rows and app.stack.top.mine_list.rows, "the lists were drawn empty"
        if name == "club lobby, ratings":
            assert len(app.stack.top.ratings_list.rows) == 12 and app.stack.top.my_rating["history"]
        if name == "club lobby, finished games":
            assert app.stack.top.finished_list.rows and app.stack.top.older_button in app.stack.top.widgets
        problems += check(app, recorder, name)
        app.pop()
    def each_game_at(form, counts, label):
        """Every game of `form` at each seat count `counts(form)` names, its screen checked."""
        found = []
        for game_id in form.game_ids:
            while form.game_cycler.value != game_id:
                form.game_cycler.step(1)
            for count in counts(form):
                while form.seat_count.value != count:
                    form.seat_count.step(1)
                ui.frames(1)
                cut.clear()
                found += check(app, recorder, f"{label} {game_id} x{count}")
                found += [f"{game_id}: {text!r} is cut short" for text in cut]
        return found

    for lan in (False, True):
        form = NewGameScene(app, lan=lan)
        app.push(form)
        # the most seats too: the seat list must leave the table name room
        problems += each_game_at(form, lambda f: f.seat_count.values, "host" if lan else "new game")
        app.pop()
    # the club's form, its move deadline chosen (both choosers and their sentences shown), at each game's most seats
    form = NewGameScene(app, lan=True, club=lambda *args, **kwargs: Future())
    app.push(form)
    form.deadline.step(1)
    problems += each_game_at(form, lambda f: f.seat_count.values[-1:], "club table")
    app.pop()
    assert problems == [], "\n".join(problems)


def test_every_rules_page_keeps_its_text_in_its_box_all_the_way_down(window):
    app, ui, recorder = window
    scene = RulesScene(app)
    app.push(scene)
    problems = []
    for i, game_id in enumerate(scene.games):
        scene.choose(i)
        while True:
            ui.frames(1)
            problems += check(app, recorder, f"rules {game_id} at {scene.scroll}")
            if scene.scroll >= scene.max_scroll:
                break
            scene.scroll_by(400)
    assert scene.games == [g for g in games.available() if catalog.spec(g).help is not None] and len(scene.games) >= 5
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_every_board_and_its_help_card_keep_their_text_in_their_boxes(window, game_id, monkeypatch):
    app, ui, recorder = window
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    monkeypatch.setattr(tables, "BOT_DELAY", 60.0)   # the board as the player first sees it
    seats = [{"kind": "human", "name": "Maximilian-Alexander"}] + \
        [{"kind": "bot", "level": "easy"}] * (table_seats(game_id) - 1)
    link = local_play.start_local_table(app, game_id, seats, {})
    board = boards.board_scene(app, link)
    app.push(board)
    ui.frames(3)
    app.notify("A notice long enough to need the whole width of the map it is shown over, and then some more "
               "words, so that it wraps onto a second line instead of running under the status panel.")
    problems = check(app, recorder, f"{game_id} board", overlaps=False)
    toast = [d.rect for kind, d in recorder.items if kind == "box" and d.surface is app.surface][-1]
    assert board.toast_area.contains(toast), f"the notice {tuple(toast)} covers the status panel"
    board.help_card.shown = True
    problems += check(app, recorder, f"{game_id} help", overlaps=False)
    card = board.help_card._surface.get_rect(center=board.help_card.centre)
    assert pygame.Rect(0, 0, 1280, 800).contains(card), f"the help card {tuple(card)} runs out of the window"
    assert problems == [], "\n".join(problems)
