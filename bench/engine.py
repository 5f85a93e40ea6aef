"""Engine benchmarks, for every game the registry offers (`engine.games.available()`): a whole bot game
in-process (Session + views + bots, CPU time) with its bots' decision times, and replaying its save.

A game is held to GAME_GOAL_S unless it has a bench section of its own (`bench/<game>.py`, e.g. Tactics
(1954), whose long games are held to a per-turn goal there): then its row here is for information."""
import importlib.util
from statistics import median
import tempfile
import time
from pathlib import Path

from bench.playing import p95, play_turns
from bench.runner import Row
from bots import expert_settings as bots_expert_settings, make
from engine import Session, games
from engine.canonical import copy_plain
from engine.rng import Rng
from engine.session import TABLE_SEAT

GAME_GOAL_S = 2.0
# The forward model a search plays out on (issue 22), held where a game's listings are largest: Tactics (1954)
FORWARD_GOALS = {"ah_tactics": (0.3, 5.0)}   # ms: a move applied (p50), the actor's whole view built (p95)
CLONE_GOAL_US = 20        # issue 44: a search's copy of a position (p50) ...
STEP_GOAL_US = 100        # ... and that copy with an action applied (p50), every turn-based game
PLAYOUT_POSITIONS = 3     # positions of the bench game the expert searches for its playouts a second
PLAYOUTS_A_POSITION = 16
APPLY_REPEATS = 3          # an action's view, copy and apply, this many times; the least apply kept (as timeit advises)
REPLAY_GOAL_US = 1000     # per replayed action, CPU: a save of 1000 actions loads in a second
ACTION_LIMIT = 20000
LEVELS = ("hard", "normal")   # seat by seat, in turn


def _levels(game: str) -> list[str]:
    return [LEVELS[seat % len(LEVELS)] for seat in range(games.rules(game).DEFAULT_SEATS)]


def _bot_game(seed: int, game: str, levels: list[str]) -> tuple[Session, list[float]]:
    """A whole game between bots, each choosing from its own seat's view; a timed step nobody acts before
    (a reaction window) is applied at once (its seconds are the host's clock, not work). Returns the
    session and every decision's time (thread CPU seconds)."""
    s = Session(game, len(levels), seed=seed)
    players = [make(game, level, seat, seed) for seat, level in enumerate(levels)]
    decisions: list[float] = []

    def decide(seat, view):
        start = time.thread_time()
        action = players[seat].choose(view)
        decisions.append(time.thread_time() - start)
        return action
    play_turns(s, decide, ACTION_LIMIT)   # a game that stalls or runs out is reported as unfinished
    return s, decisions


def _game_rows(game: str, quick: bool) -> list[Row]:
    levels = _levels(game)
    times, actions, decisions, unfinished, longest = [], [], [], 0, None
    for seed in range(2 if quick else 5):
        start = time.process_time()
        s, made = _bot_game(seed, game, levels)
        times.append(time.process_time() - start)   # the game is all computation: CPU time, not the machine's load
        actions.append(s.rev)
        decisions.extend(made)
        unfinished += s.result() is None
        if longest is None or s.rev > longest.rev:
            longest = s
    worst = max(times)
    who = "/".join(levels)
    held = importlib.util.find_spec(f"bench.{game}") is None   # else its own section holds its goals
    game_row = Row(f"{game}: full bot game ({who}), Session + views + bots, CPU", f"{worst:.2f} s",
                   f"<= {GAME_GOAL_S:g} s" if held else "", (worst <= GAME_GOAL_S and not unfinished) if held else None,
                   f"worst of {len(times)} seeded games; {min(actions)}-{max(actions)} actions, mean "
                   f"{sum(times) / len(times):.2f} s; bot decision p95 {p95(decisions) * 1000:.1f} ms"
                   + (f"; {unfinished} did not finish in {ACTION_LIMIT} actions" if unfinished else ""))
    rows = [game_row, _replay_row(game, longest, quick), _forward_row(game, longest)]
    if not games.is_realtime(game):   # the expert's search: turn-based games only
        rows += [_search_step_row(game, longest), _playouts_row(game, longest, quick)]
    return rows


def _search_step_row(game: str, played: Session) -> Row:
    """What a search pays to try an action (issue 44): the position cloned (the game's `clone`, engine/clone.py)
    and the action applied to the clone, over every action of the bot game played again (thread CPU, each
    done APPLY_REPEATS times and the least kept, as the forward row above)."""
    rules, clone = games.rules(game), games.cloner(game)
    s = Session.from_header(played.header())
    clones, steps = [], []
    for i, (seat, action) in enumerate(played.log):
        if seat is not TABLE_SEAT:
            least_clone = least_step = None
            for _ in range(APPLY_REPEATS):
                rng = Rng(i)
                start = time.thread_time()
                state = clone(s.state)
                cloned = time.thread_time()
                rules.apply(state, seat, action, rng)
                done = time.thread_time()
                least_clone = min(cloned - start, least_clone or 1.0)
                least_step = min(done - start, least_step or 1.0)
            clones.append(least_clone)
            steps.append(least_step)
        s.apply(seat, action)
    clone_us, step_us = median(clones) * 1e6, median(steps) * 1e6
    return Row(f"{game}: search step, a state cloned p50 / cloned and an action applied p50",
               f"{clone_us:.1f} / {step_us:.1f} us", f"<= {CLONE_GOAL_US:g} / {STEP_GOAL_US:g} us",
               clone_us <= CLONE_GOAL_US and step_us <= STEP_GOAL_US,
               f"thread CPU over the {len(steps)} actions of the longest game above, played again, the least of "
               f"{APPLY_REPEATS} each; step p95 {p95(steps) * 1e6:.0f} us; "
               f"{'the game' if hasattr(rules, 'clone') else 'no'} clone of its own (else a deep copy)")


def _playouts_row(game: str, played: Session, quick: bool) -> Row:
    """The expert's playouts a second on one core (thread CPU): its search, with an iteration budget, at a few
    positions of the bot game where the seat to act has a choice, playouts and their policy included; with the
    game's own settings (its `rollout` where it names one), and with every playout decision made by a hard bot
    from a view built for it (`rollout=None`), for comparison."""
    positions = 1 if quick else PLAYOUT_POSITIONS
    rate, playouts, spent, searched, steps, choosing = _playout_rate(game, played, positions, {})
    cells = [f"{rate:,.0f} /s"]
    rest = spent - choosing   # the rules' listings and steps, the scoring, the search's own bookkeeping
    note = (f"thread CPU of {playouts} playouts at {searched} searched positions of the longest game above "
            f"({PLAYOUTS_A_POSITION} a position at most, the advisors' time included): "
            f"{spent / max(1, playouts) * 1000:.2f} ms a playout of {steps / max(1, playouts):.1f} actions; "
            f"the playout policy's choices (views and bots, or a rollout's own listings) "
            f"{choosing / max(spent, 1e-9):.0%} of it: with a "
            f"policy costing nothing the rest would allow {playouts / max(rest, 1e-9):,.0f} /s")
    if bots_expert_settings(game).rollout is not None:
        slow, slow_playouts, slow_spent, *_ = _playout_rate(game, played, positions, {"rollout": None})
        cells.append(f"{slow:,.0f} /s")
        note += (f"; the hard bots choosing from views at every step instead: {slow_spent / max(1, slow_playouts) * 1000:.2f}"
                 f" ms a playout")
    name = f"{game}: expert playouts a second, one core" + (" (its rollout / hard bots from views)"
                                                           if len(cells) > 1 else "")
    return Row(name, " / ".join(cells), "", None, note)


def _playout_rate(game: str, played: Session, positions: int, changes: dict) -> tuple:
    """(playouts a second, playouts, CPU seconds, positions searched, actions played in the playouts, CPU seconds
    of them the playout policy spent choosing) of the expert with `changes` to its settings, searching
    PLAYOUTS_A_POSITION playouts at `positions` evenly spread positions of `played`."""
    s = Session.from_header(played.header())
    wanted = {played.rev * k // (PLAYOUT_POSITIONS + 1) for k in range(1, PLAYOUT_POSITIONS + 1)}
    playouts, spent, searched, steps, choosing = 0, 0.0, 0, 0, 0.0
    for i, (seat, action) in enumerate(played.log):
        if searched < positions and i >= min(wanted, default=0) and seat is not TABLE_SEAT:
            expert = make(game, "expert", seat, i, budget=None, turn_budget=None, iterations=PLAYOUTS_A_POSITION,
                          clock="thread", **changes)
            start = time.thread_time()
            expert.choose(s.view(seat))
            if expert.last_search is not None:
                spent += time.thread_time() - start
                playouts += expert.last_search[0]
                steps += expert.playout_steps
                choosing += expert.choosing_seconds
                searched += 1
                wanted.discard(min(wanted))
        s.apply(seat, action)
    return (playouts / spent if spent else 0.0), playouts, spent, searched, steps, choosing


def _forward_row(game: str, played: Session) -> Row:
    """What a search pays at each step of a playout, over the bot game played again action by action (thread
    CPU): the actor's whole view as a bot reads it (its legal listing included: a playout's bot chooses from
    it), a copy of the state, and the action applied to that copy by the rules. The three are done APPLY_REPEATS
    times an action and the least apply kept: a fraction of a millisecond is at the mercy of the machine's other
    work, and each apply still follows a view and a copy, as in a playout. The goal's
    action is the game's commonest kind (Tactics (1954): a move, which issue 22 names), so a game of many
    cheap actions cannot hide slow moves in the median of all."""
    rules = games.rules(game)
    s = Session.from_header(played.header())
    views, copies, applies = [], [], {}
    for i, (seat, action) in enumerate(played.log):
        if seat is not TABLE_SEAT:
            least = None
            for attempt in range(APPLY_REPEATS):   # as a playout steps: a view, a copy, the action applied
                start = time.thread_time()
                s.view(seat)
                if not attempt:   # the first view is the one built from nothing; again, it may be kept
                    views.append(time.thread_time() - start)
                start = time.thread_time()
                state = copy_plain(s.state)
                if not attempt:
                    copies.append(time.thread_time() - start)
                start = time.thread_time()
                rules.apply(state, seat, action, Rng(i))
                spent = time.thread_time() - start
                least = spent if least is None else min(least, spent)
            applies.setdefault(action.get("type"), []).append(least)
        s.apply(seat, action)
    kind, timed = max(applies.items(), key=lambda item: len(item[1]))
    every = [t for ts in applies.values() for t in ts]
    apply_ms, view_ms = median(timed) * 1000, p95(views) * 1000
    goals = FORWARD_GOALS.get(game)
    return Row(f"{game}: forward model, one {kind} applied p50 / the actor's view built p95",
               f"{apply_ms:.3f} / {view_ms:.2f} ms", f"<= {goals[0]:g} / {goals[1]:g} ms" if goals else "",
               (apply_ms <= goals[0] and view_ms <= goals[1]) if goals else None,
               f"thread CPU over the {len(every)} actions of the longest game above, played again, each applied "
               f"{APPLY_REPEATS} times ({len(timed)} of them {kind}; every action p50 {median(every) * 1000:.3f} ms); "
               f"view p50 {median(views) * 1000:.2f} ms, max {max(views) * 1000:.1f} ms (its legal listing included); a state copied p50 "
               f"{median(copies) * 1000:.3f} ms")


def _replay_row(game: str, played: Session, quick: bool) -> Row:
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{game}.sts"
        played.save(path)
        for _ in range(3 if quick else 7):
            start = time.process_time()
            again = Session.load(path)
            runs.append(time.process_time() - start)
            assert again.state_hash() == played.state_hash()
    per_action = min(runs) / max(1, played.rev) * 1e6
    return Row(f"{game}: replay a bot game's save ({played.rev} actions)", f"{per_action:.0f} us/action",
               f"<= {REPLAY_GOAL_US} us", per_action <= REPLAY_GOAL_US,
               f"best of {len(runs)} loads (hash checked, CPU): {min(runs):.3f} s; median "
               f"{sorted(runs)[len(runs) // 2]:.3f} s")


def rows(quick: bool) -> list[Row]:
    return [row for game in games.available() for row in _game_rows(game, quick)]
