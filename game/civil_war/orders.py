"""What a click means on the Civil War board, for the seat at the controls.

Legality is the rules' own, always: the listed actions come from
`engine.civil_war.legal_actions` on the state rebuilt from the seat's view, and
where a player picks a split the rules do not list (two of three infantry, say)
the squares it may go to are found by asking `engine.civil_war.apply` on a copy
of that state, which either accepts or refuses exactly as the table would. This
module keeps the selection (a square and the units picked there) and turns clicks
into actions or into a sentence saying why not.
"""
import copy
from dataclasses import dataclass

import engine.civil_war as rules
from engine.errors import RuleError
from engine.rng import Rng

KINDS = ("infantry", "cavalry", "gunboat")
REACH = 3  # no move goes further than a 3-square railroad ride


def composition(units: dict) -> dict:
    """A composition without zero entries, in the fixed kind order (as actions write it)."""
    return {k: units[k] for k in KINDS if units.get(k, 0)}


def describe(units: dict) -> str:
    """'3 infantry, 1 cavalry' (and 'nothing')."""
    parts = []
    for k in KINDS:
        n = units.get(k, 0)
        if n:
            parts.append(f"{n} {k if k != 'gunboat' or n == 1 else 'gunboats'}")
    return ", ".join(parts) or "nothing"


@dataclass
class Outcome:
    action: dict | None = None   # send this
    message: str | None = None   # explain a refused click
    selected: bool = False       # the selection changed


class Rules:
    """The rules as seen by one seat at one revision: listed actions and the reach of any split."""

    def __init__(self, view: dict, seat: int):
        self.seat = seat
        self.view = view  # the view these rules were read from (a scripted player decides from the same)
        self.state = rules.state_from_view(view)
        self.actions = rules.legal_actions(self.state, seat)
        self._reach: dict[tuple, dict] = {}

    @property
    def step(self) -> dict | None:
        pending = self.state["pending"]
        return pending[0] if pending and pending[0]["seat"] == self.seat else None

    def of_type(self, kind: str) -> list[dict]:
        return [a for a in self.actions if a["type"] == kind]

    def can(self, action: dict) -> bool:
        return action in self.actions

    def sources(self) -> set[tuple]:
        """Squares with units that have a listed move."""
        return {tuple(a["from"]) for a in self.actions if a["type"] == "move"}

    def reach(self, square, units: dict, kind: str = "move") -> dict[tuple, str]:
        """Squares `units` from `square` may go to now: square -> "move" or "attack" (the rules decide)."""
        units = composition(units)
        key = (tuple(square), tuple(units.get(k, 0) for k in KINDS), kind)
        if key in self._reach:
            return self._reach[key]
        out = {}
        if units:
            x0, y0 = square
            for y in range(max(0, y0 - REACH), min(17, y0 + REACH) + 1):
                for x in range(max(0, x0 - REACH), min(17, x0 + REACH) + 1):
                    if (x, y) == (x0, y0):
                        continue
                    action = {"type": kind, "to": [x, y], "units": units}
                    if kind == "move":
                        action["from"] = [x0, y0]
                    events = self.try_action(action)
                    if events is not None:
                        out[(x, y)] = "attack" if any(e["type"] == "battle" for e in events) else "move"
        self._reach[key] = out
        return out

    def try_action(self, action: dict) -> list | None:
        """The events `action` would bring (on a copy of the state), or None if the rules refuse it."""
        trial = copy.deepcopy(self.state)
        try:
            return rules.apply(trial, self.seat, action, Rng(0))
        except RuleError:
            return None


class Selection:
    """The square picked on the board and how many of each kind there are to move."""

    def __init__(self):
        self.square: tuple | None = None
        self.picked: dict = {}
        self.available: dict = {}

    def clear(self) -> None:
        self.square, self.picked, self.available = None, {}, {}

    def pick(self, square, available: dict) -> None:
        self.square = tuple(square)
        self.available = {k: available.get(k, 0) for k in KINDS}
        self.picked = dict(self.available)

    def adjust(self, kind: str, delta: int) -> None:
        self.picked[kind] = max(0, min(self.available.get(kind, 0), self.picked.get(kind, 0) + delta))

    def presets(self) -> list[dict]:
        """Quick picks Tab cycles through: everything, then all of one kind, then one of a kind."""
        out = [dict(self.available)]
        for k in KINDS:
            if self.available.get(k):
                out.append({kk: self.available[k] if kk == k else 0 for kk in KINDS})
                out.append({kk: 1 if kk == k else 0 for kk in KINDS})
        unique = []
        for p in out:
            if p not in unique:
                unique.append(p)
        return unique

    def next_preset(self) -> None:
        presets = self.presets()
        current = {k: self.picked.get(k, 0) for k in KINDS}
        i = presets.index(current) if current in presets else -1
        self.picked = dict(presets[(i + 1) % len(presets)])
