"""A window that plays no seat (a replay, a spectator: `Seats.watching`) is offered no button to act: the board's
panels draw none of theirs, and a click where one sits, or Enter, presses nothing. A window playing a seat of the
same game is shown them (so the test can fail). Every board game, knowing none of their buttons."""
import bots
import pygame
import pytest

from game import tables, theme, widgets
from game.replay_link import ReplayLink
from game.scenes.replays import ReplayScene
from tests.conformance.playout import Playout
from tests.game.driver import on_screen
from tests.own_games import board_games, table_seats

MOVES = 12   # actions of the replayed game (its bots', seeded)


@pytest.fixture
def drawn(monkeypatch) -> list:
    """Every button drawn on the frame, as (label, rect), in order."""
    seen = []
    original = theme.draw_button

    def spy(surface, rect, label, *args, **kwargs):
        seen.append((label, pygame.Rect(rect)))
        return original(surface, rect, label, *args, **kwargs)
    monkeypatch.setattr(theme, "draw_button", spy)
    return seen


def a_short_save(game_id: str, path) -> None:
    """The first MOVES actions of a bots' game of `game_id`, saved as a game is."""
    play = Playout(game_id, table_seats(game_id), seed=5)
    play.play(MOVES)
    play.session.save(path)


def own_buttons(board, drawn: list) -> list:
    """The buttons drawn that are the board's panels' (not the fast-forward, hint or undo of every board)."""
    every_board = {board.pace.button.label, board.take_back.button.label, board.advice.button.label}
    return [(label, rect) for label, rect in drawn if label not in every_board]


# Tactics (1940)'s panel buttons are the actions on offer beyond the map's (a strike, a card to play): at the
# opening of its test table there are none, so its player's window shows none either.
NONE_AT_THE_OPENING = {"tactics1940"}


@pytest.mark.parametrize("game_id", board_games())
def test_a_replay_shows_no_button_to_act_and_a_click_or_enter_presses_none(ui, sandbox_home, drawn, monkeypatch,
                                                                          game_id, tmp_path):
    from game import boards
    pressed = []
    handle = widgets.Button.handle

    def spy(self, event):
        taken = handle(self, event)
        if taken and event.type != pygame.MOUSEMOTION:
            pressed.append(self.label)
        return taken
    monkeypatch.setattr(widgets.Button, "handle", spy)

    n = table_seats(game_id)
    playing = tables.start_local(game_id, [{"kind": "human", "name": "Ada"}] +
                                 [{"kind": "bot", "level": "easy"}] * (n - 1), {}, seed=5, bot_factory=bots.make,
                                 bot_delay=0)
    drawn.clear()
    try:
        _, board = on_screen(ui.app, boards.board_class(game_id), playing, frames=3)
        offered = own_buttons(board, drawn)
        assert offered or game_id in NONE_AT_THE_OPENING, f"{game_id}: the player's window draws its buttons"
        ui.app.pop()
    finally:
        ui.app.end_game()
        playing.close()

    save = tmp_path / f"{game_id}.sandtable"
    a_short_save(game_id, save)
    drawn.clear()
    replay = ReplayScene(ui.app, ReplayLink(save))
    ui.app.push(replay)
    ui.key(pygame.K_END)
    ui.frames(2)
    assert replay.link.position == replay.link.length > 0
    assert replay.board.seats.watching
    controls = {b.label for b in replay.controls} | {replay.board.pace.button.label}
    assert [label for label, _ in drawn if label not in controls] == [], f"{game_id}: a replay draws buttons to act"
    assert replay.board.enter_button() is None
    pressed.clear()
    for _, rect in offered:   # where the player's window had a button, a click presses none
        ui.click(rect.center)
    ui.key(pygame.K_RETURN)
    assert [label for label in pressed if label not in controls] == []
    assert replay.link.position == replay.link.length
