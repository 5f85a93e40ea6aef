"""What the Tactics (1954) board draws over its map: the terrain with the ports' pennants, the picked unit's
reach (shaded by cost band) and the path under the pointer, the lit targets, the counters, the battle plan's
lines and odds, the front line and the HQ ranges when asked for. A still picture (the map, the reach and the
counters) is one cached opaque layer, remade only when what it shows changes.
"""
import math

import pygame

from engine.ah_tactics import queries
from game import theme
from game.ah_tactics.counters import COMPACT_BELOW, FACE, compact, face as counter_face, side_colour
from game.ah_tactics.geometry import BOARD_RECT, local_centre
from game.wargame import stacks


FRONT_COLOUR = (255, 236, 140)   # pale gold: apart from the blue rivers, the red roads and both sides' colours


class Overlays:
    """Mixed into the board scene (game.ah_tactics.scene.BoardScene): its drawing of the map."""

    def composite(self) -> pygame.Surface:
        ports = self.pub.get("ports") or {}

        def decorate(surf):
            for city in self.board["cities"]:   # a pennant in its holder's colour on every city
                owner = ports.get(city["name"], city["side"])
                x, y = local_centre(min(city["squares"]))
                pygame.draw.line(surf, (30, 26, 20), (x - 14, y + 12), (x - 14, y - 16), 2)
                pygame.draw.polygon(surf, side_colour(owner), [(x - 13, y - 16), (x + 2, y - 11), (x - 13, y - 6)])
                pygame.draw.polygon(surf, (250, 250, 250), [(x - 13, y - 16), (x + 2, y - 11), (x - 13, y - 6)], 1)
        return self.terrain.composite((repr(sorted(ports.items())), theme.colours), decorate)

    def draw_board(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16), 8)
        with self.map.clipped(surface):
            if self.effects.slides:   # units on the move: drawn one by one
                self._draw_still(surface, units=False)
                self._draw_units(surface)
            else:   # the map, the lit reach and a still army are one opaque blit, redrawn when they change
                key = (self.shown_rev, self.map.state(), self.selected, self.air, self._placed,
                       repr(self.pub.get("ports")), theme.colours)
                surface.blit(self._layer(self._still_layer, key, self._draw_still), BOARD_RECT)
            self._draw_lights(surface)
            for uid in self.hidden:   # our own reserves: the dashed rim only we see
                if uid in self.positions and self.map.is_visible(self.positions[uid]):
                    self.fog.own_hidden(surface, self.map, self.positions[uid])
            if self.front_shown():
                self._draw_front(surface)
            if self.hq_shown():
                self._draw_hq_ranges(surface)
            self._draw_plan(surface)
            self.effects.draw(surface, self.map, self.counters, self._face())
            if self.hover is not None:
                self.lights.light(surface, self.map, self.hover, "hover", 170)
            self._draw_path(surface)

    def _draw_front(self, surface) -> None:
        """The side's front line (rule G, as the rules read it): reserves stand behind it, on its home side."""
        side = self.my_side or self.pub.get("active")
        if side is None:
            return
        rows = queries.front_line(self.view, side)
        edge = [(x, r if side == "blue" else r + 1) for x, r in enumerate(rows)]   # the grid line on the far side
        points = []
        for x, y in edge:
            points += [self._corner(x, y), self._corner(x + 1, y)]
        width = max(3, round(self.map.cell_px / 8))
        pygame.draw.lines(surface, (20, 20, 24), False, points, width + 4)
        pygame.draw.lines(surface, FRONT_COLOUR, False, points, width)
        label = theme.render_text(f"{side.capitalize()} front line: reserves behind it", 16, (255, 255, 255), True)
        x, y = points[len(points) // 2]
        box = label.get_rect(midbottom=(x, y - width - 4)).inflate(12, 4)
        box.clamp_ip(self.map.viewport)
        pygame.draw.rect(surface, (20, 20, 24), box, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))

    def _corner(self, x: int, y: int) -> tuple[int, int]:
        """A grid corner on screen (x, y counted in squares from the board's top-left)."""
        size = self.map.grid.size
        sx, sy = self.map.camera.to_screen(x * size, y * size)
        return (round(sx), round(sy))

    def _draw_hq_ranges(self, surface) -> None:
        """Each corps HQ's range (rule H2): the squares within five of it, outlined, and its corps lit."""
        side = self.my_side or self.pub.get("active")
        if side is None:
            return
        for hq in queries.hq_ranges(self.view, side):
            (x, y), r = hq["at"], hq["radius"]
            colour = (140, 225, 150) if hq["in_range"] else (255, 130, 110)
            a, b = self._corner(x - r, y - r), self._corner(x + r + 1, y + r + 1)
            box = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
            pygame.draw.rect(surface, (20, 20, 24), box, 5, border_radius=4)
            pygame.draw.rect(surface, colour, box, 3, border_radius=4)
            dot = max(3, round(self.map.cell_px / 9))
            for sq in hq["members"]:   # a dot in the corner: the counter's number stays readable
                corner = self.map.cell_rect(sq).topright
                pygame.draw.circle(surface, (20, 20, 24), (corner[0] - dot, corner[1] + dot), dot + 1)
                pygame.draw.circle(surface, colour, (corner[0] - dot, corner[1] + dot), dot)
            text = f"{hq['corps']} HQ · {'in range' if hq['in_range'] else 'OUT of range'}"
            label = theme.render_text(text, 15, (20, 20, 24), True)
            tag = label.get_rect(topleft=(box.x + 4, box.y + 3)).inflate(8, 2)
            pygame.draw.rect(surface, colour, tag, border_radius=5)
            surface.blit(label, label.get_rect(center=tag.center))

    def tooltip_avoid(self):
        """The path under the pointer and its cost label stay clear of the tooltip."""
        found = self.path_to(self.hover) if self.selected is not None else None
        if found is None:
            return None
        points = [self.map.centre(self.positions[self.selected])] + [self.map.centre(sq) for sq in found[0]]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(min(xs), min(ys) - 36, max(xs) - min(xs) + 1, max(ys) - min(ys) + 37)

    def _draw_path(self, surface) -> None:
        """Under the pointer: the route the picked unit would take there, and its cost."""
        found = self.path_to(self.hover) if self.selected is not None else None
        if found is None:
            return
        squares, cost = found
        label = (queries.squares_text(cost) + " sq") if cost is not None else None
        self.shading.path(surface, self.map, self.positions[self.selected], squares, label)

    def _draw_still(self, surface, units: bool = True) -> None:
        self.picture.draw(surface, self.map, self.composite())
        if self.selected is not None:   # shaded by cost band: the map stays readable beneath
            layered = isinstance(surface, _Shifted)
            self.shading.draw(surface.surface if layered else surface, self.map, self.reach(),
                              plain=self.kind_now() != "move", origin=(surface.ox, surface.oy) if layered else (0, 0))
        if units:
            self._draw_units(surface)

    def _face(self) -> tuple[int, int]:
        return stacks.face_size(self.map.cell_px, *FACE)

    def _draw_lights(self, surface) -> None:
        pulse = int(200 + 55 * math.sin(self.time * 5.0))
        light = self.lights.light
        for uid in self.pub.get("unengaged") or []:
            sq = self.positions.get(uid)
            if sq is not None and self.map.is_visible(sq):
                light(surface, self.map, sq, "target", pulse)
        if self.selected is not None and self.selected in self.positions:
            light(surface, self.map, self.positions[self.selected], "selected", pulse)
            for uid in self.targets():
                sq = self.positions.get(uid)
                if sq is not None and self.map.is_visible(sq):
                    light(surface, self.map, sq, "attack", pulse)
        if self.picked_defender is not None and self.picked_defender in self.positions:
            light(surface, self.map, self.positions[self.picked_defender], "selected")
            for uid in self.orders.combines(self.picked_defender) if self.orders else ():
                if uid in self.positions:
                    light(surface, self.map, self.positions[uid], "target", pulse)

    def _layer(self, cache: dict, key, paint) -> pygame.Surface:
        """An opaque surface the size of the map holding what `paint` draws, remade only when `key` changes
        (the art, hundreds of lit squares and every counter then cost one blit a frame)."""
        if cache.get("key") != key:
            layer = cache.get("surface")
            if layer is None:
                layer = cache["surface"] = pygame.Surface(BOARD_RECT.size).convert()
            layer.fill(theme.darken(theme.colours.panel, 0.4))
            shifted = _Shifted(layer, BOARD_RECT.topleft)
            paint(shifted)
            cache["key"] = key
        return cache["surface"]

    def _draw_units(self, surface) -> None:
        small = self.map.cell_px < COMPACT_BELOW
        halted = set(self.pub.get("halted") or [])
        for uid, sq in self.positions.items():
            at = self.effects.offset_of(uid, self.map)
            rect = self.map.cell_rect(sq)
            if at is not None:
                rect.topleft = at
            if not rect.colliderect(self.map.viewport):
                continue
            u = self.units[uid]
            paint = compact if small else counter_face   # the whole map in view: the number alone, as large as fits
            surface.blit(paint(u, rect.w, dimmed=uid in halted, selected=uid == self.selected,
                               prisoner=u["status"] != "active"), rect.topleft)

    def _draw_plan(self, surface) -> None:
        """Each planned battle: an arrow from every attacker across the edge it shares with its defender, and the
        battle's odds in a badge on a free square beside the defenders, away from the attackers (never on a
        counter)."""
        cell = self.map.cell_px
        for battle in self.pub.get("plan") or []:
            defenders = [self.positions[d] for d in battle["defenders"] if d in self.positions]
            attackers = [self.positions[int(a)] for a in battle["attackers"] if int(a) in self.positions]
            if not defenders:
                continue
            for sq in attackers:
                target = min(defenders, key=lambda d: abs(d[0] - sq[0]) + abs(d[1] - sq[1]))
                self._arrow(surface, self.map.centre(sq), self.map.centre(target), max(2, round(cell / 12)))
            text = theme.render_text(f"{battle['odds']}".split(" ")[0], max(13, round(cell * 0.36)), (255, 255, 255),
                                     True)
            box = pygame.Rect(0, 0, text.get_width() + 10, text.get_height() + 2)
            box.center = self.map.centre(self._badge_square(defenders, attackers))
            pygame.draw.rect(surface, (150, 28, 20), box, border_radius=6)
            pygame.draw.rect(surface, (255, 214, 90), box, 2, border_radius=6)
            surface.blit(text, text.get_rect(center=box.center))

    def _badge_square(self, defenders: list, attackers: list) -> tuple:
        """The square a battle's badge stands on: a free one next to its defenders, the farthest from its
        attackers (the first defender's own when none is free)."""
        taken = set(self.positions.values())
        cols, rows = self.map.grid.cols, self.map.grid.rows
        free = [(x + dx, y + dy) for x, y in defenders for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (x + dx, y + dy) not in taken and 0 <= x + dx < cols and 0 <= y + dy < rows]
        if not free:
            return defenders[0]
        ax = sum(a[0] for a in attackers) / len(attackers) if attackers else defenders[0][0]
        ay = sum(a[1] for a in attackers) / len(attackers) if attackers else defenders[0][1]
        return max(sorted(free), key=lambda sq: (sq[0] - ax) ** 2 + (sq[1] - ay) ** 2)

    @staticmethod
    def _arrow(surface, start, end, width: int) -> None:
        """A short arrow across the edge between two neighbouring squares' counters, its tip just past the edge
        (the numbers in the counters' corners stay clear)."""
        (x0, y0), (x1, y1) = start, end
        a = (x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25)
        b = (x0 + (x1 - x0) * 0.45, y0 + (y1 - y0) * 0.45)
        length = max(1.0, math.hypot(b[0] - a[0], b[1] - a[1]))
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        head = width * 2.2
        tip = (b[0] + ux * head, b[1] + uy * head)
        wing = [(b[0] - uy * head, b[1] + ux * head), (b[0] + uy * head, b[1] - ux * head)]
        pygame.draw.line(surface, (20, 20, 24), a, b, width + 2)
        pygame.draw.polygon(surface, (20, 20, 24), [tip, *wing])
        pygame.draw.line(surface, (255, 214, 90), a, b, width)
        pygame.draw.polygon(surface, (255, 214, 90), [(tip[0] - ux, tip[1] - uy), *wing])


class _Shifted:
    """A layer surface that takes screen coordinates: what is blitted or drawn on it lands `origin` less
    (only the calls the map's painters make)."""

    def __init__(self, surface: pygame.Surface, origin):
        self.surface, self.ox, self.oy = surface, origin[0], origin[1]

    def blit(self, source, dest, area=None):
        if isinstance(dest, pygame.Rect):
            dest = dest.topleft
        return self.surface.blit(source, (dest[0] - self.ox, dest[1] - self.oy), area)
