"""Invariants of Situation 4 under any sequence of moves, legal or not (hypothesis)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import RuleError
from engine.situation4 import legality
from engine.situation4.board import OPPOSITE, PIECES_FILE, edge_neighbour
from engine.situation4.legality import TANK

from tests.situation4.helpers import BOARD, new, totals

PIECES = json.loads(PIECES_FILE.read_text())["pieces"]
KINDS = ["place", "paradrop", "tank", "bridge", "flag", "move"]


def fits_geometrically(piece: int, slot: int, piece_at: list) -> bool:
    """The piece was cut for this space and its tabs and blanks meet every placed neighbour's."""
    shape = PIECES[piece]
    if [shape["row"], shape["col"]] != list(BOARD.row_col(slot)):
        return False
    for edge, sign in shape["edges"].items():
        n = edge_neighbour(BOARD, slot, edge)
        if n is not None and piece_at[n] is not None and PIECES[piece_at[n]]["edges"][OPPOSITE[edge]] != -sign:
            return False
    return True


def own_land_by_hand(owner, bridges, side):
    """Own pieces reachable from own base-line pieces, over land or the side's own bridges (written apart from
    the engine's incremental version on purpose)."""
    own_bridges = {frozenset(BOARD.bridge_positions[p]) for p, b in enumerate(bridges) if b == side}
    seen = {x for x in BOARD.base_line[side] if owner[x] == side}
    todo = list(seen)
    while todo:
        x = todo.pop()
        for n in BOARD.neighbours[x]:
            crossing = BOARD.bank[n] != BOARD.bank[x]
            if owner[n] == side and n not in seen and (not crossing or frozenset((x, n)) in own_bridges):
                seen.add(n)
                todo.append(n)
    return [x in seen for x in range(BOARD.n)]


def listing_matches_the_sentences(st_, side):
    """The fast listing (placements and paradrops found from the side's pieces and the tanks) offers exactly
    the moves the rules' own checks, asked slot by slot, find no objection to."""
    owner, forces = st_["owner"], st_["forces"]
    by_hand = [x for x in range(BOARD.n) if legality.place_problem(BOARD, owner, forces, side, x, x) is None]
    assert legality.placeable_slots(BOARD, owner, forces, side) == by_hand
    paratroopers = st_["in_hand"]["paratroop"][side]
    drops = [(t, x) for t in range(BOARD.n) for x in BOARD.neighbours[t]
             if legality.paradrop_problem(BOARD, owner, forces, side, paratroopers, t, x, x) is None]
    assert legality.paradrop_moves(BOARD, owner, forces, side, paratroopers) == drops


def check_after(s, events):
    st_ = s.state
    owner, forces = st_["owner"], st_["forces"]
    for slot, piece in enumerate(st_["piece_at"]):
        assert (piece is None) == (owner[slot] is None)
        if piece is not None:
            assert fits_geometrically(piece, slot, st_["piece_at"]), f"piece {piece} sits where it does not fit"
    for e in events:
        if e["type"] == "placed":
            # Forces do not change during a placement that lays a piece next to a tank, so this is the
            # picture the move was judged on: no piece interlocks with an unneutralised enemy tank.
            tanks_around = {f["side"] for n in BOARD.neighbours[e["slot"]]
                            if (f := forces[n]) is not None and f["kind"] == TANK}
            assert tanks_around != {1 - e["side"]}, "a piece interlocks with an enemy tank's piece"
    for side in (0, 1):
        listing_matches_the_sentences(st_, side)
        scratch = own_land_by_hand(owner, st_["bridges"], side)
        assert legality.tank_land(BOARD, owner, st_["bridges"], side) == scratch
        assert st_["tank_land"][side] == scratch
        for slot, f in enumerate(forces):
            if f is not None and f["kind"] == TANK and f["side"] == side:
                assert scratch[slot], "a tank stands off its own connected land (crossed the river off its bridges?)"
    assert st_["scores"] == totals(s), "running scores disagree with the rules' sum"
    assert sum(1 for o in owner if o is not None) == st_["filled"] == sum(st_["placed"])


def wild_action(data):
    kind = data.draw(st.sampled_from(KINDS))
    ints = st.integers(-2, BOARD.n + 2)
    action = {"type": kind}
    for name in {"place": ("piece", "slot"), "paradrop": ("target", "piece", "slot"), "tank": ("slot",),
                 "bridge": ("position",), "flag": ("slot",), "move": ("slot",)}[kind]:
        action[name] = data.draw(st.one_of(ints, st.just("x"))) if kind != "bridge" else data.draw(st.integers(-1, 5))
    return action


def pick_legal(data, s, seat):
    legal = s.legal_actions(seat)
    if not legal:
        return None
    special = [a for a in legal if a["type"] != "place"]
    pool = special if special and data.draw(st.booleans()) else legal
    return pool[data.draw(st.integers(0, len(pool) - 1))]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), st.sampled_from([2, 4]), st.integers(0, 10_000))
def test_no_move_sequence_breaks_the_rules_or_the_scores(data, seats, seed):
    """No sequence of placements lets a piece sit where it does not fit, connect across a tank, or a tank cross the
    river off its own bridge; running scores always sum as the rules say; refused moves change nothing."""
    s = new(seats=seats, seed=seed)
    for _ in range(260):
        if s.result() is not None:
            break
        seat = data.draw(st.integers(0, seats - 1))
        action = wild_action(data) if data.draw(st.integers(0, 4)) == 0 else pick_legal(data, s, seat)
        if action is None:
            continue
        before = (s.state_hash(), s.rev)
        try:
            events = s.apply(seat, action)
        except RuleError:
            assert (s.state_hash(), s.rev) == before
            continue
        check_after(s, events)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_a_finished_game_scores_exactly_as_the_rules_sum(seed):
    """At the end: flagged objectives + 100 per own bridge + 50 per square filled entirely by own pieces; the
    highest total wins."""
    import random
    rng = random.Random(seed)
    s = new(seed=seed)
    for _ in range(2000):
        if s.result() is not None:
            break
        seat = rng.randrange(2)
        legal = s.legal_actions(seat)
        if legal:
            s.apply(seat, rng.choice(legal))
    result = s.result()
    assert result is not None and all(o is not None for o in s.state["owner"])
    st_ = s.state
    expected = []
    for side in (0, 1):
        flags = sum(p for slot, p in BOARD.objectives.items() if st_["flags"][slot] == side)
        bridges = 100 * st_["bridges"].count(side)
        squares = 50 * sum(1 for q in BOARD.squares if all(st_["owner"][x] == side for x in q))
        expected.append(flags + bridges + squares)
    assert result["scores"] == expected
    assert result["winners"] == [seat for seat in (0, 1) if expected[seat] == max(expected)]
