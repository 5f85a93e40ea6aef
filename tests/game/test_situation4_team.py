"""Situation 4 team game in the window (issue 5: "Teams: both teammates build the same side from their
own machines"): a 4-seat `run.py serve` table, 2 per side, where this window is one teammate.

The window shows its side as a team (both names, in the top bar and the score box), its drags lay pieces
for its side, its teammate's placements flash in the team colour (the opponents' in theirs), and when the
teammate wins a race for a space the window's prediction rolls back when the host says `illegal`,
naming the teammate, with the piece staying on the board for the side.

Also the end of a local race: the game-over scene in the side shades, and "Play again" building the
rematch as the new-game form does (bots paced behind the countdown).
"""
import bots
import time

import pygame

from engine.session import Session
from engine.situation4 import get_board
from game.situation4 import palette
from game.situation4.autoplay import post_drag
from tests.game.proxy import Relay
from tests.game.test_situation4_lan import (board_of, frames_until, join_by_address, nearest_side, record_messages,
                                            serve, wait_for_board)

BOARD = get_board()


def act_and_wait(link, action, seconds=5.0) -> dict:
    """`link.send` and the host's answer to it (bounded in time)."""
    seq = link.send(action)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for m in link.poll():
            if m.get("seq") == seq and m["t"] in ("ok", "err"):
                return m
        time.sleep(0.002)
    raise AssertionError(f"no answer to {action} within {seconds} s")


def show_in_tray(ui, board, piece) -> None:
    assert piece in board.tray.items, (piece, len(board.tray.items), board.tray.filter, len(board.tray_order()), board.seat, board.link.my_seats)
    for _ in range(60):
        if piece in board.tray.rects:
            return
        index = board.tray.items.index(piece) // 2
        ui.key(pygame.K_RIGHT if index >= board.tray.scroll + board.tray.cols_visible else pygame.K_LEFT)
    raise AssertionError(f"piece {piece} never showed in the tray")


def test_a_team_game_window_builds_its_side_sees_its_teammate_and_loses_a_race_to_it(ui, procs, sandbox_home,
                                                                                     tmp_path):
    from net.client import RemoteTable
    save = tmp_path / "team.sandtable"
    host, port = serve(sandbox_home, "--seats", "4", "--seed", "8", "--save", str(save))
    procs.append(host)
    relay = Relay(("127.0.0.1", port), delay=0.3)   # this window hears the table a little late
    links = {}
    try:
        join_by_address(ui, relay.port)
        assert frames_until(ui, lambda: getattr(ui.top, "link", None) is not None
                            and ui.top.link.my_seats == [0], 10)
        for seat, name in ((2, "Grace"), (1, "Olga"), (3, "Otto")):
            links[seat] = RemoteTable("127.0.0.1", port, name=name, seat=seat)
            assert frames_until(ui, lambda s=seat: links[s].my_seats == [s], 10)
        board = wait_for_board(ui)
        mate, rival = links[2], links[1]
        assert frames_until(ui, lambda: board.racing, 10)
        # the team panel: my side is Tester & Grace, theirs Olga & Otto, in the top bar and the score box
        assert board.side == 0 and board.side_label(0) == "Orange: Tester & Grace"
        assert board.side_label(1) == "Yellow: Olga & Otto"
        assert board.hud._scores.key[0] == ("Orange: Tester & Grace", "Yellow: Olga & Otto"), "the score box shows both teams"
        assert board.hud._top.key[4] == ("Orange: Tester & Grace", "Yellow: Olga & Otto"), "and the top bar"
        # one tray per side: my teammate sees the very pieces I do
        assert board.tray_order() == mate.view(2)["private"]["tray"]
        messages = record_messages(board.link)

        # my drag lays a piece for my side
        mine = sorted(BOARD.base_line[0])[0]
        show_in_tray(ui, board, mine)
        post_drag(board.tray.rects[mine].center, board.proj.slot_centre(mine))
        ui.frames(1)
        assert board.sent[-1] == {"type": "place", "piece": mine, "slot": mine}
        assert frames_until(ui, lambda: board.predictions.confirmed == 1 and not board.predictions, 5)
        assert board.pub["owner"][mine] == 0 and board.pub["placed"][0] == 1

        # my teammate's placement, and an opponent's, flash on my board, each in its own colour
        theirs_mate = sorted(BOARD.base_line[0])[-1]
        theirs_rival = sorted(BOARD.base_line[1])[0]
        assert act_and_wait(mate, {"type": "place", "piece": theirs_mate, "slot": theirs_mate})["t"] == "ok"
        assert act_and_wait(rival, {"type": "place", "piece": theirs_rival, "slot": theirs_rival})["t"] == "ok"
        assert frames_until(ui, lambda: theirs_mate in board.effects.flashes and theirs_rival in board.effects.flashes, 5)
        assert board.effects.flashes[theirs_mate][1] == palette.TEAMMATE_FLASH
        assert board.effects.flashes[theirs_rival][1] == palette.OPPONENT_FLASH
        assert mine not in board.effects.flashes, "my own placement needs no flash"
        assert board.pub["placed"][0] == 2 and board.pub["owner"][theirs_mate] == 0
        assert any("Grace" in e["text"] for e in board.log.entries[-4:])

        # a race with my teammate for one space: Grace is first; my window has not heard yet
        contested = next(s for s in sorted(BOARD.base_line[0]) if board.pub["owner"][s] is None)
        show_in_tray(ui, board, contested)
        assert act_and_wait(mate, {"type": "place", "piece": contested, "slot": contested})["t"] == "ok"
        post_drag(board.tray.rects[contested].center, board.proj.slot_centre(contested))
        ui.frames(1)
        assert board.sent[-1] == {"type": "place", "piece": contested, "slot": contested}
        assert len(board.predictions) == 1, "my move shows at once"
        centre = board.proj.slot_centre(contested)
        assert nearest_side(ui.app.surface.get_at(centre)) == 0
        assert frames_until(ui, lambda: board.predictions.rolled_back == 1, 5)
        errs = [m for m in messages if m["t"] == "err"]
        assert [m.get("code") for m in errs] == ["illegal"], "the host refused my move"
        assert board.predictions.history[-1]["reason"] == "Grace got there first: the piece is on the board for your side."
        assert board.hint()[0] == f"Refused: {board.predictions.history[-1]['reason']}"
        assert not any(b["piece"] == contested for b in board.effects.bounces), "nothing flies back to the tray"
        assert board.effects.flashes[contested][1] == palette.TEAMMATE_FLASH
        # and my board is the host's, the space is my side's
        assert frames_until(ui, lambda: not board.effects.flashes and board.link.rev == mate.rev, 5)
        assert nearest_side(ui.app.surface.get_at(centre)) == 0
        assert board.pub["owner"][contested] == 0 and board.pub["placed"][0] == 3
        assert board_of(board.pub) == board_of(mate.view(2)["public"])
        assert frames_until(ui, lambda: Session.load(save).rev == board.link.rev, 5)
        hosted = Session.load(save)
        assert board_of(board.pub) == board_of(hosted.view(0)["public"])
        assert [seat for seat, _ in hosted.log] == [0, 2, 1, 2]
    finally:
        for link in links.values():
            link.close()
        relay.close()


# ----- the game-over scene of a local race ---------------------------------------------------------------------
def finished_race(seed: int = 3) -> Session:
    """A local race (me against a hard bot) played to its end headless by two bot racers."""
    import bots
    from engine.errors import RuleError
    session = Session("situation4", 2, seed=seed, seats=[{"kind": "human", "name": "Tester"},
                                                         {"kind": "bot", "level": "hard", "name": "Hal"}])
    racers = [bots.make("situation4", "hard", seat, seed + seat) for seat in (0, 1)]
    for _ in range(3000):
        if session.result() is not None:
            return session
        for seat in (0, 1):
            action = racers[seat].choose(session.view(seat))
            if action is not None:
                try:
                    session.apply(seat, action)
                except RuleError:
                    pass
    raise AssertionError("the headless race did not finish")


def test_a_finished_local_race_shows_side_shades_and_play_again_keeps_paced_bots_behind_the_countdown(ui):
    from game.paced_bots import PacedBot
    from game.scenes.game_over import GameOverScene
    from game.situation4 import BoardScene
    from net.local import LocalTable
    session = finished_race()
    link = LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make)
    ui.app.push(BoardScene(ui.app, link))
    ui.app.active_link = link
    assert frames_until(ui, lambda: isinstance(ui.top, GameOverScene), 5)   # instant: the tally, then game over
    over = ui.top
    ui.frames(1)
    assert [over.seat_colour(s) for s in (0, 1)] == [palette.side_shade(0), palette.side_shade(1)]
    for seat, cx in ((0, 660), (1, 840)):       # the seat badges over the results table, in the side shades
        assert tuple(ui.app.surface.get_at((cx, 250)))[:3] == palette.side_shade(seat)

    ui.app.settings.animation_speed = "normal"  # a real 3-second countdown from here on
    again = next(b for b in over.menu.buttons if b.label == "Play again")
    clicked = time.monotonic()   # the rematch's table, and its bots' clocks, start after this
    ui.click_button(again)
    board = ui.top
    assert isinstance(board, BoardScene) and board.link is not link and ui.app.active_link is board.link
    assert link.status == "closed", "the finished table was closed"
    assert board.countdown.running and board.seat == 0
    racer = board.link.table.bot_for(1)
    assert isinstance(racer, PacedBot), "the rematch's bot races on its own clock"
    assert racer.next_move - clicked > 3.0, "and only after the countdown and its first pace"
    started = time.monotonic()
    while time.monotonic() - started < 1.6:     # longer than a hard bot's pace: it still waits for Go
        ui.frames(1)
        time.sleep(1 / 60)
    assert board.link.rev == 0 and board.countdown.running
    board.link.close()
