"""The Situation 4 board: a lattice of jigsaw slots, grid squares, a river, bases and objectives.

Loaded from `assets/boards/situation4.json` (the layout) and
`assets/boards/situation4_pieces.json` (the piece shapes made from the layout by
`tools/make_situation4_pieces.py`), both validated here; any fault raises
BoardError naming it. Slots are numbered row by row: slot = row * cols + col.
Piece `i` is the piece cut for slot `i` (each side holds one copy of it).
"""
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine import resources
from engine.errors import BoardError

LAYOUT_FILE = resources.board_path("situation4")
PIECES_FILE = resources.board_path("situation4_pieces")

# Codes for how two neighbouring slots meet (see Board.links).
LAND = -1   # an ordinary shared edge
RIVER = -2  # the river runs along this edge and no bridge position is here
# A code >= 0 is the index of the bridge position spanning the edge.

SIDE_NAMES_ORDER = ("south", "north")  # side 0 builds from the south edge, side 1 from the north


@dataclass(frozen=True)
class Board:
    cols: int
    rows: int
    cell: int                      # board units per slot edge (outlines use these units)
    square: int                    # slots per edge of one grid square
    piece_seed: int
    side_names: tuple              # ("orange", "yellow")
    neighbours: tuple              # slot -> tuple of the 2-4 slots it interlocks with
    links: tuple                   # slot -> tuple of (neighbour, LAND | RIVER | bridge position)
    bank: tuple                    # slot -> side whose bank of the river it is on
    base_line: tuple               # side -> frozenset of red-bordered slots
    squares: tuple                 # square -> tuple of slots
    square_of: tuple               # slot -> square
    bases: tuple                   # side -> {"tank": square, "paratroop": square}
    base_of_square: dict           # square -> (side, "tank" | "paratroop")
    objectives: dict               # slot -> points printed on its piece
    bridge_positions: tuple        # position -> (slot on one bank, slot on the other)

    @property
    def n(self) -> int:
        return self.cols * self.rows

    def slot(self, row: int, col: int) -> int:
        return row * self.cols + col

    def row_col(self, slot: int) -> tuple[int, int]:
        return divmod(slot, self.cols)

    def fits(self, piece: int, slot: int) -> bool:
        """A piece fits only the slot it was cut for (load checks every piece's shape is unique)."""
        return piece == slot


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BoardError(f"situation4 board: {message}")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _cell(data, rows: int, cols: int, what: str) -> tuple[int, int]:
    _need(isinstance(data, list) and len(data) == 2 and all(_is_int(v) for v in data),
          f"{what} must be a [row, col] pair, not {data!r}")
    r, c = data
    _need(0 <= r < rows and 0 <= c < cols, f"{what} {data!r} lies off the {rows}x{cols} board")
    return r, c


def parse_layout(data: dict) -> Board:
    """A Board from layout data (already parsed JSON), or BoardError naming the fault."""
    _need(isinstance(data, dict), "the layout must be a JSON object")
    for key in ("cols", "rows", "cell", "square", "piece_seed"):
        _need(_is_int(data.get(key)) and data[key] > 0, f"{key!r} must be a positive integer")
    cols, rows, square = data["cols"], data["rows"], data["square"]
    _need(cols % square == 0 and rows % square == 0,
          f"the {rows}x{cols} board does not divide into {square}x{square} grid squares")
    n = cols * rows

    def slot(r, c):
        return r * cols + c

    grid_nbrs = []
    for s in range(n):
        r, c = divmod(s, cols)
        grid_nbrs.append(tuple(slot(rr, cc) for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
                               if 0 <= rr < rows and 0 <= cc < cols))

    # The river: in each column, rows 0..last are the north bank, the rest the south bank.
    # With 0 <= last < rows - 1 each bank keeps a whole edge row, so both banks are connected.
    river = data.get("river")
    _need(isinstance(river, dict) and isinstance(river.get("north_bank_last_row"), list),
          "'river' must hold a list 'north_bank_last_row'")
    last = river["north_bank_last_row"]
    _need(len(last) == cols and all(_is_int(k) and 0 <= k < rows - 1 for k in last),
          f"'north_bank_last_row' must give one row from 0 to {rows - 2} for each of the {cols} columns")
    north = SIDE_NAMES_ORDER.index("north")
    south = SIDE_NAMES_ORDER.index("south")
    bank = tuple(north if divmod(s, cols)[0] <= last[divmod(s, cols)[1]] else south for s in range(n))

    # Bridge positions: each spans one edge where the river runs.
    positions = data.get("bridge_positions")
    _need(isinstance(positions, list) and positions, "'bridge_positions' must be a non-empty list")
    bridge_positions = []
    for i, pos in enumerate(positions):
        _need(isinstance(pos, list) and len(pos) == 2, f"bridge position {i} must be two [row, col] cells")
        a, b = (slot(*_cell(p, rows, cols, f"bridge position {i} end")) for p in pos)
        _need(b in grid_nbrs[a], f"bridge position {i} joins cells that do not touch")
        _need(bank[a] != bank[b], f"bridge position {i} does not cross the river")
        _need(all({a, b} != set(q) for q in bridge_positions), f"bridge position {i} repeats another")
        bridge_positions.append((a, b))
    bridge_at = {}
    for i, (a, b) in enumerate(bridge_positions):
        bridge_at[(a, b)] = bridge_at[(b, a)] = i
    links = tuple(
        tuple((y, LAND if bank[x] == bank[y] else bridge_at.get((x, y), RIVER)) for y in grid_nbrs[x])
        for x in range(n))

    squares_across = cols // square
    square_of = tuple((r // square) * squares_across + c // square for r, c in (divmod(s, cols) for s in range(n)))
    squares = tuple(tuple(s for s in range(n) if square_of[s] == q) for q in range((rows // square) * squares_across))

    sides = data.get("sides")
    _need(isinstance(sides, list) and len(sides) == 2, "'sides' must describe exactly two sides")
    names, base_line, bases, base_of_square = [], [], [], {}
    for side, info in enumerate(sides):
        _need(isinstance(info, dict), f"side {side} must be an object")
        _need(isinstance(info.get("name"), str) and info["name"], f"side {side} needs a name")
        _need(info.get("bank") == SIDE_NAMES_ORDER[side],
              f"side {side} must build from the {SIDE_NAMES_ORDER[side]} bank")
        row = info.get("base_row")
        _need(_is_int(row) and 0 <= row < rows, f"side {side}'s base_row is off the board")
        line = frozenset(slot(row, c) for c in range(cols))
        _need(all(bank[s] == side for s in line), f"side {side}'s base line is not all on its own bank")
        base_line.append(line)
        own = {}
        for kind, key in (("tank", "tank_base"), ("paratroop", "paratroop_base")):
            where = info.get(key)
            _need(isinstance(where, list) and len(where) == 2 and all(_is_int(v) for v in where),
                  f"side {side}'s {key} must be a [square row, square col] pair")
            sr, sc = where
            _need(0 <= sr < rows // square and 0 <= sc < squares_across, f"side {side}'s {key} is off the grid")
            q = sr * squares_across + sc
            _need(q not in base_of_square, f"side {side}'s {key} shares its grid square with another base")
            _need(all(bank[s] == side for s in squares[q]), f"side {side}'s {key} is not on its own bank")
            own[kind] = q
            base_of_square[q] = (side, kind)
        bases.append(own)
        names.append(info["name"])
    _need(names[0] != names[1], "the two sides need different names")

    objectives = {}
    obj = data.get("objectives")
    _need(isinstance(obj, list), "'objectives' must be a list")
    for i, o in enumerate(obj):
        _need(isinstance(o, dict) and _is_int(o.get("points")) and o["points"] > 0,
              f"objective {i} needs positive integer 'points'")
        s = slot(*_cell(o.get("cell"), rows, cols, f"objective {i}"))
        _need(s not in objectives, f"objective {i} repeats a cell")
        objectives[s] = o["points"]

    return Board(cols=cols, rows=rows, cell=data["cell"], square=square, piece_seed=data["piece_seed"],
                 side_names=tuple(names), neighbours=tuple(grid_nbrs), links=links, bank=bank,
                 base_line=tuple(base_line), squares=squares, square_of=square_of, bases=tuple(bases),
                 base_of_square=base_of_square, objectives=objectives, bridge_positions=tuple(bridge_positions))


# Which way each edge of a piece faces, and the neighbour it meets there.
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


def edge_neighbour(board: Board, slot: int, edge: str):
    """The slot across `edge` ("n", "e", "s", "w") of `slot`, or None at the board's rim."""
    r, c = board.row_col(slot)
    dr, dc = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}[edge]
    rr, cc = r + dr, c + dc
    return board.slot(rr, cc) if 0 <= rr < board.rows and 0 <= cc < board.cols else None


def check_pieces(board: Board, data: dict) -> None:
    """The pieces must interlock: tab against blank on every inner edge, flat at the rim, each shape unique."""
    _need(isinstance(data, dict) and isinstance(data.get("pieces"), list), "the pieces file must list 'pieces'")
    pieces = data["pieces"]
    _need(len(pieces) == board.n, f"the pieces file holds {len(pieces)} pieces, the board has {board.n} slots")
    _need(data.get("cell") == board.cell and data.get("seed") == board.piece_seed,
          "the pieces file was made from another layout (cell size or seed differ); "
          "run tools/make_situation4_pieces.py")
    reach = 0.5 * board.cell  # a tab never reaches further than half a slot beyond its edge
    shapes = set()
    for i, p in enumerate(pieces):
        _need(isinstance(p, dict) and p.get("id") == i, f"piece {i} is missing or out of order")
        _need([p.get("row"), p.get("col")] == list(board.row_col(i)), f"piece {i} is not cut for slot {i}")
        edges = p.get("edges")
        _need(isinstance(edges, dict) and set(edges) == set(OPPOSITE), f"piece {i} needs edges n, e, s, w")
        for edge, sign in edges.items():
            other = edge_neighbour(board, i, edge)
            if other is None:
                _need(sign == 0, f"piece {i} has a tab or blank on the board's rim ({edge})")
            else:
                theirs = pieces[other].get("edges", {}).get(OPPOSITE[edge]) if other < len(pieces) else None
                _need(sign in (1, -1) and theirs == -sign,
                      f"pieces {i} and {other} do not interlock (need a tab against a blank)")
        outline = p.get("outline")
        _need(isinstance(outline, list) and len(outline) >= 8, f"piece {i} needs an outline of at least 8 points")
        r, c = board.row_col(i)
        x0, y0 = c * board.cell, r * board.cell
        shape = []
        for pt in outline:
            _need(isinstance(pt, list) and len(pt) == 2 and all(isinstance(v, (int, float)) for v in pt),
                  f"piece {i} has a malformed outline point")
            dx, dy = pt[0] - x0, pt[1] - y0
            _need(-reach <= dx <= board.cell + reach and -reach <= dy <= board.cell + reach,
                  f"piece {i}'s outline strays far from its slot")
            shape.append((round(dx, 1), round(dy, 1)))
        shape = tuple(shape)
        _need(shape not in shapes, f"piece {i} has the same shape as another piece")
        shapes.add(shape)


def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardError(f"situation4 board: {path.name} is missing") from None
    except (OSError, ValueError) as e:
        raise BoardError(f"situation4 board: {path.name} cannot be read ({e})") from None


def load_layout(path: Path = LAYOUT_FILE) -> Board:
    """The layout alone (the piece generator starts from this)."""
    return parse_layout(_read(path))


@lru_cache(maxsize=None)
def load(layout: Path = LAYOUT_FILE, pieces: Path = PIECES_FILE) -> Board:
    """The validated board with its pieces checked against it (cached: boards are immutable)."""
    board = load_layout(layout)
    check_pieces(board, _read(pieces))
    return board
