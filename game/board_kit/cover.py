"""The hot-seat cover: "pass the device to <name>".

Shown between two human seats at one window. While it is up a board scene
draws nothing but this (no map, no hand, no log), so nothing of the previous
player's turn shows; the next player reveals their turn themselves (the
button, Enter or Space).
"""
import pygame

from game import theme
from game.widgets import Button

DEFAULT_NOTE = "Everyone else, look away: their cards are about to show."


class HotSeatCover:
    def __init__(self, on_reveal, *, note: str = DEFAULT_NOTE, colour_of=None):
        """`note`: the line under the name; `colour_of(seat)`: the seat's colour (theme.seat_colour by default)."""
        self.seat: int | None = None
        self.name = ""
        self.note = note
        self.colour_of = colour_of or theme.seat_colour
        self.button = Button((0, 0, 360, 56), "", on_reveal, primary=True, hotkey=pygame.K_RETURN)
        self.button.rect.center = (640, 520)
        self.on_reveal = on_reveal

    @property
    def up(self) -> bool:
        return self.seat is not None

    def show(self, seat: int, name: str) -> None:
        self.seat, self.name = seat, name
        self.button.label = f"I am {name}: show my turn"

    def hide(self) -> None:
        self.seat = None

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.button.fire()
            return True
        self.button.handle(event)
        return True  # the cover swallows everything: nothing reaches the board behind it

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        colour = self.colour_of(self.seat)
        pygame.draw.circle(surface, theme.darken(colour, 0.5), (640, 262), 64)
        pygame.draw.circle(surface, colour, (640, 258), 60)
        pygame.draw.circle(surface, theme.lighten(colour, 0.4), (640, 258), 60, 3)
        theme.draw_text(surface, "Pass the device to", (640, 370), theme.SIZE_LARGE, theme.colours.text_dim,
                        anchor="center")
        theme.draw_text(surface, self.name, (640, 420), 56, colour, bold=True, anchor="center")
        theme.draw_text(surface, self.note, (640, 462), theme.SIZE_SMALL, theme.colours.text_dim, anchor="center")
        self.button.draw(surface)
