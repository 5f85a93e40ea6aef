"""Bots play whole games to a blockade from their own views; a game replays from its save."""
import pytest

from bots import make
from engine import Session, legal as listing
from engine.tactics1940.board import load
from tests.tactics1940.helpers import B, T, cleared, put

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
                session.apply(seat, action)
                break
        else:
            timer = session.timer()
            assert timer is not None, "no bot acts and no timer runs"
            session.apply(None, timer["action"])
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


# ----- issue 22: no turn spent shuffling inside one's own port ---------------------------------------

LEVELS = ("easy", "normal", "hard")


def view_of(state, seat):
    """`seat`'s view of `state` as a table sends it (legal included)."""
    session = Session("tactics1940", state["n"], seed=0)
    session.state = state
    return session.view(seat)


def inside_own_home(view, seat, action) -> bool:
    home = load().homes[view["public"]["powers"][seat]].squares
    start = view["public"]["pieces"][action["piece"]]["at"]
    return action["type"] == "move" and tuple(start) in home and tuple(action["path"][-1]) in home


def test_no_level_opens_by_shuffling_transports_about_its_own_home_land():
    """Issue 22: "no moves inside one's own port that change nothing". In the opening every move inside
    one's home area is a transport stepping about the home land; 30 seeds, every level, none is chosen."""
    for seed in range(30):
        session = Session("tactics1940", 2, seed=seed)
        seat = session.to_act()[0]
        view = session.view(seat)
        assert any(inside_own_home(view, seat, a) for a in view["private"]["legal"]["actions"])
        for level in LEVELS:
            action = make("tactics1940", level, seat, seed).choose(view)
            assert not inside_own_home(view, seat, action), (level, seed, action)


def test_no_level_moves_a_battleship_from_its_seaport_to_its_seaport():
    """Issue 22's blunder, "from South's seaport to South's seaport": South's battleship in its own port
    (its four transports nearer the enemy decide the race, so sailing out scores as staying) may go out
    or wait, but never shuffle along the seaport."""
    for seed in range(20):
        state = cleared(turn=1, seed=seed)
        put(state, 0, B, (7, 7))
        for sq in ((3, 4), (4, 3), (11, 3), (12, 4)):
            put(state, 1, T, sq)
        put(state, 1, B, (7, 13))
        view = view_of(state, 1)
        for level in LEVELS:
            action = make("tactics1940", level, 1, seed).choose(view)
            assert not inside_own_home(view, 1, action), (level, seed, action)


def test_a_bot_with_nothing_but_shuffles_still_moves():
    """Rule 9 (one piece moves each turn; a pass only when none can): with nothing but shuffles along its
    own seaport left, the bot makes one rather than send nothing. South's four transports at sea are
    hemmed in by North's, and North's battleships shut the mouth in front of South's battleship."""
    state = cleared(turn=1)
    for sq in ((3, 4), (4, 3), (11, 3), (12, 4)):
        put(state, 1, T, sq)
    for sq in ((5, 3), (4, 4), (3, 5), (10, 3), (11, 4), (12, 5)):
        put(state, 0, T, sq)
    put(state, 0, B, (7, 12))
    put(state, 0, B, (8, 12))
    put(state, 1, B, (7, 13))
    view = view_of(state, 1)
    moves = [a for a in view["private"]["legal"]["actions"] if a["type"] == "move"]
    assert moves and all(inside_own_home(view, 1, a) for a in moves)
    for level in LEVELS:
        assert make("tactics1940", level, 1, 0).choose(view) in moves
