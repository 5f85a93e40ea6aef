"""The bots' marks (docs/club.md, "The bots' marks"): every game whose catalog entry names a marks file ships one
that the club reads, with the ladder's levels in their order; and the marks are the library's ratings of the games
fed to it, the stronger level above the weaker. The expert's games against hard are also the bench's rows of its
strength (issue 44), read from the same records."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import random

import catalog
from bench import bot_marks, bots as bench_bots
from bench.bots import wilson
from club import ratings
from engine import games
from engine.session import Session


def test_every_game_naming_marks_ships_them_easy_below_normal_below_hard():
    named = [g for g in games.available() if catalog.spec(g).bot_marks]
    assert named, "the product's games name their marks"
    for game in named:
        marks = ratings.marks(game)
        assert marks["easy"]["rating"] < marks["normal"]["rating"] < marks["hard"]["rating"], game
        for level, mark in marks.items():
            low, high = mark["interval"]
            assert low <= mark["rating"] <= high and mark["games"] >= bot_marks.MIN_GAMES, (game, level)


def test_marks_from_games_rank_the_stronger_level_higher_and_say_how_uncertain():
    rand = random.Random(1)

    def game(strong, weak, p):
        won = rand.random() < p
        return {"sides": [{"level": strong, "won": won}, {"level": weak, "won": not won}]}
    records = [game("hard", "normal", 0.8) for _ in range(30)] + [game("normal", "easy", 0.8) for _ in range(30)]
    marks = bot_marks.marks(records, seed=2)
    assert marks["easy"]["rating"] < marks["normal"]["rating"] < marks["hard"]["rating"]
    assert [marks[level]["games"] for level in ("easy", "normal", "hard")] == [30, 60, 30]
    assert all(m["interval"][0] <= m["rating"] <= m["interval"][1] for m in marks.values())


def test_the_intervals_are_wilson_s_as_docs_bots_md_gives_them():
    low, high = wilson(71, 100)   # the Civil War Game at a quarter second: 61.5-79.0 %
    assert (round(100 * low, 1), round(100 * high, 1)) == (61.5, 79.0)
    assert wilson(0, 0) == (0.0, 1.0) and wilson(10, 10)[1] == 1.0


def test_the_expert_row_counts_its_kept_games_against_hard_a_draw_not_won():
    def game(seed, expert_first, winner):
        levels = ["expert", "hard"] if expert_first else ["hard", "expert"]
        return {"game": "civil_war", "levels": levels, "seed": seed, "finished": True, "seconds": 60.0,
                "commit": "abc1234", "sides": [{"level": level, "won": level == winner} for level in levels]}
    winners = ["expert"] * 7 + ["hard", "hard", None]
    records = [game(i // 2, i % 2 == 0, winner) for i, winner in enumerate(winners)]   # each seed twice, swapped
    [row] = bot_marks.expert_rows(records, ["civil_war"])
    assert row.value == "7 of 10 (70 %)" and row.met is False   # the goal: 80 % of 100 games
    assert "95 % interval 39.7-89.2 % (Wilson)" in row.note and "hard 2, draws 1" in row.note
    assert "seeds 0-4" in row.note and "as Confederacy 4/5, as Union 3/5" in row.note
    assert "code of abc1234 (10)" in row.note
    [none] = bot_marks.expert_rows([], ["tactics1940"])
    assert none.value == "no games" and none.met is False


def test_games_at_another_budget_make_their_own_row_against_the_quarter_second_goal_and_count_in_no_mark():
    def game(seed, expert_first, winner, budget=None):
        levels = ["expert", "hard"] if expert_first else ["hard", "expert"]
        return {"game": "civil_war", "levels": levels, "seed": seed, "finished": True, "seconds": 60.0,
                "commit": "abc1234", "sides": [{"level": level, "won": level == winner} for level in levels],
                **({"budget": budget} if budget is not None else {})}
    own = [game(i // 2, i % 2 == 0, "hard") for i in range(4)]
    quarter = [game(i // 2, i % 2 == 0, "expert", 0.25) for i in range(100)]
    own_row, quarter_row = bot_marks.expert_rows(own + quarter, ["civil_war"])
    assert own_row.value == "0 of 4 (0 %)" and "1 s / 5 s a turn" in own_row.name
    assert quarter_row.name == "civil_war: expert v hard, 0.25 s / 1.25 s a turn (thread CPU)"
    assert quarter_row.value == "100 of 100 (100 %)" and quarter_row.goal == ">= 70 % of 100" and quarter_row.met
    [short] = bot_marks.expert_rows(quarter[:98] + [game(49, True, "hard", 0.25)] * 2, ["civil_war"])[1:]
    assert short.value == "98 of 100 (98 %)" and short.met   # 70 % is the quarter second's goal, not 80 %
    assert bot_marks.marked_games(own + quarter, "civil_war") == own   # a club table seats the expert at its own


def test_an_expert_game_at_a_budget_of_its_own_says_so_and_its_expert_spends_it(tmp_path, monkeypatch):
    monkeypatch.setattr(bot_marks, "ACTION_CAP", 4)
    monkeypatch.setattr(bench_bots, "KEEP_DIR", tmp_path)
    made = []
    real_make = bot_marks.make

    def make(game_id, level, seat, seed, **settings):
        made.append((level, settings))
        return real_make(game_id, level, seat, seed, **settings)
    monkeypatch.setattr(bot_marks, "make", make)
    record = bot_marks.play_deal(("risk", ["expert", "hard"], 1, 0.25))
    assert record["budget"] == 0.25
    assert ("expert", {"clock": "thread", "budget": 0.25, "turn_budget": 1.25}) in made and ("hard", {}) in made


def test_an_expert_game_stopped_at_the_action_cap_is_saved_and_its_record_says_where(tmp_path, monkeypatch):
    """On the clock an expert's game cannot be played again, so one that does not end is kept to be watched."""
    monkeypatch.setattr(bot_marks, "ACTION_CAP", 4)
    monkeypatch.setattr(bench_bots, "KEEP_DIR", tmp_path)
    record = bot_marks.play_deal(("risk", ["expert", "hard"], 1))   # set-up placements: quick decisions
    assert not record["finished"] and record["actions"] == 4
    assert record["kept"] == str(tmp_path / "risk-seed1-expert-hard.sandtable")
    assert Session.load(record["kept"]).rev == 4
