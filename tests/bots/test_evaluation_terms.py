"""Each turn-based game's evaluation names its terms (engine.evaluation): `terms(state, seat)` and `worth(terms)`
beside `evaluate`, which is `worth(terms(...))` — one evaluation, read two ways — and a reason is worded from the
terms that changed (bots/reasons.py)."""
import copy

import pytest

import bots
from bots import reasons
from engine import ah_tactics, games
from engine.evaluation import Term, changes
from engine.session import Session
from tests.ah_tactics import helpers as tac
from tests.bot_games import bot_step


def _searched_games() -> list[str]:
    """Every game whose evaluation is a query (the expert's turn-based games)."""
    return [g for g in games.available() if "evaluate" in getattr(games.rules(g), "QUERIES", ())]


def test_every_game_with_an_evaluation_names_its_terms():
    assert _searched_games()
    for game_id in _searched_games():
        assert reasons.available(games.rules(game_id)), game_id


@pytest.mark.parametrize("game_id", _searched_games())
def test_evaluate_is_the_worth_of_the_terms_in_positions_from_a_bot_game(game_id):
    rules = games.rules(game_id)
    s = Session(game_id, rules.MIN_SEATS, seed=7)
    players = [bots.make(game_id, "hard", seat, 40 + seat) for seat in range(s.n_seats)]
    looked = 0
    while s.rev < 120 and s.result() is None:
        bot_step(s, players)
        if s.rev % 15 == 0:
            for seat in range(s.n_seats):
                terms = rules.queries.terms(s.state, seat)
                assert all(isinstance(t, Term) for t in terms.values())
                assert rules.queries.evaluate(s.state, seat) == rules.queries.worth(terms)
                looked += 1
    assert looked


def test_a_change_is_ranked_by_how_far_it_alone_moves_the_worth():
    def worth(terms):
        return 0.1 * terms["a"].value + 0.5 * terms["b"].value
    before = {"a": Term(1), "b": Term(1), "c": Term(0, ("X",))}
    after = {"a": Term(3), "b": Term(0), "c": Term(0, ("X",))}
    assert changes(worth, before, after) == [("b", pytest.approx(-0.5)), ("a", pytest.approx(0.2))]


def test_an_hq_lost_lowers_its_side_s_worth_and_the_reason_names_it():
    """Rule F: "HQs ... are lost the moment an enemy division controls their square" — and with it the corps
    it commands (H2): an HQ standing counts in its side's army."""
    state = tac.blank()
    hq = tac.uid(tac.BLUE, "IIC HQ")
    tac.put(state, hq, (10, 30))
    before = ah_tactics.queries.terms(state, 0)
    worth = ah_tactics.queries.evaluate(state, 0)
    state["units"][hq]["status"] = "eliminated"
    state["units"][hq]["at"] = None
    assert ah_tactics.queries.evaluate(state, 0) < worth
    after = ah_tactics.queries.terms(state, 0)
    assert reasons.reason(ah_tactics, before, after) == "loses our IIC HQ"
    assert reasons.reason(ah_tactics, after, after) == ""


def test_a_division_marched_into_an_enemy_city_is_told_as_taking_it():
    """Rule A (b): a city is occupied when one of the side's divisions stands in it and none of the owner's."""
    name = tac.BOARD.cities_of(tac.RED)[0]
    city = tac.BOARD.cities[name].squares[0]
    state = tac.blank()
    division = tac.uid(tac.BLUE, "1st Armd")
    tac.put(state, division, (city[0], city[1] - 6))
    before = ah_tactics.queries.terms(state, 0)
    moved = copy.deepcopy(state)
    tac.put(moved, division, city)
    assert reasons.reason(ah_tactics, before, ah_tactics.queries.terms(moved, 0)) == f"takes {name}"
    assert reasons.reason(ah_tactics, ah_tactics.queries.terms(moved, 1), ah_tactics.queries.terms(state, 1)) == \
        f"wins back {name}"


def test_terms_averaged_over_samples_keep_an_item_only_where_most_samples_hold_it():
    class Rules:
        class queries:
            @staticmethod
            def terms(state, seat):
                return {"cities": Term(len(state), tuple(state))}
    mean = reasons.mean_terms(Rules, [("A", "B"), ("A",), ("A", "C")], 0)
    assert mean["cities"] == Term(5 / 3, ("A",))


def test_a_count_in_a_reason_is_one_or_many_as_the_number_is():
    """"1 division lost", never "1 divisions lost": a game's words give the noun's two forms once ({n:one|many})."""
    words = {"more": "{n:more division|more divisions} fighting", "fewer": "{n:division|divisions} lost"}
    assert reasons.phrase(words, Term(5), Term(4)) == "1 division lost"
    assert reasons.phrase(words, Term(5), Term(3)) == "2 divisions lost"
    assert reasons.phrase(words, Term(3), Term(4.5)) == "about 2 more divisions fighting"
    assert reasons.phrase({"more": "income up {n}"}, Term(3), Term(4)) == "income up 1"
