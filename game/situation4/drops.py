"""The race board's input: where my side may lay, drop and plant now (`targets`, from the seat's `legal` only),
the hand (game.situation4.hand: press, drag, pick, a paratrooper landing), and what a drop or a key means — an
action `legal` lists, sent at once and shown as a prediction, or a bounce home with the sentence saying why.
Nothing is sent that `legal` does not list.
"""
import math

import pygame

from game import sound
from game.situation4 import layout, race_hud
from game.situation4.hand import Hand
from game.situation4.targets import PARATROOP, TANK, Targets

BRIDGE_PICK_RADIUS = 34
FORCE_KEYS = {pygame.K_t: TANK, pygame.K_p: PARATROOP, pygame.K_b: "bridge"}


class Drops:
    def __init__(self, seats, board, proj, tray, predictions, effects, hud, mouse):
        """`seats`: the board's RaceSeats; `proj`: where the board is drawn; `tray`: my pieces; `predictions`: my
        moves shown as sent; `effects`: bounces and the "why not" bubble; `hud`: the flag button; `mouse()`."""
        self.seats, self.board, self.proj, self.tray = seats, board, proj, tray
        self.predictions, self.effects, self.hud, self.mouse = predictions, effects, hud, mouse
        self.hand = Hand(self)
        self.targets = Targets(board, None, {"owner": [], "forces": []}, seats.side)

    @property
    def seat(self) -> int | None:
        return self.seats.seat

    @property
    def side(self) -> int | None:
        return self.seats.side

    @property
    def view(self) -> dict | None:
        return self.seats.view

    @property
    def racing(self) -> bool:
        return self.seats.racing

    def why_not_racing(self) -> str:
        return self.seats.why_not_racing()

    def in_hand(self, kind: str) -> int:
        return self.seats.pub["in_hand"][kind][self.side]

    def tray_order(self) -> list:
        return list((self.seats.view or {}).get("private", {}).get("tray", [])) if self.seat is not None else []

    def rethink(self) -> None:
        """Targets anew: a new view, or a move sent or settled."""
        legal = (self.seats.view or {}).get("private", {}).get("legal")
        self.targets = Targets(self.board, legal, self.seats.pub, self.side, self.predictions.actions())

    # ----- acting --------------------------------------------------------------------------
    def submit(self, action: dict) -> int | None:
        """Send `action` (one that `legal` lists) for my seat and show it at once as a prediction."""
        if not self.seats.racing:
            self.refuse(self.seats.why_not_racing())
            return None
        self.seats.sent.append(action)
        seq = self.seats.link.send(action, self.seat)
        self.predictions.send(seq, action)
        self.rethink()
        sound.play("click")
        return seq

    def refuse(self, message: str, *, toast: bool = True) -> None:
        self.seats.refuse(message, toast=toast)

    def clicked(self) -> None:
        sound.play("click")

    def send_home(self, kind: str, piece, start) -> None:
        """What was in hand hops back where it came from (the tray, or the forces box)."""
        end = self.tray.home_of(piece) if kind == "piece" else race_hud.force_slots()[kind].center
        self.effects.bounce(kind, piece, start, end)

    def bounce(self, kind: str, piece, start, reason: str) -> None:
        """A refused drop: home it goes, and the reason shows by the drop and on the hint line."""
        self.send_home(kind, piece, start)
        self.effects.say(start, reason)
        self.refuse(reason, toast=False)

    def drop_piece(self, piece: int, pos, *, start=None) -> None:
        start = start or pos
        slot = self.proj.slot_at(pos)
        if slot is None:
            if not layout.TRAY.collidepoint(pos):
                self.send_home("piece", piece, start)
            return
        action, reason = self.targets.piece_drop(piece, slot, self.hand.landing)
        if action is None:
            self.bounce("piece", piece, start, reason)
            return
        if action["type"] == "paradrop":
            self.hand.landing = None
        self.submit(action)

    def drop_force(self, kind: str, pos) -> None:
        t = self.targets
        if kind == "bridge":
            position = self.bridge_at(pos)
            if position is None:
                if self.proj.rect.collidepoint(pos):
                    self.bounce(kind, None, pos, "Drop a bridge on a bridge position (the white dots by the river).")
            elif position in t.bridges:
                self.submit({"type": "bridge", "position": position})
            else:
                self.bounce(kind, None, pos, t.why_not_bridge(position))
            return
        slot = self.proj.slot_at(pos)
        if slot is None:
            return
        if kind == TANK:
            if slot in t.tank_slots:
                self.submit({"type": "tank", "slot": slot})
            else:
                self.bounce(kind, None, pos, t.why_not_tank(slot))
        elif slot in t.para_targets:   # a paratrooper lands; a piece of mine must join it next
            self.hand.landing = slot
            sound.play("click")
        else:
            self.bounce(kind, None, pos, t.why_not_land(slot))

    def plant_flag(self) -> None:
        slot = self.targets.flag_choice() if self.side is not None else None
        if slot is None:
            self.refuse("There is no objective you may flag now.")
            return
        self.submit({"type": "flag", "slot": slot})

    def flag_prompt(self):
        """(slot, points, my own moment) of the flag F would plant, or None."""
        slot = self.targets.flag_choice() if self.side is not None else None
        if slot is None or not self.seats.racing:
            return None
        return slot, self.board.objectives[slot], self.seats.pub["flag_windows"][self.side] == slot

    def bridge_at(self, pos):
        best, best_d = None, BRIDGE_PICK_RADIUS
        for position, (a, b) in enumerate(self.board.bridge_positions):
            p, q = self.proj.edge_points(a, b)
            d = math.dist(pos, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
            if d < best_d:
                best, best_d = position, d
        return best

    # ----- keys and the pointer -------------------------------------------------------------
    def key(self, event) -> bool:
        if event.key == pygame.K_f:
            self.plant_flag()
            return True
        if event.key in FORCE_KEYS:
            self.hand.select(FORCE_KEYS[event.key])
            return True
        return self.tray.handle(event, self.mouse())

    def pointer(self, event) -> bool:
        if self.tray.handle(event, self.mouse()):
            return True
        if event.type == pygame.MOUSEWHEEL:
            return True
        if self.flag_prompt() is not None and self.hud.flag_button.handle(event):
            return True
        return self.hand.handle(event)
