"""The expert's hint on every turn-based board (game/board_kit/advice.py): E asks, a ring fills while the expert
thinks on its own thread and the window keeps running its frames, then the answer — one of the seat's listed
actions — is drawn on the board and said with its reason on the hint line; E again (or Esc) stops a hint being
thought, and nothing is ever sent for the player."""
import os
import time

import pygame
import pytest

from engine import games, legal
from game import boards, local_play
from game.board_kit import advice

SHOTS = os.environ.get("SANDTABLE_HINT_SHOTS")   # a folder: each board's hint is saved there as a PNG


def _turn_based_boards() -> list[str]:
    return [g for g in games.available() if not games.is_realtime(g) and boards.has_board(g)
            and g not in ("toy", "relay")]


def open_board(ui, game_id):
    rules = games.rules(game_id)
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy"}] * (rules.MIN_SEATS - 1)
    link = local_play.start_local_table(ui.app, game_id, seats, {})
    board = boards.board_scene(ui.app, link)
    ui.app.push(board)
    assert ui.until(lambda: board.active_seat is not None and not board.waiting and board.advice.offered,
                    max_frames=3000, sleep=0.01), "never this window's move"   # the bots move on their own threads
    return board


@pytest.fixture
def quick_hints(monkeypatch):
    monkeypatch.setattr(advice, "BUDGET", 0.3)


@pytest.mark.parametrize("game_id", _turn_based_boards())
def test_e_asks_the_expert_whose_listed_answer_is_drawn_and_said_with_its_reason(ui, quick_hints, game_id,
                                                                                 monkeypatch):
    board = open_board(ui, game_id)
    sent = len(board.sent)
    ui.key(advice.HINT_KEY)
    asked = board.advice.job   # (a helper already warm may answer at once, before a frame takes the answer in)
    assert board.advice.thinking or board.advice.answer is not None or (asked is not None and asked.answered), \
        (board.hint(), board.advice.job, board.advice.asked, board.advice._position(), board.advice.offered)
    if board.advice.thinking:
        assert board.hint()[0].startswith("The expert is thinking")
    began, frames, job = time.perf_counter(), 0, board.advice.job
    while board.advice.thinking and time.perf_counter() - began < 60:   # a bound, not a speed: a spawned helper starts slowly on a loaded machine
        ui.frames(1)
        frames += 1
    assert not board.advice.thinking, "the hint never came"
    quick = time.perf_counter() - began < 0.1 or (job is not None and (job.seconds or 0) < 0.2)   # no time for frames
    assert frames >= 3 or quick, "the window stopped running its frames while it thought"
    assert ui.until(lambda: board.advice.job is None, max_frames=3000, sleep=0.01)   # the reason follows
    _, seat, action, reason, error = board.advice.answer
    assert error is None and seat == board.active_seat
    assert legal.contains(board.view["private"]["legal"], action)
    line = board.hint()[0]
    assert line.startswith("Expert: ") and (not reason or reason in line)
    assert len(board.sent) == sent, "a hint sends nothing"
    # the answer and its reason said whole: no word of the hint line cut, none outside its box or on another
    from tests.game.text_fit import Recorder
    recorder = Recorder(monkeypatch)
    recorder.clear()
    board.hint_line._bar.key = None   # the bar is kept as drawn: drawn again, under the recorder
    ui.app.compose()
    assert any(line.startswith(d.text[:20]) for kind, d in recorder.items if kind == "text"), "the hint was not drawn"
    assert recorder.problems(ui.app.surface, overlaps=True, cuts=True, controls=True) == []
    if SHOTS:
        ui.frames(1)
        pygame.image.save(ui.app.surface, os.path.join(SHOTS, f"hint_{game_id}.png"))


def test_e_again_stops_a_hint_being_thought(ui, monkeypatch):
    monkeypatch.setattr(advice, "BUDGET", 30.0)
    board = open_board(ui, "civil_war")   # (a Risk set-up placement is answered at once: every candidate ties)
    ui.key(advice.HINT_KEY)
    assert board.advice.thinking
    ui.key(advice.HINT_KEY)
    assert not board.advice.thinking and board.advice.answer is None
    ui.key(advice.HINT_KEY)
    ui.key(pygame.K_ESCAPE)
    assert not board.advice.thinking and board.advice.answer is None


def test_the_window_keeps_its_seat_s_positions_this_turn_as_the_hint_reads_them(ui):
    """The hint never leads back to a position the seat stood in this turn (bots/cycles.py): the window hands it
    the positions it saw, keyed as the helper keys the seat's next view, so the table's own fields (its seats,
    its phase) and the session's (rev, listing) are not part of a position."""
    from bots import cycles
    board = open_board(ui, "ah_tactics")
    ui.frames(1)
    seat = board.active_seat
    assert board.advice.turns[seat].keys[-1] == cycles.key(board.link.session.view(seat))
