"""Key cities, capitals and fortification."""
from engine.legal import all_actions
from engine import civil_war as cw
from engine.civil_war.battle import defence
from engine.civil_war.board import load
from engine.civil_war.pieces import pieces
from tests.civil_war.helpers import NORTH, SOUTH, act, empty, here, move, place, refused

BOARD = load()
PITTSBURGH, ATLANTA, CHATTANOOGA = (13, 3), (9, 9), (8, 8)
WASHINGTON, RICHMOND = (15, 4), (15, 6)


def test_entering_an_empty_northern_key_city_costs_the_north_two_of_its_choosing():
    """A key city is captured by entering it unopposed; a northern one costs the North two pieces it picks."""
    s = empty()
    place(s, SOUTH, (12, 3), cavalry=1)
    place(s, NORTH, (16, 3), infantry=2, cavalry=1)
    before = pieces(s, NORTH)
    events = move(s, SOUTH, (12, 3), [PITTSBURGH], cavalry=1)
    assert s["flags"] == {"Pittsburgh": SOUTH}
    assert any(e["type"] == "captured" and e["cost"] == 2 for e in events)
    assert cw.to_act(s) == {NORTH}
    assert {a["type"] for a in all_actions(cw.legal(s, NORTH))} == {"choose_losses"}
    refused(s, NORTH, {"type": "choose_losses", "at": [16, 3], "units": {"infantry": 3}})
    refused(s, NORTH, {"type": "choose_losses", "at": [16, 3], "units": {"gunboat": 1}})
    act(s, NORTH, {"type": "choose_losses", "at": [16, 3], "units": {"cavalry": 1}})
    assert cw.to_act(s) == {NORTH}
    act(s, NORTH, {"type": "choose_losses", "at": [0, 1], "units": {"infantry": 1}})
    assert cw.to_act(s) == {SOUTH} and pieces(s, NORTH) == before - 2
    assert here(s, (16, 3), NORTH) == {"infantry": 2, "cavalry": 0, "gunboat": 0}


def test_a_southern_key_city_costs_the_south_one():
    """When a southern key city is captured, the South removes one piece."""
    s = empty(turn=NORTH)
    place(s, NORTH, (9, 8), infantry=1)
    events = move(s, NORTH, (9, 8), [ATLANTA], infantry=1)
    assert any(e["type"] == "captured" and e["city"] == "Atlanta" and e["cost"] == 1 for e in events)
    assert cw.to_act(s) == {SOUTH}
    assert s["pending"][0] == {"step": "losses", "seat": SOUTH, "count": 1, "city": "Atlanta"}


def test_each_city_costs_pieces_only_once():
    """Each key city can be captured for troop-destroying purposes only once a game."""
    s = empty(turn=NORTH)
    place(s, NORTH, (9, 8), infantry=1)
    move(s, NORTH, (9, 8), [ATLANTA], infantry=1)
    act(s, SOUTH, {"type": "choose_losses", "at": [0, 11], "units": {"infantry": 1}})
    act(s, NORTH, {"type": "end_turn"})
    move(s, SOUTH, (0, 11), [(1, 11)], infantry=1)
    act(s, SOUTH, {"type": "end_turn"})
    move(s, NORTH, ATLANTA, [(9, 8)], infantry=1)          # leave Atlanta...
    act(s, NORTH, {"type": "end_turn"})
    move(s, SOUTH, (1, 11), [(2, 11)], infantry=1)
    act(s, SOUTH, {"type": "end_turn"})
    events = move(s, NORTH, (9, 8), [ATLANTA], infantry=1)  # ...and march back in
    assert not any(e["type"] == "captured" for e in events) and not s["pending"]
    assert s["flags"] == {"Atlanta": NORTH}


def test_passing_through_a_city_does_not_take_it():
    """Our decision: a capture needs the move to end in the city."""
    s = empty()
    place(s, SOUTH, (12, 4), cavalry=1)
    move(s, SOUTH, (12, 4), [PITTSBURGH, (14, 2)], cavalry=1)
    assert s["flags"] == {}


def test_a_battle_that_wipes_out_the_defenders_takes_the_city():
    """A key city is also captured in a battle that destroys all its defenders."""
    s = empty()
    place(s, SOUTH, (12, 3), infantry=3)
    place(s, NORTH, PITTSBURGH, infantry=1)
    place(s, NORTH, (16, 3), infantry=3)
    move(s, SOUTH, (12, 3), [PITTSBURGH], infantry=3)   # only one outcome: settled at once
    assert s["flags"] == {"Pittsburgh": SOUTH} and s["pending"][0]["step"] == "losses"


def test_in_a_key_city_the_defenders_must_be_destroyed_entirely():
    """In a battle for a key city the defending troops must be entirely eliminated."""
    s = empty(turn=NORTH)
    place(s, NORTH, (8, 7), infantry=5)
    place(s, SOUTH, CHATTANOOGA, infantry=2, cavalry=1)
    move(s, NORTH, (8, 7), [CHATTANOOGA], infantry=5)
    # one choice left: all three defenders, two attackers; settled without asking
    assert here(s, CHATTANOOGA, SOUTH) == {"infantry": 0, "cavalry": 0, "gunboat": 0}
    assert here(s, CHATTANOOGA, NORTH)["infantry"] == 3 and s["flags"] == {"Chattanooga": NORTH}


def test_losing_more_than_you_have_removes_everything():
    """Our decision: a side owing at least as many pieces as it has loses them all at once (and the war)."""
    s2 = empty(reserves=False, turn=SOUTH)
    place(s2, SOUTH, (12, 3), cavalry=1)
    place(s2, SOUTH, (0, 11), cavalry=1)
    place(s2, NORTH, (0, 1), infantry=2)
    move(s2, SOUTH, (12, 3), [PITTSBURGH], cavalry=1)
    assert pieces(s2, NORTH) == 0
    assert cw.result(s2)["winners"] == [SOUTH]


def test_washington_garrison_counts_four():
    """Washington's permanent fortifications count as four units in a battle for the capital."""
    s = empty()
    assert defence(BOARD, s, WASHINGTON, NORTH) == 4
    place(s, NORTH, WASHINGTON, infantry=2)
    assert defence(BOARD, s, WASHINGTON, NORTH) == 6
    assert defence(BOARD, s, RICHMOND, SOUTH) == 5


def test_capturing_washington_takes_a_won_battle_and_costs_the_union_six():
    """A capital falls only to a won battle; Washington costs the Union six pieces of its choosing."""
    s = empty()
    place(s, SOUTH, (15, 5), cavalry=5)
    place(s, NORTH, (16, 2), infantry=8)
    refused(s, SOUTH, {"type": "move", "from": [15, 5], "path": [list(WASHINGTON)], "units": {"cavalry": 2}})
    move(s, SOUTH, (15, 5), [WASHINGTON], cavalry=5)     # 5 against the garrison's 4: lose 3
    assert here(s, WASHINGTON, SOUTH)["cavalry"] == 2
    assert s["flags"] == {"Washington": SOUTH}
    assert s["pending"][0] == {"step": "losses", "seat": NORTH, "count": 6, "city": "Washington"}
    assert cw.view(s, None)["public"]["garrisons"]["Washington"] == 0


def test_capturing_richmond_costs_the_south_five():
    s = empty(turn=NORTH)
    place(s, NORTH, (15, 5), infantry=6)
    place(s, SOUTH, (10, 12), infantry=6)
    move(s, NORTH, (15, 5), [RICHMOND], infantry=6)
    assert s["flags"] == {"Richmond": NORTH} and s["pending"][0]["count"] == 5
    assert here(s, RICHMOND, NORTH)["infantry"] == 2


def test_an_even_battle_for_a_capital_is_a_coin_toss():
    s = empty()
    place(s, SOUTH, (15, 5), cavalry=4)
    events = move(s, SOUTH, (15, 5), [WASHINGTON], cavalry=4)
    assert any(e["type"] == "coin" for e in events)


def test_entering_your_own_capital_is_no_battle():
    s = empty(turn=NORTH)
    place(s, NORTH, (15, 5), infantry=1)
    events = move(s, NORTH, (15, 5), [WASHINGTON], infantry=1)
    assert [e["type"] for e in events] == ["moved"]


def fortified_chattanooga():
    s = empty()
    place(s, SOUTH, CHATTANOOGA, infantry=2)
    act(s, SOUTH, {"type": "fortify", "at": list(CHATTANOOGA)})
    return s


def test_fortifying_doubles_troops_in_a_key_city():
    """A fortification marker doubles the fighting strength of troops in a key city: two count four."""
    s = fortified_chattanooga()
    assert s["fortified"] == {"Chattanooga": SOUTH}
    assert defence(BOARD, s, CHATTANOOGA, SOUTH) == 4


def test_fortifying_takes_the_turn_and_not_the_turn_troops_entered():
    """It takes one turn to fortify; troops cannot enter a city and fortify on the same turn."""
    s = empty()
    place(s, SOUTH, (8, 9), infantry=1)
    move(s, SOUTH, (8, 9), [CHATTANOOGA], infantry=1)
    refused(s, SOUTH, {"type": "fortify", "at": list(CHATTANOOGA)})
    s2 = fortified_chattanooga()
    refused(s2, SOUTH, {"type": "move", "from": list(CHATTANOOGA), "path": [[8, 9]], "units": {"infantry": 1}})


def test_no_fortifying_capitals_or_gunboats():
    """Capitals cannot be fortified (they have garrisons), nor can gunboats."""
    s = empty()
    place(s, SOUTH, RICHMOND, infantry=2)
    refused(s, SOUTH, {"type": "fortify", "at": list(RICHMOND)})
    place(s, SOUTH, (13, 10), gunboat=1)     # Charleston
    refused(s, SOUTH, {"type": "fortify", "at": [13, 10]})
    place(s, SOUTH, (13, 10), infantry=1)
    act(s, SOUTH, {"type": "fortify", "at": [13, 10]})
    assert defence(BOARD, s, (13, 10), SOUTH) == 3   # the gunboat still counts one


def test_reinforcements_count_double_and_stay_until_unfortified():
    """Each unit moved into a fortified city counts two, and cannot leave until the marker is removed."""
    s = fortified_chattanooga()
    place(s, SOUTH, (8, 9), infantry=1)
    move(s, SOUTH, (8, 9), [CHATTANOOGA], infantry=1)
    assert defence(BOARD, s, CHATTANOOGA, SOUTH) == 6
    act(s, SOUTH, {"type": "end_turn"})
    move(s, NORTH, (0, 1), [(1, 1)], infantry=1)
    act(s, NORTH, {"type": "end_turn"})
    refused(s, SOUTH, {"type": "move", "from": list(CHATTANOOGA), "path": [[8, 9]], "units": {"infantry": 1}})
    act(s, SOUTH, {"type": "unfortify", "at": list(CHATTANOOGA)})
    # removing the marker and marching out may not happen on the same turn
    refused(s, SOUTH, {"type": "move", "from": list(CHATTANOOGA), "path": [[8, 9]], "units": {"infantry": 1}})
    assert s["fortified"] == {} and defence(BOARD, s, CHATTANOOGA, SOUTH) == 3
    act(s, SOUTH, {"type": "end_turn"})
    move(s, NORTH, (0, 1), [(1, 1)], infantry=1)
    act(s, NORTH, {"type": "end_turn"})
    move(s, SOUTH, CHATTANOOGA, [(8, 9)], infantry=3)


def test_a_fortified_city_needs_a_larger_force_to_take():
    """Battle strength counts fortified troops double: four attackers only draw against two fortified."""
    s = fortified_chattanooga()
    act(s, SOUTH, {"type": "end_turn"})
    place(s, NORTH, (8, 7), infantry=5)
    move(s, NORTH, (8, 7), [CHATTANOOGA], infantry=5)
    # 5 against 4: every defender must go, at a cost of three attackers
    assert here(s, CHATTANOOGA, NORTH)["infantry"] == 2 and s["fortified"] == {}


def _six_cities_fortified() -> dict:
    """Six of the seven key cities fortified (the North its four, the South Chattanooga and Charleston),
    and unmoved Confederate infantry in Atlanta, the seventh."""
    s = empty()
    for city in ("St. Louis", "Indianapolis", "Pittsburgh", "Baltimore"):
        place(s, NORTH, BOARD.cities[city].at, infantry=1)
        s["fortified"][city] = NORTH
    for city in ("Chattanooga", "Charleston", "Atlanta"):
        place(s, SOUTH, BOARD.cities[city].at, infantry=1)
    s["fortified"]["Chattanooga"] = s["fortified"]["Charleston"] = SOUTH
    return s


def test_only_six_fortification_markers_exist():
    """Equipment: six doubling pieces in all. With six cities fortified, a seventh cannot be until one
    marker is taken off."""
    s = _six_cities_fortified()
    assert cw.view(s, None)["public"]["markers_left"]["fortification"] == 0
    message = refused(s, SOUTH, {"type": "fortify", "at": list(ATLANTA)})
    assert "6 fortification markers" in message
    assert {"type": "fortify", "at": list(ATLANTA)} not in all_actions(cw.legal(s, SOUTH))
    act(s, SOUTH, {"type": "unfortify", "at": list(BOARD.cities["Charleston"].at)})
    assert cw.view(s, None)["public"]["markers_left"]["fortification"] == 1
    assert {"type": "fortify", "at": list(ATLANTA)} in all_actions(cw.legal(s, SOUTH))
    act(s, SOUTH, {"type": "fortify", "at": list(ATLANTA)})
    assert len(s["fortified"]) == 6 and s["fortified"]["Atlanta"] == SOUTH


def test_only_the_cities_at_stake_can_cost_a_side_pieces():
    """Every square of the board, for either side, with no city fallen or all of them: a city costs pieces only
    if `cities.at_stake` lists it (what the evaluation walks instead of every square)."""
    from engine.civil_war import cities
    board = BOARD
    listed = {sq for sq, _ in cities.at_stake(board)}
    for flags in ({}, {c.name: 0 for c in board.cities.values()}, {"Washington": 0, "Atlanta": 1}):
        s = empty()
        s["flags"] = flags
        for sq in board.squares:
            for side in (SOUTH, NORTH):
                assert sq in listed or not cities.cost_of_losing(board, s, sq, side)
    assert len(listed) == 9
