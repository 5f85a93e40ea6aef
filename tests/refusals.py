"""One test helper for every rules package: an action the rules refuse leaves the state exactly as it was."""
import copy

import pytest

from engine.canonical import state_hash
from engine.errors import RuleError
from engine.rng import Rng


def refusal_check(rules):
    """`refused(state, seat, action, code="illegal") -> message` for `rules` (a rules package): assert that
    `rules.apply` refuses the action with `code` and leaves the state untouched, and return the message."""
    def refused(state: dict, seat: int, action: dict, code: str = "illegal") -> str:
        before = state_hash(state)
        snapshot = copy.deepcopy(state)
        with pytest.raises(RuleError) as e:
            rules.apply(state, seat, action, Rng(0))
        assert e.value.code == code, e.value.message
        assert state_hash(state) == before and state == snapshot
        return e.value.message
    return refused
