"""Mouse and keys over a map: clicks on cells, hover, and moving the camera.

A small state machine between pygame events and a board scene:
  idle --press on the map--> pressed --moved past DRAG_PIXELS (and the camera can pan)--> dragging
  pressed --release--> a click on the cell under the press (`on_click(cell, button)`)
  dragging --release--> idle (the drag only moved the map)
A release is a click only if this map saw its press, so the release of a click that
closed the help card or the hot-seat cover never plays a move.

Camera keys: the wheel zooms around the mouse, + / - zoom around the viewport's
centre, the arrow keys pan (when the board is larger than its viewport), 0 fits
the whole board. `handle(event)` returns True for the events it used.
"""
import pygame

from game.wargame.map_view import MapView

DRAG_PIXELS = 6
PAN_KEY_PIXELS = 96
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
FIT_KEYS = (pygame.K_0, pygame.K_KP0)


class MapPointer:
    def __init__(self, view: MapView, on_click, *, pan_keys: bool = True):
        """`on_click(cell, button)` for a click on a cell of the board; `pan_keys`: the arrow keys pan
        (a board whose arrows mean something else turns them off)."""
        self.view = view
        self.on_click = on_click
        self.pan_keys = pan_keys
        self._hover: tuple[int, int] | None = None
        self._hover_view = None            # the camera when `_hover` was read (a scroll under a still pointer)
        self.press: dict | None = None     # {"pos", "button", "cell"} while a button is down on the map
        self.dragging = False
        self.last_pos: tuple[int, int] | None = None   # the mouse, as last seen (logical)
        self.moves = 0                     # camera moves made (tests and benches read it)

    @property
    def camera(self):
        return self.view.camera

    @property
    def hover(self) -> tuple[int, int] | None:
        """The cell under the pointer: read again when the map moved under a still pointer (a battle panned
        into view, the map framed, a lesson showing its places), so the square's tooltip follows the map."""
        if self._hover_view != self.view.state() and self.last_pos is not None:
            self.hover = self.view.cell_at(self.last_pos)
        return self._hover

    @hover.setter
    def hover(self, cell) -> None:
        self._hover, self._hover_view = cell, self.view.state()

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            if not self.view.viewport.collidepoint(event.pos):
                return False
            self.press = {"pos": event.pos, "button": event.button, "cell": self.view.cell_at(event.pos)}
            self.dragging = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            press, self.press = self.press, None
            if press is None or press["button"] != event.button:
                return False
            dragged, self.dragging = self.dragging, False
            if not dragged and press["cell"] is not None:
                self.on_click(press["cell"], event.button)
            return True
        if event.type == pygame.MOUSEWHEEL:
            return self.wheel(event.y, self.last_pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def wheel(self, steps: int, anchor) -> bool:
        """Zoom one level up or down around `anchor` (the mouse), if it is over the map."""
        if not steps or anchor is None or not self.view.viewport.collidepoint(anchor):
            return False
        if self.camera.zoom_by(1 if steps > 0 else -1, anchor):
            self._moved()
        return True

    def key(self, key: int) -> bool:
        if key in ZOOM_KEYS:
            if self.camera.zoom_by(ZOOM_KEYS[key]):
                self._moved()
            return True
        if key in FIT_KEYS:
            if self.camera.set_zoom(self.camera.levels[0]):
                self._moved()
            return True
        if self.pan_keys and key in PAN_KEYS and self.camera.can_pan:
            dx, dy = PAN_KEYS[key]
            if self.camera.pan_by(dx * PAN_KEY_PIXELS, dy * PAN_KEY_PIXELS):
                self._moved()
            return True
        return False

    def _motion(self, pos) -> bool:
        last, self.last_pos = self.last_pos, pos
        self.hover = self.view.cell_at(pos)
        press = self.press
        if press is None:
            return False
        if not self.dragging:
            far = abs(pos[0] - press["pos"][0]) + abs(pos[1] - press["pos"][1]) >= DRAG_PIXELS
            if not (far and self.camera.can_pan):
                return False
            self.dragging = True
            last = press["pos"]
        if last is not None and self.camera.pan_by(pos[0] - last[0], pos[1] - last[1]):
            self._moved()
        return True

    def _moved(self) -> None:
        self.moves += 1
        if self.last_pos is not None:
            self.hover = self.view.cell_at(self.last_pos)
