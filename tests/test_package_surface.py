"""engine/package.py: the options and board loading every rules package shares, written once."""
import pytest

from engine import games
from engine.errors import BoardError
from engine.package import board_loader, option_surface
from tests.own_games import product_games

CHOICES = {"speed": ["slow", "fast"], "limit": [0, 100]}


def _two_only(n):
    return None if n == 2 else "For exactly two players."


def test_the_defaults_are_each_options_first_choice():
    default_options, _ = option_surface(CHOICES, _two_only)
    assert default_options() == {"speed": "slow", "limit": 0}


def test_a_request_is_validated_against_the_menu_and_the_seat_count():
    _, validate_options = option_surface(CHOICES, _two_only)
    assert validate_options({"limit": 100}, 2) == {"speed": "slow", "limit": 100}
    with pytest.raises(ValueError, match="For exactly two players."):
        validate_options({}, 3)
    with pytest.raises(ValueError, match="must be one of"):
        validate_options({"speed": "warp"}, 2)


def test_malformed_board_data_is_refused_with_a_sentence_naming_the_game():
    _, parse = board_loader("toy", lambda data: data["size"] * 2)
    assert parse({"size": 3}) == 6
    with pytest.raises(BoardError, match=r"toy board data is malformed \(KeyError"):
        parse({})


def test_a_board_is_read_once_per_process():
    load, _ = board_loader("civil_war", lambda data: object())
    assert load() is load() and load("civil_war") is load()


@pytest.mark.parametrize("game_id", product_games())
def test_every_game_declares_its_options_through_the_shared_surface(game_id):
    rules = games.rules(game_id)
    assert rules.validate_options.__module__ == "engine.package"
    assert rules.validate_options(rules.default_options(), rules.MIN_SEATS) == rules.default_options()
    with pytest.raises(ValueError):
        rules.validate_options({}, rules.MAX_SEATS + 1)
