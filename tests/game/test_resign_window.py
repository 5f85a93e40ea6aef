"""Conceding from the window, on every board (game/board_kit/resign.py): Ctrl+R asks first, Esc keeps playing
and sends nothing; Enter resigns the seat on show, the table ends the game with the other side the winner,
the log says so and the game-over scene follows. Where a game has more than two camps the window says why
it cannot, in the engine's words, and asks nothing."""
import pygame
import pytest

from engine import games
from game import boards, local_play, paced_bots
from game.scenes.game_over import GameOverScene
from tests.own_games import board_games


def open_board(ui, game_id, n_seats):
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy"}] * (n_seats - 1)
    link = local_play.start_local_table(ui.app, game_id, seats, {})
    board = boards.board_scene(ui.app, link)
    ui.app.push(board)
    assert ui.until(lambda: board.view is not None and not board.waiting), "the board never showed"
    return board, link


@pytest.mark.parametrize("game_id", board_games())
def test_ctrl_r_asks_esc_keeps_playing_and_enter_concedes_the_game(ui, monkeypatch, game_id):
    """At its fewest seats every game is played by two camps."""
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    board, link = open_board(ui, game_id, games.rules(game_id).MIN_SEATS)
    sent = len(board.sent)
    ui.key(pygame.K_r, mod=pygame.KMOD_LCTRL)
    assert board.confirm.shown and "Ada" in board.confirm.detail and board.confirm.question == "Resign the game?"
    ui.key(pygame.K_ESCAPE)
    assert not board.confirm.shown and len(board.sent) == sent and ui.top is board
    assert board.esc_armed == 0, "the Esc that answers the card never arms leaving the game"

    ui.key(pygame.K_r, mod=pygame.KMOD_LCTRL)
    assert ui.until(lambda: board.pending_seq is None), "an action of ours stayed unanswered"
    ui.key(pygame.K_RETURN)
    assert board.sent[-1] == {"type": "resign", "seat": 0}
    assert ui.until(lambda: isinstance(ui.top, GameOverScene)), (board.refusals, link.view(0)["public"].get("result"))
    result = link.view(0)["public"]["result"]
    assert 0 not in result["winners"] and result["reason"].endswith(" resigns.")
    assert any(e["text"].endswith("forfeits the game.") for e in board.log.entries)


def test_risk_among_three_says_why_nobody_may_resign_and_asks_nothing(ui, monkeypatch):
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    board, _ = open_board(ui, "risk", 3)
    ui.key(pygame.K_r, mod=pygame.KMOD_LCTRL)
    assert not board.confirm.shown
    assert "two camps" in board.refusals[-1]


def test_the_card_takes_a_click_on_resign_and_a_click_beside_it_keeps_playing(ui, monkeypatch):
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    board, link = open_board(ui, "civil_war", 2)
    ui.key(pygame.K_r, mod=pygame.KMOD_LCTRL)
    ui.click((5, 5))
    assert not board.confirm.shown and {"type": "resign", "seat": 0} not in board.sent
    ui.key(pygame.K_r, mod=pygame.KMOD_LCTRL)
    assert ui.until(lambda: board.pending_seq is None)
    ui.click(board.confirm.yes.rect.center)
    assert board.sent[-1] == {"type": "resign", "seat": 0}
    assert ui.until(lambda: isinstance(ui.top, GameOverScene))
