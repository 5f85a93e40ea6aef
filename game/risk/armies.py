"""Army tokens: a disc in the owner's colour (in the owner's own shape, with the colour-blind marks on) with the
count, drawn at each territory.

Tokens are cached per (colour, count, size): a frame blits 42 ready surfaces
and renders no text. Floating numbers ("+3", "-1") show what just changed; changes
at one place in quick succession add up into one number.
"""
import pygame

from game import theme

RADIUS = 13
FLOAT_SECONDS = 1.2
MERGE_WINDOW = 0.8     # a change within this long of the last one at the same place joins it
MAX_FLOATERS = 12


class ArmyTokens:
    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}
        self.floaters: list[dict] = []  # {"pos", "value", "x", "y", "left", "surf"}

    def token(self, owner, count: int, big: bool = False) -> pygame.Surface:
        colour = theme.seat_colour(owner)
        shape = theme.seat_shape(owner)
        key = (colour, shape, count, big)
        surf = self._cache.get(key)
        if surf is None:
            r = RADIUS + (3 if big else 0) + (2 if count >= 100 else 0)
            size = 2 * r + 6
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = (size // 2, size // 2 - 1)
            theme.draw_shape(surf, shape, (c[0] + 1, c[1] + 3), r, (0, 0, 0, 110))
            theme.draw_shape(surf, shape, c, r, theme.darken(colour, 0.45))
            theme.draw_shape(surf, shape, c, r - 2, colour)
            theme.draw_shape(surf, shape, (c[0], c[1] - 1), r - 2, theme.lighten(colour, 0.35), 2)
            text = theme.font(20 if count < 100 else 17, True).render(str(count), True, theme.text_on(colour))
            surf.blit(text, text.get_rect(center=(c[0], c[1] + 1)))
            surf = surf.convert_alpha()
            if len(self._cache) > 1500:
                self._cache.clear()
            self._cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, geometry, territories: dict, emphasis=()) -> None:
        for tid, info in territories.items():
            if info.get("owner") is None and not info.get("armies"):
                continue
            tok = self.token(info["owner"], info["armies"], tid in emphasis)
            surface.blit(tok, tok.get_rect(center=geometry.territories[tid].army))

    def float_number(self, pos, value: int, colour) -> None:
        """Show a change of armies ("+3", "-1") rising from `pos`. A change at the same place while the last
        one still shows is added to it, so a run of placements reads as one growing number, not a heap."""
        for f in self.floaters:
            if f["pos"] == tuple(pos) and (f["value"] > 0) == (value > 0) and f["left"] > FLOAT_SECONDS - MERGE_WINDOW:
                f["value"] += value
                f["left"] = FLOAT_SECONDS
                f["y"] = pos[1] - 18
                f["surf"] = self._float_surface(f["value"], colour)
                return
        self.floaters.append({"pos": tuple(pos), "value": value, "x": pos[0], "y": pos[1] - 18, "left": FLOAT_SECONDS,
                              "surf": self._float_surface(value, colour)})
        del self.floaters[:-MAX_FLOATERS]

    @staticmethod
    def _float_surface(value: int, colour) -> pygame.Surface:
        return theme.render_text(f"{value:+d}", 24, colour, bold=True).copy()  # own copy: its alpha fades

    def update(self, dt: float) -> None:
        for f in self.floaters:
            f["y"] -= 28 * dt
            f["left"] -= dt
        self.floaters = [f for f in self.floaters if f["left"] > 0]

    def clear_floaters(self) -> None:
        self.floaters = []

    def draw_floaters(self, surface: pygame.Surface) -> None:
        for f in self.floaters:
            f["surf"].set_alpha(int(255 * min(1.0, f["left"] / 0.4)))
            surface.blit(f["surf"], f["surf"].get_rect(center=(int(f["x"]), int(f["y"]))))
