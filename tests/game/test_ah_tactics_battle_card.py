"""The battle's card and badge (issue 43, new-user trial on real X): one way of writing a battle's odds
everywhere, the reduced ratio the CRT reads ("5-1", never "10-2" on the badge beside "5-1" in the panel);
the card's title fits beside the die, on two lines when a roll-off needs them; and the card stands clear of
the squares the player must still see (the lit fall-back squares, the counters), not only of those fought."""
import pygame

from game.ah_tactics import effects
from game.ah_tactics.charts import columns_text
from game.ah_tactics.effects import CARD_WIDTH, DIE_ROOM, clear_of
from tests.game.test_log_says_why import named, tactics_log

ENCIRCLED = {"type": "battle", "attackers": [named("blue", "7th Inf")], "defenders": [named("red", "6th Inf")],
             "attack": 10, "defence": 2, "odds": "10-2 (5-1)", "die": 4, "result": "defender eliminated"}
ROLL_OFF = {"type": "battle", "attackers": [named("blue", "7th Inf")], "defenders": [named("red", "6th Inf")],
            "attack": 1.5, "defence": 1, "odds": "1.5-1 (roll-off: 1-1 or 2-1)", "die": 3,
            "result": "attacker falls back 1"}


def test_the_log_writes_the_odds_as_the_panel_and_the_badge_do(app):
    log = tactics_log(900)
    log.add(dict(ENCIRCLED))
    assert columns_text(ENCIRCLED) == "5-1"
    assert " at 5-1, die 4" in log.entries[-1]["text"] and "10-2" not in log.entries[-1]["text"]


def test_the_cards_title_fits_beside_the_die_and_says_the_odds_as_the_panel_does(app, monkeypatch):
    drawn = []
    real = effects.theme.draw_text

    def recording(surface, text, pos, size=None, *args, **kwargs):
        drawn.append((text, pos, size, kwargs.get("bold", False)))
        return real(surface, text, pos, size, *args, **kwargs)
    monkeypatch.setattr(effects.theme, "draw_text", recording)
    for event in (ENCIRCLED, ROLL_OFF):
        drawn.clear()
        card = effects._card(event, 1.0)
        title = [(text, pos, size) for text, pos, size, bold in drawn if pos[1] < 40 and bold]
        assert " ".join(t for t, _, _ in title).startswith(f"Battle at {columns_text(event)}")
        for text, pos, size in title:
            width = effects.theme.render_text(text, size, None, True).get_width()
            assert pos[0] + width <= CARD_WIDTH - DIE_ROOM + 10, (text, width)
        bottom = max(pos[1] + size for _, pos, size, _ in drawn)
        assert bottom <= card.get_height(), "every line inside the card"


def test_the_card_keeps_clear_of_the_lit_squares_as_well_as_of_the_fight():
    bounds = pygame.Rect(8, 46, 984, 690)
    card = pygame.Rect(0, 0, 250, 74)
    fought = pygame.Rect(400, 300, 80, 80)
    lit = [pygame.Rect(400 + dx * 40, 300 + dy * 40, 40, 40) for dx in range(-3, 5) for dy in (-3, -2, -1)]
    spot = clear_of(card, fought, bounds, lit)
    assert not spot.colliderect(fought) and not any(spot.colliderect(r) for r in lit), spot
