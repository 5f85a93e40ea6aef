"""Ctrl+Z and the Undo button on every board: offered exactly when the seat's legal actions list
`{"type": "undo"}` (the table decides what may be taken back), each press sending one undo.

Until the engine offers undo, the offer is made here by adding undo to the legal list of the view on
screen, which is all the window reads; the game's own undo is checked end to end where the engine has it."""
import pygame
import pytest

from game import boards, local_play, paced_bots
from game.board_kit import undo
from tests.own_games import board_games, table_seats

UNDO = {"type": "undo"}


def open_board(ui, game_id):
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy"}] * (table_seats(game_id) - 1)
    link = local_play.start_local_table(ui.app, game_id, seats, {})
    board = boards.board_scene(ui.app, link)
    ui.app.push(board)
    assert ui.until(lambda: board.active_seat is not None and not board.waiting), "never this window's move"
    return board


def offer_undo(board) -> None:
    """The table lists undo for the seat on show (what engine.session does once an action may be taken back)."""
    board.view["private"]["legal"].setdefault("actions", []).append(dict(UNDO))


def drawn(board):
    surface = pygame.Surface((1280, 800))
    board.draw(surface)
    return pygame.image.tobytes(surface.subsurface(board.undo_button.rect), "RGB")


@pytest.mark.parametrize("game_id", board_games())
def test_undo_is_offered_only_when_legal_and_ctrl_z_or_the_button_sends_one_undo(ui, monkeypatch, game_id):
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    board = open_board(ui, game_id)
    hidden = drawn(board)
    assert not board.undo_offered

    # not offered: Ctrl+Z sends nothing and says why; a click where the button would be sends no undo
    sent = len(board.sent)
    ui.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert len(board.sent) == sent and board.refusals[-1] == "There is nothing you may take back now."
    ui.click(board.undo_button.rect.center)
    assert UNDO not in board.sent

    # offered: the button shows (within the window, over nothing else) and Ctrl+Z sends one undo
    offer_undo(board)
    assert board.undo_offered and undo.offered(board.view)
    assert pygame.Rect(0, 0, 1280, 800).contains(board.undo_button.rect)
    assert drawn(board) != hidden
    ui.key(pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert board.sent[len(board.sent) - 1] == UNDO and board.sent.count(UNDO) == 1
    assert ui.until(lambda: not board.waiting), (board.pending_seq, board.shown_rev, board.ok_rev, board.link.rev, board.refusals)

    # the button sends one too
    offer_undo(board)
    ui.click(board.undo_button.rect.center)
    assert board.sent.count(UNDO) == 2 and board.sent[-1] == UNDO


def test_undo_keys_are_ctrl_z_only():
    press = lambda key, mod: pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)  # noqa: E731
    assert undo.is_undo_key(press(pygame.K_z, pygame.KMOD_LCTRL))
    assert undo.is_undo_key(press(pygame.K_z, pygame.KMOD_RCTRL))
    assert not undo.is_undo_key(press(pygame.K_z, pygame.KMOD_NONE))
    assert not undo.is_undo_key(press(pygame.K_y, pygame.KMOD_LCTRL))
    assert not undo.offered({"private": {"legal": {"actions": [{"type": "end"}]}}})
    assert not undo.offered(None)
