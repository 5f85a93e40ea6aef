"""Tutorials are data checked by the rules (engine.tutorial): every shipped tutorial plays to its end
through a real Session, each step's actions accepted and each promised event answered; a file that
breaks a rule or a promise is refused naming its step; a learner's place follows from the log."""
import pytest

from engine.tutorial import TutorialError, parse, position, rehearse
from game.tutorial import library

TUTORIALS = library.tutorials()

# A small tutorial of the Civil War Game, from the game's own start (the Confederacy moves first).
SMALL = """
game = "civil_war"
title = "small"
seats = 2
learner = 0
seed = 1

[names]
1 = "Union"

[[step]]
say = "Read this."

[[step]]
say = "Send the cavalry."
do = [{ type = "move", from = [14, 5], units = { cavalry = 2 }, to = [13, 3] }]
events = [{ type = "captured", city = "Pittsburgh" }]

[[step]]
by = 1
say = "The Union pays."
do = [
  { type = "choose_losses", at = [5, 6], units = { gunboat = 1 } },
  { type = "choose_losses", at = [4, 13], units = { infantry = 1 } },
]
"""
CAVALRY = {"type": "move", "from": [14, 5], "units": {"cavalry": 2}, "to": [13, 3]}


def test_every_game_the_program_offers_has_a_lesson_named_by_its_catalog_entry():
    from tests.own_games import product_games
    assert list(TUTORIALS) == product_games()
    assert all(tutorial.game == game for game, tutorial in TUTORIALS.items())


@pytest.mark.parametrize("game", list(TUTORIALS))
def test_every_tutorial_is_played_to_its_end_by_the_rules(game):
    tutorial = TUTORIALS[game]
    session = rehearse(tutorial)   # raises TutorialError naming a refused step or a missing promised event
    assert len(session.log) == tutorial.length
    assert any(step.actions for step in tutorial.steps if step.by == "learner")


def test_a_tutorial_whose_action_the_rules_refuse_is_refused_naming_its_step():
    """A move no stack can make: the rules refuse it, and the tutorial with it."""
    bad = SMALL.replace("to = [13, 3]", "to = [3, 3]")
    with pytest.raises(TutorialError, match="Step 2 .*the rules refuse"):
        rehearse(parse(bad))


def test_a_tutorial_promising_an_event_the_rules_do_not_bring_is_refused():
    bad = SMALL.replace('city = "Pittsburgh"', 'city = "Baltimore"')
    with pytest.raises(TutorialError, match="Step 2 .*promises the event"):
        rehearse(parse(bad))


def test_a_file_with_a_field_no_tutorial_knows_is_refused_with_a_sentence():
    with pytest.raises(TutorialError, match="fields no tutorial knows: colour"):
        parse(SMALL.replace('title = "small"', 'title = "small"\ncolour = "red"'))
    with pytest.raises(TutorialError, match="not valid TOML"):
        parse("game = ")


def test_the_learner_may_do_only_what_the_step_waits_for_and_a_scripted_seat_plays_in_order():
    tutorial = parse(SMALL)
    log = []
    assert tutorial.expects(1, log, 0, CAVALRY)
    assert not tutorial.expects(1, log, 0, dict(CAVALRY, to=[13, 4]))
    assert not tutorial.expects(1, log, 1, CAVALRY)   # the right action by the wrong seat
    log = [[0, CAVALRY]]
    union = tutorial.steps[2].actions
    assert tutorial.next_scripted(2, log) == union[0]
    assert tutorial.expects(2, log, 1, union[0]) and not tutorial.expects(2, log, 1, union[1])


def test_where_a_learner_stands_follows_from_the_log_and_the_kept_step():
    tutorial = parse(SMALL)
    assert position(tutorial, 0) == 0                   # nothing done: the first step
    assert position(tutorial, 0, kept_step=1) == 1      # read the first step, kept
    assert position(tutorial, 1) == 2                   # the learner's move is in the log
    assert position(tutorial, 1, kept_step=0) == 2      # a kept step the log has gone past gives way
    assert position(tutorial, 3) == 3                   # every step done: finished
