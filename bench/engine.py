"""Engine benchmarks: a whole 4-bot world-conquest game in-process, replaying a save, a whole\nbot-vs-bot Civil War Game, and a whole 4-bot Tactics (1940) game with its bots' decision times."""
import tempfile
import time
from pathlib import Path

from bench.runner import Row
from bots import make
from engine import Session

GAME_GOAL_S = 2.0
REPLAY_GOAL_S = 0.1
REPLAY_ACTIONS = 1000
ACTION_LIMIT = 20000
LEVELS = ["hard", "normal", "hard", "normal"]


def _bot_game(seed: int, game: str = "risk", levels: list[str] = LEVELS) -> Session:
    """A whole turn-based game between bots, each choosing from its own seat's view."""
    s = Session(game, len(levels), seed=seed)
    players = [make(game, level, seat, seed) for seat, level in enumerate(levels)]
    for _ in range(ACTION_LIMIT):
        if s.result():
            break
        seat = s.to_act()[0]
        s.act(seat, players[seat].choose(s.view(seat)))
    return s


def _game_row(quick: bool) -> Row:
    seeds = range(2 if quick else 5)
    times, actions = [], []
    for seed in seeds:
        start = time.perf_counter()
        s = _bot_game(seed)
        times.append(time.perf_counter() - start)
        actions.append(s.rev)
    worst = max(times)
    return Row("risk: full 4-bot game (hard/normal), Session + bots", f"{worst:.2f} s", f"<= {GAME_GOAL_S:g} s",
               worst <= GAME_GOAL_S,
               f"worst of {len(times)} seeded games; {min(actions)}-{max(actions)} actions, "
               f"mean {sum(times) / len(times):.2f} s")


def _replay_row(quick: bool) -> Row:
    # A long bot game (6 seats, more actions) supplies at least REPLAY_ACTIONS to replay.
    seed = 0
    while True:
        s = Session("risk", 6, seed=seed)
        players = [make("risk", "normal", seat, seed) for seat in range(6)]
        while not s.result() and s.rev < REPLAY_ACTIONS:
            seat = s.to_act()[0]
            s.act(seat, players[seat].choose(s.view(seat)))
        if s.rev >= REPLAY_ACTIONS:
            break
        seed += 1
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "risk.sts"
        s.save(path)
        for _ in range(3 if quick else 7):
            start = time.perf_counter()
            again = Session.load(path)
            runs.append(time.perf_counter() - start)
            assert again.state_hash() == s.state_hash()
    best = min(runs)
    return Row(f"risk: replay {REPLAY_ACTIONS} actions from a save", f"{best:.3f} s", f"<= {REPLAY_GOAL_S:g} s",
               best <= REPLAY_GOAL_S, f"best of {len(runs)} loads (hash checked); median {sorted(runs)[len(runs) // 2]:.3f} s")


CIVIL_WAR_GOAL_S = 2.0
CIVIL_WAR_LEVELS = ["hard", "normal"]


def _civil_war_row(quick: bool) -> Row:
    """A whole Civil War Game between two bots (hard Confederacy, normal Union), Session + bots, no window."""
    times, actions, turns = [], [], []
    for seed in range(2 if quick else 5):
        start = time.perf_counter()
        s = _bot_game(seed, "civil_war", CIVIL_WAR_LEVELS)
        times.append(time.perf_counter() - start)
        actions.append(s.rev)
        turns.append(s.view(None)["public"]["turn_number"])
        assert s.result() is not None, "a civil_war bot game did not finish"
    worst = max(times)
    return Row("civil_war: full bot-vs-bot game (hard/normal), Session + bots", f"{worst:.2f} s",
               f"<= {CIVIL_WAR_GOAL_S:g} s", worst <= CIVIL_WAR_GOAL_S,
               f"worst of {len(times)} seeded games; {min(actions)}-{max(actions)} actions, "
               f"{min(turns)}-{max(turns)} side-turns, mean {sum(times) / len(times):.2f} s")


TACTICS_GOAL_S = 2.0
TACTICS_LEVELS = ["hard", "normal", "hard", "normal"]


def _tactics_game(seed: int) -> tuple[Session, dict]:
    """A whole 4-bot Tactics (1940) game: each bot decides from its own seat's view; a submarine window
    nobody strikes in is closed by the table's timer at once (its seconds are the host's clock, not work).
    Returns the session and each level's decision times (thread CPU seconds)."""
    s = Session("tactics1940", len(TACTICS_LEVELS), seed=seed)
    players = [make("tactics1940", level, seat, seed) for seat, level in enumerate(TACTICS_LEVELS)]
    decisions: dict[str, list[float]] = {level: [] for level in TACTICS_LEVELS}
    for _ in range(ACTION_LIMIT):
        if s.result():
            break
        for seat in s.to_act():
            view = s.view(seat)
            start = time.thread_time()
            action = players[seat].choose(view)
            decisions[TACTICS_LEVELS[seat]].append(time.thread_time() - start)
            if action is not None:
                s.act(seat, action)
                break
        else:
            s.act(None, s.timer()["action"])
    return s, decisions


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _tactics_rows(quick: bool) -> list[Row]:
    times, walls, actions, decisions = [], [], [], {level: [] for level in TACTICS_LEVELS}
    for seed in range(2 if quick else 5):
        start, wall = time.process_time(), time.perf_counter()
        s, made = _tactics_game(seed)
        times.append(time.process_time() - start)   # the game is all computation: CPU time, not the machine's load
        walls.append(time.perf_counter() - wall)
        actions.append(s.rev)
        assert s.result() is not None, "a tactics1940 bot game did not finish"
        for level, values in made.items():
            decisions[level].extend(values)
    worst = max(times)
    every = [t for values in decisions.values() for t in values]
    per_level = ", ".join(f"{level} {_p95(values) * 1000:.1f} ms" for level, values in decisions.items() if values)
    return [Row("tactics1940: full 4-bot game (hard/normal), Session + views + bots, CPU", f"{worst:.2f} s",
                f"<= {TACTICS_GOAL_S:g} s", worst <= TACTICS_GOAL_S,
                f"worst of {len(times)} seeded games; {min(actions)}-{max(actions)} actions, "
                f"mean {sum(times) / len(times):.2f} s (wall worst {max(walls):.2f} s); windows closed at once"),
            Row("tactics1940: bot decision p95 (thread CPU)", f"{_p95(every) * 1000:.1f} ms", note=
                f"{len(every)} decisions (with the window answers); p95 by level: {per_level}; "
                f"max {max(every) * 1000:.1f} ms")]


def rows(quick: bool) -> list[Row]:
    return [_game_row(quick), _replay_row(quick), _civil_war_row(quick), *_tactics_rows(quick)]
