"""Test helpers for refusals: an action refused, by a rules package or by a Session, leaves everything as it was."""
import copy

import pytest

from engine import why
from engine.canonical import state_hash
from engine.errors import ILLEGAL, RuleError
from engine.rng import Rng


def refusal_check(rules):
    """`refused(state, seat, action, code="illegal") -> message` for `rules` (a rules package): assert that
    `rules.apply` refuses the action with `code` and leaves the state untouched, and return the message. An
    illegal action's refusal names one of the rules the game declares (engine.why)."""
    def refused(state: dict, seat: int, action: dict, code: str = "illegal") -> str:
        before = state_hash(state)
        snapshot = copy.deepcopy(state)
        with pytest.raises(RuleError) as e:
            rules.apply(state, seat, action, Rng(0))
        assert e.value.code == code, e.value.message
        assert state_hash(state) == before and state == snapshot
        if code == ILLEGAL and why.rule_ids(rules):
            assert e.value.rule in why.rule_ids(rules), f"the refusal names no rule of the game: {e.value!r}"
        return e.value.message
    return refused


def session_mark(session) -> tuple:
    """What a refused action must leave as it was at a Session: the state's hash, the rev, the log, the dice."""
    return session.state_hash(), session.rev, list(session.log), session.rng.getstate()


def session_refused(session, seat, action, code: str) -> RuleError:
    """Assert that `session` refuses `action` from `seat` with `code` and changes nothing; the error."""
    before = session_mark(session)
    with pytest.raises(RuleError) as e:
        session.apply(seat, action)
    assert e.value.code == code, e.value.message
    assert session_mark(session) == before
    return e.value
