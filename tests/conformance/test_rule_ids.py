"""Every game whose catalog entry names a rule glossary names its rules as data (engine.why) and that glossary
explains each of them: the rule ids a game declares are exactly those its glossary (its entry's `rule_help`,
game/help/rules/<game>.toml) explains, each with a title and a text; a game whose events name rules has one.
The events themselves are checked in the playouts (test_playouts.py: every event of a kind the game lists in
RULED_EVENTS, as every seat and spectator receives it, in random and bot games) and so are refusals (an illegal
action names the rule that refuses it)."""
import pytest

import catalog
from engine import games, why
from game import rule_help
from tests.conformance.cases import game_ids


def explained_games() -> list[str]:
    return [g for g in game_ids() if catalog.spec(g).rule_help is not None]


@pytest.mark.parametrize("game", explained_games())
def test_a_game_with_a_glossary_declares_its_rule_ids_and_the_events_that_name_them(game):
    rules = games.rules(game)
    assert why.rule_ids(rules), f"{game} declares no RULE_IDS"
    assert why.ruled_events(rules), f"{game} declares no RULED_EVENTS"
    assert all(isinstance(r, str) and r for r in why.rule_ids(rules))


@pytest.mark.parametrize("game", explained_games())
def test_the_help_explains_exactly_the_rule_ids_the_game_declares(game):
    explained = rule_help.glossary(game)
    declared = why.rule_ids(games.rules(game))
    assert sorted(set(declared) - set(explained)) == [], "declared but not explained"
    assert sorted(set(explained) - set(declared)) == [], "explained but not declared"
    for rule in explained.values():
        assert rule.title and rule.text.rstrip(")").endswith("."), rule
        assert len(rule.label) <= 60, f"{rule.id}: a log line names a rule in a few words"


@pytest.mark.parametrize("game", game_ids())
def test_a_game_whose_events_name_rules_declares_them_and_names_its_glossary(game):
    rules = games.rules(game)
    if why.ruled_events(rules):
        assert why.rule_ids(rules) and catalog.spec(game).rule_help is not None


def test_a_refusal_brings_its_rule_with_it():
    refusal = why.Refusal("hq_contact", "The HQ is lost.")
    assert refusal == "The HQ is lost." and refusal.rule == "hq_contact"
    from engine.errors import ILLEGAL, RuleError
    error = RuleError(ILLEGAL, refusal)
    assert (error.rule, error.message, type(error.message)) == ("hq_contact", "The HQ is lost.", str)
    assert RuleError(ILLEGAL, "No.", "setup").rule == "setup" and RuleError(ILLEGAL, "No.").rule is None
