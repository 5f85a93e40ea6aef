"""What the Tactics (1954) board draws on its map: the terrain with the ports' pennants, the picked unit's reach
(shaded by cost band) and the path under the pointer, the lit targets, the counters, the battle plan's lines and
odds, the front line and the HQ ranges when asked for, and the animations. A still picture (the map, the reach and
the counters) is one cached opaque layer, remade only when what it shows changes. The map opens framed on the
seat's own units.
"""
import math

import pygame

from engine.ah_tactics import queries
from game import theme
from game.ah_tactics.charts import columns_text
from game.ah_tactics.counters import COMPACT_BELOW, FACE, compact, face as counter_face, side_colour, unit_name
from game.ah_tactics.log import square_name
from game.ah_tactics.geometry import ART_FILE, BOARD_RECT, DEFAULT_ZOOM, GRID, local_centre
from game.wargame import stacks
from game.wargame.counters import Counters
from game.wargame.fog import FogLayer
from game.wargame.terrain import TerrainLayer


FRONT_COLOUR = (255, 236, 140)   # pale gold: apart from the blue rivers, the red roads and both sides' colours
FRONTWARD = 4   # squares the opening frame looks past the seat's units toward the enemy


class Overlays:
    def __init__(self, seats, places, board: dict, board_map, input, effects, scale):
        """`board_map`: the BoardMap drawn on; `input`: the board's Input, whose picks are lit; `effects`: the
        animations playing; `scale()`: the interface's scale (the map opens at DEFAULT_ZOOM times it)."""
        self.seats, self.places, self.board, self.map = seats, places, board, board_map
        self.input, self.effects, self.scale = input, effects, scale
        self.terrain = TerrainLayer(GRID, art=pygame.image.load(str(ART_FILE)).convert())
        self.counters = Counters()
        self.fog = FogLayer(self.counters)
        self._still_layer: dict = {}
        self._framed: tuple | None = None     # (the player's camera moves, the phase) when the map was last framed

    def frame_if_due(self) -> None:
        """The map opens at DEFAULT_ZOOM times the interface scale, on the seat's own units; it is framed once more
        when the set-up gives way to the first movement (the armies have moved up), unless the player has moved
        the map since."""
        places = self.places
        phase, moves = places.phase, self.map.pointer.moves
        framed = self._framed
        if not places.positions or not (framed is None or (framed[1] == "setup" and phase != "setup"
                                                           and framed[0] == moves)):
            return
        self._framed = (moves, phase)
        side = places.my_side or self.seats.pub.get("active")
        units = places.units
        own = [sq for uid, sq in places.positions.items() if units[uid]["side"] == side] or \
            list(places.positions.values())
        theirs = [sq for uid, sq in places.positions.items() if units[uid]["side"] != side]
        x = sum(sq[0] for sq in own) / len(own)
        y = sum(sq[1] for sq in own) / len(own)
        if theirs and phase != "setup":   # a little toward the enemy: the front in view, not only the rear
            y += FRONTWARD if sum(sq[1] for sq in theirs) / len(theirs) > y else -FRONTWARD
        camera = self.map.view.camera
        camera.set_zoom(DEFAULT_ZOOM * self.scale())
        camera.centre_on((x + 0.5) * GRID.size, (y + 0.5) * GRID.size)

    def composite(self) -> pygame.Surface:
        ports = self.seats.pub.get("ports") or {}

        def decorate(surf):
            for city in self.board["cities"]:   # a pennant in its holder's colour on every city
                owner = ports.get(city["name"], city["side"])
                x, y = local_centre(min(city["squares"]))
                pygame.draw.line(surf, (30, 26, 20), (x - 14, y + 12), (x - 14, y - 16), 2)
                pygame.draw.polygon(surf, side_colour(owner), [(x - 13, y - 16), (x + 2, y - 11), (x - 13, y - 6)])
                pygame.draw.polygon(surf, (250, 250, 250), [(x - 13, y - 16), (x + 2, y - 11), (x - 13, y - 6)], 1)
        return self.terrain.composite((repr(sorted(ports.items())), theme.colours), decorate)

    def draw(self, surface: pygame.Surface, time: float) -> None:
        pygame.draw.rect(surface, theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16), 8)
        with self.map.view.clipped(surface):
            if self.effects.slides:   # units on the move: drawn one by one
                self._draw_still(surface, units=False)
                self._draw_units(surface)
            else:   # the map, the lit reach and a still army are one opaque blit, redrawn when they change
                key = (self.seats.shown_rev, self.map.view.state(), self.input.selected, self.input.air,
                       self.places.placed, repr(self.seats.pub.get("ports")), theme.colours)
                surface.blit(self._layer(self._still_layer, key, self._draw_still), BOARD_RECT)
            self._draw_lights(surface, time)
            for uid in self.places.hidden:   # our own reserves: the dashed rim only we see
                if uid in self.places.positions and self.map.view.is_visible(self.places.positions[uid]):
                    self.fog.own_hidden(surface, self.map.view, self.places.positions[uid])
            if self.input.front_shown():
                self._draw_front(surface)
            if self.input.hq_shown():
                self._draw_hq_ranges(surface)
            self._draw_plan(surface)
            if self.effects.battles:   # the battle's card keeps clear of the lit squares, then of the counters
                avoid = list(self.input.reach()) + list(self.places.positions.values())
            else:
                avoid = ()
            self.effects.draw(surface, self.map.view, self.counters, self._face(), avoid)
            if self.input.hover is not None:
                self.map.lights.light(surface, self.map.view, self.input.hover, "hover", 170)
            self._draw_path(surface)

    def _draw_front(self, surface) -> None:
        """The side's front line (rule G, as the rules read it): reserves stand behind it, on its home side."""
        side = self.places.my_side or self.seats.pub.get("active")
        if side is None:
            return
        rows = queries.front_line(self.seats.view, side)
        edge = [(x, r if side == "blue" else r + 1) for x, r in enumerate(rows)]   # the grid line on the far side
        points = []
        for x, y in edge:
            points += [self._corner(x, y), self._corner(x + 1, y)]
        width = max(3, round(self.map.view.cell_px / 8))
        pygame.draw.lines(surface, (20, 20, 24), False, points, width + 4)
        pygame.draw.lines(surface, FRONT_COLOUR, False, points, width)
        label = theme.render_text(f"{side.capitalize()} front line: reserves behind it", 16, (255, 255, 255), True)
        x, y = points[len(points) // 2]
        box = label.get_rect(midbottom=(x, y - width - 4)).inflate(12, 4)
        box.clamp_ip(self.map.view.viewport)
        pygame.draw.rect(surface, (20, 20, 24), box, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))

    def _corner(self, x: int, y: int) -> tuple[int, int]:
        """A grid corner on screen (x, y counted in squares from the board's top-left)."""
        size = self.map.view.grid.size
        sx, sy = self.map.view.camera.to_screen(x * size, y * size)
        return (round(sx), round(sy))

    def _draw_hq_ranges(self, surface) -> None:
        """Each corps HQ's range (rule H2): the squares within five of it, outlined, and its corps lit."""
        side = self.places.my_side or self.seats.pub.get("active")
        if side is None:
            return
        for hq in queries.hq_ranges(self.seats.view, side):
            (x, y), r = hq["at"], hq["radius"]
            colour = (140, 225, 150) if hq["in_range"] else (255, 130, 110)
            a, b = self._corner(x - r, y - r), self._corner(x + r + 1, y + r + 1)
            box = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
            pygame.draw.rect(surface, (20, 20, 24), box, 5, border_radius=4)
            pygame.draw.rect(surface, colour, box, 3, border_radius=4)
            dot = max(3, round(self.map.view.cell_px / 9))
            for sq in hq["members"]:   # a dot in the corner: the counter's number stays readable
                corner = self.map.view.cell_rect(sq).topright
                pygame.draw.circle(surface, (20, 20, 24), (corner[0] - dot, corner[1] + dot), dot + 1)
                pygame.draw.circle(surface, colour, (corner[0] - dot, corner[1] + dot), dot)
            text = f"{hq['corps']} HQ · {'in range' if hq['in_range'] else 'OUT of range'}"
            label = theme.render_text(text, 15, (20, 20, 24), True)
            tag = label.get_rect(topleft=(box.x + 4, box.y + 3)).inflate(8, 2)
            pygame.draw.rect(surface, colour, tag, border_radius=5)
            surface.blit(label, label.get_rect(center=tag.center))

    def tooltip_avoid(self):
        """The path under the pointer and its cost label stay clear of the tooltip."""
        found = self.input.path_to(self.input.hover) if self.input.selected is not None else None
        if found is None:
            return None
        points = [self.map.view.centre(self.places.positions[self.input.selected])] + [self.map.view.centre(sq) for sq in found[0]]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(min(xs), min(ys) - 36, max(xs) - min(xs) + 1, max(ys) - min(ys) + 37)

    def _draw_path(self, surface) -> None:
        """Under the pointer: the route the picked unit would take there, and its cost."""
        found = self.input.path_to(self.input.hover) if self.input.selected is not None else None
        if found is None:
            return
        squares, cost = found
        label = (queries.squares_text(cost) + " sq") if cost is not None else None
        self.map.shading.path(surface, self.map.view, self.places.positions[self.input.selected], squares, label)

    def _draw_still(self, surface, units: bool = True) -> None:
        self.map.picture.draw(surface, self.map.view, self.composite())
        if self.input.selected is not None:   # shaded by cost band: the map stays readable beneath
            layered = isinstance(surface, _Shifted)
            self.map.shading.draw(surface.surface if layered else surface, self.map.view, self.input.reach(),
                                  plain=self.input.kind_now() != "move",
                                  origin=(surface.ox, surface.oy) if layered else (0, 0))
        if units:
            self._draw_units(surface)

    def _face(self) -> tuple[int, int]:
        return stacks.face_size(self.map.view.cell_px, *FACE)

    def _draw_lights(self, surface, time: float) -> None:
        pulse = int(200 + 55 * math.sin(time * 5.0))
        light = self.map.lights.light
        for uid in self.seats.pub.get("unengaged") or []:
            sq = self.places.positions.get(uid)
            if sq is not None and self.map.view.is_visible(sq):
                light(surface, self.map.view, sq, "target", pulse)
        if self.input.selected is not None and self.input.selected in self.places.positions:
            light(surface, self.map.view, self.places.positions[self.input.selected], "selected", pulse)
            for uid in self.input.targets():
                sq = self.places.positions.get(uid)
                if sq is not None and self.map.view.is_visible(sq):
                    light(surface, self.map.view, sq, "attack", pulse)
        if self.input.picked_defender is not None and self.input.picked_defender in self.places.positions:
            light(surface, self.map.view, self.places.positions[self.input.picked_defender], "selected")
            for uid in self.input.orders.combines(self.input.picked_defender) if self.input.orders else ():
                if uid in self.places.positions:
                    light(surface, self.map.view, self.places.positions[uid], "target", pulse)

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
        small = self.map.view.cell_px < COMPACT_BELOW
        halted = set(self.seats.pub.get("halted") or [])
        for uid, sq in self.places.positions.items():
            at = self.effects.offset_of(uid, self.map.view)
            rect = self.map.view.cell_rect(sq)
            if at is not None:
                rect.topleft = at
            if not rect.colliderect(self.map.view.viewport):
                continue
            u = self.places.units[uid]
            paint = compact if small else counter_face   # the whole map in view: the number alone, as large as fits
            surface.blit(paint(u, rect.w, dimmed=uid in halted, selected=uid == self.input.selected,
                               prisoner=u["status"] != "active"), rect.topleft)

    def _draw_plan(self, surface) -> None:
        """Each planned battle: an arrow from every attacker across the edge it shares with its defender, and the
        battle's odds in a badge on a free square beside the defenders, away from the attackers (never on a
        counter)."""
        cell = self.map.view.cell_px
        for battle in self.seats.pub.get("plan") or []:
            defenders = [self.places.positions[d] for d in battle["defenders"] if d in self.places.positions]
            attackers = [self.places.positions[int(a)] for a in battle["attackers"] if int(a) in self.places.positions]
            if not defenders:
                continue
            for sq in attackers:
                target = min(defenders, key=lambda d: abs(d[0] - sq[0]) + abs(d[1] - sq[1]))
                self._arrow(surface, self.map.view.centre(sq), self.map.view.centre(target), max(2, round(cell / 12)))
            text = theme.render_text(columns_text(battle), max(13, round(cell * 0.36)), (255, 255, 255),
                                     True)
            box = pygame.Rect(0, 0, text.get_width() + 10, text.get_height() + 2)
            box.center = self.map.view.centre(self._badge_square(defenders, attackers))
            pygame.draw.rect(surface, (150, 28, 20), box, border_radius=6)
            pygame.draw.rect(surface, (255, 214, 90), box, 2, border_radius=6)
            surface.blit(text, text.get_rect(center=box.center))

    def _badge_square(self, defenders: list, attackers: list) -> tuple:
        """The square a battle's badge stands on: a free one next to its defenders, the farthest from its
        attackers (the first defender's own when none is free)."""
        taken = set(self.places.positions.values())
        cols, rows = self.map.view.grid.cols, self.map.view.grid.rows
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


    def tooltip_lines(self) -> list | None:
        if self.input.hover is None:
            return None
        sq = self.input.hover
        lines = [(square_name(self.board, sq), theme.colours.text)]
        x, y = sq
        terrain = self.board["legend"].get(self.board["terrain"][y][x], "clear")
        lines.append((terrain, theme.colours.text_dim))
        uid = self.places.by_square.get(sq)
        if uid is not None:
            u = self.places.units[uid]
            named = unit_name(u, self.places.my_side)   # an enemy's: "Red's 6th Inf" (both sides have one)
            lines.append((f"{named} ({u['corps'] or 'no corps'}, factor {u['factor']})",
                          theme.lighten(side_colour(u["side"]), 0.35)))
        cost = self.input.reach().get(sq, "none")
        if cost != "none":
            lines.append((f"click: {'drop here' if self.input.air else 'go here'}" + (f" for {queries.squares_text(cost)} sq" if cost else ""),
                          theme.colours.accent))
        if uid in self.input.targets():
            lines.append((f"click: attack with {max(self.input.targets()[uid])} factor(s)", theme.colours.accent))
        return lines

    # ----- the expert's hint -----------------------------------------------------------------------
    def advice_points(self, action: dict) -> list:
        """The places an action names: its units' squares, then where it goes."""
        positions = self.places.positions
        units = [action[k] for k in ("unit", "attacker", "defender", "with") if k in action]
        squares = [positions[u] for u in units if u in positions] + ([tuple(action["to"])] if "to" in action else [])
        return [self.map.view.centre(sq) for sq in squares]


class _Shifted:
    """A layer surface that takes screen coordinates: what is blitted or drawn on it lands `origin` less
    (only the calls the map's painters make)."""

    def __init__(self, surface: pygame.Surface, origin):
        self.surface, self.ox, self.oy = surface, origin[0], origin[1]

    def blit(self, source, dest, area=None):
        if isinstance(dest, pygame.Rect):
            dest = dest.topleft
        return self.surface.blit(source, (dest[0] - self.ox, dest[1] - self.oy), area)
