"""Fit the Tactics (1940) expert's worth of a position (bots/tactics1940.py `WORTH_BIAS`, `WORTH_WEIGHTS`) to who won.

Hard bots play each other (two seats, seeds 0 .. games-1); at the start of every move (the side to move in its own
turn, no step pending, no blockade it could close now) the mover's `worth_terms` are kept with whether its camp won
the game. A logistic regression over them (Newton's method, a light ridge) gives the chance the side to move's camp
wins; it prints the weights to paste, and the fit's log loss and rank agreement (AUC) on the games whose seed is a
multiple of five, held out, beside those of the weights in the module now.

    python tools/fit_tactics1940_worth.py --games 1200 --workers 2      (about 10 minutes on two cores)
"""
import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

RIDGE = 1e-3
NEWTON_STEPS = 50
HELD_OUT_EVERY = 5    # games whose seed is a multiple of this are the held-out check


def positions(seed: int) -> list[tuple[list[float], int]]:
    """(the mover's worth terms, 1 if its camp won) at the start of every move of one finished hard game."""
    import bots
    from bench.playing import play_turns
    from bots import tactics1940 as bot
    from engine.session import Session
    s = Session("tactics1940", 2, seed=seed)
    players = [bots.make("tactics1940", "hard", seat, seed * 1009 + seat + 7) for seat in range(2)]
    seen = []

    def decide(seat, view):
        state = s.state
        if state.get("outcome") is None and not state["steps"] and state["turn"] == seat:
            camp = state["camp"][seat]
            swing, blockades = bot._strike(state, seat, camp)
            if not blockades:
                seen.append((seat, bot.worth_terms(state, camp, swing)))
        return players[seat].choose(view)
    if not play_turns(s, decide, 40000):
        return []
    winners = s.result()["winners"]
    return [(terms, int(seat in winners)) for seat, terms in seen]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + RIDGE * np.eye(x.shape[1])
        w += np.linalg.solve(hessian, x.T @ (y - p) - RIDGE * w)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The chance a won position scores above a lost one."""
    order = np.argsort(x @ w)
    rank = np.empty(len(order))
    rank[order] = np.arange(len(order))
    won = y == 1
    return float((rank[won].mean() - (won.sum() - 1) / 2) / (~won).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(positions, range(args.games), chunksize=8))
    rows = {held: [(terms, won) for seed, game in enumerate(games) if (seed % HELD_OUT_EVERY == 0) == held
                   for terms, won in game] for held in (False, True)}
    x, y = ({held: np.array([[1.0] + t for t, _ in rows[held]]) for held in rows},
            {held: np.array([won for _, won in rows[held]], float) for held in rows})
    from bots import tactics1940 as bot
    now = np.array([bot.WORTH_BIAS, *bot.WORTH_WEIGHTS])
    trained = fit(x[False], y[False])
    print(f"{sum(map(len, rows.values()))} positions of {sum(1 for g in games if g)} finished games")
    for name, w in (("the module's weights", now), ("fitted on the rest", trained)):
        print(f"{name}: held-out log loss {log_loss(x[True], y[True], w):.4f}, AUC {auc(x[True], y[True], w):.4f}")
    every = fit(np.vstack([x[False], x[True]]), np.concatenate([y[False], y[True]]))
    print(f"fitted on every game: WORTH_BIAS = {every[0]:.3f}")
    print(f"WORTH_WEIGHTS = ({', '.join(f'{v:.3f}' for v in every[1:])})")
    if not all(math.isfinite(v) for v in every):
        raise SystemExit("the fit did not converge")


if __name__ == "__main__":
    main()
