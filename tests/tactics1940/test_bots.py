"""Bots play whole games to a blockade from their own views; a game replays from its save."""
import pytest

from bots import make
from engine import Session, legal as listing

ACTION_LIMIT = 4000


def bot_game(levels, seed, checked=True):
    """A whole game between bots: every seat asked may act (bots decide at once); when nobody acts the
    table's timer fires. Each action a bot sends must be one its view's `legal` offers."""
    session = Session("tactics1940", len(levels), seed=seed)
    bots = [make("tactics1940", level, seat, seed) for seat, level in enumerate(levels)]
    for _ in range(ACTION_LIMIT):
        if session.result() is not None:
            return session
        for seat in session.to_act():
            view = session.view(seat)
            action = bots[seat].choose(view)
            if action is not None:
                if checked:
                    assert listing.contains(view["private"]["legal"], action), action
                session.act(seat, action)
                break
        else:
            timer = session.timer()
            assert timer is not None, "no bot acts and no timer runs"
            session.act(None, timer["action"])
    raise AssertionError(f"no blockade within {ACTION_LIMIT} actions ({levels}, seed {seed})")


@pytest.mark.parametrize("levels, seed", [(["hard", "normal"], 1), (["normal", "easy", "hard"], 2),
                                          (["easy", "hard", "normal", "easy"], 3)])
def test_a_bot_game_at_every_seat_count_ends_in_a_blockade(levels, seed):
    session = bot_game(levels, seed)
    result = session.result()
    assert "blockaded" in result["reason"] and result["winners"]
    assert len(result["scores"]) == len(levels)


def test_easy_bots_alone_still_end_their_war():
    session = bot_game(["easy", "easy"], 5)
    assert "blockaded" in session.result()["reason"]


def test_a_saved_bot_game_replays_to_the_same_hash(tmp_path):
    """Determinism: seed + action log (timer steps included) reproduce the game exactly."""
    session = bot_game(["normal", "hard", "easy"], 4, checked=False)
    assert any(seat is None for seat, _ in session.log), "a reaction window was closed by the table"
    path = tmp_path / "tactics.sts"
    session.save(path)
    again = Session.load(path)
    assert again.state_hash() == session.state_hash() and again.result() == session.result()


def test_two_runs_with_one_seed_are_identical():
    a = bot_game(["hard", "easy"], 9, checked=False)
    b = bot_game(["hard", "easy"], 9, checked=False)
    assert a.state_hash() == b.state_hash() and a.log == b.log


def test_a_bot_answers_only_when_asked():
    session = Session("tactics1940", 2, seed=0)
    waiting = 1 - session.to_act()[0]
    assert make("tactics1940", "hard", waiting, 0).choose(session.view(waiting)) is None
