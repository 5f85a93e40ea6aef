"""One source of rules (issue 26): a rule changed in the engine changes what the bots and the window compute,
with no second edit. Each check changes one rule in the engine's own module and asks the bot and the window."""
from fractions import Fraction

import pytest

from bots import risk as risk_bot
from engine.risk import combat, queries as risk_queries

BATTLE = {"type": "battle", "attacker": 0, "defender": 1, "from": "peru", "to": "brazil", "attacker_dice": [5, 3],
          "defender_dice": [5, 2], "attacker_losses": 1, "defender_losses": 1, "conquered": False}


@pytest.fixture
def ties_to_the_attacker(monkeypatch):
    """The engine's Risk tie rule turned round: "a tie goes to the defender" becomes a tie to the attacker."""
    monkeypatch.setattr(combat, "attacker_takes_pair", lambda attacker_die, defender_die: attacker_die >= defender_die)
    risk_queries.forget()
    yield
    monkeypatch.undo()
    risk_queries.forget()


def test_by_the_rulebook_a_tie_goes_to_the_defender_for_the_bot_and_the_dice_tray(app):
    """"Ties go to the defender": one die against one wins 15 throws of 36, and 5 against 5 loses the attacker's die."""
    from game.risk.dice import DiceRoll
    risk_queries.forget()
    assert risk_queries.outcome_odds(1, 1) == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    assert risk_bot.conquest_odds(1, 1) == pytest.approx(15 / 36)
    assert DiceRoll(BATTLE, "Ada", "Bo").losers == ["attacker", "defender"]


def test_a_tie_rule_changed_in_the_engine_reaches_the_bot_and_the_dice_tray_with_no_second_edit(
        app, ties_to_the_attacker):
    from game.risk.dice import DiceRoll
    assert risk_queries.outcome_odds(1, 1) == {(0, 1): Fraction(21, 36), (1, 0): Fraction(15, 36)}
    assert risk_bot.conquest_odds(1, 1) == pytest.approx(21 / 36)
    assert DiceRoll(BATTLE, "Ada", "Bo").losers == ["defender", "defender"]


def test_a_city_cost_changed_in_the_engine_reaches_the_civil_war_bot(monkeypatch):
    """"Pieces a side removes when it loses a key city": the Union gives up 2; change the engine's number and
    the bot's picture of what is at stake follows."""
    from bots.civil_war.picture import Picture
    from engine.civil_war import cities
    from engine.session import Session
    view = Session("civil_war", 2, seed=1).view(0)
    board = Picture(view, 0).board
    key_city = next(c for c in board.cities.values() if c.key_side == 1)
    assert Picture(view, 0).stake(key_city.at, 1) == 2
    monkeypatch.setitem(cities.KEY_CITY_LOSS, 1, 7)
    assert Picture(view, 0).stake(key_city.at, 1) == 7


def test_the_final_tally_the_window_counts_up_is_the_rules_own(app, monkeypatch):
    """"50 points per grid square filled entirely with one side's pieces": the window's tally follows the
    rules' scoring, and a changed value there reaches it with no second edit."""
    from engine.situation4 import get_board, scoring
    from game.situation4.tally import FinalTally
    board = get_board()
    pub = {"owner": [0] * board.n, "flags": [None] * board.n, "bridges": [None] * len(board.bridge_positions)}

    def breakdown():
        return FinalTally(board, pub, str, centre=(0, 0), on_done=lambda: None).breakdown

    assert breakdown()[0]["squares"] == 50 * len(board.squares) and breakdown()[1]["total"] == 0
    monkeypatch.setattr(scoring, "SQUARE_POINTS", 70)
    assert breakdown()[0]["squares"] == 70 * len(board.squares)
