"""The Tactics (1954) expert's worth of a playout's last position (bots/ah_tactics_worth.py): the game's
`evaluate` with the side to move striking first from the contacts already standing. Small hand-made
positions, no play."""
import pytest

from bots import ah_tactics_worth as worth
from engine import ah_tactics
from tests.ah_tactics import helpers as tac

ARMOUR, INFANTRY = "1st Armd", "25th Inf"


def _contact(active: int) -> dict:
    """Three Blue armoured divisions next to a lone Red one in the open, `active`'s side to move."""
    state = tac.blank(active=active)
    tac.put(state, tac.uid(tac.RED, ARMOUR), (21, 18))
    for name, square in ((ARMOUR, (20, 17)), ("2nd Armd", (20, 18)), ("3rd Armd", (20, 19))):
        tac.put(state, tac.uid(tac.BLUE, name), square)
    return state


def test_three_armoured_divisions_in_contact_strike_first_when_their_side_moves():
    """The side moving chooses its battles: three to one against a division they stand next to (rule E's
    table), the battle it will fight counts for Blue before it is fought."""
    state = _contact(tac.BLUE)
    taken, lost = worth.strike(ah_tactics.view(state, None)["public"], tac.BLUE)
    assert taken > lost
    assert worth.evaluate(state, 0) > ah_tactics.queries.evaluate(state, 0)
    assert worth.evaluate(state, 1) < ah_tactics.queries.evaluate(state, 1)


def test_a_contact_that_would_cost_the_side_moving_more_than_it_brings_is_not_counted():
    """Red to move, one division against three: the hard bot steps out of a battle at poor odds, so the worth
    stays the game's own."""
    state = _contact(tac.RED)
    assert worth.strike(ah_tactics.view(state, None)["public"], tac.RED) == (0.0, 0.0)
    assert worth.evaluate(state, 0) == pytest.approx(ah_tactics.queries.evaluate(state, 0))


def test_with_no_contact_the_worth_is_the_games_own():
    state = tac.blank()
    tac.put(state, tac.uid(tac.BLUE, ARMOUR), (20, 10))
    assert worth.evaluate(state, 0) == ah_tactics.queries.evaluate(state, 0)


def test_the_armies_weigh_in_the_worth_as_they_do_in_the_games_own_evaluate():
    assert worth.ARMY_WEIGHT == ah_tactics.queries.ARMY_WEIGHT
