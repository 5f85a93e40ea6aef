"""The games the tests define for themselves (toy, relay), told apart from the product's: their rules
modules live under tests/. Checks of what only product games promise (a documented protocol section,
a game long enough to test a client) skip them."""
from engine import games


def is_test_game(game_id: str) -> bool:
    return games.rules(game_id).__name__.startswith("tests.")


def product_games() -> list[str]:
    return [g for g in games.available() if not is_test_game(g)]
