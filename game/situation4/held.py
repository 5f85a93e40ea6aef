"""What is in the player's hand, on screen: the spaces it may go to, and the thing itself under the mouse.

  * `draw_targets` — lit where `legal` lets the held piece or force go (game.situation4.targets),
    a red outline where a dragged piece hovers and may not go, and the enemy piece a
    paratrooper is landing on;
  * `draw_held` — a dragged piece with its shadow and a tip saying whether the drop snaps
    (or why it would bounce), a dragged or picked force's icon.
It reads the hand (game.situation4.hand) and draws; it changes nothing.
"""
import pygame

from game import theme
from game.situation4 import palette, race_hud
from game.situation4.board_layer import pulse
from game.situation4.targets import PARATROOP, TANK


class HeldPainter:
    def __init__(self, board, sprites, layer, tooltip):
        """`tooltip`: a board_kit.hud.Cached tooltip builder."""
        self.board, self.sprites, self.layer, self.tooltip = board, sprites, layer, tooltip

    @property
    def proj(self):
        return self.layer.proj

    def draw_targets(self, surface, hand, targets, side, mouse, time: float) -> None:
        layer = self.layer
        if hand.landing is not None:
            layer.draw_glow(surface, hand.landing, theme.colours.warning, 120)
        held = hand.drag or hand.selected
        if held is None or side is None:
            return
        strength = int(110 + 90 * pulse(time))
        kind = held["kind"]
        if kind == "piece":
            piece = held["piece"]
            lit = {s for s, p in targets.para_slots(hand.landing).items() if p == piece} if hand.landing is not None \
                else targets.place_slots(piece)
            for slot in lit:
                layer.draw_glow(surface, slot, palette.LEGAL, strength)
                layer.draw_outline(surface, slot, palette.LEGAL, 3)
            hover = self.proj.slot_at(hand.held_centre(mouse))
            if hover is not None and hand.drag is not None and hover not in lit:
                layer.draw_outline(surface, hover, palette.ILLEGAL, 2)
        elif kind == TANK:
            for s in targets.tank_slots:
                layer.draw_glow(surface, s, palette.LEGAL, strength // 2)
        elif kind == PARATROOP:
            for s in targets.para_targets:
                layer.draw_glow(surface, s, theme.colours.warning, strength // 2)
        elif kind == "bridge":
            for position in targets.bridges:
                p, q = self.proj.edge_points(*self.board.bridge_positions[position])
                pygame.draw.circle(surface, palette.LEGAL, (round((p[0] + q[0]) / 2), round((p[1] + q[1]) / 2)), 22, 4)

    def draw_held(self, surface, hand, targets, side, mouse) -> None:
        d = hand.drag
        if d is None:
            if hand.selected is not None and hand.selected["kind"] != "piece" and self.proj.rect.collidepoint(mouse):
                icon = race_hud.force_icon(hand.selected["kind"], side, 36)
                surface.blit(icon, icon.get_rect(center=mouse))
            return
        if d["kind"] != "piece":
            icon = race_hud.force_icon(d["kind"], side, 40)
            surface.blit(icon, icon.get_rect(center=d["pos"]))
            return
        sprite = self.sprites.get(d["piece"], side, self.proj.cell_px, self.proj.flipped)
        centre = hand.held_centre(mouse)
        shadow = sprite.surface.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(shadow, (centre[0] - sprite.anchor[0] + 6, centre[1] - sprite.anchor[1] + 8))
        sprite.blit_at(surface, centre)
        hover = self.proj.slot_at(centre)
        if hover is None:
            return
        _, problem = targets.piece_drop(d["piece"], hover, hand.landing)
        lines = [("Drop: it snaps into place", palette.LEGAL)] if problem is None else \
            [("Cannot go here", palette.ILLEGAL)] + [(t, theme.colours.text) for t in theme.wrap_text(problem, 360, 18)]
        tip = self.tooltip.get(tuple(lines), lines)
        rect = tip.get_rect(topleft=(d["pos"][0] + 24, d["pos"][1] + 30))
        rect.clamp_ip(pygame.Rect(0, 0, 1280, 740))
        surface.blit(tip, rect)
