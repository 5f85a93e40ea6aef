"""The order of battle (rule B): every unit of each army, its kind, name, combat factor and bivouac area.

Each side fields 44 units: the 1st Army Group HQ, two Army HQs, four Corps HQs, six armored,
twenty-five infantry, two parachute, two mountain and two amphibious divisions. Unit ids are
0-43 for Blue and 44-87 for Red, in the same order on both sides. What never changes (kind,
name, starting formation) lives here; what changes (square, status, corps) lives in the state.
"""
from dataclasses import dataclass

BLUE, RED = 0, 1
SIDES = (BLUE, RED)
PER_SIDE = 44
N_UNITS = 2 * PER_SIDE

INFANTRY, ARMOR, PARA, MOUNTAIN, AMPHIBIOUS, HQ = "infantry", "armor", "para", "mountain", "amphibious", "hq"
DIVISION_KINDS = (INFANTRY, ARMOR, PARA, MOUNTAIN, AMPHIBIOUS)
CORPS = ("IC", "IIC", "IIIC", "IVC")
ARMY_OF_CORPS = {"IC": 1, "IIC": 1, "IIIC": 2, "IVC": 2}
REPLACEMENT_CENTER = "Replacement Center"
ARMY_GROUP_AREA = "1st Army Group"

# Movement classes (rules D1, D2): armor keeps out of forests, only mountain divisions climb.
FOOT, TRACKED, CLIMBER = "foot", "armor", "mountain"

FACTOR = {INFANTRY: 1, ARMOR: 2, PARA: 1, MOUNTAIN: 1, AMPHIBIOUS: 1, HQ: 0}
SHORT = {INFANTRY: "Inf", ARMOR: "Armd", PARA: "Para", MOUNTAIN: "Mtn", AMPHIBIOUS: "Amph"}


@dataclass(frozen=True)
class Unit:
    id: int
    side: int
    kind: str
    number: int          # 1st, 2nd ... within its kind (HQs: the formation's number)
    name: str            # "12th Inf", "IIC HQ", "1st Army HQ"
    hq: str | None       # "corps", "army", "army_group" for headquarters
    corps: str | None    # starting corps (corps HQs: the corps they lead)
    army: int | None     # starting army (1 or 2), None for the Replacement Center and the Army Group HQ
    area: str            # bivouac area it sets up in

    @property
    def factor(self) -> int:
        return FACTOR[self.kind]

    @property
    def mover(self) -> str:
        return TRACKED if self.kind == ARMOR else CLIMBER if self.kind == MOUNTAIN else FOOT


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _side_roster(side: int) -> list[Unit]:
    base = side * PER_SIDE
    out = []

    def add(kind, number, name, hq, corps, army, area):
        out.append(Unit(base + len(out), side, kind, number, name, hq, corps, army, area))

    add(HQ, 1, "1st AG HQ", "army_group", None, None, ARMY_GROUP_AREA)
    for army in (1, 2):
        add(HQ, army, f"{ordinal(army)} Army HQ", "army", None, army, f"{ordinal(army)} Army")
    for i, corps in enumerate(CORPS):
        add(HQ, i + 1, f"{corps} HQ", "corps", corps, ARMY_OF_CORPS[corps], corps)
    for n in range(1, 7):  # armored: one per corps, the 5th and 6th in the Replacement Center
        corps = CORPS[n - 1] if n <= 4 else None
        area = corps or REPLACEMENT_CENTER
        add(ARMOR, n, f"{ordinal(n)} Armd", None, corps, ARMY_OF_CORPS.get(corps), area)
    for n in range(1, 26):  # infantry: five per corps, the 21st-25th in the Replacement Center
        corps = CORPS[(n - 1) // 5] if n <= 20 else None
        area = corps or REPLACEMENT_CENTER
        add(INFANTRY, n, f"{ordinal(n)} Inf", None, corps, ARMY_OF_CORPS.get(corps), area)
    for kind in (PARA, MOUNTAIN, AMPHIBIOUS):  # army troops: one of each per army
        for army in (1, 2):
            add(kind, army, f"{ordinal(army)} {SHORT[kind]}", None, None, army, f"{ordinal(army)} Army")
    return out


ROSTER: tuple[Unit, ...] = tuple(_side_roster(BLUE) + _side_roster(RED))


# Per unit id, its side and whether it climbs (a mountain division's control reaches over mountains, E2): read on
# the rules' hot paths (a Field, a walk's control) without a Unit's attribute lookups
SIDE_OF: tuple[int, ...] = tuple(u.side for u in ROSTER)
CLIMBS: tuple[bool, ...] = tuple(u.kind == MOUNTAIN for u in ROSTER)


def unit(uid: int) -> Unit:
    return ROSTER[uid]


def side_units(side: int) -> range:
    return range(side * PER_SIDE, (side + 1) * PER_SIDE)


def corps_hq(side: int, corps: str) -> int:
    return side * PER_SIDE + 3 + CORPS.index(corps)


def area_sizes() -> dict[str, int]:
    """How many units set up in each bivouac area (the same for both sides)."""
    out: dict[str, int] = {}
    for u in ROSTER[:PER_SIDE]:
        out[u.area] = out.get(u.area, 0) + 1
    return out


def other(side: int) -> int:
    return 1 - side
