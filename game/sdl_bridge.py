"""Two SDL calls pygame-ce does not offer, made on the SDL library pygame itself loaded:

  usable_bounds()          the desktop area a window may use (the screen less panels, docks and taskbars)
  window_borders(window)   the frame the window manager puts around a window (title bar, edges)

Both answer None where that library cannot be found or the call fails; the
window (game/window.py) then falls back on the desktop size and a guessed frame.
Only the very library pygame loaded will do: another copy of SDL would know
nothing of pygame's display and window.
"""
import ctypes
import os
import sys
from pathlib import Path

import pygame


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


_library = None
_looked = False


def _loaded_sdl_path() -> str | None:
    """The path of the SDL2 library in this process: from the memory map on Linux, else the copy shipped
    beside pygame (Windows and macOS load a library once per path, so opening it again gives the same one)."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.rstrip("\n").split(maxsplit=5)[-1]
                name = os.path.basename(path)
                if name.startswith("libSDL2-2") or name.startswith("libSDL2-2.0.so"):
                    return path
    except OSError:
        pass
    if sys.platform.startswith("linux"):
        return None
    here = Path(pygame.__file__).parent
    for pattern in ("SDL2.dll", ".dylibs/libSDL2-2.0*.dylib", "libSDL2-2.0*.dylib"):
        found = sorted(here.glob(pattern))
        if found:
            return str(found[0])
    return None


def _sdl():
    global _library, _looked
    if not _looked:
        _looked = True
        path = _loaded_sdl_path()
        if path is not None:
            try:
                lib = ctypes.CDLL(path)
                lib.SDL_GetDisplayUsableBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_Rect)]
                lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
                lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
                lib.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 4
                _library = lib
            except (OSError, AttributeError):
                _library = None
    return _library


def usable_bounds(display: int = 0) -> pygame.Rect | None:
    lib = _sdl()
    if lib is None:
        return None
    rect = _Rect()
    if lib.SDL_GetDisplayUsableBounds(display, ctypes.byref(rect)) != 0 or rect.w <= 0 or rect.h <= 0:
        return None
    return pygame.Rect(rect.x, rect.y, rect.w, rect.h)


def window_borders(window) -> tuple[int, int, int, int] | None:
    """(top, left, bottom, right) of `window`'s frame (a pygame.Window), or None while unknown."""
    lib = _sdl()
    if lib is None:
        return None
    pointer = lib.SDL_GetWindowFromID(window.id)
    if not pointer:
        return None
    sides = [ctypes.c_int() for _ in range(4)]
    if lib.SDL_GetWindowBordersSize(ctypes.c_void_p(pointer), *(ctypes.byref(s) for s in sides)) != 0:
        return None
    return tuple(s.value for s in sides)
