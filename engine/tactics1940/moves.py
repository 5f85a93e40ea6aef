"""Moving pieces (Rules 4, 9 and 10): steps, jumps and the paths of a move.

One piece moves one square a turn. A battleship steps in any of the eight directions on
ocean, safety-zone and seaport squares (never onto home land). A transport steps straight
(never diagonally) onto any square but a plane base; leaving the safety zone, any piece may
step to any neighbouring square (Rule 4). Airplanes never move. No step crosses a coast:
the board's links already allow only the four passages of each port's mouth.

A battleship may instead jump another player's transport as in checkers, landing on the
empty square straight beyond it, and go on jumping in the same move as long as it can
(stopping after any jump is allowed). No jump starts, passes over or lands in the safety
zone, none lands on home land, and a jumped transport stays where it is (it cannot be
jumped twice nor landed on) until the move ends.

A move is (piece, path, captured): `path` lists the squares entered after the start (one
square for a step, each landing for jumps), `captured` the ids of the jumped transports.
`occ` maps (x, y) -> piece for the position considered (the blockade test drops pieces).
"""
from engine.tactics1940 import rule_ids as why
from engine.tactics1940.board import LAND, OCEAN, SAFETY, SEAPORT
from engine.tactics1940.pieces import AIRPLANE, BATTLESHIP, TRANSPORT
from engine.why import Refusal


def steps(board, occ: dict, p) -> list:
    """Squares the piece can step to."""
    kind = p["kind"]
    if kind == AIRPLANE:
        return []
    sq = (p["at"][0], p["at"][1])
    kinds, bases = board.kinds, board.bases
    leaving_zone = kinds[sq] == SAFETY
    out = []
    for (dx, dy), n in board.links[sq].items():
        if n in occ:
            continue
        if kind == TRANSPORT:
            if dx and dy and not (leaving_zone and kinds[n] != SAFETY):
                continue
            if n in bases:
                continue
        elif kinds[n] == LAND:
            continue
        out.append(n)
    return out


def jumps(board, occ: dict, p) -> list:
    """Every jump sequence of a battleship (each prefix is a move): [(path, captured ids)]."""
    if p["kind"] != BATTLESHIP:
        return []
    start = (p["at"][0], p["at"][1])
    if board.kinds[start] == SAFETY:
        return []
    out = []
    _jump_from(board, occ, p["owner"], start, start, [], [], out)
    return out


def _jump_from(board, occ, owner, start, sq, path, captured, out) -> None:
    links = board.links
    kinds = board.kinds
    for d, mid in links[sq].items():
        victim = occ.get(mid)
        if victim is None or victim["kind"] != TRANSPORT or victim["owner"] == owner or victim["id"] in captured:
            continue
        land = links[mid].get(d)
        if land is None or kinds[mid] == SAFETY or kinds[land] not in (OCEAN, SEAPORT):
            continue
        if land in occ and land != start:   # the jumper's own starting square is empty by now
            continue
        new_path, new_captured = path + [land], captured + [victim["id"]]
        out.append((new_path, new_captured))
        _jump_from(board, occ, owner, start, land, new_path, new_captured, out)


def piece_moves(board, occ: dict, p) -> list:
    """Every move of one piece: [(path, captured)]."""
    if p["at"] is None:
        return []
    out = [([n], []) for n in steps(board, occ, p)]
    if p["kind"] == BATTLESHIP:     # only a battleship jumps
        out += jumps(board, occ, p)
    return out


def seat_moves(board, occ: dict, seat) -> list:
    """Every move of every piece `seat` has in `occ`: [(piece, path, captured)]."""
    out = []
    for p in sorted((q for q in occ.values() if q["owner"] == seat), key=lambda q: q["id"]):
        for path, captured in piece_moves(board, occ, p):
            out.append((p, path, captured))
    return out


def find_move(board, occ: dict, p, path) -> list | None:
    """The ids a move along `path` captures, or None when the piece cannot move so."""
    for candidate, captured in piece_moves(board, occ, p):
        if candidate == path:
            return captured
    return None


def crosses(home, start, path) -> bool:
    """True when a move from `start` along `path` goes into or out of `home`'s area: some square of it is on
    the other side of the coast from `start` (the first such square is where it crosses)."""
    squares = home.squares
    inside = start in squares
    for sq in path:
        if (sq in squares) != inside:
            return True
    return False


def why_not(board, occ: dict, p, path) -> Refusal:
    """Why `p` cannot move along `path` (a move `find_move` refuses), in words: the first rule it breaks."""
    kind = p["kind"]
    if kind == AIRPLANE:
        return Refusal(why.MOVEMENT, "Airplanes never move; they act only when a chance card sends them (Rule 9).")
    here = (p["at"][0], p["at"][1])
    path = [(sq[0], sq[1]) for sq in path]
    first = path[0]
    dx, dy = first[0] - here[0], first[1] - here[1]
    if max(abs(dx), abs(dy)) == 1 and len(path) == 1:
        return _why_no_step(board, occ, p, here, first, (dx, dy))
    if kind != BATTLESHIP:
        return Refusal(why.MOVEMENT, "A transport moves one square at a time and never jumps (Rules 9 and 10).")
    sq = here
    for land in path:
        mid = ((sq[0] + land[0]) // 2, (sq[1] + land[1]) // 2)
        if max(abs(land[0] - sq[0]), abs(land[1] - sq[1])) != 2 or (land[0] - sq[0]) % 2 or (land[1] - sq[1]) % 2:
            return Refusal(why.JUMPS, "A ship moves one square, or jumps a transport to the square straight beyond "
                                      "it (Rule 10).")
        victim = occ.get(mid)
        if victim is None or victim["kind"] != TRANSPORT:
            return Refusal(why.JUMPS, "A battleship jumps only another player's transport, never a battleship or "
                                      "empty water (Rule 10).")
        if victim["owner"] == p["owner"]:
            return Refusal(why.JUMPS, "Nobody may jump his own transports (Rule 10).")
        if SAFETY in (board.kinds.get(sq), board.kinds.get(mid), board.kinds.get(land)):
            return Refusal(why.JUMPS, "No jump goes into, out of or over the safety zone (Rule 10).")
        if board.kinds.get(land) not in (OCEAN, SEAPORT):
            return Refusal(why.JUMPS, "No jump lands beyond the seaport squares of a home area (Rule 10).")
        if land in occ and land != here:
            return Refusal(why.JUMPS, f"The square beyond the transport, {list(land)}, is taken.")
        if board.links[sq].get(((mid[0] - sq[0]), (mid[1] - sq[1]))) != mid or \
                board.links[mid].get(((land[0] - mid[0]), (land[1] - mid[1]))) != land:
            return Refusal(why.MOVEMENT, "In or out of a home area only through the two open centre squares of its "
                                         "seaport (Rule 9).")
        sq = land
    return Refusal(why.JUMPS, "A jumped transport stays until the move ends: it cannot be jumped twice nor landed on "
                              "(Rule 10).")


def _why_no_step(board, occ, p, here, to, d) -> Refusal:
    kind = p["kind"]
    if board.links[here].get(d) != to:
        if to not in board.kinds:
            return Refusal(why.MOVEMENT, "That square is off the playing area.")
        return Refusal(why.MOVEMENT, "In or out of a home area only through the two open centre squares of its "
                                     "seaport (Rule 9).")
    if to in occ:
        return Refusal(why.MOVEMENT, "No two pieces may occupy the same square (Rule 9): that square is taken.")
    if kind == TRANSPORT:
        if to in board.bases:
            return Refusal(why.MOVEMENT, "Transports may go anywhere but plane bases (Rule 9).")
        return Refusal(why.MOVEMENT, "Transports move straight forward, backward and sideways only, never diagonally "
                                     "(Rule 9).")
    if board.kinds.get(to) == LAND:
        return Refusal(why.MOVEMENT, "Battleships stay on sea squares, the safety zone and seaport squares, never on "
                                     "home land (Rule 9).")
    return Refusal(why.MOVEMENT, "That piece cannot move there.")
