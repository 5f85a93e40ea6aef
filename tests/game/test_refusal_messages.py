"""Every refusal says the true reason: when the table refuses an action a board sent, the notice the player
reads is the rules' own sentence for it, word for word, under the rules' own code (the window never puts
a guess of its own in its place)."""
import copy

import pytest

from engine import legal, schema
from engine.errors import BAD_ACTION, RuleError
from game import paced_bots
from tests.game.test_undo_button import open_board
from tests.own_games import board_games


MAX_TRIES = 400   # well-formed variants tried per field


def in_range(spec):
    """Values a field's schema allows (a bounded number of them): they pass the schema, not always the rules."""
    if isinstance(spec, schema.Int):
        return range(spec.lo, min(spec.hi, spec.lo + MAX_TRIES) + 1)
    if isinstance(spec, schema.Str) and spec.choices is not None:
        return sorted(spec.choices)[:MAX_TRIES]
    if isinstance(spec, schema.Square):
        return [[x, y] for x in range(spec.width) for y in range(spec.height)][:MAX_TRIES]
    return []


def variants(action: dict, fields: dict, well_formed: bool):
    """`action` with one field changed: to another value its schema allows (`well_formed`: the rules must say
    why not), or to one it does not (the schema's own sentence)."""
    for key, value in action.items():
        if key == "type":
            continue
        if well_formed:
            for other in in_range(fields.get(key)):
                if other != value:
                    yield dict(action, **{key: other})
        else:
            yield dict(action, **{key: far_off(value)})
    if not well_formed:
        yield dict(action, aside="a field this action does not have")


def far_off(value):
    """`value` with every number in it moved far off the board, every name made up."""
    if isinstance(value, list):
        return [far_off(v) for v in value]
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value + 10_007
    return "Nowhere" if isinstance(value, str) else value


def refused(session, seat, well_formed: bool):
    """(action, RuleError) for an action of `seat` refused now, by the rules (`well_formed`) or by the
    schema, or None."""
    for action in legal.all_actions(session.legal(seat), limit=50):
        if action["type"] not in session.rules.ACTIONS:   # the Session's own (undo): no fields to get wrong
            continue
        for wrong in variants(action, session.rules.ACTIONS[action["type"]], well_formed):
            try:
                copy.deepcopy(session).apply(seat, wrong)
            except RuleError as e:
                if (e.code != BAD_ACTION) == well_formed:
                    return wrong, e
    for kind, fields in session.rules.ACTIONS.items() if well_formed else ():   # a field-less action not
        if not fields:                                                          # listed now (a second roll)
            try:
                copy.deepcopy(session).apply(seat, {"type": kind})
            except RuleError as e:
                if e.code != BAD_ACTION:
                    return {"type": kind}, e
    return None


@pytest.mark.parametrize("well_formed", [True, False], ids=["by the rules", "by the schema"])
@pytest.mark.parametrize("game_id", board_games())
def test_a_refused_action_shows_the_rules_own_sentence_for_its_code(ui, monkeypatch, game_id, well_formed):
    monkeypatch.setattr(paced_bots, "race_speed", lambda settings: 1.0)
    board = open_board(ui, game_id)
    session = board.link.session
    # a position where some action of the seat to act can be got wrong (a lone field-less step has none);
    # where the seat has nothing to get wrong (a card to take, a window's one button) it plays on
    def found_one() -> bool:
        seat = board.active_seat
        if seat is None or board.waiting or legal.size(session.legal(seat)) == 0:
            return False
        if refused(session, seat, well_formed) is not None:
            return True
        onward = next((a for a in legal.all_actions(session.legal(seat)) if a["type"] != "undo"), None)
        if onward is not None:
            board.send(onward)
        return False
    assert ui.until(found_one, max_frames=1500, sleep=0.005)   # a timed reaction window runs on the clock
    found = refused(session, board.active_seat, well_formed)
    assert found is not None, "no refusable action found"
    action, error = found
    heard = []
    poll = board.link.poll

    def listen():
        out = poll()
        heard.extend(m for m in out if m.get("t") == "err")
        return out
    monkeypatch.setattr(board.link, "poll", listen)
    rev, seat = session.rev, board.active_seat
    assert board.send(action)
    assert ui.until(lambda: heard and not board.waiting)
    [answer] = heard
    assert answer["code"] == error.code and answer["msg"] == error.message
    assert board.refusals[-1] == error.message
    assert error.message in [t[0] for t in ui.app.toasts]
    assert [a for s, a in session.log[rev:] if s == seat] == [], "a refusal changes nothing"
