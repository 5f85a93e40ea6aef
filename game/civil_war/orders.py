"""What a click means on the Civil War board, for the seat at the controls.

Legality is the host's, always: every action offered comes from the seat's
`view.private.legal` (engine.legal's shape). A move or a retreat there is a
template per stack and composition listing the squares that group may reach, and
`hostile` names the squares where arriving means a battle, so the board lights
targets without knowing a rule. This module keeps the selection (a square and the
units picked there) and turns clicks into actions or a sentence saying why not.
"""
from dataclasses import dataclass

from engine import legal as listing

KINDS = ("infantry", "cavalry", "gunboat")


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
    """What one seat may do at one revision, as the host listed it in the seat's view."""

    def __init__(self, view: dict, seat: int):
        self.seat = seat
        self.view = view  # the view these rules were read from (a scripted player decides from the same)
        self.legal = view.get("private", {}).get("legal") or listing.nothing()
        self.hostile = {tuple(sq) for sq in self.legal.get("hostile", ())}

    @property
    def step(self) -> dict | None:
        pending = self.view["public"].get("pending") or []
        return pending[0] if pending and pending[0]["seat"] == self.seat else None

    @property
    def actions(self) -> list[dict]:
        return listing.all_actions(self.legal)

    def of_type(self, kind: str) -> list[dict]:
        actions, templates = listing.of_type(self.legal, kind)
        return actions + [a for t in templates for a in listing.expand(t)]

    def can(self, action: dict) -> bool:
        return listing.contains(self.legal, action)

    def sources(self) -> set[tuple]:
        """Squares with units that have a listed move."""
        return {tuple(t["from"]) for t in listing.of_type(self.legal, "move")[1]}

    def reach(self, square, units: dict, kind: str = "move") -> dict[tuple, str]:
        """Squares `units` from `square` may go to now: square -> "move" or "attack"."""
        units = composition(units)
        fixed = {"units": units, "from": list(square)} if kind == "move" else {"units": units}
        return {tuple(sq): ("attack" if tuple(sq) in self.hostile else "move")
                for sq in listing.values_of(self.legal, kind, "to", **fixed)}


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
