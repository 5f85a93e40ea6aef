"""Blockade and the end of the game (Rules 2, 8 and 13, figures A, B and C).

The figures are reconstructed on North's seaport (docs/tactics1940.md): the open squares are
(7,2) and (8,2), the squares in front of them (7,3) and (8,3), the outer seaport squares (6,2)
and (9,2). North (seat 0) defends; South (seat 1) blockades.
"""
from engine import tactics1940 as game
from engine.tactics1940 import blockade, deck
from engine.tactics1940.moves import crosses, piece_moves
from engine.tactics1940.pieces import occupancy
from tests.tactics1940.helpers import A, B, BOARD, T, act, at, cleared, move, put, refused, stack

OPEN_L, OPEN_R, FRONT_L, FRONT_R = (7, 2), (8, 2), (7, 3), (8, 3)


def north_blockaded(state) -> bool:
    return blockade.blockaded(BOARD, state, 0)


def keep_south_alive(state):
    """South's far-away reserve, so the test positions are not about an empty board."""
    put(state, 1, A, (9, 15))


# ----- figure A: open seaport squares defended by transports only --------------------------

def position(defenders, blockaders):
    """A cleared board with South's far-away reserve, North's `defenders` and South's `blockaders`, each a
    list of (kind, square)."""
    state = cleared()
    keep_south_alive(state)
    for seat, pieces in ((0, defenders), (1, blockaders)):
        for kind, sq in pieces:
            put(state, seat, kind, sq)
    return state


def figure_a(*blockaders):
    return position([(T, OPEN_L), (T, OPEN_R),
                     (T, (7, 1)), (B, (9, 2))],   # more transports inside, free to shuffle about
                    blockaders)


def test_figure_a_no_a_transport_can_still_sail_out():
    """Figure A, NO: the dotted line shows a defending transport leaving port through the free square."""
    assert not north_blockaded(figure_a((T, FRONT_L)))


def test_figure_a_yes_the_added_piece_shuts_the_port():
    """Figure A, YES: one more piece in front makes further movement out of port impossible
    (transports never move diagonally)."""
    assert north_blockaded(figure_a((T, FRONT_L), (T, FRONT_R)))


# ----- figure B: a transport and a battleship defend the open squares ----------------------

def figure_b(*blockaders):
    return position([(T, OPEN_L), (B, OPEN_R)], blockaders)


def test_figure_b_no_the_battleship_jumps_out_over_a_blockading_transport():
    """Figure B, NO: two transports in front do not hold a battleship that can jump one of them."""
    assert not north_blockaded(figure_b((T, FRONT_L), (T, FRONT_R)))


def test_figure_b_yes_pieces_behind_the_transports_leave_no_landing():
    """Figure B, YES: the squares beyond the jumpable transports filled, nothing gets out."""
    assert north_blockaded(figure_b((T, FRONT_L), (T, FRONT_R), (T, (8, 4)), (T, (6, 4))))


# ----- figure C: battleships defend the open squares -----------------------------------------

def figure_c(*blockaders, defender_outside=None):
    state = cleared()
    keep_south_alive(state)
    put(state, 0, B, OPEN_L)
    put(state, 0, B, OPEN_R)
    if defender_outside:
        put(state, 0, B, defender_outside)
    for kind, sq in blockaders:
        put(state, 1, kind, sq)
    return state


def test_figure_c_no_a_transport_in_front_of_a_battleship_is_jumped():
    """Figure C, NO: a battleship and a transport in front; the defending battleship jumps the transport."""
    assert not north_blockaded(figure_c((B, FRONT_L), (T, FRONT_R)))


def test_figure_c_yes_two_battleships_in_front_cannot_be_jumped():
    """Figure C, YES: battleships cannot be jumped, so two in front shut the port."""
    assert north_blockaded(figure_c((B, FRONT_L), (B, FRONT_R)))


def test_a_possible_trap_of_a_blockader_does_not_void_the_blockade():
    """Rule 13: that the losing player might destroy a blockading piece on his next move does not void it
    (North's ship at (6,5) could move to (7,4) and trap the blockader at (7,3) against (7,2))."""
    state = figure_c((B, FRONT_L), (B, FRONT_R), defender_outside=(6, 5))
    assert north_blockaded(state)


# ----- a defender shut in the mouth of his own seaport ----------------------------------------

def shut_in_the_mouth(*blockaders):
    """North's transports on both open squares and on the square in front of the left one; South's
    pieces on the squares round that front square (x 6-9, y 1-4; N North, S South, . free water):

          6  7  8  9
       1  .  .  .  .      (North's land: empty)
       2  .  N  N  .      the seaport: N on both open squares
       3  S  N  S  .      N on the front square (7,3), S on both sides of it
       4  .  S  .  .      S below it
    """
    return position([(T, OPEN_L), (T, OPEN_R), (T, FRONT_L)], blockaders)


def test_a_defender_shut_in_the_mouth_of_his_own_seaport_is_blockaded():
    """Rule 13: blockade is "placing his playing pieces in such a way as to prevent any of his playing
    pieces, actually in the vicinity, from getting in or getting out of his SEAPORT on his next move",
    and a piece "trapped within the blockade, but outside the SEAPORT, it must be blocked from making any
    further move". No North piece can leave the home area and the front transport cannot move at all,
    although two passages of the mouth are held only by North's own transport."""
    assert north_blockaded(shut_in_the_mouth((T, (6, 3)), (T, FRONT_R), (T, (7, 4))))


def test_the_shut_in_defender_with_one_side_free_is_no_blockade():
    """Rule 13: the piece trapped outside the seaport "must be blocked from making any further move
    before a blockade has been accomplished": with (7,4) free it can still sail away."""
    assert not north_blockaded(shut_in_the_mouth((T, (6, 3)), (T, FRONT_R)))


def test_a_port_shut_only_by_its_owners_own_pieces_is_no_blockade():
    """Rule 13: the blockade is accomplished by the belligerent "placing a sufficient number of playing
    pieces": North hemming in its own front transports with its own ships is not blockaded by anybody."""
    state = cleared()
    keep_south_alive(state)
    for sq in (OPEN_L, OPEN_R, FRONT_L, FRONT_R):
        put(state, 0, T, sq)
    for sq in ((6, 3), (7, 4), (8, 4), (9, 3)):
        put(state, 0, B, sq)
    occ, north = occupancy(state), BOARD.homes["North"]
    shut_in = [p for p in state["pieces"] if p["at"] is not None and tuple(p["at"]) in (FRONT_L, FRONT_R)]
    assert len(shut_in) == 2 and not any(piece_moves(BOARD, occ, p) for p in shut_in)
    assert not any(crosses(north, tuple(p["at"]), path) for p in state["pieces"] if p["at"] is not None
                   for path, _ in piece_moves(BOARD, occ, p))
    assert not north_blockaded(state)


# ----- the rulebook's other yes and no cases ---------------------------------------------------

def test_with_no_defender_near_the_two_open_squares_or_the_two_in_front_suffice():
    """Rule 13: with no defending piece in the vicinity, occupying the two open seaport squares, or the
    two squares directly in front of them, is a blockade."""
    for squares in ((OPEN_L, OPEN_R), (FRONT_L, FRONT_R)):
        state = cleared()
        put(state, 0, T, (5, 0 + 1))
        for sq in squares:
            put(state, 1, B, sq)
        assert north_blockaded(state), squares


def test_one_open_square_and_the_opposite_front_square_leave_a_diagonal_way_out():
    """Rule 13, "completely cut off from the sea": each of the four links of the mouth needs a blockader."""
    state = cleared()
    put(state, 1, B, OPEN_L)
    put(state, 1, B, FRONT_R)
    assert not north_blockaded(state)


def test_an_empty_mouth_is_not_a_blockade():
    state = cleared()
    put(state, 0, T, (5, 1))
    assert not north_blockaded(state)


def test_a_defender_shut_in_outside_the_seaport_must_be_unable_to_move():
    """Rule 13: a losing player's piece trapped within the blockade but outside the seaport must be
    blocked from making any further move before the blockade is accomplished."""
    state = cleared()
    keep_south_alive(state)
    put(state, 1, B, OPEN_L)
    put(state, 1, B, OPEN_R)
    put(state, 0, T, FRONT_L)                  # North's transport in front of its own port
    put(state, 1, B, FRONT_R)
    put(state, 1, T, (7, 4))
    assert not north_blockaded(state)          # it can still step to (6,3)
    put(state, 1, T, (6, 3))
    assert north_blockaded(state)


def test_the_search_finds_a_way_in_by_two_jumps():
    """Rule 13 is tested exactly, over every move: a battleship two jumps away can still get in."""
    state = cleared()
    keep_south_alive(state)
    put(state, 1, T, FRONT_L)
    put(state, 1, B, FRONT_R)
    put(state, 1, T, (6, 5))
    put(state, 0, B, (5, 6))                   # (5,6) over (6,5) to (7,4), over (7,3) into (7,2)
    assert not north_blockaded(state)
    stepping_stone = next(p for p in state["pieces"] if p["at"] == [6, 5])
    stepping_stone["at"] = [9, 5]              # without the first transport to jump, there is no way in
    assert north_blockaded(state)


def test_meaningless_moves_inside_the_home_area_do_not_delay_a_blockade():
    """Rule 13: the player about to be blockaded cannot delay it by meaningless moves: moves inside his
    home area (here many) do not count as getting in or out."""
    state = figure_a((T, FRONT_L), (T, FRONT_R))
    for sq in ((5, 1), (6, 1), (9, 1)):
        put(state, 0, T, sq)
    assert north_blockaded(state)


def test_neutral_pieces_neither_blockade_nor_spoil_a_blockade():
    """Rule 13: only a belligerent can blockade and neutral pieces cannot interfere."""
    state = cleared(n=3)
    put(state, 2, B, FRONT_L)                  # seat 2 is South in a three-player game
    put(state, 1, T, FRONT_R)                  # East, neutral
    assert not blockade.blockaded(BOARD, state, 0)
    state = cleared(n=3)
    put(state, 0, T, OPEN_L)
    put(state, 2, B, FRONT_L)
    put(state, 2, B, FRONT_R)
    put(state, 1, B, (7, 4))                   # a neutral ship beside the blockade changes nothing
    assert blockade.blockaded(BOARD, state, 0)


def test_a_neutral_at_war_blockades_with_its_ally():
    """Rules 13 and 15: a belligerent alone or together with an ally blockades."""
    state = cleared(n=3)
    state["camp"][1] = "South"
    put(state, 2, B, FRONT_L)
    put(state, 1, B, FRONT_R)
    assert blockade.blockaded(BOARD, state, 0)


# ----- the end of the game -----------------------------------------------------------------------

def test_the_game_ends_the_moment_a_move_and_its_card_complete_a_blockade():
    """Rules 8 and 13: when the move (card included) is complete and the port is blockaded, the game ends."""
    state = cleared(turn=1)
    put(state, 0, T, (5, 1))
    put(state, 1, B, FRONT_L)
    mover = put(state, 1, B, (9, 4))
    events = move(state, 1, mover, FRONT_R)
    assert [e["type"] for e in events][-3:] == ["blockade", "jackpot", "game_over"]
    assert game.result(state)["reason"] == "South blockaded North's seaport"
    assert game.to_act(state) == set() and game.legal(state, 0) == {"actions": []}


def test_a_card_that_undoes_the_blockade_comes_first():
    """Rule 8: the move is not complete until the card is acted upon; Storm at Sea takes the blockader's
    only transport, so there is no blockade."""
    state = cleared(turn=1)
    put(state, 0, T, (5, 1))
    put(state, 1, B, FRONT_L)
    mover = put(state, 1, T, (8, 4))
    stack(state, deck.STORM_AT_SEA)
    move(state, 1, mover, FRONT_R)
    assert at(state, mover) is None and game.result(state) is None and state["turn"] == 0


def test_a_belligerent_orders_a_neutral_piece_out_of_the_way_and_it_must_go():
    """Rule 13: a neutral piece in the way must move out on the neutral's next move if the blockading
    belligerent demands."""
    state = cleared(n=3, turn=2)               # South to move; East (seat 1) sits in front of North's port
    keep = put(state, 2, B, FRONT_L)
    neutral = put(state, 1, T, FRONT_R)
    other = put(state, 1, T, (11, 11))
    assert {"type": "demand", "piece": neutral["id"]} in game.legal(state, 2)["actions"]
    act(state, 2, {"type": "demand", "piece": neutral["id"]})
    assert state["turn"] == 2                  # a demand is no move: South moves on
    move(state, 2, keep, (7, 4))
    assert state["turn"] == 0
    move(state, 0, put(state, 0, B, (11, 4)), (11, 3))
    assert state["turn"] == 1
    pieces_offered = {a["piece"] for a in game.legal(state, 1)["actions"] if a["type"] == "move"}
    assert pieces_offered == {neutral["id"]} and other["id"] not in pieces_offered
    ends = {tuple(a["path"][-1]) for a in game.legal(state, 1)["actions"] if a["type"] == "move"}
    assert ends == {(8, 4), (9, 3)}            # away from the mouth, never into North's seaport (8,2)
    move(state, 1, neutral, (8, 4))
    assert state["demands"]                    # still in the vicinity: the demand stands
    state["turn"] = 1                          # East's next turn (the others' moves do not matter here)
    ends = {tuple(a["path"][-1]) for a in game.legal(state, 1)["actions"] if a["type"] == "move"}
    assert ends and not ends & BOARD.homes["North"].vicinity
    move(state, 1, neutral, sorted(ends)[0])
    assert state["demands"] == []


# ----- a neutral ordered out of the way: off the blockade's squares, never into the seaport --------

def east_ship_ordered_aside(*others):
    """Three seats (North 0, East 1, South 2). East's battleship sits on North's front square (8,3);
    South orders it aside, and it is East's turn. `others` are (seat, kind, square) placed first
    (x 6-9, y 1-4; E East's ship, N North's transport far inside):

          6  7  8  9
       1  .  .  .  .
       2  .  .  .  .      North's seaport, empty: its open squares (7,2) and (8,2) are free water
       3  .  .  E  .
       4  .  .  .  .
    """
    state = cleared(n=3, turn=2)
    put(state, 0, T, (5, 1))
    for seat, kind, sq in others:
        put(state, seat, kind, sq)
    ship = put(state, 1, B, FRONT_R)
    act(state, 2, {"type": "demand", "piece": ship["id"]})
    state["turn"] = 1                          # East's next turn (South's and North's moves do not matter)
    return state, ship


def offered_ends(state, seat=1) -> dict:
    """piece id -> the squares its offered moves end on."""
    out = {}
    for a in game.legal(state, seat)["actions"]:
        if a["type"] == "move":
            out.setdefault(a["piece"], set()).add(tuple(a["path"][-1]))
    return out


def test_a_neutral_ordered_out_of_the_way_sails_for_the_open_sea_never_into_the_port():
    """Rule 13: "neutral must move it out of the way on his next move if the blockading belligerent
    demands": out of the way is off the blockade's squares and out of the mouth. The free open seaport
    squares (7,2) and (8,2) are deeper in the mouth, not out of the way."""
    state, ship = east_ship_ordered_aside()
    ends = offered_ends(state)
    assert ends == {ship["id"]: {(7, 4), (8, 4), (9, 4), (9, 3)}}
    message = refused(state, 1, {"type": "move", "piece": ship["id"], "path": [list(OPEN_R)]})
    assert "never into the blockaded seaport" in message


def test_a_hemmed_in_neutral_moves_along_the_mouth_and_never_into_the_port():
    """Rule 13, the neutral must move it "out of the way": with every square nearer the open sea
    taken, the ship may step along the front squares, never into North's seaport; with no such step
    either, East moves another piece, and with none it passes rather than sail into the port."""
    walls = [(0, B, (7, 4)), (0, B, (8, 4)), (2, B, (9, 4)), (2, B, (9, 3))]
    state, ship = east_ship_ordered_aside(*walls)
    assert offered_ends(state) == {ship["id"]: {FRONT_L}}
    state, ship = east_ship_ordered_aside(*walls, (2, B, FRONT_L))
    assert offered_ends(state) == {} and {"type": "pass"} in game.legal(state, 1)["actions"]
    state, ship = east_ship_ordered_aside(*walls, (2, B, FRONT_L), (1, T, (11, 11)))
    assert set(offered_ends(state)) == {next(p["id"] for p in state["pieces"] if p["at"] == [11, 11])}


def test_a_neutral_ordered_aside_from_inside_the_port_comes_out_through_the_mouth():
    """Rule 13: a neutral ship inside the blockaded seaport is in the way too; it is offered only steps
    towards the mouth (the seaport is the part of the vicinity farthest from the open sea)."""
    state = cleared(n=3, turn=2)
    put(state, 0, T, (5, 1))
    ship = put(state, 1, B, (9, 2))            # East's ship on North's outer seaport square
    act(state, 2, {"type": "demand", "piece": ship["id"]})
    state["turn"] = 1
    assert offered_ends(state) == {ship["id"]: {OPEN_R}}


def test_the_neutrals_other_pieces_wait_while_its_ordered_ship_can_go_and_it_is_told_why():
    """Rule 13: "neutral must move it out of the way on his next move": East's other pieces have no move
    while the demanded ship can go, and the rules say so."""
    from engine.tactics1940 import queries
    state, ship = east_ship_ordered_aside((1, T, (11, 11)))
    other = next(p for p in state["pieces"] if p["at"] == [11, 11])
    view = {"public": game.view(state, 1)["public"], "private": {}}
    assert queries.stuck(view, 1, other["id"]) == \
        "A belligerent ordered one of your pieces out of the way: move that piece first."
    assert queries.stuck(view, 1, ship["id"]) is None
