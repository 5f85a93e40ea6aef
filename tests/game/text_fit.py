"""Where text lands on a frame: every `theme.draw_text` and every box (`draw_panel`, `draw_button`) recorded
while a scene draws, then checked: no text outside the frame or its own surface, none sticking out of a
box it is drawn on, and (for the menus) no two texts on top of each other.

Used by tests/game/test_screens_fit.py."""
import sys
from dataclasses import dataclass

import pygame

from game import theme

TOLERANCE = 2   # pixels: anti-aliased edges and shadows may touch a border
COVERING_ALPHA = 235   # a panel this opaque, drawn over a text, hides it (a dialog over the scene behind)


@dataclass
class Drawn:
    surface: pygame.Surface
    rect: pygame.Rect
    text: str = ""
    opaque: bool = True


class Recorder:
    """Patches theme's drawing helpers (with `monkeypatch`) and keeps what each drew, in order."""

    def __init__(self, monkeypatch):
        self.items: list[tuple[str, Drawn]] = []
        self.cut: list[str] = []   # texts `theme.fit_text` shortened with an ellipsis since `clear`
        self.buttons: list[Drawn] = []   # the buttons drawn since `clear`
        draw_text, draw_panel, draw_button = theme.draw_text, theme.draw_panel, theme.draw_button
        fit_text = theme.fit_text

        def fit(text, *args, **kwargs):
            fitted = fit_text(text, *args, **kwargs)
            if fitted != text:
                self.cut.append(text)
            return fitted
        # wherever it was imported by name too (a module first imported under an earlier test's patch holds
        # that patch: it is replaced as well)
        for module in list(sys.modules.values()):
            if (getattr(module, "__name__", None) or "").startswith("game") and callable(getattr(module, "fit_text", None)):
                monkeypatch.setattr(module, "fit_text", fit)

        def text(surface, text, pos, *args, **kwargs):
            rect = draw_text(surface, text, pos, *args, **kwargs)
            if text.strip():
                clip = surface.get_clip()
                # a list clipped on purpose (a scrolled page) shows only what is inside its clip; without a clip
                # of its own, what falls off the surface is what this test is for
                visible = rect if clip == surface.get_rect() else rect.clip(clip)
                if visible.w and visible.h:
                    self.items.append(("text", Drawn(surface, visible, text)))
            return rect

        def panel(surface, rect, *args, **kwargs):
            opaque = kwargs.get("alpha", 235) >= COVERING_ALPHA
            self.items.append(("box", Drawn(surface, pygame.Rect(rect), opaque=opaque)))
            return draw_panel(surface, rect, *args, **kwargs)

        def button(surface, rect, *args, **kwargs):
            self.items.append(("box", Drawn(surface, pygame.Rect(rect), args[0] if args else "")))
            self.buttons.append(Drawn(surface, pygame.Rect(rect), args[0] if args else ""))
            return draw_button(surface, rect, *args, **kwargs)
        monkeypatch.setattr(theme, "draw_text", text)
        monkeypatch.setattr(theme, "draw_panel", panel)
        monkeypatch.setattr(theme, "draw_button", button)

    def clear(self) -> None:
        self.items.clear()
        self.cut.clear()
        self.buttons.clear()

    def problems(self, screen: pygame.Surface, *, overlaps: bool, cuts: bool = False, controls: bool = False) -> list[str]:
        """What is wrong with the text drawn since `clear`, one sentence each (`cuts`: a text shortened with an
        ellipsis is wrong too; `controls`: two buttons drawn on each other too)."""
        out = []
        boxes: list[Drawn] = []
        texts: list[Drawn] = []
        for kind, d in self.items:
            if kind == "box":
                boxes.append(d)
                continue
            bounds = d.surface.get_rect()
            if not bounds.inflate(TOLERANCE * 2, TOLERANCE * 2).contains(d.rect):
                where = "the window" if d.surface is screen else f"its {bounds.w}x{bounds.h} surface"
                out.append(f"{d.text!r} at {tuple(d.rect)} runs out of {where}")
                continue
            under = [b.rect for b in boxes if b.surface is d.surface and b.rect.colliderect(d.rect)]
            if under and not any(b.inflate(TOLERANCE * 2, TOLERANCE * 2).contains(d.rect) for b in under):
                out.append(f"{d.text!r} at {tuple(d.rect)} sticks out of the box {tuple(min(under, key=area))}")
            if d.surface is screen:
                texts.append(d)
        if cuts:
            out += [f"{text!r} is cut short" for text in dict.fromkeys(self.cut)]
        if controls:
            shown = [b for b in self.buttons if b.surface is screen and not self._covered(b)]
            for i, a in enumerate(shown):
                for b in shown[i + 1:]:
                    if a.rect != b.rect and a.rect.colliderect(b.rect):
                        out.append(f"the buttons {a.text!r} at {tuple(a.rect)} and {b.text!r} at {tuple(b.rect)} overlap")
        if overlaps:
            texts = [t for t in texts if not self._covered(t)]
            for i, a in enumerate(texts):
                for b in texts[i + 1:]:
                    common = a.rect.clip(b.rect)
                    if common.w > TOLERANCE and common.h > TOLERANCE and a.rect != b.rect:
                        out.append(f"{a.text!r} at {tuple(a.rect)} and {b.text!r} at {tuple(b.rect)} overlap")
        return out

    def _covered(self, text: Drawn) -> bool:
        """Whether a box drawn after `text` lies wholly over it: a scene behind a dialog, its words unseen
        (the title's letter "H" under the welcome panel is not a letter on the welcome sentence)."""
        later = self.items[next((i for i, (_, d) in enumerate(self.items) if d is text or d.rect == text.rect
                                 and d.surface is text.surface and d.text == text.text), len(self.items)) + 1:]
        return any(kind == "box" and d.opaque and d.surface is text.surface and d.rect.contains(text.rect)
                   for kind, d in later)


def area(rect: pygame.Rect) -> int:
    return rect.w * rect.h
