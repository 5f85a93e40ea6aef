"""What the Risk board draws on its map, and the words by the mouse: the territories in their owners' colours, the
continents' and territories' names (N), the places the seat may pick lit, the attack or fortify line under the
pointer, the armies with their floating gains and losses, and the dice of the last battle in their tray; the
tooltip over a territory or a player's box.
"""
import math

import pygame

from game import sound, theme
from game.risk import hud
from game.risk.armies import ArmyTokens
from game.risk.controls import TurnControls
from game.risk.dice import DiceRoll
from game.risk.labels import map_labels
from game.risk.map_layer import MapLayer
from game.words import plural


class Overlays:
    show_names = True   # territory names on the map (N): kept for the next board in this window

    def __init__(self, seats, geometry, input, factor, mouse):
        """`input`: the board's Input, whose picks are lit; `factor()`: the animations' speed now (0: none);
        `mouse()`: where the pointer is."""
        self.seats, self.geometry, self.input, self.factor, self.mouse = seats, geometry, input, factor, mouse
        self.layer = MapLayer(geometry)
        self.labels = map_labels(geometry)
        self.tokens = ArmyTokens()
        self.dice: DiceRoll | None = None

    def toggle_names(self) -> None:
        Overlays.show_names = not Overlays.show_names
        sound.play("click")

    # ----- events: the dice and the armies' floating numbers -------------------------------------------
    def on_event(self, e: dict) -> None:
        kind, factor = e["type"], self.factor()
        terr = self.geometry.territories
        if kind == "battle":
            if factor > 0:
                keep = self.dice is not None and self.dice.rolling
                roll = DiceRoll(e, self.seats.seat_name(e["attacker"]), self.seats.seat_name(e["defender"]), factor)
                if keep:
                    roll.t = self.dice.t  # back-to-back rolls (blitz) keep tumbling instead of restarting
                self.dice = roll
            if factor > 0 and e["attacker_losses"]:
                self.tokens.float_number(terr[e["from"]].army, -e["attacker_losses"], theme.colours.bad)
            if factor > 0 and e["defender_losses"]:
                self.tokens.float_number(terr[e["to"]].army, -e["defender_losses"], theme.colours.bad)
        elif kind == "placed" and factor > 0:
            self.tokens.float_number(terr[e["territory"]].army, e["count"], theme.colours.good)
        elif kind in ("occupied", "fortified") and factor > 0:
            self.tokens.float_number(terr[e["to"]].army, e["count"], theme.colours.good)
        elif kind == "turn":
            self.dice = None   # last turn's roll is over: the tray does not linger into the next player's turn

    def put_dice_away(self) -> None:
        """The player has read the roll and moved on: the tray gets out of the way."""
        if self.dice is not None and not self.dice.rolling:
            self.dice = None

    def skip(self) -> None:
        self.dice = None
        self.tokens.clear_floaters()

    def tick(self, dt: float) -> None:
        if self.dice is not None:
            self.dice.update(dt)
            if self.dice.done:
                self.dice = None
        self.tokens.update(dt)

    @property
    def moving(self) -> bool:
        return self.dice is not None or bool(self.tokens.floaters)

    # ----- the map -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        pub = self.seats.pub
        territories = pub["territories"]
        surface.blit(self.layer.composite({t: v["owner"] for t, v in territories.items()}), (0, 0))
        self.labels.draw_continents(surface)
        self._draw_highlights(surface, pub, time)
        if self.dice is not None:   # where the roll on show is happening
            b = self.dice.battle
            for tid in (b["from"], b["to"]):
                self.layer.draw_highlight(surface, tid, "battle", 200)
        if self.show_names:
            self.labels.draw_names(surface)
        self.tokens.draw(surface, self.geometry, territories, emphasis=self._emphasis(pub))
        self.tokens.draw_floaters(surface)
        if self.dice is not None:
            self.dice.draw(surface)

    def _emphasis(self, pub) -> set:
        out = set()
        if self.input.controls.source:
            out.add(self.input.controls.source)
        if pub.get("pending"):
            out.update((pub["pending"]["from"], pub["pending"]["to"]))
        return out

    def _draw_highlights(self, surface, pub, time: float) -> None:
        pulse = int(170 + 85 * math.sin(time * 5.0))
        inp = self.input
        for tid, style in inp.controls.highlights(pub, inp.actions).items():
            self.layer.draw_highlight(surface, tid, style, 255 if style == "selected" else pulse)
        hover = inp.hover
        if hover is not None:
            self.layer.draw_highlight(surface, hover, "hover", 200)
        src = inp.controls.source
        if src and hover and pub["phase"] in ("attack", "fortify") and \
                hover in TurnControls.targets(inp.actions, pub["phase"], src):
            a = self.geometry.territories[src].army
            b = self.geometry.territories[hover].army
            colour = theme.colours.bad if pub["phase"] == "attack" else theme.colours.good
            pygame.draw.line(surface, (0, 0, 0), a, b, 7)
            pygame.draw.line(surface, colour, a, b, 4)

    # ----- the words by the mouse ----------------------------------------------------------------
    def tooltip_lines(self) -> list | None:
        return self._territory_tooltip() if self.input.hover is not None else self._seat_tooltip(self.mouse())

    def tooltip_avoid(self) -> None:
        return None   # nothing drawn on the map must stay clear of the words by the mouse

    def _territory_tooltip(self) -> list:
        """Over a territory: its name, continent and owner, and what a click on it would do now."""
        inp = self.input
        tid = inp.hover
        pub = self.seats.pub
        info = pub["territories"][tid]
        t = self.geometry.territories[tid]
        cont = self.geometry.continents[t.continent]
        owner = info["owner"]
        lines = [(t.name, theme.colours.text),
                 (f"{cont['name']} (+{cont['bonus']} for all of it)", cont["colour"]),
                 ("unclaimed" if owner is None else f"{self.seats.seat_name(owner)}: {plural(info['armies'], 'army')}",
                  theme.lighten(theme.seat_colour(owner), 0.3))]
        src = inp.controls.source
        if src and pub["phase"] == "attack" and tid in TurnControls.targets(inp.actions, "attack", src):
            dice = inp.controls.attack_action(inp.actions, src, tid)["dice"]
            lines.append((f"click: attack with {plural(dice, 'die')}", theme.colours.accent))
        return lines

    def _seat_tooltip(self, mouse) -> list | None:
        """Over a player's box in the top bar: their numbers in words."""
        mx, my = mouse
        seats = self.seats
        table = seats.link.seats
        for seat in range(len(table)):
            if hud.seat_box(len(table), seat).collidepoint(mx, my):
                st = hud.seat_stats(seats.pub, seat)
                return [(seats.seat_name(seat), theme.lighten(theme.seat_colour(seat), 0.3)),
                        (f"{plural(st['territories'], 'territory')}, {plural(st['armies'], 'army')}, "
                         f"{plural(st['cards'], 'card')} in hand", theme.colours.text)]
        return None

    # ----- the expert's hint -----------------------------------------------------------------------
    def advised_territories(self, action: dict) -> list[str]:
        pending = self.seats.pub.get("pending")
        if action["type"] == "occupy" and pending:
            return [pending["from"], pending["to"]]
        return [action[k] for k in ("territory", "from", "to") if k in action]

    def advice_points(self, action: dict) -> list:
        return [self.geometry.territories[t].army for t in self.advised_territories(action)
                if t in self.geometry.territories]
