"""What the seat at the controls may do on the Civil War board, read from the host's `legal`.

Legality is the host's, always: every action offered comes from the seat's
`view.private.legal` (engine.legal's shape). A move or a retreat there is a
template per stack and composition listing the squares that group may reach, and
`hostile` names the squares where arriving means a battle, so the board lights
targets without knowing a rule (the kit's game.wargame.reach reads it).
"""
from engine import legal as listing
from engine.civil_war import queries
from engine.civil_war.board import load
from game.wargame.grid import as_cell
from game.wargame.reach import cells_of, reach_from_legal

KINDS = queries.KINDS


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
        return cells_of(self.legal, "move", "from")

    def reach(self, square, units: dict, kind: str = "move") -> dict[tuple, str]:
        """Squares `units` from `square` may go to now: square -> "move" or "attack" (the legal's `hostile`)."""
        fixed = {"units": composition(units)}
        if kind == "move":
            fixed["from"] = list(as_cell(square))
        return {sq: mark.style for sq, mark in reach_from_legal(self.legal, kind, "to", hostile=self.hostile,
                                                                 **fixed).items()}

    def paths(self, square, units: dict, kind: str = "move") -> dict[tuple, list]:
        """Square -> the squares a move (or retreat) of `units` from `square` passes to get there, as the rules
        find it when a move names only `to` (the rules' `paths` query, over the public view: this game hides
        nothing). Only the squares `reach` lists are kept."""
        public = self.view.get("public") or {}
        board = load(public["board"]) if public.get("board") else load()
        found = queries.paths(board, public, self.seat, composition(units), as_cell(square), retreat=kind == "retreat")
        listed = self.reach(square, units, kind)
        return {tuple(sq): [tuple(p) for p in path] for sq, path in found.items() if tuple(sq) in listed}
