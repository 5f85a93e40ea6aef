"""The fingerprint of a game's bots' decisions, to hold an optimisation of a bot or of the rules to "the same
choices, only sooner" (issue 44: the playouts made cheaper without a new strength match).

    python tools/bot_fingerprint.py GAME [SEEDS]      e.g. python tools/bot_fingerprint.py tactics1940 3

Prints one line per seeded bot game (the bench's levels, then hard in every seat: its length, whether it ended,
its final state's hash) and one hash of the expert's searches at a dozen positions of the first of them (its
choices and every candidate's scores, 48 playouts a decision, no clock, so they repeat exactly). Run it before and
after a change: the lines must be the same. Its CPU time goes to standard error.
"""
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # run from a checkout, as the other tools

from bench.engine import _bot_game, _levels   # noqa: E402  (the bench's own seeded bot games)
from bench.playing import play_turns   # noqa: E402
from bots import make   # noqa: E402
from engine import Session, games   # noqa: E402
from engine.session import TABLE_SEAT   # noqa: E402

ACTION_LIMIT = 20000
SEARCHED_POSITIONS = 12
PLAYOUTS = 48


def game_lines(game: str, seeds: int):
    """One line per seeded game: the bench's levels, then hard against hard."""
    seats = games.rules(game).DEFAULT_SEATS
    for levels in (_levels(game), ["hard"] * seats):
        for seed in range(seeds):
            s = Session(game, seats, seed=seed)
            players = [make(game, level, seat, seed) for seat, level in enumerate(levels)]
            play_turns(s, lambda seat, view: players[seat].choose(view), ACTION_LIMIT)
            yield f"{'/'.join(levels)} {seed} {s.rev} {s.result() is not None} {s.state_hash()[:16]}"


def expert_line(game: str) -> str:
    """One hash of the expert's choices and scores at evenly spread positions of the bench's first game."""
    played, _ = _bot_game(0, game, _levels(game))
    replay = Session.from_header(played.header())
    digest = hashlib.sha256()
    every = max(1, played.rev // SEARCHED_POSITIONS)
    for i, (seat, action) in enumerate(played.log):
        if seat is not TABLE_SEAT and i % every == 0:
            expert = make(game, "expert", seat, i, budget=None, turn_budget=None, iterations=PLAYOUTS, clock="thread")
            chosen = expert.choose(replay.view(seat))
            last = expert.last_search
            digest.update(repr((i, chosen, last and last[0], expert.last_scores if last else None)).encode())
        replay.apply(seat, action)
    return f"expert {digest.hexdigest()[:16]}"


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in games.available():
        print(__doc__.strip(), file=sys.stderr)
        return 2
    seeds = int(argv[1]) if len(argv) > 1 else 3
    began = time.process_time()
    for line in game_lines(argv[0], seeds):
        print(line, flush=True)
    print(expert_line(argv[0]), flush=True)
    print(f"cpu {time.process_time() - began:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
