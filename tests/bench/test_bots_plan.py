"""The bot bench's plan of games (bench/bots.py `matches`), without playing any: the expert's pairs play
each seed twice with the sides swapped, `--no-mirrors` leaves out the games between equal levels, and
`--first-seed` moves every seed on, so a second run adds games instead of repeating the first's."""
from bench import bots as bench


def test_the_expert_s_pair_plays_each_seed_twice_with_the_sides_swapped():
    (pair, mirror) = bench.matches("risk", 4, expert=True)
    assert (pair.kind, pair.strong, pair.weak) == ("pair", "expert", "hard")
    assert pair.deals == [(["expert", "hard"], 0), (["hard", "expert"], 0),
                          (["expert", "hard"], 1), (["hard", "expert"], 1)]
    assert mirror.kind == "mirror"


def test_without_mirrors_and_from_a_later_seed_only_new_pair_games_are_planned():
    plan = bench.matches("risk", 4, expert=True, mirrors=False, first_seed=10)
    assert [m.kind for m in plan] == ["pair"]
    assert [seed for _, seed in plan[0].deals] == [10, 10, 11, 11]
