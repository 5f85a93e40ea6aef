"""Where the board's tooltip goes: by the mouse, but never over the squares it is about.

The kit puts a tooltip below and right of the pointer; on this board that is where the next
lit squares of a picked piece usually are, so the tip hid the very squares to click. Here the
tip tries the four corners round the pointer (and, failing those, farther out) and takes the
first place inside the bounds that covers none of the squares to keep clear (the lit squares
and the one under the pointer); if every place covers some, the one covering least.
"""
import pygame

GAP = (18, 14)          # the kit's offset from the pointer
REACH = (1, 2, 3)       # how far out the tip may go, in multiples of its own size


def place(size: tuple, mouse: tuple, bounds: pygame.Rect, keep_clear: list) -> pygame.Rect:
    """The rectangle for a tooltip of `size` near `mouse`, inside `bounds`, off `keep_clear` rects if it can."""
    mx, my = mouse
    w, h = size
    gx, gy = GAP
    candidates = []
    for k in REACH:
        far_x, far_y = gx + (k - 1) * w // 2, gy + (k - 1) * h
        candidates += [pygame.Rect(mx + far_x, my + far_y, w, h), pygame.Rect(mx - far_x - w, my + far_y, w, h),
                       pygame.Rect(mx + far_x, my - far_y - h, w, h), pygame.Rect(mx - far_x - w, my - far_y - h, w, h)]
    best, best_cover = None, None
    for rect in candidates:
        rect = rect.clamp(bounds)
        cover = sum(_overlap(rect, r) for r in keep_clear)
        if cover == 0:
            return rect
        if best_cover is None or cover < best_cover:
            best, best_cover = rect, cover
    return best


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h
