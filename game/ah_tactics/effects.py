"""What happened, shown as it happens: counters slide along their moves, and at the end of a turn
each battle plays in turn — its squares flash, a card over them shows the odds, the die and the
result — then losses fade out where they stood.

Durations are scaled by the player's animation speed (0: nothing is queued). A battle card waits
for the one before it, as the rule book resolves battles one after another.
"""
import pygame

from game import theme
from game.ah_tactics.charts import columns_text

SLIDE_SECONDS = 0.35
BATTLE_SECONDS = 1.8
LOSS_SECONDS = 0.9
CARD_WIDTH = 250
DIE_ROOM = 70   # the card's right side, where the die rolls (from x 198)


class Effects:
    def __init__(self):
        self.slides: dict[int, dict] = {}     # unit -> {"from", "to", "t", "dur"}
        self.battles: list[dict] = []         # queued battle cards, the first one playing
        self.losses: list[dict] = []          # {"unit", "at", "t", "dur", "look"}
        self.seen: list[str] = []             # what has played (tests read it)

    @property
    def busy(self) -> bool:
        return bool(self.slides or self.battles or self.losses)

    def skip(self) -> None:
        self.slides.clear()
        self.battles.clear()
        self.losses.clear()

    def slide(self, unit: int, frm, to, factor: float) -> None:
        if factor > 0 and frm is not None and to is not None:
            self.slides[unit] = {"from": tuple(frm), "to": tuple(to), "t": 0.0, "dur": SLIDE_SECONDS * factor}
            self.seen.append("slide")

    def battle(self, event: dict, squares: list, factor: float, around: list = ()) -> None:
        """A battle's card over the map: `squares` (the defenders') flash, and the card keeps clear of them and of
        `around` (the attackers')."""
        if factor > 0:
            self.battles.append({"event": event, "squares": [tuple(s) for s in squares if s is not None],
                                 "around": [tuple(s) for s in around if s is not None], "t": 0.0,
                                 "dur": BATTLE_SECONDS * factor})
            self.seen.append("battle")

    def loss(self, unit: int, at, look, factor: float) -> None:
        if factor > 0 and at is not None:
            wait = sum(b["dur"] - b["t"] for b in self.battles)   # after the battle that caused it
            self.losses.append({"unit": unit, "at": tuple(at), "t": -wait, "dur": LOSS_SECONDS * factor, "look": look})
            self.seen.append("loss")

    def tick(self, dt: float) -> None:
        for unit in list(self.slides):
            s = self.slides[unit]
            s["t"] += dt
            if s["t"] >= s["dur"]:
                del self.slides[unit]
        if self.battles:
            b = self.battles[0]
            b["t"] += dt
            if b["t"] >= b["dur"]:
                self.battles.pop(0)
        for loss in list(self.losses):
            loss["t"] += dt
            if loss["t"] >= loss["dur"]:
                self.losses.remove(loss)

    def offset_of(self, unit: int, view) -> tuple[int, int] | None:
        """Where a sliding unit's square's top-left is on screen now, or None when it is not sliding."""
        s = self.slides.get(unit)
        if s is None:
            return None
        k = min(1.0, s["t"] / s["dur"])
        k = k * k * (3 - 2 * k)
        a, b = view.cell_rect(s["from"]), view.cell_rect(s["to"])
        return (round(a.x + (b.x - a.x) * k), round(a.y + (b.y - a.y) * k))

    def draw(self, surface, view, counters, face, avoid=()) -> None:
        """`avoid`: the squares the player must still see besides those fought over (the lit ones, the
        counters): the battle's card covers as few of them as it can."""
        for loss in self.losses:
            if loss["t"] < 0 or not view.is_visible(loss["at"]):
                continue
            k = loss["t"] / loss["dur"]
            sprite = counters.sprite(loss["look"], face).copy()
            sprite.set_alpha(int(255 * (1 - k)))
            rect = view.cell_rect(loss["at"])
            surface.blit(sprite, sprite.get_rect(center=rect.center))
            w = max(2, round(rect.w / 12))
            pygame.draw.line(surface, (220, 30, 20), rect.topleft, rect.bottomright, w)
            pygame.draw.line(surface, (220, 30, 20), rect.bottomleft, rect.topright, w)
        if not self.battles:
            return
        b = self.battles[0]
        e = b["event"]
        k = b["t"] / b["dur"]
        pulse = int(90 + 120 * abs(((b["t"] * 3) % 2) - 1))
        rects = [view.cell_rect(sq) for sq in b["squares"]]
        for r in rects:
            flash = pygame.Surface(r.size, pygame.SRCALPHA)
            flash.fill((255, 60, 30, pulse))
            surface.blit(flash, r)
        if not rects:
            return
        fought = rects + [view.cell_rect(sq) for sq in b.get("around", ())]
        card = _card(e, k)
        others = [view.cell_rect(sq) for sq in avoid if view.is_visible(sq)]
        surface.blit(card, clear_of(card.get_rect(), fought[0].unionall(fought[1:]), view.viewport, others))


def clear_of(card: pygame.Rect, fought: pygame.Rect, bounds: pygame.Rect, avoid=()) -> pygame.Rect:
    """Where a card goes beside the squares fought over: never over them, and over as little of `avoid` (other
    rects the player needs in sight: lit squares, counters) as it can; among equals the first of above, below,
    left, right, then the corners of `bounds` (else above, kept inside)."""
    gap = 8
    places = [dict(midbottom=(fought.centerx, fought.top - gap)), dict(midtop=(fought.centerx, fought.bottom + gap)),
              dict(midright=(fought.left - gap, fought.centery)), dict(midleft=(fought.right + gap, fought.centery)),
              dict(topleft=bounds.topleft), dict(topright=bounds.topright), dict(bottomleft=bounds.bottomleft),
              dict(bottomright=bounds.bottomright)]
    spots = []
    for place in places:
        spot = card.copy()
        for anchor, at in place.items():
            setattr(spot, anchor, at)
        shifted = spot.clamp(bounds)
        if not shifted.colliderect(fought):
            spots.append(shifted)
    if spots:
        return min(spots, key=lambda spot: sum(spot.clip(r).w * spot.clip(r).h for r in avoid))
    spot = card.copy()
    spot.midbottom = (fought.centerx, fought.top - gap)
    return spot.clamp(bounds)


def _card(e: dict, k: float) -> pygame.Surface:
    """The battle's card: odds, the die (rolling for the first third, then settled) and the result."""
    import random
    w = CARD_WIDTH
    # the title keeps clear of the die on the right, on two lines when a roll-off's two columns need them
    size, title = theme.fit_lines(f"Battle at {columns_text(e)}", w - DIE_ROOM, ((19, 1), (17, 1), (17, 2)), True)
    step = size + 3
    below = 4 + len(title) * step
    h = below + 46
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    theme.draw_panel(surf, surf.get_rect(), border=theme.colours.accent, alpha=245)
    attack, defence = e.get("attack"), e.get("defence")
    for i, line in enumerate(title):
        theme.draw_text(surf, line, (10, 4 + i * step), size, theme.colours.accent, bold=True, shadow=False)
    theme.draw_text(surf, f"{_num(attack)} against {_num(defence)}", (10, below), 15, theme.colours.text_dim,
                    shadow=False)
    die = e.get("die")
    if die is not None:
        face = random.randint(1, 6) if k < 0.33 else die
        box = pygame.Rect(w - 52, 10, 40, 40)
        pygame.draw.rect(surf, (246, 242, 230), box, border_radius=7)
        pygame.draw.rect(surf, (40, 40, 40), box, 2, border_radius=7)
        for px, py in _pips(face):
            pygame.draw.circle(surf, (30, 30, 30), (box.x + px * 40, box.y + py * 40), 4)
    if k >= 0.33 or die is None:
        size, lines = theme.fit_lines(e["result"], w - 70, ((17, 1), (15, 1)), True)
        theme.draw_text(surf, lines[0], (10, below + 20), size, theme.colours.text, bold=True, shadow=False)
    return surf


def _num(x) -> str:
    return "?" if x is None else (str(int(x)) if float(x).is_integer() else f"{x:g}")


def _pips(n: int):
    c, lo, hi = 0.5, 0.27, 0.73
    return {1: [(c, c)], 2: [(lo, lo), (hi, hi)], 3: [(lo, lo), (c, c), (hi, hi)],
            4: [(lo, lo), (hi, lo), (lo, hi), (hi, hi)], 5: [(lo, lo), (hi, lo), (c, c), (lo, hi), (hi, hi)],
            6: [(lo, lo), (hi, lo), (lo, c), (hi, c), (lo, hi), (hi, hi)]}[n]
