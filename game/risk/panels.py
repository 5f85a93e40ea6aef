"""The Risk board's smaller panels, apart from the scene: the hand in the side panel, the defender's
prompt and the tooltips over territories and players."""
import pygame

from game import theme
from game.risk import hud
from game.risk.controls import TurnControls
from game.risk.hud import SIDE
from game.words import plural

CARDS_TOP = SIDE.y + 238


def draw_hand(scene, surface) -> None:
    """The hand of the seat on show in the side panel (or why there is none to see)."""
    cards = scene.private_cards()
    x, y = SIDE.x + 12, CARDS_TOP
    if scene.shown_seat is None:
        theme.draw_text(surface, "Watching: hands are hidden", (x, y - 22), 18, theme.colours.text_dim,
                        shadow=False)
        scene.hand.rects = {}
        return
    whose = "Your" if not scene.hot_seat else f"{scene.seat_name(scene.shown_seat)}'s"
    title = f"{whose} cards ({len(cards)})"
    theme.draw_text(surface, title, (x, y - 22), 18, theme.colours.text_dim, bold=True, shadow=False)
    if cards:
        scene.hand.draw(surface, scene.shown_seat, cards, (x, y))
    else:
        scene.hand.rects = {}
        for i, line in enumerate(("No cards yet: conquer a territory", "during a turn to draw one.")):
            theme.draw_text(surface, line, (x, y + 8 + 18 * i), 16, theme.colours.text_dim, shadow=False)


def draw_defend(scene, surface, pub) -> None:
    """The defender's prompt over the map: which battle, and a button per number of dice."""
    p = pub["pending"]
    rect = pygame.Rect(0, 0, 420, 170)
    rect.center = (500, 380)
    theme.draw_panel(surface, rect, border=theme.colours.bad, alpha=245)
    theme.draw_text(surface, f"{scene.names[p['to']]} is attacked!", (rect.centerx, rect.y + 28), theme.SIZE_BODY,
                    bold=True, anchor="center")
    theme.draw_text(surface, f"{scene.seat_name(pub['current'])} rolls {p.get('attacker_dice', '?')} from "
                    f"{scene.names[p['from']]}. Defend with:", (rect.centerx, rect.y + 58), 18,
                    theme.colours.text_dim, anchor="center")
    allowed = [a["dice"] for a in scene.actions if a["type"] == "defend"]
    for i, b in enumerate(scene.defend_buttons):
        b.rect.topleft = (rect.x + 40 + i * 190, rect.y + 96)
        b.enabled = (i + 1) in allowed
        b.hotkey_label = str(i + 1)
        b.draw(surface)


def territory_tooltip(scene) -> list:
    """Over a territory: its name, continent and owner, and what a click on it would do now."""
    tid = scene.hover
    pub = scene.pub
    info = pub["territories"][tid]
    t = scene.geometry.territories[tid]
    cont = scene.geometry.continents[t.continent]
    owner = info["owner"]
    lines = [(t.name, theme.colours.text),
             (f"{cont['name']} (+{cont['bonus']} for all of it)", cont["colour"]),
             ("unclaimed" if owner is None else f"{scene.seat_name(owner)}: {plural(info['armies'], 'army')}",
              theme.lighten(theme.seat_colour(owner), 0.3))]
    src = scene.controls.source
    if src and pub["phase"] == "attack" and tid in TurnControls.targets(scene.actions, "attack", src):
        dice = scene.controls.attack_action(scene.actions, src, tid)["dice"]
        lines.append((f"click: attack with {plural(dice, 'die')}", theme.colours.accent))
    return lines

def seat_tooltip(scene) -> list | None:
    """Over a player's box in the top bar: their numbers in words."""
    mx, my = scene.app.mouse_pos
    seats = scene.link.seats
    for seat in range(len(seats)):
        if hud.seat_box(len(seats), seat).collidepoint(mx, my):
            st = hud.seat_stats(scene.pub, seat)
            return [(scene.seat_name(seat), theme.lighten(theme.seat_colour(seat), 0.3)),
                    (f"{plural(st['territories'], 'territory')}, {plural(st['armies'], 'army')}, "
                     f"{plural(st['cards'], 'card')} in hand", theme.colours.text)]
    return None
