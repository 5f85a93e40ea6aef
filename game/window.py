"""The program's window on the desktop: its size, full screen and back, its icon, and the SDL hints it needs.

  * It opens at the largest size of the logical surface's shape that fits the desktop's usable
    area (the screen less panels and taskbars) together with the frame the window manager puts
    around it, never larger than the logical size times the player's interface scale (100, 125 or
    150 %), centred on that area: on a 1366x768 laptop the title bar and the bottom hint line are
    both on screen; on a large screen 125 % opens it a quarter larger.
  * Full screen and back is one and the same OS window (pygame.Window.set_fullscreen and
    set_windowed; set_mode would make a new one each time), and a window that comes back too big
    for the desktop (say it was maximised before) is brought back to a fitting size.
  * The icon is assets/art/icon.png, drawn by tools/make_icon.py.
  * Hints, before SDL starts: the first click on a window that is not focused is a click (SDL
    swallows it by default, so a drag on the other of two windows failed); on X11 the window's
    pixels go to the screen with plain X calls rather than through OpenGL, which on a machine
    without a GPU is a software renderer costing ~10 ms of CPU for every frame shown.

The dummy and offscreen drivers (tests, benches, screenshots) have no desktop: there the window
is simply the size asked for, the logical size by default.
"""
import os
import time
import warnings

import pygame

from engine import resources
from game import sdl_bridge
from game.scene import LOGICAL_SIZE

TITLE = "Sandtable"
ICON_FILE = resources.asset_path("art", "icon.png")
MIN_SIZE = (320, 200)
GUESSED_FRAME = (40, 8, 8, 8)   # (top, left, bottom, right) until the window manager says
TASKBAR_GUESS = 48              # pixels kept free at the bottom when the usable area is unknown
MARGIN = 8                      # pixels kept between the frame and the edge of the usable area
REFIT_WAIT = 1.0                # seconds a window back from full screen waits for its frame before it is placed
HEADLESS_DRIVERS = ("dummy", "offscreen")

HINTS = {"SDL_MOUSE_FOCUS_CLICKTHROUGH": "1"}
X11_HINTS = {"SDL_FRAMEBUFFER_ACCELERATION": "0"}


def apply_hints() -> None:
    """Set the SDL hints (environment variables SDL reads): call before pygame.init().
    A value already in the environment wins, so a player can still choose otherwise."""
    for name, value in HINTS.items():
        os.environ.setdefault(name, value)


def fitting_size(area: tuple[int, int], frame=GUESSED_FRAME, largest=LOGICAL_SIZE) -> tuple[int, int]:
    """The largest window of `largest`'s shape that fits `area` with its frame and a margin (never larger
    than `largest`, never smaller than MIN_SIZE)."""
    top, left, bottom, right = frame
    room_w = area[0] - left - right - 2 * MARGIN
    room_h = area[1] - top - bottom - 2 * MARGIN
    scale = min(1.0, room_w / largest[0], room_h / largest[1])
    return max(MIN_SIZE[0], int(largest[0] * scale)), max(MIN_SIZE[1], int(largest[1] * scale))


def scaled(scale: float) -> tuple[int, int]:
    """The logical size times an interface scale (1.25: a quarter larger)."""
    return round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale)


def fits(size, frame, area: pygame.Rect) -> bool:
    """True when a window of `size` with `frame` around it fits in `area`."""
    top, left, bottom, right = frame
    return left + size[0] + right <= area.w and top + size[1] + bottom <= area.h


def placed_position(size, frame, area: pygame.Rect) -> tuple[int, int]:
    """Where the inside of a window of `size` goes (SDL positions a window by its inside) so that the
    window and its frame are centred on `area`."""
    top, left, bottom, right = frame
    outer_w, outer_h = size[0] + left + right, size[1] + top + bottom
    return area.x + max(0, (area.w - outer_w) // 2) + left, area.y + max(0, (area.h - outer_h) // 2) + top


class DesktopWindow:
    """The one OS window. `surface` is where the app presents its frames."""

    def __init__(self, *, size: tuple[int, int] | None = None, scale: float = 1.0):
        """`size`: the windowed size to open at (None: what fits this desktop, at most the logical size times
        `scale`)."""
        self.asked_size = tuple(size) if size else None
        self.largest = scaled(scale)
        self.headless = pygame.display.get_driver() in HEADLESS_DRIVERS
        self._frame = GUESSED_FRAME
        self._refit_by: float | None = None   # when a window back from full screen is placed at the latest
        if pygame.display.get_driver() == "x11":
            for name, value in X11_HINTS.items():
                os.environ.setdefault(name, value)   # read when the window's surface is made, just below
        self._load_icon()
        self.surface = pygame.display.set_mode(self._opening_size(), pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        self.os_window = self._os_window()
        if not self.headless and self.asked_size is None:
            self.fit(grow=True)   # the window manager has framed it now: the best size for that frame

    # ----- the desktop --------------------------------------------------------------------
    def usable_area(self) -> pygame.Rect:
        """The part of the first display a window may use."""
        area = sdl_bridge.usable_bounds()
        if area is not None:
            return area
        sizes = pygame.display.get_desktop_sizes() or [LOGICAL_SIZE]
        w, h = sizes[0]
        return pygame.Rect(0, 0, w, max(MIN_SIZE[1], h - TASKBAR_GUESS))

    def frame(self) -> tuple[int, int, int, int]:
        """The window manager's frame around the window: the last one it reported (a full-screen window has
        none), a guess until it has framed the window at all."""
        borders = sdl_bridge.window_borders(self.os_window) if self.os_window is not None else None
        if borders and any(borders):
            self._frame = borders
        return self._frame

    def _opening_size(self) -> tuple[int, int]:
        if self.asked_size is not None or self.headless:
            return self.asked_size or LOGICAL_SIZE
        return fitting_size(self.usable_area().size, largest=self.largest)

    def set_scale(self, scale: float) -> None:
        """The interface scale changed: a window of the desktop's own size grows or shrinks to the new largest
        that fits (a window opened at an asked size, and full screen, stay as they are)."""
        largest = scaled(scale)
        if largest != self.largest:
            self.largest = largest
            if self.asked_size is None and not self.headless:
                self.fit(grow=True)

    # ----- modes --------------------------------------------------------------------------
    @property
    def fullscreen(self) -> bool:
        return bool(self.surface.get_flags() & pygame.FULLSCREEN) if self.os_window is None else \
            pygame.display.is_fullscreen()

    def set_fullscreen(self, on: bool) -> None:
        """Full screen (the desktop's resolution) or back to a window that fits, on the same OS window."""
        if on == self.fullscreen:
            return
        if self.os_window is None:   # no pygame.Window to switch: make the display again (a new OS window)
            self.surface = pygame.display.set_mode((0, 0) if on else self._opening_size(),
                                                   pygame.FULLSCREEN if on else pygame.RESIZABLE)
            return
        if on:
            self.os_window.set_fullscreen(desktop=True)
        else:
            self.os_window.set_windowed()
            if not self.headless:
                self._refit_by = time.monotonic() + REFIT_WAIT
        self.surface = pygame.display.get_surface()

    def settle(self) -> None:
        """Call every frame: once a window that left full screen has its frame back (or REFIT_WAIT has
        passed), bring it to a fitting size and place. Placing it sooner goes wrong: until the window
        manager frames it again SDL believes it has no frame."""
        if self._refit_by is None:
            return
        borders = sdl_bridge.window_borders(self.os_window)
        if (borders and any(borders)) or time.monotonic() > self._refit_by:
            self._refit_by = None
            self.fit()

    def fit(self, *, grow: bool = False) -> None:
        """Put the window where it and its frame lie in the usable area, centred, at a size that fits there
        (`grow`: the largest that fits, as on opening; else it keeps its size unless that is too big)."""
        if self.os_window is None or self.fullscreen:
            return
        area, frame = self.usable_area(), self.frame()
        size = tuple(self.os_window.size)
        if grow or not fits(size, frame, area):
            size = fitting_size(area.size, frame, self.largest)
            if size != tuple(self.os_window.size):
                self.os_window.size = size
        self.os_window.position = placed_position(size, frame, area)
        self.surface = pygame.display.get_surface()

    # ----- parts --------------------------------------------------------------------------
    @staticmethod
    def _os_window():
        """The display's pygame.Window (for full screen and back, size and position), or None on a pygame
        without it. pygame-ce marks the call as deprecated in favour of making every window a pygame.Window;
        the app keeps the display module, which the rest of the program (convert(), pygame_gui) relies on."""
        from_display = getattr(pygame.Window, "from_display_module", None) if hasattr(pygame, "Window") else None
        if from_display is None:
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return from_display()

    @staticmethod
    def _load_icon() -> None:
        try:
            pygame.display.set_icon(pygame.image.load(str(ICON_FILE)))
        except (pygame.error, FileNotFoundError):
            pass   # an icon is a nicety: the window opens without one
