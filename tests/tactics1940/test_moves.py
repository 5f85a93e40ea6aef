"""Moving pieces (Rules 4, 8 and 9, figure G)."""
from engine import tactics1940 as game
from tests.tactics1940.helpers import A, B, NORTH_HOME, T, act, at, can_move, cleared, move, moves_of, put, refused


def test_a_battleship_moves_one_square_in_any_direction_on_water():
    """Rule 9: battleships move one square at a time, forwards, backwards, sideways and diagonally."""
    state = cleared()
    ship = put(state, 0, B, (5, 5))
    assert sorted(p[0] for p in moves_of(state, 0, ship)) == sorted(
        [(4, 4), (5, 4), (6, 4), (4, 5), (6, 5), (4, 6), (5, 6), (6, 6)])
    assert not can_move(state, 0, ship, (7, 5))


def test_no_two_pieces_share_a_square():
    """Rule 9: no two pieces may occupy the same square at the same time."""
    state = cleared()
    ship = put(state, 0, B, (5, 5))
    put(state, 0, T, (5, 4))
    put(state, 1, B, (6, 5))
    assert not can_move(state, 0, ship, (5, 4))
    assert not can_move(state, 0, ship, (6, 5))


def test_a_transport_moves_straight_but_never_diagonally():
    """Rule 9: transports move forward, backward and sideways only, not diagonally."""
    state = cleared()
    ship = put(state, 0, T, (5, 5))
    assert sorted(p[0] for p in moves_of(state, 0, ship)) == [(4, 5), (5, 4), (5, 6), (6, 5)]
    refused(state, 0, {"type": "move", "piece": ship["id"], "path": [[6, 6]]})


def test_a_piece_leaving_the_safety_zone_may_go_to_any_neighbouring_square():
    """Rule 4: moving a piece out of the safety zone, it may go to any adjacent square in any direction."""
    state = cleared()
    ship = put(state, 0, T, (6, 6))
    options = {p[0] for p in moves_of(state, 0, ship)}
    assert (5, 5) in options                    # diagonally out of the zone
    assert (7, 7) not in options                # but not diagonally within it
    assert {(5, 6), (6, 5), (7, 6), (6, 7)} <= options


def test_battleships_stay_off_home_land_but_may_enter_a_seaport():
    """Rule 9: battleships may not enter a home area beyond its seaport squares."""
    state = cleared()
    ship = put(state, 0, B, (7, 3))
    options = {p[0] for p in moves_of(state, 0, ship)}
    assert {(7, 2), (8, 2)} <= options
    state = cleared()
    ship = put(state, 0, B, (7, 2))
    assert not any(sq in NORTH_HOME.land for p in moves_of(state, 0, ship) for sq in p)


def test_transports_go_anywhere_but_plane_bases():
    """Rule 9 (THE MOVES): transports may move to any playing space except plane bases."""
    state = cleared()
    ship = put(state, 0, T, (5, 1))
    options = {p[0] for p in moves_of(state, 0, ship)}
    assert (5, 0) not in options and (5, 2) in options and (6, 1) in options


def test_airplanes_do_not_move():
    """Rule 9: airplanes do not move off their bases except on a chance card's direction."""
    state = cleared()
    plane = put(state, 0, A, (5, 0))
    assert moves_of(state, 0, plane) == []
    refused(state, 0, {"type": "move", "piece": plane["id"], "path": [[6, 0]]})


def test_figure_g_only_the_open_centre_squares_lead_out_of_port():
    """Figure G: in or out of a seaport only through the two open centre squares; the solid lines
    (straight out, or crossing between the two open squares and the two in front) are allowed,
    the broken line (from an outer seaport square, or past the end of the coast) is not."""
    state = cleared()
    centre = put(state, 0, B, (7, 2))
    outer = put(state, 0, B, (9, 2))
    out_of_centre = {p[0] for p in moves_of(state, 0, centre) if p[0] not in NORTH_HOME.squares}
    assert out_of_centre == {(7, 3), (8, 3)}
    assert not any(p[0] not in NORTH_HOME.squares for p in moves_of(state, 0, outer))
    assert not can_move(state, 0, outer, (9, 3))          # straight out of an outer square: coast
    assert not can_move(state, 0, outer, (8, 3))          # diagonally from an outer square: the broken line
    assert not can_move(state, 0, centre, (6, 3))         # past the end of the coast
    inbound = put(state, 1, B, (9, 3))
    assert not can_move(state, 1, inbound, (9, 2)) and not can_move(state, 1, inbound, (8, 2))


def test_transports_leave_home_land_only_through_the_seaport():
    """Rule 9: a transport on home land cannot step straight into the sea next to it."""
    state = cleared()
    ship = put(state, 0, T, (5, 2))
    assert (5, 3) not in {p[0] for p in moves_of(state, 0, ship)}


def test_a_move_passes_the_turn_to_the_left_after_the_card():
    """Rule 8: a move is a piece moved and a card drawn and acted upon; then the player to the left moves."""
    state = cleared(n=4)
    ship = put(state, 0, B, (5, 5))
    events = move(state, 0, ship, (5, 4))
    kinds = [e["type"] for e in events]
    assert kinds.index("moved") < kinds.index("drew") < kinds.index("turn")
    assert state["turn"] == 1 and game.to_act(state) == {1}
    assert at(state, ship) == (5, 4)


def test_a_player_who_cannot_move_passes_and_still_draws():
    state = cleared()
    plane = put(state, 0, A, (5, 0))
    assert game.legal(state, 0)["actions"] == [{"type": "pass"}]
    events = act(state, 0, {"type": "pass"})
    assert [e["type"] for e in events][:2] == ["passed", "drew"]
    assert plane["at"] == [5, 0]


def test_passing_is_refused_while_a_piece_can_move():
    state = cleared()
    put(state, 0, B, (5, 5))
    refused(state, 0, {"type": "pass"})


def test_moving_another_players_piece_or_out_of_turn_is_refused():
    state = cleared()
    mine = put(state, 0, B, (5, 5))
    theirs = put(state, 1, B, (10, 10))
    refused(state, 0, {"type": "move", "piece": theirs["id"], "path": [[10, 9]]})
    refused(state, 1, {"type": "move", "piece": theirs["id"], "path": [[10, 9]]}, code="not_your_turn")
    refused(state, 0, {"type": "move", "piece": mine["id"], "path": [[5, 3]]})


def test_a_refused_move_names_the_rule_it_breaks():
    """Bad input gets a clear reason: each refused move says which rule of Rules 9 and 10 it breaks."""
    state = cleared()
    ship = put(state, 0, B, (7, 2))
    boat = put(state, 0, T, (5, 4))
    put(state, 0, T, (4, 4))
    put(state, 1, B, (8, 3))
    cases = [
        (ship, [[6, 3]], "In or out of a home area only through the two open centre squares of its seaport (Rule 9)."),
        (ship, [[7, 1]], "Battleships stay on sea squares, the safety zone and seaport squares, never on home land "
                         "(Rule 9)."),
        (ship, [[8, 3]], "No two pieces may occupy the same square (Rule 9): that square is taken."),
        (boat, [[6, 5]], "Transports move straight forward, backward and sideways only, never diagonally (Rule 9)."),
        (boat, [[5, 6]], "A transport moves one square at a time and never jumps (Rules 9 and 10)."),
    ]
    for p, path, reason in cases:
        assert refused(state, 0, {"type": "move", "piece": p["id"], "path": path}) == reason, path
    jumper = put(state, 0, B, (3, 4))
    assert refused(state, 0, {"type": "move", "piece": jumper["id"], "path": [[5, 4]]}) == \
        "Nobody may jump his own transports (Rule 10)."


def test_a_piece_with_no_move_is_told_why():
    """Rule 9 (one square at a time, no two pieces on a square; airplanes do not move) and Rule 13 (a
    neutral ordered aside must move that piece): the rules say why a piece of the player to move is stuck."""
    from engine.tactics1940 import queries
    state = cleared()
    plane = put(state, 0, A, (5, 0))
    boxed = put(state, 0, T, (4, 3))                 # NW 1: off squares above and left
    put(state, 1, B, (5, 3))
    put(state, 1, B, (4, 4))
    free = put(state, 0, T, (11, 11))
    view = {"public": game.view(state, 0)["public"], "private": {}}
    assert queries.stuck(view, 0, plane["id"]) == \
        "Airplanes never move; they act only when a chance card sends them (Rule 9)."
    assert queries.stuck(view, 0, boxed["id"]) == \
        "Every square that piece could move to is taken or closed to it (Rule 9)."
    assert queries.stuck(view, 0, free["id"]) is None
