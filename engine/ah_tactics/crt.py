"""The Combat Results Table (rules E, F and the back cover) and the odds that choose its column.

The table is data (assets/boards/ah_tactics_crt.json, 11 odds columns x 6 die rolls, cells as
printed: "1 Elim", "2 back 2", "Exchange", "Attacker Elim", "1 Elim (1 Pris)"). A number in a
cell names the side that holds that number in the column's odds: in 1-3 the attacker is "1",
in 2-1 the attacker is "2" and the defender "1". docs/ah_tactics.md tells how every cell was
read from the garbled scan.

Odds are worked in half factors (an attacker across a river fights at half its factor):
  * more than 6 to 1: the defender is eliminated without a roll;
  * a ratio on the table (3-1, 1-2 ...) is read in its column;
  * a ratio between two columns (5-2, 2-3 ...) goes to a roll-off: each side throws the die
    (again on a tie) and the higher throw takes the column in its favour (5-2 becomes 3-1 for
    the attacker or 2-1 for the defender);
  * worse than 1 to 6 for the attacker (possible only when he is obliged to attack): the
    attacker is eliminated, mirroring the automatic elimination above 6 to 1.
"""
import re
from dataclasses import dataclass
from functools import lru_cache

from engine import resources
from engine.errors import BoardError

BOARDS = resources.asset_path("boards")
COLUMNS = ("1-6", "1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
ROLLS = 6
ATTACKER, DEFENDER = "attacker", "defender"
ELIM, BACK, EXCHANGE = "elim", "back", "exchange"
# Beyond the table: settled without the die.
AUTO_DEFENDER = "over 6-1"   # the defender is eliminated automatically
AUTO_ATTACKER = "under 1-6"  # the attacker is eliminated automatically

_CELL = re.compile(r"^(Attacker|Defender|[1-6]) (Elim|back ([1-9]))( \(1 Pris\))?$")


@dataclass(frozen=True)
class Result:
    kind: str            # ELIM, BACK or EXCHANGE
    loser: str | None    # ATTACKER or DEFENDER (None for an exchange)
    distance: int = 0    # squares to fall back
    prisoners: bool = False  # "(1 Pris)": captured instead of eliminated under optional rule J1
    text: str = ""       # the cell as printed


@dataclass(frozen=True)
class Table:
    cells: dict          # column -> tuple of 6 Results (die 1 first)
    uncertain: tuple     # "column/die" of readings the scan leaves in doubt

    def result(self, column: str, die: int) -> Result:
        if column == AUTO_DEFENDER:
            return Result(ELIM, DEFENDER, text="automatic elimination")
        if column == AUTO_ATTACKER:
            return Result(ELIM, ATTACKER, text="automatic elimination")
        return self.cells[column][die - 1]


def numbers(column: str) -> tuple[int, int]:
    a, d = column.split("-")
    return int(a), int(d)


def parse_cell(column: str, text: str) -> Result:
    """One printed cell as a Result; BoardError when it does not read or names no side of its column."""
    if text == "Exchange":
        return Result(EXCHANGE, None, text=text)
    m = _CELL.match(text)
    if m is None:
        raise BoardError(f"CRT cell {text!r} in column {column} does not read as a result.")
    who, what, distance, pris = m.group(1), m.group(2), m.group(3), m.group(4)
    a, d = numbers(column)
    if who in ("Attacker", "Defender"):
        loser = who.lower()
    else:
        n = int(who)
        if a == d or n not in (a, d):
            raise BoardError(f"CRT cell {text!r} names side {n}, which column {column} does not have.")
        loser = ATTACKER if n == a else DEFENDER
    if pris and what != "Elim":
        raise BoardError(f"CRT cell {text!r}: only an elimination can take prisoners.")
    if what == "Elim":
        return Result(ELIM, loser, prisoners=bool(pris), text=text)
    return Result(BACK, loser, distance=int(distance), text=text)


@lru_cache(maxsize=None)
def load(name: str = "ah_tactics_crt") -> Table:
    return parse(resources.read_board(name))


def parse(data: dict) -> Table:
    try:
        columns, cells = data["columns"], data["cells"]
        if tuple(columns) != COLUMNS or set(cells) != set(COLUMNS):
            raise BoardError(f"The combat results table must have the columns {', '.join(COLUMNS)}.")
        table = {}
        for column in COLUMNS:
            row = cells[column]
            if not isinstance(row, list) or len(row) != ROLLS or not all(isinstance(c, str) for c in row):
                raise BoardError(f"Column {column} of the combat results table needs {ROLLS} cells, one per die roll.")
            table[column] = tuple(parse_cell(column, c) for c in row)
        uncertain = tuple(data.get("uncertain", ()))
        for key in uncertain:
            column, _, die = key.partition("/")
            if column not in COLUMNS or die not in {str(i) for i in range(1, ROLLS + 1)}:
                raise BoardError(f"The uncertain reading {key!r} names no cell of the table.")
        return Table(table, uncertain)
    except (KeyError, TypeError, AttributeError) as e:
        raise BoardError(f"The combat results table is malformed ({type(e).__name__}: {e}).") from None


# ----- odds ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Odds:
    """The column(s) a battle is fought on: `column` when fixed, else a roll-off between
    `defender_column` (the defender's advantage) and `attacker_column`."""
    attack: int          # half factors
    defence: int         # half factors
    column: str | None
    defender_column: str | None = None
    attacker_column: str | None = None

    @property
    def roll_off(self) -> bool:
        return self.column is None

    def text(self) -> str:
        """The odds as people say them: "3-1", "4-2 (2-1)", "5-2 (roll-off: 2-1 or 3-1)"."""
        ratio = f"{_fmt(self.attack)}-{_fmt(self.defence)}"
        if self.column is None:
            return f"{ratio} (roll-off: {self.defender_column} or {self.attacker_column})"
        return ratio if ratio == self.column else f"{ratio} ({self.column})"


def _fmt(halves: int) -> str:
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2:g}"


def odds(attack_halves: int, defence_halves: int) -> Odds:
    """The column of a battle of `attack_halves` against `defence_halves` (both half factors, > 0)."""
    a, d = attack_halves, defence_halves
    if a <= 0 or d <= 0:
        raise ValueError("both sides of a battle need a combat factor")
    if a > 6 * d:
        return Odds(a, d, AUTO_DEFENDER)
    if a >= d:
        q, r = divmod(a, d)
        if r == 0:
            return Odds(a, d, f"{q}-1")
        return Odds(a, d, None, f"{q}-1", f"{q + 1}-1")
    q, r = divmod(d, a)
    if r == 0:
        return Odds(a, d, f"1-{q}" if q <= 6 else AUTO_ATTACKER)
    worse = f"1-{q + 1}" if q + 1 <= 6 else AUTO_ATTACKER
    return Odds(a, d, None, worse, f"1-{q}")


def roll_off(odds_: Odds, rng) -> tuple[str, list]:
    """Settle a roll-off: (column, [[attacker's throw, defender's throw], ...]) — throws again on ties."""
    throws = []
    while True:
        att, dfn = rng.die(), rng.die()
        throws.append([att, dfn])
        if att != dfn:
            return (odds_.attacker_column if att > dfn else odds_.defender_column), throws
