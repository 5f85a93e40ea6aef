"""Animations of what the table reports, played one after another while the view already holds the end.

A view shows where everything is now; the events say how it got there. Each event worth
seeing becomes an animation in a queue: a piece sliding square by square (hopping over
what it jumps), a ship sinking in a splash, a submarine surfacing where it struck, planes
crossing the board, a trading ship sailing home while coins fly from the Gold Reserve, a
card leaving the deck. While an animation involving a piece waits or plays, the board
does not draw that piece where the view has it: the queue says where it rests until its
turn (a sunk ship stays afloat until it sinks on screen), so the board never shows the end
before the story. The queue hurries when it falls behind (a fast bot table), drops its oldest
part when it is far behind, and is skipped entirely at the "instant" animation speed.

Where things are on screen is asked of a `stage` (game.tactics1940.stage): `centre(square)`, `cell_rect`,
`cell_px`, `board_rect`, `token(piece_id)` (the piece's sprite at the current zoom) and
`place(anchor)` for an anchor: ("square", sq), or a place off the board — ("seat", s) a
power's row in the table, ("reserve", None), ("deck", None), ("card", None), ("base", s).
"""
import math

import pygame

from game import theme

STEP_SECONDS = 0.16
JUMP_SECONDS = 0.28
SINK_SECONDS = 0.5
STRIKE_SECONDS = 1.0
FLIGHT_SECONDS = 0.45
BANNER_SECONDS = 1.6
HURRY_AFTER = 3        # queued animations beyond this play three times as fast
KEEP_AT_MOST = 10      # a queue longer than this (a table far ahead of the screen) drops its oldest
SPLASH = (214, 236, 250)
FIRE = (250, 170, 60)


def ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Anim:
    """One thing happening: `duration` seconds, drawn by `draw(surface, stage, t)` with t in 0..1.
    `pieces`: piece id -> the square it rests on while this waits its turn (None: not shown yet)."""
    duration = 0.5
    sound = None

    def __init__(self):
        self.pieces: dict[int, tuple | None] = {}

    def draw(self, surface, stage, t: float) -> None:
        raise NotImplementedError


class Slide(Anim):
    """A piece moving along squares; a leg longer than one square is a jump and hops."""

    def __init__(self, piece: int, squares: list, *, arc: float = 0.0, speed: float = 1.0):
        super().__init__()
        self.piece = piece
        self.squares = [tuple(s) for s in squares]
        self.legs = [max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in zip(self.squares, self.squares[1:])]
        self.times = [(JUMP_SECONDS if leg > 1 or arc else STEP_SECONDS) / speed for leg in self.legs] or [0.1]
        self.duration = sum(self.times)
        self.arc = arc
        self.pieces[piece] = self.squares[0]

    def position(self, stage, t: float):
        """(screen point, lift in pixels) at t."""
        elapsed = t * self.duration
        for i, seconds in enumerate(self.times):
            if elapsed <= seconds or i == len(self.times) - 1:
                u = ease(min(1.0, elapsed / seconds)) if seconds else 1.0
                a, b = stage.centre(self.squares[i]), stage.centre(self.squares[i + 1])
                hop = self.arc or (0.45 if self.legs[i] > 1 else 0.0)
                return lerp(a, b, u), math.sin(u * math.pi) * hop * stage.cell_px
            elapsed -= seconds
        return stage.centre(self.squares[-1]), 0.0

    def draw(self, surface, stage, t) -> None:
        token = stage.token(self.piece)
        if token is None:
            return
        (x, y), lift = self.position(stage, t)
        if lift > 1:   # the shadow stays on the water while the piece is in the air
            shadow = pygame.Surface((token.get_width(), token.get_height() // 3), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
            surface.blit(shadow, shadow.get_rect(center=(x, y + token.get_height() * 0.3)))
        surface.blit(token, token.get_rect(center=(x, y - lift)))


class Sink(Anim):
    """A piece destroyed where it stands: it shrinks into a splash (sunk) or a blast (bombed, torpedoed)."""

    def __init__(self, piece: int, at, *, blast: bool = False):
        super().__init__()
        self.piece, self.at, self.blast = piece, tuple(at), blast
        self.duration = SINK_SECONDS * (1.3 if blast else 1.0)
        self.pieces[piece] = self.at

    def draw(self, surface, stage, t) -> None:
        x, y = stage.centre(self.at)
        px = stage.cell_px
        token = stage.token(self.piece)
        if token is not None and t < 0.85:
            scale = max(0.05, 1.0 - t * 1.1)
            small = pygame.transform.smoothscale(token, (max(2, round(token.get_width() * scale)),
                                                         max(2, round(token.get_height() * scale))))
            small.set_alpha(round(255 * (1 - t)))
            surface.blit(small, small.get_rect(center=(x, y + t * px * 0.15)))
        ring = pygame.Surface((round(px * 1.6), round(px * 1.6)), pygame.SRCALPHA)
        c = ring.get_width() // 2
        colour = FIRE if self.blast else SPLASH
        alpha = round(230 * (1 - t))
        pygame.draw.circle(ring, (*colour, alpha), (c, c), max(2, round(c * (0.3 + 0.7 * t))), max(2, round(px / 12)))
        if self.blast and t < 0.5:
            for k in range(8):
                a = k * math.tau / 8 + 0.3
                r0, r1 = c * 0.2, c * (0.35 + 0.9 * t)
                pygame.draw.line(ring, (*FIRE, alpha), (c + math.cos(a) * r0, c + math.sin(a) * r0),
                                 (c + math.cos(a) * r1, c + math.sin(a) * r1), 3)
        surface.blit(ring, ring.get_rect(center=(x, y)))


class Surfacing(Anim):
    """A submarine breaks the surface beside the square it watched, fires a torpedo at it, and dives."""

    def __init__(self, square, sprite_of, side: int = 1):
        """`side`: -1 or 1, the neighbouring square (west or east) it comes up in, 0 under the target itself."""
        super().__init__()
        self.square = tuple(square)
        self.sprite_of = sprite_of
        self.side = side
        self.duration = STRIKE_SECONDS

    def draw(self, surface, stage, t) -> None:
        x, y = stage.centre(self.square)
        px = stage.cell_px
        side = self.side
        sx, sy = x + side * px * 1.05, y + px * 0.1
        rise = min(1.0, t / 0.3) if t < 0.8 else max(0.0, 1 - (t - 0.8) / 0.2)
        sub = self.sprite_of(round(px * 1.7))
        if side < 0:
            sub = pygame.transform.flip(sub, True, False)
        shown = sub.copy()
        shown.set_alpha(round(255 * rise))
        surface.blit(shown, shown.get_rect(center=(sx, sy + (1 - rise) * px * 0.4)))
        for k in range(3):    # rings spreading from where it came up
            r = px * (0.45 + 0.3 * k) * (0.5 + t)
            ring = pygame.Surface((round(r * 2 + 4), round(r * 2 + 4)), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*SPLASH, round(170 * (1 - t))), (ring.get_width() // 2,) * 2, round(r), 2)
            surface.blit(ring, ring.get_rect(center=(sx, sy)))
        if 0.3 < t < 0.75:    # the torpedo's wake, running to the target
            u = (t - 0.3) / 0.45
            head = (sx + (x - sx) * u, sy + (y - sy) * u)
            pygame.draw.line(surface, SPLASH, (sx, sy), head, 3)
            for b in range(4):
                bx = sx + (head[0] - sx) * (b + 0.5) / 4
                pygame.draw.circle(surface, SPLASH, (bx, sy + (head[1] - sy) * (b + 0.5) / 4 + (b % 2) * 3), 2)
        if 0.7 < t < 0.95:    # the hit
            r = px * 0.7 * (t - 0.7) / 0.25 + px * 0.2
            flash = pygame.Surface((round(r * 2), round(r * 2)), pygame.SRCALPHA)
            pygame.draw.circle(flash, (*FIRE, 200), (round(r), round(r)), round(r))
            surface.blit(flash, flash.get_rect(center=(x, y)))


class Flight(Anim):
    """Sprites flying between places on or off the board (coins, a protest card, a card, planes)."""

    def __init__(self, sprite, legs: list[tuple], *, spin: bool = False, duration: float = FLIGHT_SECONDS):
        """`legs`: (from, to) anchors, each an ("square", sq) or (name, seat) the stage resolves; all fly at once."""
        super().__init__()
        self.sprite = sprite        # a function of the stage: the surface to fly
        self.legs = legs
        self.spin = spin
        self.duration = duration

    def draw(self, surface, stage, t) -> None:
        sprite = self.sprite(stage)
        for i, (a, b) in enumerate(self.legs):
            u = ease(min(1.0, max(0.0, t * 1.25 - i * 0.08)))
            p, q = stage.place(a), stage.place(b)
            if p is None or q is None:
                continue
            x, y = lerp(p, q, u)
            y -= math.sin(u * math.pi) * 40
            shown = sprite
            if self.spin:
                shown = pygame.transform.rotate(sprite, math.degrees(math.atan2(q[0] - p[0], q[1] - p[1])) + 180)
            surface.blit(shown, shown.get_rect(center=(x, y)))


class Flash(Anim):
    """A square lit for a moment (a window opening, a piece appearing)."""

    def __init__(self, square, colour, *, duration: float = 0.45, appear: int | None = None):
        super().__init__()
        self.square, self.colour, self.duration = tuple(square), colour, duration
        self.appear = appear
        if appear is not None:
            self.pieces[appear] = None

    def draw(self, surface, stage, t) -> None:
        rect = stage.cell_rect(self.square)
        glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*self.colour, round(200 * (1 - t))), glow.get_rect(), 4, border_radius=8)
        surface.blit(glow, rect.inflate(16, 16))
        if self.appear is not None:
            token = stage.token(self.appear)
            if token is not None:
                shown = token.copy()
                shown.set_alpha(round(255 * t))
                surface.blit(shown, shown.get_rect(center=rect.center))


class Banner(Anim):
    """Big words over the board for a moment (war, a blockade)."""

    def __init__(self, text: str, colour, *, duration: float = BANNER_SECONDS):
        super().__init__()
        self.text, self.colour, self.duration = text, colour, duration

    def draw(self, surface, stage, t) -> None:
        rect = stage.board_rect
        alpha = round(255 * min(1.0, t * 5, (1 - t) * 4))
        size = 54 + round(10 * ease(min(1.0, t * 3)))
        text = theme.render_text(self.text, size, self.colour, True)
        plate = pygame.Surface((text.get_width() + 60, text.get_height() + 24), pygame.SRCALPHA)
        pygame.draw.rect(plate, (*theme.colours.panel, 225), plate.get_rect(), border_radius=16)
        pygame.draw.rect(plate, (*self.colour, 255), plate.get_rect(), 3, border_radius=16)
        plate.blit(text, text.get_rect(center=plate.get_rect().center))
        plate.set_alpha(alpha)
        surface.blit(plate, plate.get_rect(center=rect.center))


class Effects:
    def __init__(self):
        self.queue: list[Anim] = []
        self.t = 0.0          # seconds into the head of the queue
        self.played = 0       # animations finished (tests read it)
        self.skipped = 0      # animations dropped to catch up with the table
        self.seen: list[str] = []   # class names of animations queued, newest last (tests read it)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def add(self, anim: Anim, factor: float) -> None:
        """Queue `anim` at the window's animation speed (`factor` 0: not at all)."""
        if factor <= 0:
            return
        anim.duration *= factor
        self.queue.append(anim)
        if len(self.queue) > KEEP_AT_MOST:   # the story is too far behind the table: skip to its last part
            dropped = len(self.queue) - KEEP_AT_MOST // 2
            del self.queue[:dropped]
            self.t = 0.0
            self.skipped += dropped
        self.seen.append(type(anim).__name__)
        del self.seen[:-64]

    def clear(self) -> None:
        self.queue.clear()
        self.t = 0.0

    def update(self, dt: float, *, hurry: bool = False) -> None:
        """Advance; `hurry` (someone must decide now, e.g. a submarine window) plays what is queued fast."""
        if not self.queue:
            return
        self.t += dt * (6.0 if hurry else 3.0 if len(self.queue) > HURRY_AFTER else 1.0)
        while self.queue and self.t >= self.queue[0].duration:
            self.t -= self.queue[0].duration
            self.queue.pop(0)
            self.played += 1
        if not self.queue:
            self.t = 0.0

    def resting(self) -> dict[int, tuple | None]:
        """Pieces the board must not draw where the view has them: id -> the square to draw them on
        while their animation waits, or None (hidden for now, or drawn by the animation playing)."""
        out: dict[int, tuple | None] = {}
        for i, anim in enumerate(self.queue):
            for piece, at in anim.pieces.items():
                if piece not in out:
                    out[piece] = None if i == 0 else at
        return out

    def draw(self, surface, stage) -> None:
        if self.queue:
            head = self.queue[0]
            head.draw(surface, stage, min(1.0, self.t / head.duration) if head.duration else 1.0)
