"""The colour-blind setting: seats and sides told apart by shape and pattern as well as hue.

Its seat colours stay apart for an eye with protanopia, deuteranopia or tritanopia (game.colour_vision
simulates each); and, hue aside, every seat has its own shape (world conquest's army tokens, Tactics (1940)'s
ships, the side boxes and badges) and the second of two sides its stripes (Tactics (1954)'s and the Civil
War's counters, Situation 4's pieces): drawn in grey, two seats' tokens still differ."""
import pygame
import pytest

from game import colour_vision, theme
from game.ah_tactics.counters import face
from game.risk.armies import ArmyTokens
from game.tactics1940.sprites import paint_piece

SEATS = 6   # the most seats a game has (world conquest)


@pytest.fixture
def colour_blind():
    pygame.init()
    theme.reset_caches()   # fonts made before an earlier test's pygame.quit are dead
    pygame.display.set_mode((8, 8))   # the painters convert their surfaces for the display
    theme.set_colour_blind(True)
    yield
    theme.set_colour_blind(False)
    from game.ah_tactics import counters
    counters._faces.clear()   # drawn for this test's display only
    counters._compact.clear()
    pygame.quit()


def grey(surface: pygame.Surface) -> bytes:
    """The surface as a grey eye sees it: its luminance and its shape only."""
    return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGBA")


@pytest.mark.parametrize("deficiency", list(colour_vision.DEFICIENCIES))
def test_the_colour_blind_seat_colours_stay_apart_for_every_deficiency(deficiency):
    colours = theme.COLOUR_BLIND.seats[:SEATS]
    seen = [colour_vision.simulate(c, deficiency) for c in colours]
    closest = min(colour_vision.difference(a, b) for i, a in enumerate(seen) for b in seen[i + 1:])
    assert closest > 10, f"two seats look alike under {deficiency} (ΔE {closest:.1f})"


def test_the_usual_palette_is_what_the_setting_mends():
    """Under deuteranopia the usual red and green seats all but merge: the reason the setting exists."""
    red, green = theme.STANDARD.seats[0], theme.STANDARD.seats[2]
    seen = [colour_vision.simulate(c, "deuteranopia") for c in (red, green)]
    assert colour_vision.difference(*seen) < colour_vision.difference(red, green) / 2


def test_every_seat_has_its_own_shape_only_with_the_setting_on(colour_blind):
    shapes = [theme.seat_shape(seat) for seat in range(SEATS)]
    assert len(set(shapes)) == SEATS
    theme.set_colour_blind(False)
    assert {theme.seat_shape(seat) for seat in range(SEATS)} == {"circle"}


def test_tokens_of_two_seats_differ_in_grey(colour_blind):
    """World conquest's army tokens and Tactics (1940)'s ships of different seats, drawn in grey, still differ;
    a seat's own tokens at the same count are the same."""
    tokens = ArmyTokens()
    drawn = [grey(tokens.token(seat, 5)) for seat in range(SEATS)]
    assert len(set(drawn)) == SEATS
    ships = [grey(paint_piece("battleship", (128, 128, 128), 40, False, theme.seat_shape(s))) for s in range(4)]
    assert len(set(ships)) == 4, "even in one colour the four powers' ships differ by shape"


def test_the_second_sides_counters_are_striped(colour_blind, monkeypatch):
    """Tactics (1954)'s Red counters, the Civil War's Union stacks and Situation 4's yellow pieces carry stripes
    (the same counter without them looks otherwise the same); the first side's carry none."""
    from game.ah_tactics import counters
    from game.wargame.counters import CounterLook, paint
    unit = {"id": 40, "side": "red", "kind": "infantry", "name": "1st Inf", "factor": 1, "corps": "IC",
            "status": "active"}
    striped = grey(face(unit, 40))
    assert grey(face(dict(unit, side="blue", id=1), 40)) != striped
    assert theme.striped(1) and not theme.striped(0)
    look = CounterLook(colour=theme.colours.seats[1], rows=(("infantry", 2),))
    assert grey(paint(CounterLook(**{**look.__dict__, "striped": True}), (40, 38))) != grey(paint(look, (40, 38)))
    counters._faces.clear()
    monkeypatch.setattr(theme, "striped", lambda side: False)
    assert grey(face(unit, 40)) != striped, "the stripes are what differs"
