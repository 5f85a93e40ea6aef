"""Small builders for Situation 4 tests: a session, and straight runs of legal placements."""
from engine.session import Session
from engine.situation4 import get_board
from engine.situation4.scoring import tally

BOARD = get_board()


def new(seats: int = 2, seed: int = 1, **options) -> Session:
    return Session("situation4", seats, seed=seed, options=options)


def slot(row: int, col: int) -> int:
    return BOARD.slot(row, col)


def place(s: Session, seat: int, row: int, col: int) -> list:
    x = slot(row, col)
    return s.apply(seat, {"type": "place", "piece": x, "slot": x})


def column(s: Session, seat: int, col: int, to_row: int) -> None:
    """Build straight from the seat's base line along `col` until `to_row` (skipping filled spaces)."""
    side = seat % 2
    base_row = BOARD.row_col(next(iter(BOARD.base_line[side])))[0]
    step = 1 if to_row >= base_row else -1
    for row in range(base_row, to_row + step, step):
        if s.state["owner"][slot(row, col)] is None:
            place(s, seat, row, col)


def fill_square(s: Session, seat: int, square: int) -> None:
    """Cover every space of a grid square, each column built from the seat's base line."""
    for col in sorted({BOARD.row_col(x)[1] for x in BOARD.squares[square]}):
        rows = [BOARD.row_col(x)[0] for x in BOARD.squares[square]]
        side = seat % 2
        far = min(rows) if side == 0 else max(rows)
        column(s, seat, col, far)


def totals(s: Session) -> list:
    st = s.state
    return [t["total"] for t in tally(BOARD, st["owner"], st["flags"], st["bridges"])]


def refused(s: Session, seat: int, action: dict) -> str:
    """The code of the refusal, checking that the refusal changed nothing."""
    from engine.errors import RuleError
    before = (s.state_hash(), s.rev, len(s.log))
    try:
        s.apply(seat, action)
    except RuleError as e:
        assert (s.state_hash(), s.rev, len(s.log)) == before
        return e.code
    raise AssertionError(f"{action} was accepted")
