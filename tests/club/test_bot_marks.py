"""The bots' marks (docs/club.md, "The bots' marks"): every game whose catalog entry names a marks file ships one
that the club reads, with the ladder's levels in their order; and the marks are the library's ratings of the games
fed to it, the stronger level above the weaker."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import random

import catalog
from bench import bot_marks
from club import ratings
from engine import games


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
