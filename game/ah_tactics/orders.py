"""What the seat at the controls may do on the Tactics (1954) board, read from the host's `legal`.

Legality is the host's, always (docs/ah_tactics.md, "Legal"): set-up places, moves, air drops
and fall-backs are one template per unit listing its squares, read through engine.legal (what a
move costs the window asks the rules, engine.ah_tactics.queries, not the listing's encoding); every other action
(reserve, reveal, regroup, end of movement, the battle plan's assign / combine / unassign / confirm, the
contact choice) is listed complete. The board lights and sends only what is listed here.
"""
from engine import legal as listing

UNIT_KINDS = ("place", "move", "drop", "retreat")   # templates per unit with a `to` square


class Orders:
    """What one seat may do at one revision, as the host listed it in the seat's view."""

    def __init__(self, view: dict, seat: int):
        self.seat = seat
        self.view = view   # the view these orders were read from (a scripted player decides from the same)
        self.legal = (view.get("private") or {}).get("legal") or listing.nothing()

    @property
    def empty(self) -> bool:
        return not listing.all_actions(self.legal, 1)

    def can(self, action: dict) -> bool:
        return listing.contains(self.legal, action)

    def of_type(self, kind: str) -> list[dict]:
        actions, templates = listing.of_type(self.legal, kind)
        return actions + [a for t in templates for a in listing.expand(t)]

    def units(self, kind: str) -> set[int]:
        """Units with a listed `kind` action (a place, move, drop, fall-back, reserve...)."""
        actions, templates = listing.of_type(self.legal, kind)
        return {a["unit"] for a in actions + templates if "unit" in a}

    def squares(self, kind: str, unit: int) -> list[tuple]:
        """The squares a unit's `kind` template lists, in its order."""
        return [tuple(v) for v in listing.values_of(self.legal, kind, "to", unit=unit)]

    def regroups(self, unit: int) -> list[str]:
        """The corps `unit` may join now (`none`: unattached), in the order listed."""
        return [a["corps"] for a in self.of_type("regroup") if a["unit"] == unit]

    # ----- the battle plan -----------------------------------------------------------------
    def attackers(self) -> set[int]:
        return {a["attacker"] for a in self.of_type("assign")}

    def targets_of(self, attacker: int) -> dict[int, list[int]]:
        """defender -> the factor counts `attacker` may give to its battle."""
        out: dict[int, list[int]] = {}
        for a in self.of_type("assign"):
            if a["attacker"] == attacker:
                out.setdefault(a["defender"], []).append(a["factors"])
        return {d: sorted(f) for d, f in out.items()}

    def combines(self, defender: int) -> set[int]:
        """Defenders whose battle `defender` may join."""
        return {a["with"] for a in self.of_type("combine") if a["defender"] == defender}

    def unassignable(self) -> set[int]:
        return {a["unit"] for a in self.of_type("unassign")}

    def simple(self, kind: str) -> dict | None:
        """The one listed action of a kind with no fields to choose (end_movement, setup_done...)."""
        for a in self.of_type(kind):
            return a
        return None
