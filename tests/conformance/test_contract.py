"""Every registered game offers the surface docs/games.md describes."""
import pytest

from engine import games, options, schema
from engine.gametype import GameType
from tests.conformance.cases import game_ids, seat_counts

REQUIRED = ("GAME_ID", "TITLE", "MIN_SEATS", "MAX_SEATS", "DEFAULT_SEATS", "GAME_TYPE", "OPTION_CHOICES", "ACTIONS",
            "default_options", "validate_options", "setup", "to_act", "apply", "legal", "view", "redact", "result",
            "sample_state")


@pytest.mark.parametrize("game", game_ids())
def test_the_module_offers_every_name_of_the_contract(game):
    rules = games.rules(game)
    missing = [name for name in REQUIRED if not hasattr(rules, name)]
    assert not missing, f"{game} lacks {missing}"
    assert rules.GAME_ID == game
    assert isinstance(rules.GAME_TYPE, GameType)
    assert 1 <= rules.MIN_SEATS <= rules.DEFAULT_SEATS <= rules.MAX_SEATS
    assert seat_counts(game), f"{game} accepts no seat count with its default options"
    if rules.GAME_TYPE.realtime:
        assert getattr(rules, "START_COUNTDOWN", 0) > 0, "a race says how long its start count is"
    if rules.GAME_TYPE.timed:
        assert hasattr(rules, "timer"), "a timed game says when its timed steps come"


@pytest.mark.parametrize("game", game_ids())
def test_options_default_to_the_first_choice_and_every_choice_validates(game):
    """The first value of each option is its default (the rulebook's rule); every value on the menu is accepted."""
    rules = games.rules(game)
    assert rules.default_options() == options.defaults(rules.OPTION_CHOICES)
    n = seat_counts(game)[0]
    for key, values in rules.OPTION_CHOICES.items():
        for value in values:
            assert rules.validate_options({key: value}, n)[key] == value
    for key, labels in getattr(rules, "OPTION_LABELS", {}).items():
        assert key in rules.OPTION_CHOICES and set(labels) <= set(rules.OPTION_CHOICES[key])
    for key in getattr(rules, "OPTION_HELP", {}):
        assert key in rules.OPTION_CHOICES


@pytest.mark.parametrize("game", game_ids())
def test_every_action_field_has_a_schema_spec(game):
    actions = games.rules(game).ACTIONS
    assert actions, f"{game} declares no actions"
    for kind, fields in actions.items():
        assert isinstance(kind, str) and kind
        assert "type" not in fields
        for name, spec in fields.items():
            assert isinstance(name, str) and isinstance(spec, schema.Spec), (kind, name)
