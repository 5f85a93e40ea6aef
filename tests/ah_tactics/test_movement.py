"""Movement (rules C and D): the allowance, lines, cities, forests, rivers, contact, mountains, sea and air."""
from engine.ah_tactics.board import RAIL, ROAD
from engine.ah_tactics.movement import field_for
from tests.ah_tactics.helpers import (BLUE, BOARD, RED, act, at, blank, end_movement, move, put, reach, refused,
                                      uid)

INF, INF2, ARMD, MTN, PARA, AMPH = "1st Inf", "2nd Inf", "1st Armd", "1st Mtn", "1st Para", "1st Amph"


def test_a_turn_allows_thirty_squares_across_country():
    """C: a BASIC TURN ALLOWANCE of 30 squares, in any combination (here 11 + 11 + 8), one square of
    allowance for each square moved into across country (C7)."""
    s = blank()
    a, b, c, d = (put(s, uid(BLUE, n), sq) for n, sq in
                  (("1st Inf", (44, 0)), ("2nd Inf", (45, 0)), ("3rd Inf", (46, 0)), ("4th Inf", (43, 0))))
    assert reach(s, BLUE, a)[(44, 1)] == 3
    move(s, BLUE, a, (44, 11))
    move(s, BLUE, b, (45, 11))
    assert reach(s, BLUE, c)[(46, 8)] == 24 and (46, 9) not in reach(s, BLUE, c)
    move(s, BLUE, c, (46, 8))
    assert s["allowance"] == 0
    assert reach(s, BLUE, d) == {}
    refused(s, BLUE, {"type": "move", "unit": d, "to": [43, 1]})


def test_the_allowance_is_shared_by_all_units_of_the_side():
    """C: "move 1 unit 10 squares, a 2nd 3 ... totalling 30": every move draws on one allowance."""
    s = blank()
    a, b = put(s, uid(BLUE, INF), (44, 0)), put(s, uid(BLUE, INF2), (45, 0))
    far = next(sq for sq, c in sorted(reach(s, BLUE, b).items()) if c > 60)
    move(s, BLUE, a, (44, 10))
    assert s["allowance"] == 60
    assert max(reach(s, BLUE, b).values()) <= 60
    refused(s, BLUE, {"type": "move", "unit": b, "to": list(far)})


def test_unused_allowance_is_lost_at_the_end_of_the_turn():
    """C: "Unused BTA's cannot be accumulated"."""
    s = blank()
    move(s, BLUE, put(s, uid(BLUE, INF), (10, 0)), (12, 0))
    end_movement(s)
    end_movement(s)
    assert s["active"] == BLUE and s["allowance"] == 90


def test_nine_squares_along_a_railroad_cost_three():
    """C1: "move an infantry division 9 squares along a Transportation Line and only lose three squares"."""
    s = blank()
    u = put(s, uid(BLUE, INF), (6, 3))
    assert reach(s, BLUE, u)[(15, 3)] == 9   # thirds: 3 squares of allowance
    move(s, BLUE, u, (15, 3))
    assert s["allowance"] == 81


def test_the_diagonal_double_line_from_red_capital_to_lumber_city_is_seven_squares_on_both_lines():
    """C2: "travelling from RED CAPITAL to the first LUMBER CITY square equals 7 squares on both
    transportation lines": road and railroad run together diagonally, corner to corner."""
    capital, lumber = (24, 32), (31, 25)
    assert capital in BOARD.cities["Red Capital"].squares and lumber in BOARD.cities["Lumber City"].squares
    path = [(24 + k, 32 - k) for k in range(8)]
    for a, b in zip(path, path[1:]):
        assert frozenset((a, b)) in BOARD.segments[ROAD] and frozenset((a, b)) in BOARD.segments[RAIL]
    s = blank(active=RED)
    put(s, uid(RED, INF), capital)
    cost, route = field_for(BOARD, s, RED).route(capital, lumber, "foot", 90)
    assert cost == 7 and [sq for sq, _, _ in route] == path[1:]


def test_units_cannot_pass_through_other_units_on_a_single_line():
    """C1: "units cannot pass through other units": a division on the railroad makes the mover leave it."""
    s = blank(line_cost="pooled")   # costs in thirds of a square, as the route runs
    u = put(s, uid(BLUE, INF), (6, 3))
    assert reach(s, BLUE, u)[(14, 3)] == 8
    put(s, uid(BLUE, INF2), (10, 3))
    assert reach(s, BLUE, u)[(14, 3)] == 12   # 3 along, around the blocker (3 + 3), 3 along


def test_friendly_units_are_passed_where_road_and_railroad_run_together():
    """C2: "Where roads and railroads parallel in the same square, Units may pass over other friendly Units"."""
    s = blank(line_cost="pooled")   # costs in thirds of a square, as the route runs
    u = put(s, uid(BLUE, INF), (25, 4))
    put(s, uid(BLUE, INF2), (27, 6))
    r = reach(s, BLUE, u)
    assert r[(30, 9)] == 5 and (27, 6) not in r


def test_enemy_units_are_never_passed():
    """C2: only friendly units are passed over on the double line."""
    s = blank()
    u = put(s, uid(BLUE, INF), (25, 4))
    put(s, uid(RED, INF), (28, 7))
    r = reach(s, BLUE, u)
    assert (29, 8) not in r or r[(29, 8)] > 4


def test_moving_through_a_city_costs_as_on_a_line():
    """C3: "a player can move three squares through a city and only lose one square"."""
    s = blank(line_cost="pooled")   # costs in thirds of a square, as the route runs
    u = put(s, uid(BLUE, INF), (22, 2))
    assert reach(s, BLUE, u)[(24, 2)] == 2


def test_forest_costs_two_squares_and_armor_stays_out():
    """C4, D2: forest squares cost two squares each; armored divisions cannot move through forest."""
    s = blank()
    i = put(s, uid(BLUE, INF), (9, 1))
    a = put(s, uid(BLUE, ARMD), (9, 2))
    assert reach(s, BLUE, i)[(10, 1)] == 6
    assert (10, 1) not in reach(s, BLUE, a) and (10, 2) not in reach(s, BLUE, a)


def test_crossing_a_river_costs_two_squares_except_at_a_bridge():
    """C5: a river crossing off a bridge costs two squares; at a bridge the line is unaffected."""
    s = blank(line_cost="pooled")   # costs in thirds of a square, as the route runs
    u = put(s, uid(BLUE, INF), (8, 11))
    assert BOARD.river_edge((8, 11), (8, 12))
    assert reach(s, BLUE, u)[(8, 12)] == 6
    put(s, uid(BLUE, INF), (13, 11))
    assert BOARD.at_bridge((13, 11), (13, 12))
    assert reach(s, BLUE, uid(BLUE, INF))[(13, 12)] == 1


def test_units_stop_on_moving_next_to_an_enemy():
    """C6: "Units must STOP as soon as they move adjacent to an enemy Unit"."""
    s = blank()
    u = put(s, uid(BLUE, INF), (10, 0))
    put(s, uid(RED, INF), (14, 1))
    r = reach(s, BLUE, u)
    assert (13, 0) in r            # next to the enemy: the unit may end there
    assert r[(16, 0)] > 18         # but not pass: the way round keeps out of the enemy's squares
    move(s, BLUE, u, (13, 0))
    assert u in s["halted"]
    refused(s, BLUE, {"type": "move", "unit": u, "to": [12, 0]})


def test_only_mountain_divisions_enter_mountains_at_one_square_each():
    """D1: "Only mountain divisions can move in mountain areas", one square of allowance per square."""
    s = blank()
    i = put(s, uid(BLUE, INF), (16, 14))
    m = put(s, uid(BLUE, MTN), (16, 15))
    assert (17, 14) not in reach(s, BLUE, i)
    assert reach(s, BLUE, m)[(17, 15)] == 3


def test_parachute_divisions_fly_anywhere_free_once_and_then_stop():
    """D3: "moved by air from any location to any location without any loss from the BTA ... only ONCE"."""
    s = blank()
    p = put(s, uid(BLUE, PARA), (20, 5))
    act(s, BLUE, {"type": "drop", "unit": p, "to": [30, 30]})
    assert at(s, p) == (30, 30) and s["allowance"] == 90
    refused(s, BLUE, {"type": "drop", "unit": p, "to": [30, 31]})
    refused(s, BLUE, {"type": "move", "unit": p, "to": [30, 29]})


def test_a_parachute_division_that_moved_by_land_does_not_fly():
    """D3: the air move is the division's one move of the turn."""
    s = blank()
    p = put(s, uid(BLUE, PARA), (20, 5))
    move(s, BLUE, p, (21, 5))
    refused(s, BLUE, {"type": "drop", "unit": p, "to": [30, 30]})


def test_sea_movement_is_free_between_friendly_docks_land_legs_counted():
    """D4: "Movement by sea ... without any loss from the BTA" from a friendly port's dock to a friendly
    port's dock; "Land moves to and from ports must be counted"."""
    s = blank(line_cost="pooled")   # costs in thirds of a square, as the route runs
    u = put(s, uid(BLUE, INF), (5, 3))
    r = reach(s, BLUE, u)
    assert r[(2, 13)] == 2      # two city steps to the dock, the sea leg free
    move(s, BLUE, u, (2, 13))
    assert s["allowance"] == 88


def test_no_sea_movement_into_an_enemy_port():
    """D4: ships land only in the dock area of a FRIENDLY port."""
    s = blank()
    u = put(s, uid(BLUE, INF), (3, 3))
    assert (2, 22) not in reach(s, BLUE, u) or reach(s, BLUE, u)[(2, 22)] > 0
    s["ports"]["Gull Harbor"] = RED
    assert (2, 12) not in reach(s, BLUE, u) or reach(s, BLUE, u)[(2, 12)] > 0


def test_amphibious_divisions_sail_from_a_friendly_port_to_beaches():
    """D4: "Amphibious divisions must leave from a friendly port and can only land on beaches"."""
    s = blank()
    a = put(s, uid(BLUE, AMPH), (3, 3))
    i = put(s, uid(BLUE, INF), (3, 4))
    assert reach(s, BLUE, a)[(2, 20)] == 0          # Heron Sands, on Red's coast
    assert (2, 20) not in reach(s, BLUE, i) or reach(s, BLUE, i)[(2, 20)] > 0


def test_a_port_is_seized_by_land_when_its_defenders_are_gone():
    """D4: a port may be seized by land forces; while the owner still holds part of it, it stays his."""
    s = blank(active=RED)
    r = put(s, uid(RED, INF), (3, 15))
    b = put(s, uid(BLUE, INF), (3, 12))
    move(s, RED, r, (2, 14))
    assert s["ports"]["Gull Harbor"] == BLUE
    s["units"][b]["at"], s["units"][b]["status"] = None, "eliminated"
    s["halted"] = []
    move(s, RED, r, (2, 13))
    assert s["ports"]["Gull Harbor"] == RED


def test_a_parachute_division_may_seize_a_port_directly():
    """D4: "parachute divisions may directly seize a port"."""
    s = blank(active=RED)
    p = put(s, uid(RED, PARA), (30, 30))
    act(s, RED, {"type": "drop", "unit": p, "to": [4, 4]})
    assert s["ports"]["Northport"] == RED


def test_one_unit_to_a_square():
    """C: each unit fits a square; no move ends on another unit."""
    s = blank()
    u = put(s, uid(BLUE, INF), (10, 0))
    put(s, uid(BLUE, INF2), (12, 0))
    assert (12, 0) not in reach(s, BLUE, u)
    refused(s, BLUE, {"type": "move", "unit": u, "to": [12, 0]})


class _EvictedUnderneath(dict):
    """A moves cache as another thread leaves it: the oldest key it iterates was already evicted."""

    def __iter__(self):
        yield ("gone",)


def test_the_moves_cache_survives_another_thread_evicting_its_oldest_entry_first(monkeypatch):
    """The window and an expert's search thread list moves at once (bots/background.py): when the entry
    one of them would evict is already gone, listing goes on instead of raising KeyError in the search."""
    from engine.ah_tactics import listing
    cache = _EvictedUnderneath({("a",): [], ("b",): [], ("c",): [], ("d",): []})
    monkeypatch.setattr(listing, "_CACHE", cache)
    listing._evict_oldest()
    assert len(cache) == 4
    cache.clear()
    monkeypatch.setattr(listing, "_CACHE", {("a",): [], ("b",): []})
    listing._evict_oldest()
    assert list(listing._CACHE) == [("b",)], "with nobody in the way the oldest entry goes"
