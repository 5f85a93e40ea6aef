"""Names on the world map: every territory's name and each continent's bonus, placed once where they
cover no army, no other name and no panel.

The prompts and the log speak in territory names ("Attack from Iceland"), so the map must show them.
Placement is worked out once from the map's geometry (it never changes): continents first, on the
open sea by their anchors; then each territory, most crowded first, tries spots around its army
token (below, above, beside, the corners) and takes the first one clear of every token, every name
placed so far and the map's `keep_clear` rectangles (the dice tray), preferring spots that lie over
its own land. A long name may wrap to two lines. Text is 12 px at the logical 1280x800, bold and
outlined so it reads over any owner's colour.
"""
import pygame

from game import theme

NAME_SIZE = 16            # theme size: 12 px Noto bold
CONTINENT_SIZE = 20
CONTINENT_BONUS_SIZE = 16
TOKEN_CLEARANCE = 17      # half the box kept clear around each army's centre (the largest token's radius)
GAP = 2
WRAP_OVER = 74            # names wider than this (px) wrap to two lines when that helps
NAME_COLOUR = (250, 246, 232)
OUTLINE = (16, 18, 24)


def outlined(lines: list[str], size: int, colour, *, bold: bool = True) -> pygame.Surface:
    """Lines of text, centred, with a 1-pixel dark outline so they read on any fill."""
    rendered = [theme.render_text(line, size, colour, bold) for line in lines]
    shadows = [theme.render_text(line, size, OUTLINE, bold) for line in lines]
    line_h = max(s.get_height() for s in rendered) - 3
    w = max(s.get_width() for s in rendered) + 2
    h = line_h * (len(lines) - 1) + rendered[-1].get_height() + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for i, (text, shadow) in enumerate(zip(rendered, shadows)):
        x, y = (w - text.get_width()) // 2, 1 + i * line_h
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            surf.blit(shadow, (x + dx, y + dy))
        surf.blit(text, (x, y))
    return surf.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else surf


def name_lines(name: str) -> list[list[str]]:
    """The ways to set a name: one line, and for a long name of several words, two balanced lines."""
    options = [[name]]
    words = name.split(" ")
    if len(words) > 1 and theme.text_width(name, NAME_SIZE, True) > WRAP_OVER:
        best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        options.insert(0, [" ".join(words[:best]), " ".join(words[best:])])
    return options


def _spots(centre, size) -> list[pygame.Rect]:
    """Candidate rectangles of `size` around a token at `centre`, nearest first."""
    cx, cy = centre
    w, h = size
    c = TOKEN_CLEARANCE + GAP
    out = []
    for reach in (0, 10):
        for dx, dy in ((0, c + reach), (0, -c - h - reach), (c + reach, -h // 2), (-c - w - reach, -h // 2),
                       (c // 2 + reach, c // 2 + reach), (-w - c // 2 - reach, c // 2 + reach),
                       (c // 2 + reach, -h - c // 2 - reach), (-w - c // 2 - reach, -h - c // 2 - reach)):
            x = cx + dx - (w // 2 if dx == 0 else 0)
            out.append(pygame.Rect(int(x), int(cy + dy), w, h))
    return out


class MapLabels:
    """Where each name goes (`territory_rects`, `continent_rects`) and its surface, worked out once."""

    def __init__(self, geometry, keep_clear=()):
        self.geometry = geometry
        self.keep_clear = [pygame.Rect(r) for r in keep_clear]
        self.tokens = {tid: pygame.Rect(0, 0, 2 * TOKEN_CLEARANCE, 2 * TOKEN_CLEARANCE) for tid in geometry.territories}
        for tid, rect in self.tokens.items():
            rect.center = geometry.territories[tid].army
        self.continent_rects: dict[str, pygame.Rect] = {}
        self.continent_surfaces: dict[str, pygame.Surface] = {}
        self.territory_rects: dict[str, pygame.Rect] = {}
        self.territory_surfaces: dict[str, pygame.Surface] = {}
        self._place_continents()
        self._place_territories()

    def _free(self, rect: pygame.Rect, placed) -> bool:
        bounds = self.geometry.map_rect.inflate(-4, -4)
        return (bounds.contains(rect) and rect.collidelist(list(self.tokens.values())) < 0
                and rect.collidelist(placed) < 0 and rect.collidelist(self.keep_clear) < 0)

    def _place_continents(self) -> None:
        for cid, info in self.geometry.continents.items():
            surf = self._continent_surface(info)
            rect = surf.get_rect(center=info["label"])
            self.continent_surfaces[cid] = surf
            self.continent_rects[cid] = rect

    @staticmethod
    def _continent_surface(info) -> pygame.Surface:
        colour = tuple(info["colour"])
        title = theme.render_text(info["name"].upper(), CONTINENT_SIZE, colour, True)
        bonus = theme.render_text(f"+{info['bonus']} armies", CONTINENT_BONUS_SIZE, (236, 232, 220), True)
        w = max(title.get_width(), bonus.get_width()) + 20
        h = title.get_height() + bonus.get_height() + 6
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (10, 22, 38, 190), surf.get_rect(), border_radius=8)
        pygame.draw.rect(surf, (*colour, 230), surf.get_rect(), 2, border_radius=8)
        surf.blit(title, title.get_rect(midtop=(w // 2, 2)))
        surf.blit(bonus, bonus.get_rect(midtop=(w // 2, title.get_height())))
        return surf

    def _crowding(self, tid: str) -> int:
        centre = pygame.Vector2(self.geometry.territories[tid].army)
        return -sum(1 for o in self.geometry.territories.values() if centre.distance_to(o.army) < 90)

    def _own_share(self, tid: str, rect: pygame.Rect) -> int:
        """How many of a few sample points of `rect` lie on the territory itself."""
        t = self.geometry.territories[tid]
        points = [(rect.x + rect.w * fx, rect.y + rect.h * fy) for fx in (0.15, 0.5, 0.85) for fy in (0.3, 0.7)]
        return sum(1 for p in points if t.contains((int(p[0]), int(p[1]))))

    def _place_territories(self) -> None:
        placed = list(self.continent_rects.values())
        for tid in sorted(self.geometry.territories, key=lambda t: (self._crowding(t), t)):
            t = self.geometry.territories[tid]
            best = None
            for lines in name_lines(t.name):
                surf = outlined(lines, NAME_SIZE, NAME_COLOUR)
                for order, rect in enumerate(_spots(t.army, surf.get_size())):
                    if self._free(rect, placed):
                        score = (self._own_share(tid, rect), -order)
                        if best is None or score > best[0]:
                            best = (score, rect, surf)
                if best is not None and best[0][0] >= 3:
                    break
            if best is None:   # nowhere clear: below the token, where it reads best even if it touches a name
                surf = outlined(name_lines(t.name)[0], NAME_SIZE, NAME_COLOUR)
                best = (None, _spots(t.army, surf.get_size())[0], surf)
            _, rect, surf = best
            self.territory_rects[tid] = rect
            self.territory_surfaces[tid] = surf
            placed.append(rect)

    def draw_continents(self, surface: pygame.Surface) -> None:
        for cid, rect in self.continent_rects.items():
            surface.blit(self.continent_surfaces[cid], rect)

    def draw_names(self, surface: pygame.Surface) -> None:
        for tid, rect in self.territory_rects.items():
            surface.blit(self.territory_surfaces[tid], rect)

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of labels (or a label and a token, "token:<id>") that touch: the map should have none."""
        out = []
        names = list(self.territory_rects.items()) + [(f"continent:{c}", r) for c, r in self.continent_rects.items()]
        for i, (a, ra) in enumerate(names):
            for b, rb in names[i + 1:]:
                if ra.colliderect(rb):
                    out.append((a, b))
            for tid, token in self.tokens.items():
                if ra.colliderect(token):
                    out.append((a, f"token:{tid}"))
        return out


_layouts: dict[tuple, MapLabels] = {}


def map_labels(geometry) -> MapLabels:
    """The names' layout for `geometry`, worked out once per program (it takes a quarter of a second)."""
    from game.risk.dice import PANEL
    key = (id(geometry), theme.generation)
    if key not in _layouts:
        _layouts.clear()
        _layouts[key] = MapLabels(geometry, keep_clear=[PANEL.inflate(6, 6)])
    return _layouts[key]
