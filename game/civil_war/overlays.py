"""What the Civil War board draws on its map, and the words by the mouse: the painted map with its markers, the
stacks, the last battle's flash, the picked stack's reach shaded by steps (one, two, a railroad ride of three) with
the squares that mean a battle lit red, the path the rules would take to the square under the pointer, and the
tooltip describing that square.
"""
import math

import pygame

from game import theme
from game.civil_war.counters import FACE, SHARED_FACE, look, side_colour
from game.civil_war.geometry import BOARD_RECT
from game.civil_war.log import SIDE_TITLES, square_name
from game.civil_war.map_layer import MapLayer
from game.civil_war.orders import describe
from game.wargame import stacks
from game.wargame.counters import Counters

FLASH_SECONDS = 1.5


class Overlays:
    def __init__(self, seats, board: dict, board_map, input):
        """`board_map`: the BoardMap drawn on; `input`: the board's Input, whose picks are lit."""
        self.seats, self.board, self.map, self.input = seats, board, board_map, input
        self.rails = {tuple(sq) for r in board["railroads"] for sq in r["route"]}
        self.layer = MapLayer(board)
        self.counters = Counters()
        self.flash: tuple | None = None   # (square, seconds left): where the last battle was

    # ----- the battle's flash ------------------------------------------------------------------
    def on_event(self, e: dict) -> None:
        if e["type"] == "battle":
            self.flash = (tuple(e["at"]), FLASH_SECONDS)

    def skip(self) -> None:
        self.flash = None

    def tick(self, dt: float) -> None:
        if self.flash is not None:
            self.flash = (self.flash[0], self.flash[1] - dt) if self.flash[1] > dt else None

    # ----- the map -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        pub, view = self.seats.pub, self.map.view
        surface.fill(theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16))
        self.map.picture.draw(surface, view, self.layer.composite(pub.get("cut_links") or []))
        with view.clipped(surface):
            self._draw_highlights(surface, time)
            self._draw_stacks(surface, pub)
            self.layer.draw_markers(surface, view, pub.get("flags", {}),
                                    {tuple(st["at"]) for st in pub.get("stacks", [])})

    def _draw_stacks(self, surface, pub) -> None:
        view = self.map.view
        for square, here in stacks.by_cell(pub.get("stacks", [])).items():
            if not view.is_visible(square):
                continue
            here = sorted(here, key=lambda s: s["side"])
            shared = len(here) > 1  # a battle being decided: both sides on one square
            face = stacks.face_size(view.cell_px, *(SHARED_FACE if shared else FACE))
            spots = stacks.positions(view.cell_rect(square), [face] * len(here), "split" if shared else "single")
            for s, at in zip(here, spots):
                surface.blit(self.counters.sprite(look(s), face), at)

    def _draw_highlights(self, surface, time: float) -> None:
        pulse = int(215 + 40 * math.sin(time * 5.0))
        view, lights, shading = self.map.view, self.map.lights, self.map.shading
        light = lights.light
        inp = self.input
        if self.flash is not None:
            light(surface, view, self.flash[0], "battle", int(255 * min(1.0, self.flash[1])))
        step = inp.step
        if step is not None and step["step"] in ("battle", "retreat"):
            light(surface, view, tuple(step["at"]), "battle", pulse)
        if inp.rules is not None and inp.dialog is None:
            if inp.selection:
                light(surface, view, inp.selection.cell, "selected")
                reach = inp.reach()
                shading.draw(surface, view, {sq: len(p) for sq, p in inp.paths().items() if sq in reach})
                lights.draw(surface, view, {sq: s for sq, s in reach.items() if s == "attack"}, alpha=pulse)
            elif step is None:
                lights.draw(surface, view, {sq: "source" for sq in inp.rules.sources()}, alpha=200)
        hover = inp.hover
        if hover is not None:
            light(surface, view, hover, "hover", 200)
            path = inp.paths().get(hover) if inp.selection else None
            if path:
                attack = inp.reach().get(hover) == "attack"
                label = f"{len(path)} sq" + (" · attack" if attack else "")
                shading.path(surface, view, inp.selection.cell, path, label)

    # ----- the words by the mouse ----------------------------------------------------------------
    def tooltip_avoid(self):
        """The path under the pointer and its label stay clear of the tooltip."""
        inp, view = self.input, self.map.view
        path = inp.paths().get(inp.hover) if inp.selection and inp.hover is not None else None
        if not path:
            return None
        points = [view.centre(inp.selection.cell)] + [view.centre(sq) for sq in path]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(min(xs) - 12, min(ys) - 36, max(xs) - min(xs) + 24, max(ys) - min(ys) + 48)

    def tooltip_lines(self) -> list | None:
        hover = self.input.hover
        if hover is None:
            return None
        pub = self.seats.pub
        x, y = hover
        sq = self.board["squares"][y][x]
        name = square_name(self.board, (x, y))
        city = next((c for c in self.board["cities"] if c["at"] == [x, y]), None)
        lines = [(name if city else f"Square {name}", theme.colours.text)]
        if city and city["kind"] != "town":
            what = "capital" if city["kind"] == "capital" else "key city"
            lines.append((f"{SIDE_TITLES[city['side']]} {what}", theme.lighten(side_colour(city["side"]), 0.3)))
            taken = (pub.get("flags") or {}).get(city["name"])
            if taken is not None:
                lines.append((f"captured by the {SIDE_TITLES[taken]}", theme.colours.accent))
            garrison = (pub.get("garrisons") or {}).get(city["name"])
            if garrison:
                lines.append((f"garrison worth {garrison}", theme.colours.text_dim))
        terrain = []
        if sq["mountain"]:
            terrain.append("mountains with a pass" if sq["passes"] else "mountains")
        if sq["sea"]:
            terrain.append("open water" if not sq["land"] else "coast")
        if sq["river"]:
            terrain.append("navigable river")
        if (x, y) in self.rails:
            terrain.append("railroad")
        if terrain:
            lines.append((", ".join(terrain), theme.colours.text_dim))
        for s in pub.get("stacks", []):
            if s["at"] == [x, y]:
                marks = (" · fortified" if s["fortified"] else "") + (" · disabled" if s["disabled"] else "")
                lines.append((f"{SIDE_TITLES[s['side']]}: {describe(s['units'])}{marks}",
                              theme.lighten(side_colour(s["side"]), 0.35)))
        target = self.input.reach().get((x, y))
        if target:
            lines.append(("click: attack" if target == "attack" else "click: move here", theme.colours.accent))
        return lines

    # ----- the expert's hint -----------------------------------------------------------------------
    def advice_points(self, action: dict) -> list:
        kind = action["type"]
        if kind in ("move", "retreat"):
            start = action.get("from") or (self.seats.pub.get("pending") or {}).get("at")
            squares = ([start] if start else []) + (action.get("path") or [action["to"]])
        else:
            squares = [action["at"]] if "at" in action else []
        return [self.map.view.centre(tuple(sq)) for sq in squares]
