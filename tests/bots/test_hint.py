"""The expert's hint (bots/hint.py): over 20 positions of every game the expert searches, the hinted action is one
the seat's view lists and the very action the expert chooses at the same seed and budget (an iteration budget here,
so that the same is the same on any machine; its time against a clock is a bench row, bench/analysis.py), and its
reason is worded from the game's own evaluation terms."""
import time

import pytest

import bots
from bots import hint
from engine import games, legal, undo
from engine.session import Session
from tests.bot_games import bot_step

POSITIONS = 20
ITERATIONS = 2


def _searched_games() -> list[str]:
    return [g for g in games.available() if "evaluate" in getattr(games.rules(g), "QUERIES", ())
            and g not in ("toy", "relay")]


def _positions(game_id: str) -> list[tuple[int, dict]]:
    """(seat, view) of POSITIONS decisions with a choice, from a game of hard bots."""
    s = Session(game_id, 2, seed=12)
    players = [bots.make(game_id, "hard", seat, 20 + seat) for seat in range(2)]
    out = []
    while len(out) < POSITIONS and s.result() is None and s.rev < 2000:
        seat = s.to_act()[0] if s.to_act() else None
        if seat is not None and s.rev % 3 == 0 and legal.size(undo.without(s.legal(seat))) > 1:
            out.append((seat, s.view(seat)))
        bot_step(s, players)
    return out


@pytest.mark.parametrize("game_id", _searched_games())
def test_the_hint_is_listed_and_is_the_expert_s_own_choice_at_the_same_seed_and_budget(game_id):
    positions = _positions(game_id)
    assert len(positions) == POSITIONS
    for k, (seat, view) in enumerate(positions):
        job = hint.Hint(game_id, seat, view, seed=k, reason_seconds=0, budget=None, iterations=ITERATIONS).start()
        assert job.wait(60) and job.error is None, job.error
        own = bots.make(game_id, "expert", seat, k, budget=None, iterations=ITERATIONS, turn_budget=None).choose(view)
        assert legal.contains(view["private"]["legal"], job.action)
        assert job.action == own, (k, job.action, own)


def test_the_reason_names_what_the_hinted_move_takes():
    """Rule A (b): a division standing in an enemy city occupies it — the reason says the move takes it."""
    from tests.ah_tactics import helpers as tac
    state = tac.blank()
    name = tac.BOARD.cities_of(tac.RED)[0]
    city = tac.BOARD.cities[name].squares[0]
    division = tac.uid(tac.BLUE, "1st Armd")
    tac.put(state, division, (city[0], city[1] - 1))
    s = Session("ah_tactics", 2, seed=1)
    s.state = state
    view = s.view(0)
    reason = hint.why("ah_tactics", 0, view, {"type": "move", "unit": division, "to": list(city)}, [], 1, 1e18)
    assert reason.startswith(f"takes {name}")


def _movement_against_easy(seed: int, seat: int) -> Session:
    """A Tactics (1954) game against an easy bot, at `seat`'s first movement phase (its set-up made by a bot)."""
    s = Session("ah_tactics", 2, seed=seed)
    players = {seat: bots.make("ah_tactics", "easy", seat, seed + 100),
               1 - seat: bots.make("ah_tactics", "easy", 1 - seat, seed)}
    for _ in range(200):
        if seat in s.to_act() and s.view(seat)["public"]["phase"] == "move":
            return s
        bot_step(s, players)
    raise AssertionError("no movement phase in 200 actions")


def test_following_the_hint_never_brings_the_seat_back_to_a_position_it_stood_in_this_turn():
    """A new user's trial, round 1 against an easy bot: the hint said "send 1st Inf into reserve", then, with no
    memory of it, "bring 1st Inf back", then "send it into reserve" again, for ever. The window passes the positions
    of the seat's turn so far (bots.cycles.Turn) and the hint never leads back to one of them, nor brings back a
    unit sent into reserve this turn (rule G: reserves taken this turn stay off the board until the next)."""
    from bots import cycles
    s = _movement_against_easy(0, 0)
    turn, sent_in = cycles.Turn(0), set()
    for _ in range(4):
        view = s.view(0)
        stood = list(turn.see(view))
        action, _, _ = hint.think("ah_tactics", 0, view, 0, {"budget": None, "iterations": ITERATIONS}, stood)
        assert legal.contains(view["private"]["legal"], action)
        assert not (action["type"] == "reveal" and action["unit"] in sent_in), (action, "sent into reserve this turn")
        if action["type"] == "end_movement":
            break
        sent_in |= {action["unit"]} if action["type"] == "reserve" else set()
        s.apply(0, action)
        assert cycles.key(s.view(0)) not in stood, (action, "back to a position stood in this turn")
    assert sent_in, "the position tried is the trial's: a unit sent into reserve first"


def test_the_expert_at_a_table_never_searches_a_move_back_to_where_it_stood_this_turn():
    """The expert keeps the positions of its own turn as its views go by (bots.cycles.Turn), and a candidate it
    would search that leads back to one of them is left out: a reserve taken this turn is not brought back."""
    from bots import cycles
    s = _movement_against_easy(0, 0)
    expert = bots.make("ah_tactics", "expert", 0, 1, budget=None, iterations=ITERATIONS, turn_budget=None)
    unit = next(a["unit"] for a in s.legal(0)["actions"] if a["type"] == "reserve")
    expert.turn.see(s.view(0))
    s.apply(0, {"type": "reserve", "unit": unit})
    view = s.view(0)
    expert._stood = set(expert.turn.see(view)[:-1])
    back, end = {"type": "reveal", "unit": unit}, {"type": "end_movement"}
    assert cycles.returning(expert.rules, expert.clone, view, 0, [back, end], expert._stood) == [back]
    assert expert._onward_candidates(view, [back, end]) == [end]
    assert expert._onward_candidates(view, [back]) == [back], "the only choice left is still a choice"


def test_a_hint_that_changes_nothing_the_evaluation_weighs_still_says_why():
    """The trial's first hint had no reason at all: where neither the move, the rest of the plan nor the reply
    changes a term, the reason says that the move keeps the position (two keepers alone on a board: ending the
    movement wins and loses nothing)."""
    from tests.ah_tactics import helpers as tac
    s = Session("ah_tactics", 2, seed=1)
    s.state = tac.blank()
    reason = hint.why("ah_tactics", 0, s.view(0), {"type": "end_movement"}, [], 1, time.perf_counter() + 30)
    assert reason == hint.KEEPS
