"""Situation 4 rules, one test per rule; each docstring states the rule it checks."""
import pytest

from engine.errors import RuleError
from engine.situation4.legality import PARATROOP, TANK

from tests.situation4.helpers import BOARD, column, fill_square, new, place, refused, slot, totals

ORANGE, YELLOW = 0, 1   # seats 0 and 1 in a two-player race (sides 0 and 1)


def bases(side):
    return BOARD.bases[side]


# ----- the puzzles and the trays ------------------------------------------------------------

def test_each_side_holds_a_complete_identical_puzzle_covering_the_board():
    """Each side has a complete puzzle covering the whole board; the two are identical."""
    s = new()
    trays = s.state["trays"]
    assert sorted(trays[0]) == sorted(trays[1]) == list(range(BOARD.n))


def test_trays_start_unarranged_from_the_seeded_shuffle():
    """Pieces start in each side's tray unarranged (shuffled by the seeded RNG)."""
    a, b, c = new(seed=4), new(seed=4), new(seed=5)
    assert a.state["trays"] == b.state["trays"]
    assert a.state["trays"][0] != sorted(a.state["trays"][0])
    assert a.state["trays"][0] != a.state["trays"][1]
    assert a.state["trays"] != c.state["trays"]


def test_a_piece_fits_only_where_its_copy_belongs():
    """Pieces of the two puzzles are interchangeable: a piece goes where either side's copy of it belongs, nowhere else."""
    s = new()
    assert refused(s, ORANGE, {"type": "place", "piece": slot(7, 1), "slot": slot(7, 0)}) == "illegal"
    place(s, ORANGE, 7, 0)
    assert s.state["piece_at"][slot(7, 0)] == slot(7, 0)


def test_once_a_space_is_filled_the_other_copy_is_set_aside():
    """The board takes one layer: once a space is covered, the other side's copy of that piece has nowhere to go."""
    s = new()
    place(s, ORANGE, 7, 0)
    assert slot(7, 0) not in s.view(YELLOW)["private"]["tray"]
    assert s.view(YELLOW)["public"]["tray_left"] == [BOARD.n - 1, BOARD.n - 1]
    assert refused(s, YELLOW, {"type": "place", "piece": slot(7, 0), "slot": slot(7, 0)}) == "illegal"


def test_tray_order_is_private_to_its_side():
    """A side's tray is its own: the opponent and spectators see only how many pieces are left."""
    s = new(seats=4)
    assert s.view(0)["private"]["tray"] == s.view(2)["private"]["tray"]
    assert s.view(0)["private"]["tray"] != s.view(1)["private"]["tray"]
    assert s.view(None)["private"] == {}
    assert "trays" not in s.view(1)["public"]


# ----- building ------------------------------------------------------------------------------

def test_first_piece_goes_on_the_base_line():
    """A side's first piece goes on its base line (the red-bordered pieces)."""
    s = new()
    with pytest.raises(RuleError) as e:
        place(s, ORANGE, 6, 0)
    assert e.value.code == "illegal" and "base line" in e.value.message
    assert refused(s, ORANGE, {"type": "place", "piece": slot(0, 3), "slot": slot(0, 3)}) == "illegal"
    place(s, ORANGE, 7, 5)
    place(s, YELLOW, 0, 5)
    assert s.state["owner"][slot(7, 5)] == 0 and s.state["owner"][slot(0, 5)] == 1


def test_further_pieces_must_interlock_with_own_connected_pieces():
    """Every further piece must interlock with one of the side's own pieces, which all lead back to its base line."""
    s = new()
    place(s, ORANGE, 7, 0)
    assert refused(s, ORANGE, {"type": "place", "piece": slot(5, 0), "slot": slot(5, 0)}) == "illegal"
    place(s, ORANGE, 6, 0)
    place(s, ORANGE, 5, 0)
    # An enemy piece is no anchor: yellow's pieces do not let orange build beside them.
    column(s, YELLOW, 4, 3)
    assert refused(s, ORANGE, {"type": "place", "piece": slot(3, 3), "slot": slot(3, 3)}) == "illegal"


def test_pieces_connect_only_where_they_interlock_not_corner_to_corner():
    """Pieces are connected only when they interlock; touching at a corner is not enough."""
    s = new()
    place(s, ORANGE, 7, 0)
    assert refused(s, ORANGE, {"type": "place", "piece": slot(6, 1), "slot": slot(6, 1)}) == "illegal"
    place(s, ORANGE, 6, 0)
    place(s, ORANGE, 6, 1)


def test_all_seats_act_at_once_and_the_loser_of_a_race_is_refused():
    """Real time: every seat may act at any moment; moves apply in arrival order and the later one for a space loses."""
    s = new(seats=4)
    assert s.to_act() == [0, 1, 2, 3]
    column(s, 1, 0, 6)                 # yellow reaches the space next to orange's corner
    place(s, 0, 7, 0)                  # orange's move arrives first and takes the corner
    assert refused(s, 3, {"type": "place", "piece": slot(7, 0), "slot": slot(7, 0)}) == "illegal"
    assert refused(s, 2, {"type": "place", "piece": slot(7, 0), "slot": slot(7, 0)}) == "illegal"
    assert s.state["owner"][slot(7, 0)] == 0


# ----- objectives and flags --------------------------------------------------------------

def test_placing_side_may_plant_its_flag_at_once_and_earn_the_points():
    """The side that places an objective plants its flag at once (before its next other move) and earns its points."""
    s = new()
    events = place(s, ORANGE, 7, 6)                   # a 25-point objective on orange's base line
    assert {"type": "flag_window", "side": 0, "slot": slot(7, 6), "points": 25, "rule": "flags"} in events
    assert s.view(YELLOW)["public"]["flag_windows"] == [slot(7, 6), None]
    assert refused(s, YELLOW, {"type": "flag", "slot": slot(7, 6)}) == "illegal"
    place(s, YELLOW, 0, 0)                             # the opponent's moves do not close the window
    s.apply(ORANGE, {"type": "flag", "slot": slot(7, 6)})
    assert s.state["flags"][slot(7, 6)] == 0 and s.state["scores"][0] == 25


def test_a_flag_not_planted_at_once_opens_the_objective_to_the_opponent():
    """If the placing side makes another move before flagging, the opponent may plant its own flag and earn the points."""
    s = new()
    place(s, ORANGE, 7, 6)
    events = place(s, ORANGE, 7, 5)
    assert {"type": "flag_lapsed", "side": 0, "slot": slot(7, 6), "rule": "flags"} in events
    assert s.view(None)["public"]["open_objectives"] == [slot(7, 6)]
    s.apply(YELLOW, {"type": "flag", "slot": slot(7, 6)})
    assert s.state["flags"][slot(7, 6)] == 1 and s.state["scores"] == [0, 25]


def test_by_default_a_missed_flag_belongs_to_the_opponent_alone():
    """Rule 1 (placement of objective flags): a placer who does not flag at once loses the objective to the
    opponent, who may flag it and take its points; the placer cannot reclaim it."""
    s = new()
    assert s.options["lapsed_flag"] == "opponent_only"
    place(s, ORANGE, 7, 6)
    place(s, ORANGE, 7, 7)                             # another move first: the moment has passed
    assert refused(s, ORANGE, {"type": "flag", "slot": slot(7, 6)}) == "illegal"
    assert {"type": "flag", "slot": slot(7, 6)} not in s.legal_actions(ORANGE)
    assert {"type": "flag", "slot": slot(7, 6)} in s.legal_actions(YELLOW)


def test_the_house_rule_lets_either_side_flag_a_lapsed_objective():
    """House rule `lapsed_flag=either_side` (not the rule book's): the late placer may still flag it first."""
    s = new(lapsed_flag="either_side")
    place(s, ORANGE, 7, 6)
    place(s, ORANGE, 7, 7)
    s.apply(ORANGE, {"type": "flag", "slot": slot(7, 6)})
    assert s.state["flags"][slot(7, 6)] == 0 and s.state["scores"][0] == 25


def test_a_teammate_shares_the_flag_window():
    """Teammates build one side: either may plant the side's flag, and either one's other move lapses the window."""
    s = new(seats=4)
    place(s, 0, 7, 6)
    s.apply(2, {"type": "flag", "slot": slot(7, 6)})
    assert s.state["flags"][slot(7, 6)] == 0
    column(s, 2, 4, 7)
    place(s, 0, 6, 4)                                  # the 75-point objective
    place(s, 2, 7, 3)                                  # the teammate moves on: the window lapses
    assert s.state["flag_window"][0] is None and slot(6, 4) in s.state["open_objectives"]


def test_unplaced_objectives_cannot_be_flagged_and_flags_are_planted_once():
    """A flag goes only on a covered objective, and only one flag per objective."""
    s = new()
    assert refused(s, ORANGE, {"type": "flag", "slot": slot(7, 6)}) == "illegal"
    place(s, ORANGE, 7, 6)
    s.apply(ORANGE, {"type": "flag", "slot": slot(7, 6)})
    assert refused(s, ORANGE, {"type": "flag", "slot": slot(7, 6)}) == "illegal"
    place(s, ORANGE, 7, 5)
    assert refused(s, ORANGE, {"type": "flag", "slot": slot(7, 5)}) == "illegal"   # no points printed


# ----- paratroopers --------------------------------------------------------------------------

def para_ready_session():
    """Orange completes its paratroop base; yellow holds short strips down columns 0, 5 and 7."""
    s = new()
    fill_square(s, ORANGE, bases(0)[PARATROOP])
    for col in (0, 5, 7):
        column(s, YELLOW, col, 1)
    return s


def drop(target, to):
    return {"type": "paradrop", "target": slot(*target), "piece": slot(*to), "slot": slot(*to)}


def test_paratroopers_come_only_when_the_base_is_complete():
    """When a side completes its paratroop base (all its border included) its three paratroopers move onto it."""
    s = new()
    column(s, YELLOW, 0, 1)
    # Cover the base but its top-left space (the one furthest from orange's base line).
    last_row, last_col = BOARD.row_col(min(BOARD.squares[bases(0)[PARATROOP]]))
    column(s, ORANGE, last_col, last_row + 1)
    column(s, ORANGE, last_col + 1, last_row)
    assert s.state["in_hand"][PARATROOP][0] == 0
    assert refused(s, ORANGE, drop((1, 0), (2, 0))) == "illegal"
    events = place(s, ORANGE, last_row, last_col)
    assert {"type": "base_complete", "side": 0, "base": PARATROOP, "forces": 3, "rule": "bases"} in events
    assert s.view(None)["public"]["in_hand"][PARATROOP] == [3, 0]
    assert s.view(None)["public"]["bases_ready"][PARATROOP] == [True, False]


def test_paradrop_makes_a_beachhead_that_may_grow():
    """A paratrooper lands on an enemy piece anywhere if its side at once joins its own piece to it; the beachhead may grow."""
    s = para_ready_session()
    assert refused(s, ORANGE, {"type": "place", "piece": slot(2, 0), "slot": slot(2, 0)}) == "illegal"
    s.apply(ORANGE, drop((1, 0), (2, 0)))
    assert s.state["forces"][slot(1, 0)] == {"kind": PARATROOP, "side": 0}
    assert s.state["owner"][slot(2, 0)] == 0
    place(s, ORANGE, 3, 0)     # grows from the piece just played
    place(s, ORANGE, 1, 1)     # grows from the enemy piece holding the paratrooper


def test_paradrop_needs_an_enemy_piece_and_an_interlocking_own_piece():
    """The paratrooper must land on an opponent's piece, and the side's own piece must interlock with that piece."""
    s = para_ready_session()
    assert refused(s, ORANGE, drop((1, 0), (3, 0))) == "illegal"       # does not interlock
    assert refused(s, ORANGE, drop((7, 10), (7, 9))) == "illegal"      # orange's own piece
    assert refused(s, ORANGE, drop((3, 3), (3, 4))) == "illegal"       # an empty space


def test_at_most_three_beachheads_and_paratroopers_never_move():
    """A side makes no more than three beachheads a game, and a placed paratrooper never moves."""
    s = para_ready_session()
    for col in (0, 5, 7):
        s.apply(ORANGE, drop((1, col), (2, col)))
    assert s.state["beachheads"] == [3, 0] and s.state["in_hand"][PARATROOP] == [0, 0]
    assert refused(s, ORANGE, drop((0, 5), (0, 4))) == "illegal"
    place(s, ORANGE, 3, 0)
    column(s, YELLOW, 3, 2)
    assert [s.state["forces"][slot(1, c)] for c in (0, 5, 7)] == [{"kind": PARATROOP, "side": 0}] * 3
    assert refused(s, ORANGE, {"type": "move", "from": slot(1, 0), "to": slot(1, 1)}) == "bad_action"


# ----- tanks ---------------------------------------------------------------------------------

def tank_ready_session():
    """Orange completes its tank base (columns 2-3 built up from its base line)."""
    s = new()
    fill_square(s, ORANGE, bases(0)[TANK])
    return s


def tank(x):
    return {"type": "tank", "slot": x}


def test_tanks_come_when_the_tank_base_is_complete():
    """When a side completes its tank base its three tanks move onto it; before that it has none to place."""
    s = new()
    column(s, ORANGE, 2, 6)
    assert refused(s, ORANGE, tank(slot(6, 2))) == "illegal"
    fill_square(s, ORANGE, bases(0)[TANK])
    assert s.state["in_hand"][TANK] == [3, 0]
    s.apply(ORANGE, tank(slot(6, 2)))
    assert s.state["forces"][slot(6, 2)] == {"kind": TANK, "side": 0} and s.state["in_hand"][TANK] == [2, 0]


def test_a_tank_goes_only_on_own_pieces_connected_to_the_base_line():
    """A tank may be put on any of the side's own pieces connected to its base line, and nowhere else."""
    s = tank_ready_session()
    column(s, YELLOW, 0, 1)
    assert refused(s, ORANGE, tank(slot(1, 0))) == "illegal"          # an enemy piece
    assert refused(s, ORANGE, tank(slot(6, 6))) == "illegal"          # an empty space
    fill_square(s, ORANGE, bases(0)[PARATROOP])
    s.apply(ORANGE, drop((1, 0), (2, 0)))
    assert refused(s, ORANGE, tank(slot(2, 0))) == "illegal"          # a beachhead, cut off from the base line
    s.apply(ORANGE, tank(slot(7, 2)))


def test_an_enemy_cannot_interlock_with_a_piece_holding_a_tank():
    """The presence of a tank on a piece stops the opponent connecting any of its pieces to that piece."""
    s = tank_ready_session()
    s.apply(ORANGE, tank(slot(4, 2)))
    column(s, YELLOW, 2, 2)
    with pytest.raises(RuleError) as e:
        place(s, YELLOW, 3, 2)
    assert e.value.code == "illegal" and "tank" in e.value.message
    place(s, ORANGE, 3, 2)     # the tank's own side may still build there


def test_an_own_tank_one_empty_space_away_neutralises_the_enemy_tank_there_only():
    """A tank placed with just one empty space between it and an enemy tank neutralises that space: either side may
    play there, while the enemy tank still guards its other spaces."""
    s = tank_ready_session()
    s.apply(ORANGE, tank(slot(4, 2)))                # tank A
    column(s, YELLOW, 2, 2)
    column(s, YELLOW, 1, 3)
    fill_square(s, YELLOW, bases(1)[TANK])
    s.apply(YELLOW, tank(slot(2, 2)))               # tank B: only (3, 2) lies between them
    assert refused(s, YELLOW, {"type": "place", "piece": slot(4, 1), "slot": slot(4, 1)}) == "illegal"
    place(s, YELLOW, 3, 2)


def test_tanks_cross_the_river_only_on_their_own_bridges():
    """Tanks cross the river only on bridges their own side placed, moving over their own connected land."""
    s = tank_ready_session()
    column(s, ORANGE, 1, 3)                       # (3, 1) lies across the river from (4, 1)
    column(s, ORANGE, 10, 2)                      # (3, 10) and (2, 10) across the river from (4, 10)
    assert BOARD.bank[slot(3, 1)] == 1 and BOARD.bank[slot(4, 1)] == 0
    assert refused(s, ORANGE, tank(slot(3, 1))) == "illegal"
    s.apply(YELLOW, {"type": "bridge", "position": 0})          # yellow's bridge at (3,1)-(4,1)
    assert refused(s, ORANGE, tank(slot(3, 1))) == "illegal"
    assert refused(s, ORANGE, tank(slot(2, 10))) == "illegal"
    s.apply(ORANGE, {"type": "bridge", "position": 3})          # orange's own bridge at (3,10)-(4,10)
    s.apply(ORANGE, tank(slot(2, 10)))
    assert slot(2, 10) in s.view(YELLOW)["public"]["tank_reach"][0]
    assert slot(3, 1) not in s.view(YELLOW)["public"]["tank_reach"][0]


def test_no_two_forces_on_one_piece():
    """No two forces (tanks or paratroopers) may share a puzzle piece."""
    s = tank_ready_session()
    fill_square(s, ORANGE, bases(0)[PARATROOP])
    fill_square(s, YELLOW, bases(1)[TANK])
    fill_square(s, YELLOW, bases(1)[PARATROOP])
    s.apply(ORANGE, tank(slot(7, 2)))
    assert refused(s, ORANGE, tank(slot(7, 2))) == "illegal"
    with pytest.raises(RuleError) as e:
        s.apply(YELLOW, drop((7, 2), (7, 1)))                            # onto an orange tank
    assert "already holds" in e.value.message
    s.apply(YELLOW, drop((4, 11), (3, 11)))
    assert refused(s, ORANGE, tank(slot(4, 11))) == "illegal"         # holds a yellow paratrooper


# ----- bridges -------------------------------------------------------------------------------

def bridge(p):
    return {"type": "bridge", "position": p}


def test_a_bridge_needs_the_land_on_both_banks_and_scores_100():
    """A bridge goes in a position only once the land pieces it touches on both banks are placed; it wins 100 points."""
    s = new()
    column(s, ORANGE, 1, 4)
    assert refused(s, ORANGE, bridge(0)) == "illegal"
    place(s, ORANGE, 3, 1)
    events = s.apply(ORANGE, bridge(0))
    assert {"type": "bridge_placed", "side": 0, "seat": 0, "position": 0, "points": 100, "rule": "bridges"} in events
    assert s.state["scores"][0] == totals(s)[0] and s.state["bridges"][0] == 0
    assert refused(s, YELLOW, bridge(0)) == "illegal"                 # one bridge per position


def test_each_side_has_two_bridges():
    """Each side has two bridges and no more."""
    s = new()
    column(s, ORANGE, 1, 3)
    column(s, ORANGE, 5, 4)
    column(s, ORANGE, 6, 2)
    s.apply(ORANGE, bridge(0))
    s.apply(ORANGE, bridge(1))
    assert refused(s, ORANGE, bridge(2)) == "illegal"
    s.apply(YELLOW, bridge(2))
    assert s.state["bridges"] == [0, 0, 1, None]


# ----- scoring and the end -------------------------------------------------------------------

def test_a_grid_square_filled_entirely_by_one_side_scores_50():
    """A side scores 50 for each grid square it has filled entirely with its own pieces."""
    s = new()
    place(s, ORANGE, 7, 0)
    place(s, ORANGE, 7, 1)
    place(s, ORANGE, 6, 0)
    assert s.state["scores"][0] == 0
    events = place(s, ORANGE, 6, 1)
    assert {"type": "square_won", "side": 0, "square": BOARD.square_of[slot(7, 0)], "points": 50,
            "rule": "squares"} in events
    assert s.state["scores"] == [50, 0] == totals(s)


def test_a_shared_square_counts_for_no_one():
    """A grid square covered partly by each side's pieces counts for neither."""
    s = new()
    column(s, YELLOW, 3, 6)
    place(s, ORANGE, 7, 2)
    place(s, ORANGE, 7, 3)
    place(s, ORANGE, 6, 2)
    square = BOARD.square_of[slot(7, 2)]
    assert all(s.state["owner"][x] is not None for x in BOARD.squares[square])
    assert s.state["scores"] == [0, 0] == totals(s)


def fill_all_but(s, keep, rng):
    """Random legal placements by random seats until only `keep` is empty."""
    for _ in range(10 * BOARD.n):
        seat = rng.randrange(s.n_seats)
        options = [a for a in s.legal_actions(seat) if a["type"] == "place" and a["slot"] != keep]
        if options:
            s.apply(seat, rng.choice(options))
        elif all(o is not None for i, o in enumerate(s.state["owner"]) if i != keep):
            return
    raise AssertionError("the board did not fill")


def test_the_game_ends_when_the_board_is_covered_and_a_pending_flag_is_credited():
    """Scoring comes when the whole puzzle is complete; an objective placed by the last move, with no move after it
    to miss the moment, keeps its flag for the side that placed it."""
    import random
    s = new(seed=3)
    last = slot(7, 6)
    fill_all_but(s, last, random.Random(3))
    assert s.result() is None
    events = place(s, ORANGE, 7, 6)
    assert {"type": "flagged", "side": 0, "slot": last, "points": 25, "how": "at_completion", "rule": "flags"} in events
    result = s.result()
    assert result is not None and s.to_act() == []
    assert result["scores"] == totals(s)
    best = max(result["scores"])
    assert result["winners"] == [seat for seat in (0, 1) if result["scores"][seat] == best]
    assert refused(s, YELLOW, {"type": "flag", "slot": last}) == "game_over"


def test_teams_pool_their_points_and_build_one_side():
    """In a team game both teammates build the same side (seats 0 and 2 against 1 and 3) and a team's points are pooled."""
    import random
    s = new(seats=4, seed=8)
    place(s, 2, 7, 0)
    place(s, 0, 6, 0)              # seat 0 builds on its teammate's piece
    assert refused(s, 1, {"type": "place", "piece": slot(6, 1), "slot": slot(6, 1)}) == "illegal"
    fill_all_but(s, -1, random.Random(8))
    result = s.result()
    assert result["scores"][0] == result["scores"][2] and result["scores"][1] == result["scores"][3]
    assert result["scores"][:2] == totals(s)
    assert set(result["winners"]) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


# ----- seats, options and malformed moves ------------------------------------------------------

def test_two_players_or_two_teams_of_two():
    """Situation 4 is for two players or two teams of two."""
    for n in (2, 4):
        assert new(seats=n).to_act() == list(range(n))
    with pytest.raises(ValueError):
        new(seats=3)


def test_unknown_or_bad_options_are_refused():
    """Options are checked: only the listed keys and values."""
    with pytest.raises(ValueError):
        new(colour="red")
    with pytest.raises(ValueError):
        new(lapsed_flag="never")


@pytest.mark.parametrize("action", [
    {"type": "place", "piece": "3", "slot": 3},
    {"type": "place", "piece": True, "slot": 3},
    {"type": "place", "piece": 3},
    {"type": "place", "piece": 999, "slot": 999},
    {"type": "bridge", "position": 4},
    {"type": "flag", "slot": -1},
    {"type": "paradrop", "target": 1, "piece": 2},
    {"type": "teleport"},
])
def test_malformed_moves_are_bad_actions(action):
    """A move with a missing, ill-typed or unknown field is refused as bad_action and changes nothing."""
    s = new()
    assert refused(s, ORANGE, action) == "bad_action"
