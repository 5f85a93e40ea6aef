"""Cities and ports: who holds each port (rule D4) and who occupies each city (rule A).

A port is friendly to the side whose half it lies in until the enemy seizes it: an enemy
division stands in the port (come by land, by air, or from a beach) and none of the owner's
units is left in it ("all opposition eliminated or pushed out"). A contested port keeps its
owner. A city is occupied by a side when one of its divisions stands in it and no unit of the
city's own side does.
"""
from functools import lru_cache

from engine.ah_tactics import rule_ids as why
from engine.ah_tactics.board import load
from engine.ah_tactics.state import ACTIVE
from engine.ah_tactics.units import HQ, ROSTER
from engine.why import RULE


def _presence(board, state, squares, placed=None) -> tuple[set, set]:
    """(sides with a division there, sides with any unit there) over `squares`; `placed`:
    `units_by_square(state)`, when the caller has it."""
    if placed is None:
        placed = units_by_square(state)
    return _sides([entry for sq in squares for entry in placed.get(sq, ())])


def _sides(standing) -> tuple[set, set]:
    """(sides with a division among `standing`, sides with any unit there, prisoners aside): `standing`
    lists (unit, status)."""
    divisions, anyone = set(), set()
    for uid, status in standing:
        if status == "prisoner":
            continue
        anyone.add(ROSTER[uid].side)
        if status == ACTIVE and ROSTER[uid].kind != HQ:
            divisions.add(ROSTER[uid].side)
    return divisions, anyone


def units_by_square(state, squares=None) -> dict:
    """{(x, y): [(unit, status), ...]} of the units on the board (on `squares` only, when given)."""
    placed: dict = {}
    for uid, u in enumerate(state["units"]):
        a = u["at"]
        if a is not None:
            sq = (a[0], a[1])
            if squares is None or sq in squares:
                placed.setdefault(sq, []).append((uid, u["status"]))
    return placed


@lru_cache(maxsize=None)
def _ports_at(board_name: str) -> dict:
    """(x, y) -> the ports whose squares it is among, for every port square."""
    out: dict = {}
    for c in load(board_name).cities.values():
        if c.port:
            for sq in c.squares:
                out[sq] = out.get(sq, ()) + (c.name,)
    return out


def initial_ports(board) -> dict:
    return {c.name: c.side for c in board.cities.values() if c.port}


def update_ports(board, state) -> list[dict]:
    """Hand over every port the enemy has cleared and stands in; the events."""
    events = []
    ports_at = _ports_at(board.name)
    standing: dict = {}   # port -> (unit, status) of the units in it
    for sq, here in units_by_square(state, ports_at).items():
        for name in ports_at[sq]:
            standing.setdefault(name, []).extend(here)
    for name in sorted(state["ports"]):
        if name not in standing:   # a port no unit stands in stays as it is
            continue
        owner = state["ports"][name]
        divisions, anyone = _sides(standing[name])
        enemy = 1 - owner
        if enemy in divisions and owner not in anyone:
            state["ports"][name] = enemy
            events.append({"type": "port_seized", "port": name, "by": ["blue", "red"][enemy], RULE: why.PORT_SEIZED})
    return events


def occupier(board, state, city: str, placed=None):
    """The enemy side occupying the city, or None. `placed`: `units_by_square(state)`, when the caller asks
    of several cities (the board read once, not once a city)."""
    c = board.cities[city]
    divisions, anyone = _presence(board, state, c.squares, placed)
    enemy = 1 - c.side
    return enemy if enemy in divisions and c.side not in anyone else None


def occupies_all(board, state, side: int) -> bool:
    """True when `side` occupies every city of the other side (rule A, victory b)."""
    standing = units_by_square(state)
    return all(occupier(board, state, name, standing) == side for name in board.cities_of(1 - side))
