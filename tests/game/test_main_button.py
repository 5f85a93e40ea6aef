"""No key or button throws a decision away: in real positions from bot games (tests/game/positions.py: every
phase, step and prompt they reached), Enter, and a click on each button of the board, either sends what the
table can take back (an action of a type the game's rules list as undoable), or sends a choice the player
named (an action with fields: the chain of jumps built, the count chosen, the card, the side), or asks first,
in a card that names the choice ("End movement with no battles?") and sends it only when answered. What
ends a phase, lets a card go, passes or surrenders is never sent at once, unasked. The button Enter presses
shows the key."""
import bots
import pygame
import pytest

from engine import games
from game.app import App
from game.board_kit.autoplay import post_click, post_key
from game.scenes.title import TitleScene
from game.settings import Settings
from tests.game.positions import Stage, positions
from tests.own_games import board_games


def settle(app) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.top.update(1 / 60)


def final(game_id: str, action: dict) -> bool:
    """An action no choice went into (it has no field but its type) that the table cannot take back: an end of
    phase, a pass, a card let go, a surrender."""
    return len(action) == 1 and action["type"] not in set(getattr(games.rules(game_id), "UNDOABLE", ()))


@pytest.mark.parametrize("game_id", board_games())
def test_enter_and_every_button_send_nothing_final_unasked_in_every_position(sandbox_home, game_id):
    app = App(settings=Settings(player_name="Ada", animation_speed="instant"), bot_factory=bots.make)
    app.push(TitleScene(app))
    stage = Stage(app, game_id)
    problems, asked = [], set()

    def press(position, what: str, act) -> None:
        board = stage.show(position)
        link = board.link
        app.compose()
        shown = board.enter_button()
        before = len(link.sent)
        act(board)
        settle(app)
        sent = [a for _, a in link.sent[before:]]
        where = f"{what} at {position.kind[:3]}"
        acted = bool(sent) or board.confirm.shown
        if board.confirm.shown:
            card = board.confirm
            if sent:
                problems.append(f"{where}: sent {sent} before its card was answered")
            if not card.question.endswith("?") or not card.yes.label:
                problems.append(f"{where}: the card {card.question!r} / {card.yes.label!r} names no choice")
            post_key(pygame.K_RETURN)
            settle(app)
            sent = [a for _, a in link.sent[before:]]
            if len(sent) != 1:
                problems.append(f"{where}: answering {card.question!r} sent {sent}")
            asked.add(card.question.split()[0])
        else:
            problems.extend(f"{where}: sent {a} unasked" for a in sent if final(game_id, a))
        if what == "Enter" and acted and shown is None:
            problems.append(f"{where}: Enter acted, but no button shows the key")

    try:
        for position in sorted(positions(game_id), key=lambda p: p.seat):
            if position.kind == ("over",):
                continue
            press(position, "Enter", lambda board: post_key(pygame.K_RETURN))
            board = stage.show(position)
            app.compose()
            shown = board.enter_button()
            if shown is not None and shown.enabled and shown.hotkey_label != "Enter":
                problems.append(f"{position.kind[:3]}: {shown.label!r} is what Enter presses but does not say so")
            for button in [b for b in getattr(board, "buttons", []) if b.enabled]:
                label, centre = button.label, button.rect.center
                press(position, f"the {label!r} button", lambda board: post_click(centre))
    finally:
        app.close()
    assert not problems, "\n".join(dict.fromkeys(problems))
