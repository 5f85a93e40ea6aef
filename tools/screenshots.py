"""Screenshots of every scene into docs/screenshots/*.png (dummy video driver, pygame.image.save).

    python tools/screenshots.py [--out DIR]

Runs with a throwaway SANDTABLE_HOME so it never touches the real settings or
saves, and pins LAN discovery to loopback. Each game's board shots come from the script its catalog
entry names (`screenshots`, in tools/board_shots/), for every game engine.games offers.
"""
import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SANDTABLE_HOME"] = tempfile.mkdtemp(prefix="sandtable-shots-")
os.environ["SANDTABLE_DISCOVERY_INTERFACES"] = "127.0.0.1"

import pygame  # noqa: E402

import catalog  # noqa: E402
from engine import games  # noqa: E402
from game import boards, tables  # noqa: E402
from game.app import App  # noqa: E402
from game.settings import Settings  # noqa: E402

FRAMES_PER_SHOT = 20


def settle(app: App, frames: int = FRAMES_PER_SHOT, until=None, timeout: float = 8.0) -> None:
    """Run frames (1/60 s each) so animations and pygame_gui settle; optionally until `until()` holds."""
    deadline = time.monotonic() + timeout
    for _ in range(frames):
        app.step(1 / 60)
    while until is not None and not until() and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.02)


WRITTEN: list[str] = []   # the pictures this run made (for the manifest)


def shoot(app: App, out: Path, name: str) -> None:
    app.draw()
    path = out / f"{name}.png"
    pygame.image.save(app.surface, str(path))
    WRITTEN.append(path.name)
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def finished_local_game(game_id: str = "risk", seats: int = 4):
    """A local game of bots played to the end (also leaves a save for the Replays scene)."""
    link = tables.start_local(game_id, [{"kind": "bot", "level": lv} for lv in ("hard", "normal", "easy", "normal")[:seats]],
                              {}, seed=11, bot_delay=0)
    for _ in range(200):
        link.poll()
        if link.phase == "over":
            break
    link.close()
    return link


def unfinished_local_game():
    """A game of Ada against two bots, left after a few turns (the title then offers Continue), and a copy of
    its save cut short, as a damaged file looks in Replays."""
    link = tables.start_local("risk", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "normal"},
                                       {"kind": "bot", "level": "easy"}], {}, seed=21, bot_delay=0)
    for _ in range(400):
        link.poll()
        if link.session.to_act() == [0]:
            action = link.session.legal_actions(0, 1)[0]
            link.send(action, 0)
        if link.rev >= 150:
            break
    path = link.table.save_path
    link.close()
    # a save whose last record was cut off half-written (as a full disk or a power cut leaves one)
    (path.parent / "risk-20240101-120000.sandtable").write_bytes(path.read_bytes() + b"\x92\x00\x83\xa4typ")
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)

    from game.scenes.game_over import GameOverScene
    from game.scenes.lan_browser import LanBrowserScene
    from game.scenes.lobby import LobbyScene
    from game.scenes.new_game import NewGameScene
    from game.scenes.replays import ReplayScene, ReplaysScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.title import TitleScene
    from game.replay_link import ReplayLink

    from game.scenes.welcome import WelcomeScene
    finished = finished_local_game()   # saves for the title's Continue and for Replays
    time.sleep(0.05)
    unfinished_local_game()

    app = App(settings=Settings(player_name="Ada", name_chosen=False))
    title = TitleScene(app)
    app.push(title)   # the first run: the name is asked first
    settle(app)
    assert isinstance(app.stack.top, WelcomeScene)
    shoot(app, out, "00-welcome")
    app.stack.top.name.text = "Ada"
    app.stack.top.done()
    settle(app)
    from game.tutorial.learn import LearnScene
    assert isinstance(app.stack.top, LearnScene)   # the first run, the name chosen: the lessons are offered
    shoot(app, out, "15-learn")
    app.pop()
    settle(app)
    shoot(app, out, "01-title")
    lesson_shot(app, out, "ah_tactics", "Contact", "16-lesson")
    app.back_to(TitleScene)

    app.push(NewGameScene(app, lan=False))
    settle(app)
    shoot(app, out, "02-new-game")
    app.pop()
    app.push(NewGameScene(app, lan=True))
    settle(app)
    shoot(app, out, "03-host-on-lan")
    app.pop()

    # a table hosted on loopback, so the browser has something to list and the lobby someone to show
    handle, host_link = tables.host_lan("risk", [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "hard"},
                                                 {"kind": "open"}], {}, table_name="Ada's table", player_name="Ada",
                                        bind="127.0.0.1")
    browser = LanBrowserScene(app)
    app.push(browser)
    settle(app, until=lambda: bool(browser.list.rows))
    shoot(app, out, "04-lan-browser")
    app.pop()

    lobby = LobbyScene(app, host_link, host=handle)
    app.push(lobby)
    settle(app, until=lambda: host_link.phase == "lobby")
    host_link.chat("Welcome, generals. Starting in a minute!")
    settle(app, until=lambda: bool(lobby.chat_log))
    shoot(app, out, "05-lobby")
    app.back_to(TitleScene)
    app.end_game()

    app.push(RulesScene(app))
    settle(app)
    shoot(app, out, "06-rules")
    app.pop()
    app.push(SettingsScene(app))
    settle(app)
    shoot(app, out, "07-settings")
    app.pop()

    app.push(ReplaysScene(app))
    settle(app)
    shoot(app, out, "08-replays")
    app.pop()

    stats = [("Territories", [s["territories"] for s in finished.view(None)["public"].get("stats", [])]),
             ("Armies", [s["armies"] for s in finished.view(None)["public"].get("stats", [])])]
    app.push(GameOverScene(app, finished, finished.view(None)["public"]["result"], stats, again=lambda: None,
                           replay=lambda: None))
    settle(app)
    shoot(app, out, "09-game-over")
    app.back_to(TitleScene)
    online_shots(app, out)
    app.back_to(TitleScene)

    if boards.has_board("risk"):
        local = tables.start_local("risk", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "normal"},
                                            {"kind": "bot", "level": "hard"}], {}, seed=5, bot_delay=0)
        app.push(boards.board_scene(app, local))
        settle(app, 90)
        shoot(app, out, "10-board")

        class Reconnecting:  # the banner reads only `status`
            status = "reconnecting"
        app.active_link = Reconnecting()
        settle(app, 10)
        shoot(app, out, "11-reconnecting")
        app.active_link = local
        app.back_to(TitleScene)

        from game.scenes.replays import list_saves
        longest = max(list_saves(), key=lambda s: s.moves)
        replay = ReplayLink(longest.path)
        app.push(ReplayScene(app, replay))
        replay.seek(replay.length // 2)
        settle(app, 30)
        shoot(app, out, "12-replay")
        app.back_to(TitleScene)
    else:
        print("no risk board yet: board, reconnecting and replay shots skipped")
    app.close()
    for game_id in games.available():  # each board's own moments (dice, a drag, a battle), from tools/board_shots/
        take = board_shots(game_id)
        if take is not None:
            for path in take(out):
                WRITTEN.append(Path(path).name)
                print(f"wrote {path}")
    colour_blind_shots(out)
    for stale in sorted(set(p.name for p in out.glob("*.png")) - set(WRITTEN)):   # a screen that is no more
        (out / stale).unlink()
        print(f"removed {stale}")
    from tools import shot_manifest
    print(f"wrote {shot_manifest.write(out, WRITTEN)}")
    return 0


def colour_blind_shots(out: Path, moves: int = 60) -> None:
    """Each board under the colour-blind setting (its palette, and seats told apart by shape and pattern), a game
    of bots `moves` actions in, and the same frame as an eye with protanopia, deuteranopia and tritanopia sees
    it (game.colour_vision): one picture of four quarters per game, colour_blind_<game>.png."""
    from game import colour_vision, theme
    app = App(settings=Settings(player_name="Ada", colour_blind=True, animation_speed="instant"))
    for game_id in (g for g in games.available() if boards.has_board(g)):
        seats = [{"kind": "bot", "level": "normal"}] * catalog.spec(game_id).tests.seats
        link = tables.start_local(game_id, seats, {}, seed=7, bot_delay=1e-4)   # a move a poll
        deadline = time.monotonic() + 30
        while link.rev < moves and link.phase != "over" and time.monotonic() < deadline:
            link.poll()
            time.sleep(0.01)
        board = boards.board_scene(app, link)
        app.push(board)
        settle(app, 30)
        app.compose()
        frame = app.surface.copy()
        half = (frame.get_width() // 2, frame.get_height() // 2)
        picture = pygame.Surface(frame.get_size())
        views = [("as the colour-blind setting draws it", frame)] + \
            [(name, colour_vision.simulate_surface(frame, name)) for name in colour_vision.DEFICIENCIES]
        for i, (name, seen) in enumerate(views):
            at = ((i % 2) * half[0], (i // 2) * half[1])
            picture.blit(pygame.transform.smoothscale(seen, half), at)
            label = pygame.Rect(0, 0, theme.text_width(name, 20, True) + 24, 30)
            label.midtop = (at[0] + half[0] // 2, at[1] + 48)
            theme.draw_panel(picture, label, border=theme.colours.accent, alpha=240, radius=8)
            theme.draw_text(picture, name, label.center, 20, theme.colours.accent, bold=True, anchor="center")
        path = out / f"colour_blind_{game_id}.png"
        pygame.image.save(picture, str(path))
        WRITTEN.append(path.name)
        print(f"wrote {path}")
        app.pop()
        link.close()
    app.close()


def online_shots(app: App, out: Path) -> None:
    """The Online form (its address empty, so the greyed example shows), then, when a local club can start
    here (`sandtable club --local`: nats-server and PostgreSQL), its lobby with two tables Ada created."""
    import re
    import shutil
    import subprocess
    from game.scenes.club_lobby import ClubLobbyScene
    from game.scenes.online import OnlineScene
    form = OnlineScene(app)
    app.push(form)
    form.address.text, form.name.text, form.secret.text = "", "Ada", ""
    settle(app)
    shoot(app, out, "13-online")
    folder = Path(tempfile.mkdtemp(prefix="sandtable-shots-club-"))
    proc = subprocess.Popen([sys.executable, str(ROOT / "run.py"), "club", "--local", str(folder / "club")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url, deadline = None, time.monotonic() + 30
        while time.monotonic() < deadline and proc.poll() is None:
            line = proc.stdout.readline()
            found = re.search(r"players connect to (nats://\S+);", line)
            url = found.group(1) if found else url
            if "club ready" in line:
                break
        if url is None or proc.poll() is not None:
            print("no local club could start here: the club lobby shot is skipped")
            return
        form.address.text = url
        form.sign_up()
        settle(app, until=lambda: isinstance(app.stack.top, ClubLobbyScene), timeout=20)
        lobby = app.stack.top
        if not isinstance(lobby, ClubLobbyScene):
            print(f"the local club did not let Ada in ({form.error}): the club lobby shot is skipped")
            return
        for i, game_id in enumerate(lobby.game_ids[:3]):   # two tables of Ada's, a seat open at each; one open to all
            seats, sits = catalog.spec(game_id).tests.seats, i < 2
            table_id = lobby.account.request("create", {"game": game_id, "seats": seats,
                                                        "bots": ["normal"] * (seats - 2 if sits else 0),
                                                        "name": f"Ada's {games.rules(game_id).TITLE}",
                                                        "rated": i == 2}).result(10)   # the third: rated
            if sits:   # Ada takes a seat there and leaves: the table is one of hers
                link = lobby.account.table(table_id)
                for _ in range(200):
                    if link.status != "connecting":
                        break
                    time.sleep(0.05)
                link.close()
        lobby.refresh()
        settle(app, until=lambda: bool(lobby.open_list.rows) and not lobby.asking, timeout=10)
        shoot(app, out, "14-club-lobby")
        rating_shots(app, lobby, url, out)
    finally:
        proc.terminate()
        proc.wait(20)
        from club import servers
        shutil.rmtree(servers.pg_folder_for(folder / "club" / "postgres"), ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)


RATED_GAME = "risk"   # the game the ratings' shots show (two seats: a resignation ends it)


def rating_shots(app: App, lobby, url: str, out: Path) -> None:
    """Ratings at the club: rated games of Ada's against Bob and Cy (and theirs), each ended by a resignation, then
    the lobby's leaderboard with Ada's rating and its chart, the seats screen of a rated table with its players'
    ratings, and the game-over screen's change after a rated game."""
    import asyncio
    from club import client as club_client
    from game.scenes.club_lobby import ClubLobbyScene
    from game.scenes.game_over import GameOverScene
    from game.scenes.lobby import LobbyScene
    me = (lobby.account.name, lobby.account.secret)
    others = {"Bob": ("Bob", "bob-keeps-a-long-secret"), "Cy": ("Cy", "cy-keeps-a-long-secret-too")}
    who = {"Ada": me, **others}
    played = [("Ada", "Bob", "Bob"), ("Ada", "Cy", "Ada"), ("Bob", "Cy", "Bob"), ("Ada", "Bob", "Ada"),
              ("Ada", "Cy", "Ada"), ("Ada", "Bob", "Bob"), ("Cy", "Bob", "Cy"), ("Ada", "Cy", "Ada"),
              ("Ada", "Bob", "Ada")]   # (first seat, second seat, winner): the loser resigns

    async def create(creator, body):
        nc = await club_client.connect_player(url, *creator, allow_reconnect=False)
        try:
            return await club_client.lobby(nc, creator[0], "create", body)
        finally:
            await nc.close()

    async def rated_games():
        for name, secret in others.values():
            await club_client.sign_up(url, name, secret)
        for first, second, winner in played:
            table_id = await create(who[first], {"game": RATED_GAME, "seats": 2, "rated": True,
                                                 "name": f"{first} v {second}"})
            seated = [club_client.ClubClient(url, *who[p], table_id) for p in (first, second)]
            for c in seated:
                await c.connect()
            loser = seated[1] if winner == first else seated[0]
            await loser.request({"type": "resign", "seat": loser.seat})
            for c in seated:
                await c.close()

    async def bob_joins(table_id, resign: bool):
        bob = club_client.ClubClient(url, *others["Bob"], table_id)
        await bob.connect()
        if resign:
            await bob.request({"type": "resign", "seat": bob.seat})
        await bob.close()

    asyncio.run(asyncio.wait_for(rated_games(), 60))
    while lobby.game_cycler.value != RATED_GAME:
        lobby.game_cycler.step(1)
    lobby.toggle_ratings()
    settle(app, until=lambda: len(lobby.ratings_list.rows) > 3 and lobby.my_rating is not None
           and len(lobby.my_rating["history"]) == 7 and not lobby.asking, timeout=10)
    shoot(app, out, "17-club-ratings")
    lobby.toggle_ratings()

    # a rated table of three (one seat still open): the seats screen says each player's rating
    waiting = asyncio.run(create(me, {"game": RATED_GAME, "seats": 3, "rated": True, "name": "Ada's rated table"}))
    asyncio.run(asyncio.wait_for(bob_joins(waiting, resign=False), 20))
    lobby.join_key(waiting)
    settle(app, until=lambda: isinstance(app.stack.top, LobbyScene)
           and len(getattr(app.stack.top.link, "seat_ratings", {})) == 2, timeout=15)
    shoot(app, out, "18-club-rated-seats")
    app.stack.top.back()
    settle(app, until=lambda: isinstance(app.stack.top, ClubLobbyScene))

    # a rated game Ada wins (Bob resigns at once): the game-over screen says what it did to both ratings
    duel = asyncio.run(create(me, {"game": RATED_GAME, "seats": 2, "rated": True, "name": "Ada v Bob"}))
    lobby.join_key(duel)
    settle(app, until=lambda: isinstance(app.stack.top, LobbyScene), timeout=15)
    asyncio.run(asyncio.wait_for(bob_joins(duel, resign=True), 20))
    settle(app, until=lambda: isinstance(app.stack.top, GameOverScene)
           and any(label == "Rating" for label, _values in app.stack.top.stats), timeout=15)
    settle(app, frames=6 * 60)   # the confetti has fallen
    shoot(app, out, "19-rated-game-over")
    app.stack.top.link.close()
    app.back_to(ClubLobbyScene)


def lesson_shot(app: App, out: Path, game_id: str, step_title: str, name: str) -> None:
    """A lesson of `game_id` at the step called `step_title`, waiting for the learner: the steps before it read
    and done as a learner would (each expected action sent through the lesson's table)."""
    from engine.tutorial import first_choice
    from game.tutorial import library
    from game.tutorial.lesson import DOING, READ, THEN
    from game.tutorial.scene import open_lesson
    scene = open_lesson(app, library.tutorial_for(game_id), fresh=True)
    lesson = scene.lesson
    for _ in range(400):
        if lesson.step is None or (lesson.step.title == step_title and lesson.stage in (READ, DOING)):
            break
        if lesson.stage in (READ, THEN):
            lesson.next()
        elif lesson.learners_turn:
            left = lesson.tutorial.still_to_do(lesson.index, lesson.session.log)
            scene.link.send(first_choice(left[0]), lesson.tutorial.learner)
        app.step(1 / 60)
    settle(app, 30)
    shoot(app, out, name)


def board_shots(game_id: str):
    """The screenshot script of `game_id`'s board (`shoot(out_dir) -> [Path]`, its catalog entry's
    `screenshots`), when it has one."""
    shoot = catalog.spec(game_id).screenshots
    return catalog.load(shoot) if catalog.present(shoot) else None


if __name__ == "__main__":
    sys.exit(main())
