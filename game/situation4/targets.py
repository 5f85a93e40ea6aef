"""Where my side may lay, drop and plant now, read from the host's `legal` and nothing else.

Situation 4's legal is a complete list (place, flag, paradrop, tank, bridge
actions), so the window lights targets and validates a drop by looking it up.
Moves this window has sent and the table has not settled yet (predictions) are
taken off: an action into a space, with a piece, on a target or with a force
already spoken for by a move in flight is not offered twice. What a move in
flight would newly open (a space next to a piece still on its way) shows once
its update arrives, a few milliseconds later.

When a drop is not in `legal`, `why_not_*` gives the rules' own sentence for it
(engine.situation4.queries.refusal), asked of the board as this window believes it;
it never decides whether the move is allowed — `legal` already has.
"""
from engine import legal as listing
from engine.situation4 import queries

TANK, PARATROOP, BRIDGE = "tank", "paratroop", "bridge"
# When the rules see nothing wrong with a drop that `legal` lacks: a move in flight already uses it.
ON_ITS_WAY = "A move of yours already on its way uses that."


def _uses(action: dict) -> set:
    """What a move spends: the spaces it fills, the piece it lays, the force it posts, the target it lands on."""
    kind = action["type"]
    out = set()
    if kind in ("place", "paradrop"):
        out |= {("slot", action["slot"]), ("piece", action["piece"])}
    if kind == "paradrop":
        out.add(("target", action["target"]))
    if kind == "tank":
        out.add(("force", action["slot"]))
    if kind == "flag":
        out.add(("flag", action["slot"]))
    if kind == "bridge":
        out.add(("bridge", action["position"]))
    return out


class Targets:
    def __init__(self, board, legal: dict | None, pub: dict, side: int | None, in_flight: list[dict] = ()):
        self.board, self.pub, self.side = board, pub, side
        self.in_flight = list(in_flight)
        spent = set().union(*(_uses(a) for a in self.in_flight)) if self.in_flight else set()
        sent = {k: sum(1 for a in self.in_flight if a["type"] == k) for k in ("tank", "paradrop", "bridge")}
        self.actions = [a for a in listing.all_actions(legal) if not _uses(a) & spent
                        and not (a["type"] in sent and sent[a["type"]] >= self._in_hand(a["type"]))]
        self.owner = list(pub["owner"])      # the board as this window believes it: the view plus moves in flight
        self.forces = [None if f is None else dict(f) for f in pub["forces"]]
        for a in self.in_flight:
            if a["type"] in ("place", "paradrop") and self.owner[a["slot"]] is None:
                self.owner[a["slot"]] = side
            if a["type"] == "tank" and self.forces[a["slot"]] is None:
                self.forces[a["slot"]] = {"kind": TANK, "side": side}
            if a["type"] == "paradrop" and self.forces[a["target"]] is None:
                self.forces[a["target"]] = {"kind": PARATROOP, "side": side}

    def _in_hand(self, action_type: str) -> int:
        kind = {"tank": TANK, "paradrop": PARATROOP, "bridge": BRIDGE}[action_type]
        return self.pub["in_hand"][kind][self.side] if self.side is not None else 0

    def _of(self, kind: str) -> list[dict]:
        return [a for a in self.actions if a["type"] == kind]

    # ----- what is lit ----------------------------------------------------------------------
    def place_slots(self, piece: int) -> set:
        return {a["slot"] for a in self._of("place") if a["piece"] == piece}

    @property
    def fitting(self) -> set:
        """Pieces that may be laid somewhere now (the tray's "fits now")."""
        return {a["piece"] for a in self._of("place")}

    @property
    def open_spaces(self) -> int:
        return len({a["slot"] for a in self._of("place")})

    @property
    def tank_slots(self) -> set:
        return {a["slot"] for a in self._of("tank")}

    @property
    def para_targets(self) -> set:
        return {a["target"] for a in self._of("paradrop")}

    def para_slots(self, target: int) -> dict:
        """slot -> the piece that joins the paratrooper there, for a paratrooper landing on `target`."""
        return {a["slot"]: a["piece"] for a in self._of("paradrop") if a["target"] == target}

    @property
    def bridges(self) -> set:
        return {a["position"] for a in self._of("bridge")}

    @property
    def flags(self) -> list:
        return [a["slot"] for a in self._of("flag")]

    def flag_choice(self):
        """The objective F would flag: my side's own open moment first, else the first one listed."""
        flags = self.flags
        if not flags:
            return None
        mine = self.pub["flag_windows"][self.side]
        return mine if mine in flags else flags[0]

    def allows(self, action: dict) -> bool:
        return action in self.actions

    def piece_drop(self, piece: int, slot: int, landing: int | None = None) -> tuple[dict | None, str | None]:
        """What dropping `piece` on `slot` means: (the legal action, None), or (None, why it bounces).
        Next to a paratrooper `landing`, the drop is the piece that joins it; anywhere else a plain lay."""
        if landing is not None and slot in self.board.neighbours[landing]:
            action = {"type": "paradrop", "target": landing, "piece": piece, "slot": slot}
            return (action, None) if self.allows(action) else (None, self.why_not_paradrop(landing, piece, slot))
        action = {"type": "place", "piece": piece, "slot": slot}
        return (action, None) if self.allows(action) else (None, self.why_not_place(piece, slot))

    # ----- why a drop bounced: the rules' sentence, on the board as this window believes it ------------
    def _why(self, action: dict) -> str:
        spent = {k: sum(1 for a in self.in_flight if a["type"] == k) for k in ("paradrop", "tank", "bridge")}
        return queries.refusal(self.board, self.pub, self.side, action, owner=self.owner, forces=self.forces,
                               spent=spent) or ON_ITS_WAY

    def why_not_place(self, piece: int, slot: int) -> str:
        return self._why({"type": "place", "piece": piece, "slot": slot})

    def why_not_paradrop(self, target: int, piece: int, slot: int) -> str:
        return self._why({"type": "paradrop", "target": target, "piece": piece, "slot": slot})

    def why_not_land(self, slot: int) -> str:
        """Why a paratrooper may not land on `slot`."""
        spent = {"paradrop": sum(1 for a in self.in_flight if a["type"] == "paradrop")}
        return queries.landing_refusal(self.board, self.pub, self.side, slot, owner=self.owner, forces=self.forces,
                                       spent=spent)

    def why_not_tank(self, slot: int) -> str:
        return self._why({"type": "tank", "slot": slot})

    def why_not_bridge(self, position: int) -> str:
        return self._why({"type": "bridge", "position": position})
