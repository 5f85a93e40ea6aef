"""The world map as data: assets/boards/risk.json, validated on load.

`load()` returns one cached `Board`; its lookups (adjacency sets, continent
membership, card table) are computed once so the rules never rebuild them.
"""
import json
from functools import lru_cache
from pathlib import Path

from engine import resources
from engine.errors import BoardError
from engine.package import per_board   # (here for the bots, which read only board data from the engine)

BOARD_PATH = resources.board_path("risk")
TERRITORY_COUNT = 42
SYMBOLS = ("infantry", "cavalry", "artillery")
WILD = "wild"
CARDS_PER_SYMBOL = 14
WILD_CARDS = 2


class Board:
    """Validated board data.

    territories: {id: {"name", "continent", "adjacent": [ids]}} in file order
    continents:  {id: {"name", "bonus", "territories": [ids]}} in file order
    cards:       [{"id", "territory", "symbol"}] indexed by card id
    adjacent:    {id: tuple of ids} in file order (a tuple, not a set, so every walk over the
                 board goes in the same order in every process, whatever the string hash seed)
    """

    def __init__(self, data: dict):
        validate(data)
        self.territories = {t["id"]: {"name": t["name"], "continent": t["continent"],
                                      "adjacent": list(t["adjacent"])} for t in data["territories"]}
        self.continents = {c["id"]: {"name": c["name"], "bonus": c["bonus"],
                                     "territories": list(c["territories"])} for c in data["continents"]}
        self.cards = sorted((dict(c) for c in data["cards"]), key=lambda c: c["id"])
        self.territory_ids = list(self.territories)
        self.adjacent = {t: tuple(info["adjacent"]) for t, info in self.territories.items()}
        self.continent_members = {c: tuple(info["territories"]) for c, info in self.continents.items()}


def _fail(message: str):
    raise BoardError(f"risk board: {message}")


def validate(data) -> None:
    """Raise BoardError naming the first problem; return None if the board is sound."""
    if not isinstance(data, dict):
        _fail("the file must hold a map")
    for key in ("territories", "continents", "cards"):
        if not isinstance(data.get(key), list):
            _fail(f"{key!r} must be a list")
    ids = []
    for t in data["territories"]:
        if not (isinstance(t, dict) and isinstance(t.get("id"), str) and isinstance(t.get("name"), str)
                and isinstance(t.get("continent"), str) and isinstance(t.get("adjacent"), list)):
            _fail(f"territory entry {t!r} needs id, name, continent and an adjacent list")
        ids.append(t["id"])
    known = set(ids)
    if len(known) != len(ids):
        _fail("a territory id appears twice")
    if len(ids) != TERRITORY_COUNT:
        _fail(f"there must be {TERRITORY_COUNT} territories, not {len(ids)}")
    neighbours = {t["id"]: set(t["adjacent"]) for t in data["territories"]}
    for tid, adj in neighbours.items():
        for other in adj:
            if other not in known:
                _fail(f"{tid} is adjacent to {other!r}, which is not a territory")
            if other == tid:
                _fail(f"{tid} is listed as adjacent to itself")
            if tid not in neighbours[other]:
                _fail(f"adjacency is not symmetric: {tid} lists {other} but {other} does not list {tid}")
    _validate_continents(data, known)
    _validate_cards(data["cards"], known)


def _validate_continents(data, known: set) -> None:
    seen: dict[str, str] = {}
    cont_ids = set()
    for c in data["continents"]:
        if not (isinstance(c, dict) and isinstance(c.get("id"), str) and isinstance(c.get("name"), str)
                and isinstance(c.get("bonus"), int) and c["bonus"] >= 0 and isinstance(c.get("territories"), list)):
            _fail(f"continent entry {c!r} needs id, name, a bonus of 0 or more and a territory list")
        cont_ids.add(c["id"])
        for tid in c["territories"]:
            if tid not in known:
                _fail(f"continent {c['id']} names {tid!r}, which is not a territory")
            if tid in seen:
                _fail(f"{tid} is in both {seen[tid]} and {c['id']}")
            seen[tid] = c["id"]
    missing = known - set(seen)
    if missing:
        _fail(f"{sorted(missing)[0]} is in no continent (continents must cover the board)")
    for t in data["territories"]:
        if t["continent"] not in cont_ids:
            _fail(f"{t['id']} names continent {t['continent']!r}, which does not exist")
        if seen[t["id"]] != t["continent"]:
            _fail(f"{t['id']} says it is in {t['continent']} but {seen[t['id']]} lists it")


def _validate_cards(cards: list, known: set) -> None:
    ids = sorted(c.get("id") for c in cards if isinstance(c, dict) and isinstance(c.get("id"), int))
    if len(ids) != len(cards) or ids != list(range(len(cards))):
        _fail("cards need integer ids 0..n-1, each once")
    expected = TERRITORY_COUNT + WILD_CARDS
    if len(cards) != expected:
        _fail(f"there must be {expected} cards, not {len(cards)}")
    counts = {s: 0 for s in (*SYMBOLS, WILD)}
    shown = set()
    for c in cards:
        symbol, territory = c.get("symbol"), c.get("territory")
        if symbol not in counts:
            _fail(f"card {c['id']} has unknown symbol {symbol!r}")
        counts[symbol] += 1
        if symbol == WILD:
            if territory is not None:
                _fail(f"wild card {c['id']} must show no territory")
            continue
        if territory not in known:
            _fail(f"card {c['id']} shows {territory!r}, which is not a territory")
        if territory in shown:
            _fail(f"two cards show {territory}")
        shown.add(territory)
    for s in SYMBOLS:
        if counts[s] != CARDS_PER_SYMBOL:
            _fail(f"there must be {CARDS_PER_SYMBOL} {s} cards, not {counts[s]}")
    if counts[WILD] != WILD_CARDS:
        _fail(f"there must be {WILD_CARDS} wild cards, not {counts[WILD]}")


def load_file(path) -> Board:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BoardError(f"risk board: {path} cannot be read as JSON ({e})") from None
    return Board(data)


@lru_cache(maxsize=1)
def load() -> Board:
    return load_file(BOARD_PATH)
