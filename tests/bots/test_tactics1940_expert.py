"""The Tactics (1940) expert's worth of a position (bots/tactics1940.py `evaluate`) and its candidates."""
from bots import tactics1940 as bot
from engine.tactics1940 import queries
from tests.tactics1940 import helpers as t40

NORTH, SOUTH = 0, 1


def _jump_ready(turn: int) -> dict:
    """North's battleship beside South's transport with open water beyond it; South has a battleship far off."""
    state = t40.cleared(turn=turn)
    t40.put(state, NORTH, t40.B, (10, 10))
    t40.put(state, SOUTH, t40.T, (11, 10))
    t40.put(state, SOUTH, t40.B, (2, 8))
    return state


def test_the_side_to_move_counts_part_of_the_transport_it_can_jump_now():
    """Rule 10: "A BATTLESHIP ... can destroy any other player's TRANSPORT by jumping it, as in Checkers".
    Where North is to move and can jump, the transport is partly North's already; where South is to move,
    it is not (South may move it away first)."""
    north_to_move, south_to_move = _jump_ready(turn=NORTH), _jump_ready(turn=SOUTH)
    assert any(captured for _, _, captured in queries.moves_of(north_to_move, NORTH))
    camp = north_to_move["camp"][NORTH]
    unstruck = bot.worth_chance(bot.worth_terms(north_to_move, camp))
    assert bot.evaluate(north_to_move, NORTH) > unstruck
    assert bot.evaluate(north_to_move, SOUTH) < 1.0 - unstruck
    south = south_to_move["camp"][SOUTH]
    assert bot.evaluate(south_to_move, NORTH) == 1.0 - bot.worth_chance(bot.worth_terms(south_to_move, south))


def test_a_blockade_the_side_to_move_can_make_now_is_all_but_won():
    """Rule 13: "If no defending pieces are in the vicinity, blockade may be accomplished most simply by
    occupying ... the 2 directly in front of them", and "the very moment this happens ... the game comes
    to an immediate end". South on one of North's front squares, a step from the other, South to move."""
    state = t40.cleared(turn=SOUTH)
    first, second = t40.NORTH_HOME.front
    t40.put(state, SOUTH, t40.T, first)
    t40.put(state, SOUTH, t40.T, (second[0], second[1] + 1))
    t40.put(state, NORTH, t40.B, (10, 10))
    assert bot.evaluate(state, SOUTH) == bot.BLOCKADE_NEXT
    assert bot.evaluate(state, NORTH) == 1.0 - bot.BLOCKADE_NEXT
    state["turn"] = NORTH  # North to move cannot stop it by striking first here, and is not all but lost
    assert bot.evaluate(state, NORTH) > 1.0 - bot.BLOCKADE_NEXT


def test_the_worth_is_the_chance_the_side_to_move_wins_and_the_other_camp_has_the_rest():
    """Rule 13: a belligerent wins by shutting the enemy's seaport, so with nothing to take and no blockade in
    reach the worth grows as a camp's ships draw nearer the enemy's mouth, and the two camps' worths add up to one."""
    def position(north_battleship_at) -> dict:
        state = t40.cleared(turn=NORTH)
        t40.put(state, NORTH, t40.B, north_battleship_at)
        t40.put(state, SOUTH, t40.T, (2, 8))
        t40.put(state, SOUTH, t40.T, (3, 8))
        return state
    mouth = t40.SOUTH_HOME.open + t40.SOUTH_HOME.front
    steps = queries.step_distances(t40.B, mouth)
    far, near = max((sq for sq in steps if steps[sq] <= 8), key=steps.get), min(
        (sq for sq in steps if 2 <= steps[sq] <= 3), key=steps.get)
    assert steps[near] < steps[far]
    far_worth, near_worth = (bot.evaluate(position(sq), NORTH) for sq in (far, near))
    assert near_worth > far_worth
    for state in (position(far), position(near)):
        assert abs(bot.evaluate(state, NORTH) + bot.evaluate(state, SOUTH) - 1.0) < 1e-12
    assert len(bot.worth_terms(position(far), "North")) == len(bot.WORTH_WEIGHTS)


def test_the_hard_bot_s_shortlist_starts_with_its_choice_and_holds_no_idle_shuffle():
    """The expert's candidates after the hard bot's own: its next-best moves, never a move that changes nothing."""
    from engine.session import Session
    s = Session("tactics1940", 2, seed=3)
    hard = bot.make("hard", s.to_act()[0], 5)
    view = s.view(s.to_act()[0])
    choice = hard.choose(view)
    ranked = hard.shortlist(8)
    assert ranked[0] == choice and len(ranked) == len({str(a) for a in ranked}) > 1
    assert all(a in view["private"]["legal"]["actions"] for a in ranked)


def test_the_tactics1940_expert_scores_an_unfinished_playout_with_the_bots_worth():
    """The Tactics (1940) expert settings name `bots.tactics1940.evaluate`; a finished game still scores its result."""
    from bots import expert, make
    from engine import games
    searcher = make("tactics1940", "expert", NORTH, 1, budget=None, iterations=4)
    assert searcher.evaluate is bot.evaluate
    rules = games.rules("tactics1940")
    state = _jump_ready(turn=NORTH)
    assert expert.score(rules, state, NORTH, searcher.evaluate) == bot.evaluate(state, NORTH)
    state["outcome"] = {"winners": [SOUTH], "scores": [0, 0], "reason": "test"}
    assert expert.score(rules, state, NORTH, searcher.evaluate) == 0.0
