"""What the Civil War board draws over its map, and the words by the mouse: the battle's flash, the picked
stack's reach shaded by steps (one, two, a railroad ride of three) with the squares that mean a battle lit red,
the path the rules would take to the square under the pointer, and the tooltip describing that square.
"""
import math

import pygame

from game import theme
from game.civil_war.counters import side_colour
from game.civil_war.log import SIDE_TITLES, square_name
from game.civil_war.orders import describe


class Overlays:
    """Mixed into the Civil War board scene (game.civil_war.scene.BoardScene)."""

    def tooltip_avoid(self):
        """The path under the pointer and its label stay clear of the tooltip."""
        path = self.paths().get(self.hover) if self.selection and self.hover is not None else None
        if not path:
            return None
        points = [self.map.centre(self.selection.cell)] + [self.map.centre(sq) for sq in path]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(min(xs) - 12, min(ys) - 36, max(xs) - min(xs) + 24, max(ys) - min(ys) + 48)

    def paths(self) -> dict:
        """Square -> the path the picked group takes there (the rules' own), read once per pick."""
        sel = self.selection
        if not self.rules or not sel or not sel.group:
            return {}
        step = self.step
        kind = "retreat" if step is not None and step["step"] == "retreat" else "move"
        key = (self.orders_serial, sel.cell, repr(sel.group), kind)
        if getattr(self, "_paths", (None,))[0] != key:
            self._paths = (key, self.rules.paths(sel.cell, sel.group, kind) if step is None or kind == "retreat" else {})
        return self._paths[1]

    def _draw_highlights(self, surface) -> None:
        pulse = int(215 + 40 * math.sin(self.time * 5.0))
        light = self.lights.light
        if self.flash is not None:
            light(surface, self.map, self.flash[0], "battle", int(255 * min(1.0, self.flash[1])))
        step = self.step
        if step is not None and step["step"] in ("battle", "retreat"):
            light(surface, self.map, tuple(step["at"]), "battle", pulse)
        if self.rules is not None and self.dialog is None:
            if self.selection:
                light(surface, self.map, self.selection.cell, "selected")
                reach = self.reach()
                self.shading.draw(surface, self.map, {sq: len(p) for sq, p in self.paths().items() if sq in reach})
                self.lights.draw(surface, self.map, {sq: s for sq, s in reach.items() if s == "attack"}, alpha=pulse)
            elif step is None:
                self.lights.draw(surface, self.map, {sq: "source" for sq in self.rules.sources()}, alpha=200)
        if self.hover is not None:
            light(surface, self.map, self.hover, "hover", 200)
            path = self.paths().get(self.hover) if self.selection else None
            if path:
                attack = self.reach().get(self.hover) == "attack"
                label = f"{len(path)} sq" + (" · attack" if attack else "")
                self.shading.path(surface, self.map, self.selection.cell, path, label)

    def tooltip_lines(self) -> list | None:
        if self.hover is None:
            return None
        pub = self.pub
        x, y = self.hover
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
        target = self.reach().get((x, y))
        if target:
            lines.append(("click: attack" if target == "attack" else "click: move here", theme.colours.accent))
        return lines

