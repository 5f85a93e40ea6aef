"""Where my side may lay, drop and plant now, read from the host's `legal` and nothing else.

Situation 4's legal is a complete list (place, flag, paradrop, tank, bridge
actions), so the window lights targets and validates a drop by looking it up.
Moves this window has sent and the table has not settled yet (predictions) are
taken off: an action into a space, with a piece, on a target or with a force
already spoken for by a move in flight is not offered twice. What a move in
flight would newly open (a space next to a piece still on its way) shows once
its update arrives, a few milliseconds later.

When a drop is not in `legal`, `why_not_*` gives the sentence for it. The
sentence is chosen from plain facts of the view (the space is filled, no tank in
hand, the piece is not this space's) and the board's shapes; it never decides
whether the move is allowed — `legal` already has.
"""
from engine import legal as listing

TANK, PARATROOP, BRIDGE = "tank", "paratroop", "bridge"
NOT_ANCHORED = "A piece must interlock with one of your own pieces that connects back to your base line."
FIRST_ON_BASE_LINE = "Your first piece must go on your base line (the red-bordered pieces)."
GUARDED = "An enemy tank guards that space: nothing of yours may interlock with its piece."
HOLDS_A_FORCE = "That piece already holds a tank or paratrooper."
NO_FIT = "That piece does not fit there."
FILLED = "That space is already filled."


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

    # ----- why a drop bounced ------------------------------------------------------------------
    def _enemy_tank_next_to(self, slot: int) -> bool:
        return any(f is not None and f["kind"] == TANK and f["side"] != self.side
                   for f in (self.forces[n] for n in self.board.neighbours[slot]))

    def _space(self, piece: int, slot: int):
        if not self.board.fits(piece, slot):
            return NO_FIT
        if self.owner[slot] is not None:
            return FILLED
        return None

    def why_not_place(self, piece: int, slot: int) -> str:
        said = self._space(piece, slot)
        if said:
            return said
        if not any(o == self.side for o in self.owner):
            return FIRST_ON_BASE_LINE
        return GUARDED if self._enemy_tank_next_to(slot) else NOT_ANCHORED

    def why_not_paradrop(self, target: int, piece: int, slot: int) -> str:
        said = self._space(piece, slot)
        if said:
            return said
        if slot not in self.board.neighbours[target]:
            return "Your piece must interlock with the piece your paratrooper lands on."
        return GUARDED

    def why_not_land(self, slot: int) -> str:
        """Why a paratrooper may not land on `slot`."""
        if not self._spare("paradrop"):
            return "You have no paratroopers ready (complete your paratroop base first; three at most)."
        if self.owner[slot] != 1 - self.side:
            return "A paratrooper must land on one of your opponent's pieces."
        if self.forces[slot] is not None:
            return HOLDS_A_FORCE
        return "No empty space next to that piece for your own piece to join it."

    def why_not_tank(self, slot: int) -> str:
        if not self._spare("tank"):
            return "You have no tanks ready (complete your tank base first; three at most)."
        if self.owner[slot] != self.side:
            return "A tank must go on one of your own pieces."
        if self.forces[slot] is not None:
            return HOLDS_A_FORCE
        return ("A tank may only reach your own land connected to your base line, "
                "crossing the river only on your own bridges.")

    def why_not_bridge(self, position: int) -> str:
        if not self._spare("bridge"):
            return "You have no bridges left."
        if self.pub["bridges"][position] is not None:
            return "That bridge position is taken."
        return "Both banks at that bridge position must be covered first."

    def _spare(self, action_type: str) -> bool:
        """Whether a force for `action_type` is left in hand once the moves in flight have used theirs."""
        return self._in_hand(action_type) > sum(1 for a in self.in_flight if a["type"] == action_type)
