"""Movement: infantry, cavalry, gunboats, stacks, mountains, passes and boarding."""
from engine.legal import all_actions
from engine import civil_war as cw
from tests.civil_war.helpers import NORTH, SOUTH, act, can_move, empty, here, move, place, refused


def test_infantry_moves_one_square_any_direction_on_land():
    """Infantry: one square horizontally, vertically or diagonally."""
    s = empty()
    place(s, SOUTH, (9, 10), infantry=1)
    assert can_move(s, SOUTH, (9, 10), [(10, 11)], infantry=1)
    assert can_move(s, SOUTH, (9, 10), [(9, 11)], infantry=1)
    assert not can_move(s, SOUTH, (9, 10), [(9, 11), (9, 12)], infantry=1)


def test_infantry_stays_off_water_only_squares():
    """Infantry may only move onto squares with land unless it boarded a gunboat."""
    s = empty()
    place(s, SOUTH, (13, 10), infantry=1)   # Charleston, on the coast
    assert not can_move(s, SOUTH, (13, 10), [(14, 10)], infantry=1)


def test_infantry_never_enters_a_mountain_square_off_rail_and_pass():
    """Infantry may never move onto a mountain square except along a railroad or diagonally through a pass."""
    s = empty()
    place(s, SOUTH, (10, 5), infantry=1)
    assert not can_move(s, SOUTH, (10, 5), [(11, 5)], infantry=1)      # plain mountain
    place(s, SOUTH, (15, 2), infantry=1)
    assert not can_move(s, SOUTH, (15, 2), [(14, 3)], infantry=1)      # Altoona, off the railroad
    place(s, SOUTH, (15, 3), infantry=1)
    assert can_move(s, SOUTH, (15, 3), [(14, 3)], infantry=1)          # Harrisburg-Altoona, along the PRR bed


def test_passes_are_crossed_diagonally_in_their_direction_only():
    """Infantry may move through the mountain passes in a diagonal direction."""
    s = empty()
    place(s, SOUTH, (11, 4), infantry=1)   # Parkersburg, north-west of the pass at (12, 5)
    assert can_move(s, SOUTH, (11, 4), [(12, 5)], infantry=1)
    place(s, SOUTH, (11, 6), infantry=1)   # south-west of it: a NE step, against the pass
    assert not can_move(s, SOUTH, (11, 6), [(12, 5)], infantry=1)
    place(s, SOUTH, (12, 6), infantry=1)   # straight north: not diagonal
    assert not can_move(s, SOUTH, (12, 6), [(12, 5)], infantry=1)


def test_cavalry_moves_two_squares_turning_and_crosses_mountains():
    """Cavalry: one or two squares, may change direction, crosses mountains freely."""
    s = empty()
    place(s, SOUTH, (10, 5), cavalry=1)
    assert can_move(s, SOUTH, (10, 5), [(11, 5), (12, 6)], cavalry=1)
    assert can_move(s, SOUTH, (10, 5), [(10, 6), (9, 6)], cavalry=1)
    assert not can_move(s, SOUTH, (10, 5), [(11, 5), (12, 5), (13, 5)], cavalry=1)


def test_cavalry_never_rides_a_gunboat():
    """Cavalry may not ride on gunboats: never onto open water."""
    s = empty()
    place(s, NORTH, (16, 6), cavalry=1, gunboat=1)
    s["turn"] = NORTH
    assert not can_move(s, NORTH, (16, 6), [(17, 6)], cavalry=1, gunboat=1)
    assert can_move(s, NORTH, (16, 6), [(17, 6)], gunboat=1)


def test_gunboats_move_one_or_two_along_rivers_and_open_sea():
    """Gunboats: one or two spaces along a navigable river or on the open sea."""
    s = empty(turn=NORTH)
    place(s, NORTH, (5, 6), gunboat=1)     # Cairo
    assert can_move(s, NORTH, (5, 6), [(4, 5), (3, 4)], gunboat=1)    # up the Mississippi to Hannibal
    assert can_move(s, NORTH, (5, 6), [(6, 7), (6, 8)], gunboat=1)    # up the Tennessee
    assert not can_move(s, NORTH, (5, 6), [(4, 6)], gunboat=1)        # Pilot Knob: dry land
    assert not can_move(s, NORTH, (5, 6), [(4, 5), (3, 4), (3, 3)], gunboat=1)
    place(s, NORTH, (16, 6), gunboat=1)    # Norfolk
    assert can_move(s, NORTH, (16, 6), [(17, 7), (17, 8)], gunboat=1)


def test_river_squares_hold_ground_units_and_gunboats():
    """A square with any land serves ground units; with any water, gunboats."""
    s = empty(turn=NORTH)
    place(s, NORTH, (4, 8), infantry=1, gunboat=1)   # Memphis on the Mississippi
    assert can_move(s, NORTH, (4, 8), [(4, 9)], infantry=1, gunboat=1)


def test_infantry_goes_to_sea_only_aboard_a_gunboat_boarded_earlier():
    """Infantry at sea only if it boarded its own gunboat on an earlier turn."""
    s = empty(turn=NORTH)
    place(s, NORTH, (16, 6), infantry=2, gunboat=1)          # aboard since before this turn
    assert not can_move(s, NORTH, (16, 6), [(17, 6)], infantry=1)
    assert can_move(s, NORTH, (16, 6), [(17, 6)], infantry=2, gunboat=1)
    assert not can_move(s, NORTH, (16, 6), [(17, 6), (17, 7)], infantry=2, gunboat=1)  # a stack with infantry moves 1
    late = empty(turn=NORTH)
    place(late, NORTH, (16, 6), gunboat=1)
    place(late, NORTH, (15, 6), infantry=1)
    move(late, NORTH, (15, 6), [(16, 6)], infantry=1)        # boards this turn...
    refused(late, NORTH, {"type": "move", "from": [16, 6], "path": [[17, 6]], "units": {"infantry": 1, "gunboat": 1}})


def test_a_gunboat_carries_at_most_two_infantry_and_cannot_strand_them():
    """Our decision: two infantry per gunboat at sea; a gunboat may not sail off leaving them in the water."""
    s = empty(turn=NORTH)
    place(s, NORTH, (16, 6), infantry=3, gunboat=1)
    assert not can_move(s, NORTH, (16, 6), [(17, 6)], infantry=3, gunboat=1)
    sea = empty(turn=NORTH)
    place(sea, NORTH, (17, 6), infantry=2, gunboat=1)
    refused(sea, NORTH, {"type": "move", "from": [17, 6], "path": [[17, 7]], "units": {"gunboat": 1}})
    assert can_move(sea, NORTH, (17, 6), [(16, 6)], infantry=1)   # wading ashore is fine


def test_a_stack_with_infantry_moves_one_and_stacks_split_freely():
    """Stacks move together; any infantry in a group holds it to one square; stacks may split."""
    s = empty()
    place(s, SOUTH, (9, 10), infantry=2, cavalry=2)
    assert not can_move(s, SOUTH, (9, 10), [(9, 11), (9, 12)], infantry=2, cavalry=2)
    move(s, SOUTH, (9, 10), [(10, 10), (10, 11)], cavalry=2)
    move(s, SOUTH, (9, 10), [(8, 10)], infantry=1)
    assert here(s, (10, 11)) == {"infantry": 0, "cavalry": 2, "gunboat": 0}
    assert here(s, (9, 10))["infantry"] == 1 and here(s, (8, 10))["infantry"] == 1


def test_each_piece_moves_once_a_turn():
    """Each piece may be moved only once on a turn."""
    s = empty()
    place(s, SOUTH, (9, 10), cavalry=1)
    move(s, SOUTH, (9, 10), [(9, 11)], cavalry=1)
    msg = refused(s, SOUTH, {"type": "move", "from": [9, 11], "path": [[9, 12]], "units": {"cavalry": 1}})
    assert "ready" in msg


def test_a_move_may_name_only_its_destination():
    """Shorthand: {"to": [x, y]} finds a path (a two-step cavalry ride here)."""
    s = empty()
    place(s, SOUTH, (9, 10), cavalry=1)
    events = act(s, SOUTH, {"type": "move", "from": [9, 10], "to": [11, 10], "units": {"cavalry": 1}})
    assert len(events[0]["path"]) == 2 and events[0]["path"][-1] == [11, 10]
    assert here(s, (11, 10))["cavalry"] == 1


def test_cavalry_cannot_pass_through_the_enemy():
    """Our decision: only the last square of a move may hold the enemy."""
    s = empty()
    place(s, SOUTH, (9, 10), cavalry=1)
    place(s, NORTH, (10, 10), infantry=1)
    place(s, NORTH, (5, 0), infantry=1)
    refused(s, SOUTH, {"type": "move", "from": [9, 10], "path": [[10, 10], [11, 10]], "units": {"cavalry": 1}})


def test_malformed_moves_are_bad_actions():
    s = empty()
    place(s, SOUTH, (9, 10), cavalry=1)
    refused(s, SOUTH, {"type": "move", "from": [99, 1], "path": [[9, 11]], "units": {"cavalry": 1}}, "bad_action")
    refused(s, SOUTH, {"type": "move", "from": [9, 10], "path": [[9, 11]], "units": {"horses": 1}}, "bad_action")
    refused(s, SOUTH, {"type": "move", "from": [9, 10], "path": "south", "units": {"cavalry": 1}}, "bad_action")
    refused(s, SOUTH, {"type": "move", "from": [9, 10], "path": [[9, 11]], "units": {"cavalry": True}}, "bad_action")
    refused(s, SOUTH, {"type": "fly"}, "bad_action")
    assert all_actions(cw.legal(s, NORTH)) == []


def test_groups_alike_in_their_way_of_moving_reach_the_same_squares_by_the_same_paths():
    """A listing finds the squares a group reaches once for every group of the same way (movement.way: the kinds
    in it, whether its infantry fit aboard its gunboats): from every square, for either side, with the two
    armies where they start (enemy squares to stop at, railroads cut), asked afresh each time."""
    from itertools import product
    from engine.civil_war.board import load
    from engine.civil_war.movement import Occupancy, destinations, way
    from engine.rng import Rng
    state = cw.setup({"turn_limit": 0}, 2, Rng(0))
    place(state, NORTH, (9, 8), infantry=1)   # Dalton, on the Chattanooga-Atlanta line: cut for the South
    board = load()
    groups = [{"infantry": i, "cavalry": c, "gunboat": g} for i, c, g in product(range(4), range(3), range(3))
              if i + c + g]
    for side, start, (may_fight, may_ride) in product((SOUTH, NORTH), board.squares, ((True, True), (False, False))):
        first = {}   # way -> what its first group reaches
        for group in groups:
            found = destinations(board, Occupancy(board, state), state, side, group, start, may_fight=may_fight,
                                 may_ride=may_ride)
            assert found == first.setdefault(way(group), found), (side, start, group)


def test_groups_alike_in_their_way_of_moving_take_the_same_steps_and_the_table_holds_them():
    """Every step a group may take by terrain (movement.step_allowed) is the same for every group of its way,
    and the board's table of them (movement.steps) lists exactly those, in the grid's order."""
    from itertools import product
    from engine import grid
    from engine.civil_war.board import load
    from engine.civil_war.movement import step_allowed, steps
    board = load()
    n = board.size
    for i, c, g in product(range(4), range(3), range(3)):
        group = {"infantry": i, "cavalry": c, "gunboat": g}
        if not i + c + g:
            continue
        table = steps(board, group)
        for at in board.squares:
            assert table[at] == tuple(b for b in grid.neighbours(at, n, n) if step_allowed(board, group, at, b))


def reference_destinations(board, state, side, group, start, *, may_fight, may_ride=True):
    """`movement.destinations` as first written: every step and rail link asked of the rules afresh."""
    from engine import grid
    from engine.civil_war.movement import Occupancy, can_ride, speed, step_allowed
    from engine.civil_war.pieces import RAIL_RIDE
    from engine.civil_war.railroads import cut_sections, link_open
    occ = Occupancy(board, state)
    found = {}
    frontier = [(start, [])]
    for _ in range(speed(group)):
        nxt = []
        for at, path in frontier:
            for n in grid.neighbours(at, board.size, board.size):
                if n == start or n in found or not step_allowed(board, group, at, n):
                    continue
                hostile = occ.hostile(n, side)
                if hostile and not may_fight:
                    continue
                found[n] = path + [n]
                if not hostile:
                    nxt.append((n, path + [n]))
        frontier = nxt
    if may_ride and can_ride(group) and start in board.rail:
        cuts = cut_sections(board, state, side)
        frontier = [(start, [])]
        for _ in range(RAIL_RIDE):
            nxt = []
            for at, path in frontier:
                for n in sorted(board.rail[at]):
                    if n == start or n in path or not link_open(board, cuts, at, n):
                        continue
                    hostile = occ.hostile(n, side)
                    if hostile and not may_fight:
                        continue
                    if n not in found:
                        found[n] = path + [n]
                    if not hostile:
                        nxt.append((n, path + [n]))
            frontier = nxt
    return found


def test_every_stack_s_destinations_are_the_ones_found_step_by_step_afresh():
    """Over seeded games of bots (railroads cut, capitals fallen, stacks side by side), every group that may
    leave every stack reaches the squares by the paths the search as first written finds, attacking or
    retreating, in the order it finds them."""
    from bots import make as make_bot
    from engine import Session
    from engine.civil_war.board import load
    from engine.civil_war.movement import Occupancy, destinations
    from engine.civil_war.pieces import sub_compositions
    board = load()
    asked = 0
    for seed in (0, 1):
        session = Session("civil_war", 2, seed=seed)
        players = [make_bot("civil_war", "hard", seat, seed) for seat in (0, 1)]
        while session.result() is None and session.rev < 160:
            state = session.state
            occ = Occupancy(board, state)
            for side in (SOUTH, NORTH):
                for start in {(u["at"][0], u["at"][1]) for u in state["units"] if u["side"] == side}:
                    have = here(state, start, side)
                    for group in sub_compositions(have):
                        for may_fight, may_ride in ((True, True), (False, False)):
                            found = destinations(board, occ, state, side, group, start, may_fight=may_fight,
                                                 may_ride=may_ride)
                            wanted = reference_destinations(board, state, side, group, start, may_fight=may_fight,
                                                            may_ride=may_ride)
                            assert list(found.items()) == list(wanted.items())
                            asked += 1
            seat = next(iter(session.to_act()))
            session.apply(seat, players[seat].choose(session.view(seat)))
    assert asked > 1000
