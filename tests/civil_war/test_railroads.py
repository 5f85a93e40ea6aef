"""Railroads: rides of three squares for infantry, cuts by units on a section between cities."""
from engine.civil_war import board as board_module
from engine.civil_war.railroads import cut_links, cut_sections
from tests.civil_war.helpers import NORTH, SOUTH, can_move, empty, move, place, refused

CHICAGO, MC1, MC2, MC3, DETROIT = (6, 2), (7, 1), (8, 1), (9, 1), (10, 1)   # the Michigan Central


def test_infantry_on_a_railroad_rides_up_to_three_squares():
    """Infantry on a railroad at the start of the turn may move up to three spaces along it."""
    s = empty(turn=NORTH)
    place(s, NORTH, (17, 3), infantry=2)   # Philadelphia
    assert can_move(s, NORTH, (17, 3), [(16, 3), (15, 3), (14, 3)], infantry=2)   # to Altoona
    assert not can_move(s, NORTH, (17, 3), [(16, 3), (15, 3), (14, 3), (13, 3)], infantry=2)


def test_a_ride_follows_the_rails_only():
    s = empty(turn=NORTH)
    place(s, NORTH, (17, 3), infantry=1)
    assert not can_move(s, NORTH, (17, 3), [(16, 2), (15, 2)], infantry=1)


def test_cavalry_may_not_ride_but_uses_the_bed_at_normal_speed():
    """Cavalry may not ride the railroad, only move their one or two squares along the bed."""
    s = empty(turn=NORTH)
    place(s, NORTH, CHICAGO, cavalry=1)
    assert can_move(s, NORTH, CHICAGO, [MC1, MC2], cavalry=1)
    assert not can_move(s, NORTH, CHICAGO, [MC1, MC2, MC3], cavalry=1)


def test_a_stack_with_cavalry_does_not_ride():
    s = empty(turn=NORTH)
    place(s, NORTH, CHICAGO, infantry=1, cavalry=1)
    assert not can_move(s, NORTH, CHICAGO, [MC1, MC2], infantry=1, cavalry=1)


def test_infantry_that_walked_onto_the_line_this_turn_cannot_ride():
    """Only infantry on the railroad at the start of the turn rides."""
    s = empty(turn=NORTH)
    place(s, NORTH, (6, 1), infantry=1)
    move(s, NORTH, (6, 1), [CHICAGO], infantry=1)
    refused(s, NORTH, {"type": "move", "from": list(CHICAGO), "path": [list(MC1), list(MC2)], "units": {"infantry": 1}})


def test_an_enemy_unit_on_a_section_between_cities_cuts_it():
    """Any unit on an unoccupied section of track between two cities cuts it for the enemy while it stays."""
    s = empty(turn=NORTH)
    place(s, NORTH, CHICAGO, infantry=1)
    assert can_move(s, NORTH, CHICAGO, [MC1, MC2], infantry=1)
    place(s, SOUTH, MC3, cavalry=1)          # far end of the same section
    assert not can_move(s, NORTH, CHICAGO, [MC1, MC2], infantry=1)
    board = board_module.load()
    assert board.link_section[frozenset((CHICAGO, MC1))] in cut_sections(board, s, NORTH)
    assert [list(CHICAGO), list(MC1)] in cut_links(board, s, NORTH)
    assert cut_sections(board, s, SOUTH) == set()   # a cut hurts only the enemy
    # walking the bed at normal speed is still allowed
    assert can_move(s, NORTH, CHICAGO, [MC1], infantry=1)


def test_the_cut_ends_when_the_unit_leaves():
    s = empty(turn=SOUTH)
    place(s, NORTH, CHICAGO, infantry=1)
    place(s, SOUTH, MC3, cavalry=1)
    move(s, SOUTH, MC3, [(9, 0)], cavalry=1)
    s["turn"] = NORTH
    assert can_move(s, NORTH, CHICAGO, [MC1, MC2], infantry=1)


def test_holding_a_city_at_the_end_of_a_section_does_not_cut_it():
    """Occupying a city at one end of a railroad does not cut it."""
    s = empty(turn=NORTH)
    place(s, NORTH, CHICAGO, infantry=1)
    place(s, SOUTH, DETROIT, infantry=1)
    assert can_move(s, NORTH, CHICAGO, [MC1, MC2, MC3], infantry=1)


def test_cut_sections_and_links_are_the_cuts_found_from_every_section_afresh():
    """The cuts read through the board's tables (each interior square's section, the links in order) are the
    cuts found as first written: every section against the enemy's squares, every link sorted afresh; with
    units of both sides on every rail square in turn, and on several at once."""
    board = board_module.load()

    def reference_sections(state, side):
        enemy_squares = {(u["at"][0], u["at"][1]) for u in state["units"] if u["side"] != side}
        return {i for i, interior in enumerate(board.sections) if interior & enemy_squares}

    def reference_links(state, side):
        cuts = reference_sections(state, side)
        return sorted([list(a), list(b)] for a, b in (sorted(link) for link, index in board.link_section.items()
                                                      if index in cuts))

    rail = sorted(board.rail)
    layouts = [[sq] for sq in rail] + [rail[i::7] for i in range(7)] + [rail]
    for layout, who in ((layout, who) for layout in layouts for who in (SOUTH, NORTH)):
        s = empty()
        for sq in layout:
            place(s, who, sq, infantry=1)
        for side in (SOUTH, NORTH):
            assert cut_sections(board_module.load(), s, side) == reference_sections(s, side)
            assert cut_links(board_module.load(), s, side) == reference_links(s, side)
    assert any(reference_sections(s, side) for side in (SOUTH, NORTH))
