"""No key or button throws a decision away: in real positions from bot games (tests/game/positions.py: every
phase, step and prompt they reached), Enter, and a click on each button of the board, never sends at once,
unasked, an action with no choice in it that ends the seat's moment (an end of phase, a pass, a card let go, a
surrender: tried on a copy of the game) and that the table cannot take back; such an action is asked first,
in a card that names the choice ("End movement with no battles?"), and sent only when the card is answered.
A choice the player named (the chain of jumps built, the count chosen, the card, the side) goes at once. The
button Enter presses shows the key."""
import bots
import pygame
import pytest

from engine import games
from game.app import App
from game.board_kit.autoplay import post_click, post_key
from game.scenes.title import TitleScene
from game.settings import Settings
from game.widgets import Button
from tests.game.positions import Stage, positions
from tests.own_games import board_games


def settle(app) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.top.update(1 / 60)


def final_types(game_id: str) -> set[str]:
    """The actions with no choice in them whose only end is to end the seat's moment (an end of phase, a pass, a
    card let go): of the types listed without a field, those that ended the moment wherever they were listed (a
    step that ends a turn only when it is the last is a move) and that the table cannot take back
    (tests/game/positions.moment_enders tries each on a copy of the game); and those never listed (a surrender)."""
    found = positions(game_id)
    listed = {t for p in found for t in p.plain}
    rules = games.rules(game_id)
    undoable = set(getattr(rules, "UNDOABLE", ()))
    unlisted = {t for t in getattr(rules, "UNLISTED_ACTIONS", ()) if not rules.ACTIONS[t]}   # a surrender
    return unlisted | {t for t in listed - undoable if all(t in p.enders for p in found if t in p.plain)}


@pytest.mark.parametrize("game_id", board_games())
def test_enter_and_every_button_send_nothing_final_unasked_in_every_position(sandbox_home, game_id):
    app = App(settings=Settings(player_name="Ada", animation_speed="instant"), bot_factory=bots.make)
    app.push(TitleScene(app))
    stage = Stage(app, game_id)
    problems, asked = [], set()
    final = final_types(game_id)

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
            problems.extend(f"{where}: sent {a} unasked" for a in sent if len(a) == 1 and a["type"] in final)
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
            if shown is not None and shown.enabled and shown.hotkey_label != "Enter" and "Enter" not in shown.label:
                problems.append(f"{position.kind[:3]}: {shown.label!r} is what Enter presses but does not say so")
            buttons = getattr(board, "buttons", [])
            for button in [b for b in (buttons.values() if isinstance(buttons, dict) else buttons)
                           if isinstance(b, Button) and b.enabled]:
                label, centre = button.label, button.rect.center
                press(position, f"the {label!r} button", lambda board: post_click(centre))
    finally:
        app.close()
    assert not problems, "\n".join(dict.fromkeys(problems))
