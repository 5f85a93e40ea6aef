"""What the player's hand holds on the race board: the input state machine of drag and drop.

  idle --press on a tray piece or a force in hand--> pressed
  pressed --moved DRAG_THRESHOLD pixels--> dragging (the thing follows the mouse)
  pressed --released--> picked (a click picks it; a click on the board then places it)
  dragging --released--> idle, the drop handed to the board (`drop_piece` / `drop_force`)
  picked --click on the board--> idle, the same drop
A paratrooper dropped on a target it may land on leaves the hand `landing` there,
waiting for the piece of mine that joins it. Right-click or Esc lets go of
everything (a dragged thing hops home).

The hand decides nothing about the game: the board (its Drops) says whether the
race is on, what is in hand, and what a drop means.
"""
import math

import pygame

from game.situation4 import layout, race_hud

DRAG_THRESHOLD = 5   # pixels the mouse must travel before a press becomes a drag


class Hand:
    def __init__(self, board):
        """`board`: the race board's Drops (racing, refuse, in_hand, tray, proj, drop_piece, drop_force, send_home)."""
        self.board = board
        self.press: dict | None = None      # {"kind", "piece", "pos"}: mouse down, not yet a drag
        self.drag: dict | None = None       # {"kind", "piece", "pos", "grab", "start"}: under the mouse
        self.selected: dict | None = None   # {"kind", "piece"}: picked by click or key, placed by a click
        self.landing: int | None = None     # an enemy piece my paratrooper is landing on

    @property
    def holding(self) -> bool:
        return bool(self.drag or self.selected or self.landing is not None)

    @property
    def armed(self) -> str | None:
        """The kind of thing in hand ("piece", "tank", ...), or None."""
        return (self.selected or self.drag or {}).get("kind")

    def held_centre(self, mouse):
        """Where a dragged piece's centre is (the mouse, less where it was grabbed)."""
        if self.drag is None:
            return mouse
        pos, grab = self.drag["pos"], self.drag["grab"]
        return (pos[0] - grab[0], pos[1] - grab[1])

    def select(self, kind: str, piece=None) -> None:
        """Pick a piece (or a force by its key) to place with a click."""
        b = self.board
        if b.side is None:
            return
        if kind != "piece" and b.in_hand(kind) <= 0:
            b.refuse(f"You have no {race_hud.FORCE_LABELS[kind].lower()} in hand.")
            return
        self.selected = None if self.selected == {"kind": kind, "piece": piece} else {"kind": kind, "piece": piece}
        b.clicked()

    def cancel(self) -> bool:
        """Let go of everything; True if anything was held."""
        had = self.holding or self.press is not None
        if self.drag is not None:
            self.board.send_home(self.drag["kind"], self.drag["piece"], self.drag["pos"])
        self.drag = self.press = self.selected = None
        self.landing = None
        return had

    # ----- the mouse ------------------------------------------------------------------------
    def mouse_down(self, event) -> bool:
        b = self.board
        if event.button == 3:
            self.cancel()
            return True
        if event.button != 1 or b.side is None or b.view is None:
            return False
        pos = event.pos
        piece = b.tray.piece_at(pos)
        if piece is not None:
            self.press = {"kind": "piece", "piece": piece, "pos": pos}
            return True
        for kind, rect in race_hud.force_slots().items():
            if rect.collidepoint(pos):
                self.press = {"kind": kind, "piece": None, "pos": pos}
                return True
        if b.proj.rect.collidepoint(pos) and self.selected is not None:
            self._place_selected(pos)
            return True
        return False

    def _place_selected(self, pos) -> None:
        b, sel = self.board, self.selected
        if not b.racing:
            b.refuse(b.why_not_racing())
            return
        if sel["kind"] == "piece":
            if b.proj.slot_at(pos) is None:
                return
            self.selected = None
            b.drop_piece(sel["piece"], pos, start=b.tray.home_of(sel["piece"]))
        else:
            self.selected = None
            b.drop_force(sel["kind"], pos)

    def mouse_move(self, event) -> bool:
        b, pos = self.board, event.pos
        if self.drag is not None:
            self.drag["pos"] = pos
            return True
        if self.press is None or math.dist(pos, self.press["pos"]) < DRAG_THRESHOLD:
            return False
        press, self.press = self.press, None
        if not b.racing:
            b.refuse(b.why_not_racing())
            return True
        kind = press["kind"]
        if kind != "piece" and b.in_hand(kind) <= 0:
            b.refuse(f"You have no {race_hud.FORCE_LABELS[kind].lower()} in hand.")
            return True
        start, grab = press["pos"], (0, 0)
        home = b.tray.rects.get(press["piece"]) if kind == "piece" else None
        if home is not None:   # keep the point grabbed under the mouse as the piece grows to board size
            scale = b.proj.cell_px / layout.TRAY_CELL_PX
            grab = ((start[0] - home.centerx) * scale, (start[1] - home.centery) * scale)
        self.drag = {"kind": kind, "piece": press["piece"], "pos": pos, "grab": grab, "start": start}
        self.selected = None
        return True

    def mouse_up(self, event) -> bool:
        b, pos = self.board, event.pos
        if self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["kind"] == "piece":
                centre = (pos[0] - drag["grab"][0], pos[1] - drag["grab"][1])
                at = pos if b.proj.slot_at(centre) is None else centre
                b.drop_piece(drag["piece"], at, start=pos)
            else:
                b.drop_force(drag["kind"], pos)
            return True
        if self.press is not None:
            press, self.press = self.press, None
            self.select(press["kind"], press["piece"])
            return True
        return False

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.mouse_down(event)
        if event.type == pygame.MOUSEMOTION:
            return self.mouse_move(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.mouse_up(event)
        return False
