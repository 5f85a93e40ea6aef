"""The whole path a new player takes: main menu -> new game of risk against bots -> the board -> played
to the end through real clicks and keys -> game over -> main menu."""
import functools
import time

from game import tables
from game.scenes.game_over import GameOverScene
from game.scenes.title import TitleScene
from tests.game.test_local_game import start_against_bots

MAX_FRAMES = 40_000
TIME_LIMIT = 90.0
RISK_SEED = 8   # a seeded table: an unseeded one is a different game each run, a few of them far longer


def test_risk_against_bots_is_played_to_the_end_through_the_window(ui, monkeypatch):
    """From the main menu, one human seat against bots, played to the end with clicks and keys only."""
    monkeypatch.setattr(tables, "start_local", functools.partial(tables.start_local, seed=RISK_SEED))
    from game.risk import BoardScene
    from game.risk.autoplay import ClickPlayer
    board = start_against_bots(ui, "risk", 3)
    assert isinstance(board, BoardScene)
    assert board.link.my_seats == [0]
    player = ClickPlayer(board)
    deadline = time.monotonic() + TIME_LIMIT
    frames = 0
    while not isinstance(ui.top, GameOverScene):
        assert frames < MAX_FRAMES and time.monotonic() < deadline, f"no end after {frames} frames"
        player.step()
        ui.frames(1)
        frames += 1
    kinds = {a["type"] for a in board.sent}
    # the human really played every step of a turn through the board, and only where the board said it could
    assert {"place", "attack", "occupy", "end_attack"} <= kinds, kinds
    assert player.inputs > 20 and player.inputs >= len(board.sent) // 2
    assert board.refusals == []
    over = ui.top
    assert over.result == board.link.session.result()
    assert len(over.result["winners"]) == 1
    assert sum(over.result["scores"]) == 42  # every territory counted once in the final scores
    assert over.stats  # the board hands over a few statistics
    ui.click_button(next(b for b in over.menu.buttons if b.label == "Main menu"))
    assert isinstance(ui.top, TitleScene)
