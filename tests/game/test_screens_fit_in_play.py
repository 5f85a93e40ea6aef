"""Screens that fit in play: each game's board, shown in real positions from bot games (tests/game/positions.py:
every phase, step and prompt the games reached), keeps every line of text whole (nothing cut with an
ellipsis), inside the window and inside the box it is drawn on, no text on another and no button on another;
and again once the player has begun the move the bot made there (a unit picked, and the pointer where it
goes: a path, a tooltip), which is when the longest prompts show.

The window draws one logical 1280x800 frame and scales it to its size (game.app), so what fits in a 1280x800
window fits in a 1366x768 one: the positions are drawn at 1280x800 (where the scripted players' clicks land
as posted), and a last test holds that the frame is the same, pixel for pixel, at both sizes."""
import bots
import pygame
import pytest

import catalog
from engine import games
from game.app import App
from game.board_kit.autoplay import post_motion
from game.scenes.title import TitleScene
from game.settings import Settings
from tests.game.positions import FixedChoice, Stage, positions
from tests.game.text_fit import Recorder
from tests.own_games import board_games

SIZES = [(1280, 800), (1366, 768)]


def settle(app) -> None:
    """The input posted, answered by the scene on top, and a frame's update (drawn by `check`)."""
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.top.update(1 / 60)


def click_player(board, position):
    """The game's scripted player (its catalog entry's `player`), carrying out the recorded bot's choice as clicks
    (None in a race: its player races on its own)."""
    if games.is_realtime(position.game):
        return None
    return catalog.load(catalog.spec(position.game).player)(board, lambda *args: FixedChoice(position.action))


def open_app(size) -> App:
    app = App(settings=Settings(player_name="Ada", animation_speed="instant"), window_size=size, bot_factory=bots.make)
    app.push(TitleScene(app))
    return app


@pytest.mark.parametrize("game_id", board_games())
def test_every_board_in_play_keeps_its_text_whole_and_in_its_boxes(sandbox_home, monkeypatch, game_id):
    app = open_app(SIZES[0])
    recorder = Recorder(monkeypatch)
    stage = Stage(app, game_id)
    problems: dict[str, str] = {}

    def check(what: str) -> None:
        recorder.clear()
        app.compose()   # the frame; scaling it to the window changes nothing drawn
        for problem in recorder.problems(app.surface, overlaps=True, cuts=True, controls=True):
            problems.setdefault(problem, what)
    try:
        for i, position in sorted(enumerate(positions(game_id)), key=lambda ip: ip[1].seat):   # a board a seat
            board = stage.show(position)
            what = f"position {i} {position.kind[:3]} (seat {position.seat})"
            check(what)
            player = click_player(board, position) if position.action and not board.over else None
            if player is None or not player.step():
                continue
            settle(app)   # the move begun: a pick, a chooser ...
            check(f"{what} after {getattr(player, 'done', ['a step'])[-1]}")
            target = position.action.get("to")
            if hasattr(player, "centre") and isinstance(target, list) and len(target) == 2:
                post_motion(player.centre(target))   # ... and under the pointer where it goes: a path, a tip
                settle(app)
                check(f"{what} pointing at {target}")
    finally:
        app.close()
    assert not problems, "\n".join(f"{what}: {problem}" for problem, what in problems.items())


def test_a_board_draws_the_same_frame_in_a_1280x800_and_a_1366x768_window(sandbox_home):
    frames = []
    for size in SIZES:
        app = open_app(size)
        try:
            stage = Stage(app, "ah_tactics")
            stage.show(positions("ah_tactics")[len(positions("ah_tactics")) // 2])
            app.draw()
            assert app.window.get_size() == size
            frames.append(pygame.image.tobytes(app.surface, "RGB"))
        finally:
            app.close()
    assert frames[0] == frames[1]


@pytest.mark.parametrize("game_id", board_games())
def test_every_game_over_screen_keeps_its_text_whole_and_in_its_boxes(sandbox_home, monkeypatch, game_id):
    """The screen a finished game shows (its result, its reason and each game's own rows), drawn for each ending
    the bot games reached, its confetti falling: every line whole, in the window and in its box."""
    from game.scenes.game_over import GameOverScene
    app = open_app(SIZES[0])
    recorder = Recorder(monkeypatch)
    stage = Stage(app, game_id)
    problems: dict[str, str] = {}
    endings = [p for p in positions(game_id) if p.kind == ("over",) and p.public["public"].get("result")]
    assert endings, "the bot games reached no end"
    try:
        for i, position in enumerate(endings):
            board = stage.show(position)
            board.game_over_shown = False   # as a game that ended on screen: the game-over scene follows
            for _ in range(600):   # (a board may first finish showing the last move)
                if app.stack.top is not board:
                    break
                board.update(1 / 60)
            over = app.stack.top
            assert isinstance(over, GameOverScene), f"ending {i}: no game-over scene, but {over!r}"
            for _ in range(3):
                over.update(0.5)
                recorder.clear()
                app.compose()
                assert len([d for kind, d in recorder.items if kind == "text"]) >= 3, "the screen drew no words"
                for problem in recorder.problems(app.surface, overlaps=True, cuts=True, controls=True):
                    problems.setdefault(problem, f"ending {i}")
            app.pop()
            stage.board = None
    finally:
        app.close()
    assert not problems, "\n".join(f"{what}: {problem}" for problem, what in problems.items())
