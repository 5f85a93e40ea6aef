"""My moves on screen before the table settles them, and their rollback when a race is lost.

A move shows the moment it is sent (the ledger of game.board_kit.predictions, which this extends).
It is settled one of three ways:
  * `ok`, then the view catches up: it stops being a prediction;
  * an update shows its space taken by someone else first (`lost_races`): it is
    rolled back at once, and the `err` that follows is not announced twice;
  * `err` (`settle`): rolled back with the table's sentence.
A race lost to my own teammate leaves the piece on the board for my side, so its
rollback says who got there first and nothing flies back (`Rollback.teammate`).
Everything here is for drawing; the table alone changes the game.
"""
from dataclasses import dataclass

from game.board_kit.predictions import Prediction, PredictionLedger
from game.situation4 import palette
from game.situation4.board_layer import pulse


@dataclass
class Rollback:
    prediction: Prediction
    reason: str
    teammate: bool = False   # my side's piece stands there now (a teammate laid it first)


class RacePredictions(PredictionLedger):
    def __init__(self, board, seat: int | None, side: int | None, seat_name, n_seats: int):
        super().__init__()
        self.board, self.seat, self.side = board, seat, side
        self.seat_name = seat_name
        self.n_seats = n_seats
        self.placed_by: dict[int, int] = {}   # slot -> the seat that laid its piece (from the events seen)
        self.history: list[dict] = []         # {"action", "reason"} of every rollback, newest last (tests read it)
        self._silenced: set = set()           # seqs already rolled back from an update

    def send(self, seq: int, action: dict) -> None:
        self.add(seq, action, self.seat)

    def actions(self) -> list[dict]:
        return [p.action for p in self]

    def in_flight_pieces(self) -> set:
        return {p.action["piece"] for p in self if "piece" in p.action}

    def draw(self, surface, sprites, layer, time: float) -> None:
        """My pieces in flight: translucent with a pulsing outline until `ok`, then solid until the view has them."""
        proj = layer.proj
        glow = int(120 + 100 * pulse(time, 8))
        for p in self:
            a = p.action
            if a["type"] in ("place", "paradrop"):
                sprite = sprites.get(a["piece"], self.side, proj.cell_px, proj.flipped)
                confirmed = p.confirmed_rev is not None
                sprite.blit_at(surface, proj.slot_centre(a["slot"]), alpha=None if confirmed else 200)
                if not confirmed:
                    layer.draw_outline(surface, a["slot"], (255, 255, 255, glow), 2)

    # ----- settling -----------------------------------------------------------------------
    def seen(self, event: dict) -> None:
        if event.get("type") == "placed":
            self.placed_by[event["slot"]] = event.get("seat")

    def lost_races(self, view: dict | None) -> list[Rollback]:
        """Predictions an update shows lost (their space now someone else's), rolled back now."""
        if not view or self.side is None:
            return []
        owner = view["public"]["owner"]
        out = []
        for p in self:
            slot = p.action.get("slot")
            if p.confirmed_rev is None and p.action["type"] in ("place", "paradrop") and owner[slot] is not None \
                    and owner[slot] != self.side:
                self.lost(p.seq)
                self._silenced.add(p.seq)
                out.append(self._rollback(p, f"{palette.side_name(self.board, owner[slot])} got there first.", view))
        return out

    def settle(self, msg: dict, view: dict | None):
        """An `ok` / `err`: a Rollback for a refused prediction; the table's sentence (str) for a refusal that
        has no prediction to roll back; None when there is nothing to say (an `ok`, an `err` already told)."""
        refused = self.answer(msg)
        if msg.get("t") != "err":
            return None
        if msg.get("seq") in self._silenced:
            self._silenced.discard(msg.get("seq"))
            return None
        reason = msg.get("msg") or "The table refused that move."
        return self._rollback(refused, reason, view) if refused is not None else reason

    def _rollback(self, p: Prediction, reason: str, view: dict | None) -> Rollback:
        mate = self._teammate_took(p.action, view)
        if mate is not None:
            reason = f"{mate} got there first: the piece is on the board for your side."
        self.history.append({"action": p.action, "reason": reason})
        return Rollback(p, reason, teammate=mate is not None)

    def _teammate_took(self, action: dict, view: dict | None):
        """The name of the teammate whose piece now fills the space `action` (a place or a paradrop) meant
        to fill, or None (the space is empty, or the other side's)."""
        if action.get("type") not in ("place", "paradrop") or self.side is None or view is None:
            return None
        slot = action["slot"]
        if view["public"]["owner"][slot] != self.side:
            return None
        seat = self.placed_by.get(slot)
        if seat == self.seat or (seat is None and self.n_seats <= 2):
            return None   # my own piece (or no teammate at all): an ordinary refusal
        return "Your teammate" if seat is None else self.seat_name(seat)
