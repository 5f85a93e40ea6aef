"""Undo across the LAN, between two windows: this window hosts the Civil War Game (Host on LAN, as a player
does) and a second window in its own process (tests/game/window_lan_guest.py) takes the other side.
The host's player moves by clicks and presses Ctrl+Z: the undo goes over the wire like any action, the
hosted table's state comes back (its hash), and both windows strike the move's line out of their logs and draw
the position from before the move. Every wait is bounded."""
import bots
import pygame

from game.board_kit.undo import UNDO
from game.civil_war import BoardScene
from game.civil_war.autoplay import ClickPlayer
from tests.game.test_lan_lobby import host_from_the_window, until


def test_ctrl_z_in_one_window_takes_the_move_back_at_the_host_and_in_the_other_window(ui, guest):
    lobby = host_from_the_window(ui, "civil_war", ("you", "open"))
    session = lobby.host.host.table.session
    window = guest(*lobby.host.address)
    assert until(ui, lambda: window.said("seated 1"), 60), window.report()
    assert until(ui, lambda: all(s["connected"] for s in lobby.link.seats), 30)
    ui.key(pygame.K_F5)   # the host starts the table
    assert until(ui, lambda: isinstance(ui.top, BoardScene) and ui.top.view is not None, 30)
    board = ui.top
    assert until(ui, lambda: window.said("board") and window.digest_at(session.rev) is not None, 60), window.report()

    # the Confederacy (this window's seat) moves first: one move by clicks, until the table offers its undo
    player, seen = ClickPlayer(board, bots.make, "easy", 3), {}

    def moved_and_offered() -> bool:
        if board.undo_offered:
            return True
        if seen.get("rev") != board.shown_rev and not board.waiting:
            seen.update(rev=board.shown_rev, hash=session.state_hash())
        if ui.top is board:
            player.step()
        return False
    assert until(ui, moved_and_offered, 30), (board.sent, board.refusals)
    before_rev = seen["rev"]
    moved = board.sent[-1]
    assert moved["type"] in session.undoable and session.rev == before_rev + 1
    assert window.digest_at(before_rev) is not None, "the other window never drew the position before the move"

    ui.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert board.sent[-1] == UNDO
    assert until(ui, lambda: session.rev == before_rev + 2 and board.shown_rev == session.rev and not board.waiting, 30)
    assert session.state_hash() == seen["hash"], f"{moved} was not taken back at the host"
    line = board.log.entries[-1]
    assert line["struck"] and line["text"].startswith("Confederacy "), "the move's line is struck out"
    assert not board.selection

    # the other window strikes the same line out and draws the position from before the move
    assert until(ui, lambda: window.said(f"struck: {line['text']}"), 30), window.report()
    assert until(ui, lambda: window.digest_at(before_rev + 2) is not None, 30), window.report()
    assert window.digest_at(before_rev + 2) == window.digest_at(before_rev)
    if window.digest_at(before_rev + 1) is not None:   # it drew the move too (unless both came in one frame)
        assert window.digest_at(before_rev + 1) != window.digest_at(before_rev)

    # and the next move is accepted
    count = len(board.sent)

    def next_move_answered() -> bool:
        if len(board.sent) > count and not board.waiting:
            return True
        if ui.top is board:
            player.step()
        return False
    assert until(ui, next_move_answered, 30), (board.sent[count:], board.refusals)
    assert board.refusals == [] and tuple(session.log[-1]) == (0, board.sent[-1])
