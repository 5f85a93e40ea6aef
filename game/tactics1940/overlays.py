"""What the Tactics (1940) board draws on its map: the printed art with the homes' colours and the holding areas,
the squares lit for the seat's orders and the last move, the seat's own submarine squares rimmed, the pieces (the
picked one where its chain of jumps has got to) ringed where they may act or be picked, the demands' marks, the
animations, and an open submarine window's ring, banner and countdown.
"""
import math

import pygame

from game import theme
from game.board_kit.hud import Cached
from game.tactics1940 import hud
from game.tactics1940.geometry import BOARD_RECT, GRID, MAX_ZOOM
from game.tactics1940.lights import SquareLights
from game.tactics1940.log import advised_squares
from game.tactics1940.map_layer import MapLayer
from game.tactics1940.windows import window_step
from game.wargame.fog import FogLayer
from game.wargame.map_view import MapView, WorldPicture


class Overlays:
    def __init__(self, seats, pieces, view, pointer, input, news, clock, stage, sprites, board):
        """`view` and `pointer`: the board's MapView and MapPointer; `input`: its Input, whose picks and targets are
        lit; `news`: the animations and the last move; `clock`: the submarine window's; `stage`: where things are."""
        self.seats, self.pieces, self.view, self.pointer, self.input = seats, pieces, view, pointer, input
        self.news, self.clock, self.stage, self.board = news, clock, stage, board
        self.layer = MapLayer(sprites)
        self.picture = WorldPicture()
        self.lights = SquareLights()
        self.fog = FogLayer()
        self._banner = Cached(hud.build_banner)
        self._layout_key, self._layout, self.demand_marks = None, [], []
        self._rim: tuple = (None, None)     # (cell size, sprite) of the own-submarine rim

    def draw(self, surface: pygame.Surface, time: float) -> None:
        pub = self.seats.pub
        pygame.draw.rect(surface, theme.darken(theme.colours.panel, 0.4), BOARD_RECT.inflate(16, 16), 8)
        self.picture.draw(surface, self.view, self.layer.composite(pub, (self.pieces.panel_keys[5], id(theme.colours))))
        with self.view.clipped(surface):
            self._draw_highlights(surface, time)
            self._draw_own_submarines(surface)
            self._draw_pieces(surface, pub, time)
            self.news.effects.draw(surface, self.stage)
            self._draw_window(surface, time)

    def _draw_highlights(self, surface, time: float) -> None:
        pulse = int(200 + 55 * math.sin(time * 5.0))
        light = self.lights.light
        if self.news.last_move is not None and not self.news.effects.busy:
            for sq in self.news.last_move:
                light(surface, self.view, sq, "source", 110)
        o = self.input.orders
        if o is not None and not self.news.effects.busy:
            for cell, style in self.input.targets().items():
                light(surface, self.view, cell, style, 255 if style == "selected" else pulse)
        if self.pointer.hover is not None:
            light(surface, self.view, self.pointer.hover, "hover", 200)

    def _draw_own_submarines(self, surface) -> None:
        """Only this seat's own submarine squares, with a dashed rim (the kit's mark for a secret of one's own),
        painted once per cell size and blitted."""
        cards = self.pieces.own_cards()
        if not cards:
            return
        rect = self.view.cell_rect((0, 0))
        if self._rim[0] != rect.size:
            rim = pygame.Surface(rect.inflate(4, 4).size, pygame.SRCALPHA)
            view = MapView(GRID, pygame.Rect(2, 2, rect.w, rect.h), max_zoom=MAX_ZOOM)
            view.camera.set_zoom(self.view.zoom)
            view.camera.offset = (0.0, 0.0)
            self.fog.own_hidden(rim, view, (0, 0))
            self._rim = (rect.size, rim.convert_alpha())
        for card in cards:
            sq = self.board.square_of(card["ocean"], card["number"])
            if self.view.is_visible(sq):
                surface.blit(self._rim[1], self.view.cell_rect(sq).move(-2, -2))

    def _draw_pieces(self, surface, pub, time: float) -> None:
        rings = self._rings(time)
        for pid, token, centre, faded_from in self._piece_layout(pub):
            if faded_from is not None:   # the picked piece's square, while its chain of jumps is being built
                faded = token.copy()
                faded.set_alpha(90)
                surface.blit(faded, faded.get_rect(center=faded_from))
            ring = rings.get(pid)
            if ring is not None:
                colour, width = ring
                pygame.draw.circle(surface, colour, centre, token.get_width() // 2 + 1 + width, width)
            surface.blit(token, token.get_rect(center=centre))
        for centre in self.demand_marks:
            self._demand_mark(surface, centre)

    def _piece_layout(self, pub) -> list:
        """(piece id, sprite, screen centre, square it came from or None) for every piece the board draws,
        worked out once per change of the view, the camera, the selection or the animations."""
        fx_state = (self.news.effects.played, self.news.effects.skipped, len(self.news.effects.queue))
        key = (self.seats.shown_rev, self.view.state(), self.input.selected, self.input.chain, fx_state, id(theme.colours))
        if key == self._layout_key:
            return self._layout
        self._layout_key = key
        resting = self.news.effects.resting()
        demanded = {d["piece"] for d in pub.get("demands") or ()}
        chain_end = self.input.chain[-1] if self.input.selected is not None and self.input.chain else None
        layout, marks = [], []
        for p in pub.get("pieces", ()):
            pid = p["id"]
            at = resting[pid] if pid in resting else p["at"]
            if at is None or not self.view.is_visible(at):
                continue
            centre = self.view.centre(at)
            came_from = None
            if pid == self.input.selected and chain_end is not None:
                came_from, centre = centre, self.view.centre(chain_end)
            layout.append((pid, self.stage.token(pid), centre, came_from))
            if pid in demanded:
                marks.append(centre)
        self._layout, self.demand_marks = layout, marks
        return layout

    def _rings(self, time: float) -> dict:
        """Rings round pieces, piece id -> (colour, width): the picked piece (solid brass); the seat's pieces
        that can act now (brass) and the others' pieces a card or a demand may pick (red), both blinking."""
        o = self.input.orders
        if o is None or self.news.effects.busy:
            return {}
        out = {}
        if self.input.selected is not None:
            out[self.input.selected] = (theme.colours.accent, 4)
        if self.input.selected is not None or math.sin(time * 5.0) < -0.6:
            return out
        mine = self.seats.active_seat
        if o.kind == "move":
            out.update({p: (theme.colours.accent, 2) for p in o.sources()})
            out.update({p: (theme.colours.bad, 3) for p in o.demandable()})
        elif o.kind in ("card", "pay"):
            out.update({p: (theme.colours.accent, 2) for p in o.maneuver_pieces()})
            for p in o.pieces_to_choose():
                owner = self.pieces.by_id.get(p, {}).get("owner")
                out[p] = (theme.colours.accent, 2) if owner == mine else (theme.colours.bad, 3)
        return out

    def _demand_mark(self, surface, centre) -> None:
        r = max(6, round(self.view.cell_px * 0.16))
        at = (centre[0] + round(self.view.cell_px * 0.32), centre[1] - round(self.view.cell_px * 0.32))
        pygame.draw.circle(surface, (30, 20, 10), at, r + 1)
        pygame.draw.circle(surface, theme.colours.warning, at, r)
        theme.draw_text(surface, "!", at, r * 2 + 4, (30, 20, 10), bold=True, shadow=False, anchor="center")

    def _draw_window(self, surface, time: float) -> None:
        """The open submarine window: the square ringed and the banner with the countdown, alike on every
        screen; a seat holding the card (at a screen of its own) also sees its Strike button lit."""
        step = window_step(self.seats.pub)
        if step is None or not self.clock.open:
            return
        sq = tuple(step["square"])
        left = self.clock.left(time)
        rect = self.view.cell_rect(sq)
        ring = rect.inflate(round(rect.w * 0.5), round(rect.h * 0.5))
        pulse = 0.5 + 0.5 * math.sin(time * 9)
        pygame.draw.ellipse(surface, theme.lighten(theme.colours.bad, 0.3 * pulse), ring, 3)
        if self.seats.hot_seat:
            note = "Standing orders given behind the cover are carried out now."
        elif self.input.orders and self.input.orders.strikes():
            note = "Your submarine watches this square: press S to strike!"
        else:
            note = ""
        banner = hud.banner_rect(self.view.centre(sq)[1])
        text = self.seats.pub["prompt"].get("text", "")
        surface.blit(self._banner.get((text, note, theme.colours), text, note, theme.colours.accent), banner)
        hud.draw_countdown(surface, banner, left, self.clock.seconds)

    # ----- the expert's hint -----------------------------------------------------------------------
    def advice_points(self, action: dict) -> list:
        return [self.view.centre(tuple(sq)) for sq in advised_squares(self.seats.pub, action)]

    def tooltip_avoid(self) -> None:
        return None   # the panels place the tooltip off the lit squares themselves
