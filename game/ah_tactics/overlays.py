"""What the Tactics (1954) board draws over its map: the terrain with the ports' pennants, the picked unit's
reach (shaded by cost band) and the path under the pointer, the lit targets, the counters, the battle plan's
lines and odds, the front line and the HQ ranges when asked for. A still picture (the map, the reach and the
counters) is one cached opaque layer, remade only when what it shows changes.
"""
import math

import pygame

from engine.ah_tactics import queries
from game import theme
from game.ah_tactics.counters import COMPACT_BELOW, FACE, compact, look, side_colour
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
        face = self._face()
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
            if small:   # the whole map in view: a compact counter, its number readable
                surface.blit(compact(u, rect.w, dimmed=uid in halted, selected=uid == self.selected,
                                     prisoner=u["status"] != "active"), rect.topleft)
                continue
            sprite = self.counters.sprite(look(u, dimmed=uid in halted, selected=uid == self.selected,
                                               prisoner=u["status"] != "active"), face)
            surface.blit(sprite, (rect.centerx - face[0] // 2, rect.centery - face[1] // 2))

    def _draw_plan(self, surface) -> None:
        """Each planned battle: a line from every attacker to the defenders, and its odds over them."""
        for battle in self.pub.get("plan") or []:
            defenders = [self.positions[d] for d in battle["defenders"] if d in self.positions]
            if not defenders:
                continue
            dx = sum(self.map.centre(d)[0] for d in defenders) / len(defenders)
            dy = sum(self.map.centre(d)[1] for d in defenders) / len(defenders)
            for a in battle["attackers"]:
                sq = self.positions.get(int(a))
                if sq is not None:
                    ax, ay = self.map.centre(sq)
                    pygame.draw.line(surface, (255, 214, 90), (ax, ay), (dx, dy), max(2, round(self.map.cell_px / 14)))
            text = theme.render_text(f"{battle['odds']}", max(13, round(self.map.cell_px * 0.42)), (255, 255, 255), True)
            box = pygame.Rect(0, 0, text.get_width() + 10, text.get_height() + 2)
            box.center = (dx, dy - self.map.cell_px * 0.55)
            pygame.draw.rect(surface, (150, 28, 20), box, border_radius=6)
            pygame.draw.rect(surface, (255, 214, 90), box, 2, border_radius=6)
            surface.blit(text, text.get_rect(center=box.center))



class _Shifted:
    """A layer surface that takes screen coordinates: what is blitted or drawn on it lands `origin` less
    (only the calls the map's painters make)."""

    def __init__(self, surface: pygame.Surface, origin):
        self.surface, self.ox, self.oy = surface, origin[0], origin[1]

    def blit(self, source, dest, area=None):
        if isinstance(dest, pygame.Rect):
            dest = dest.topleft
        return self.surface.blit(source, (dest[0] - self.ox, dest[1] - self.oy), area)
