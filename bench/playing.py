"""The bench's one loop for a turn-based game between bots (each deciding from its own seat's view)."""
from engine.session import TABLE_SEAT


def play_turns(s, decide, limit: int, until=None) -> bool:
    """Play Session `s` until it ends, its rev reaches `limit` or `until(s)` holds. Each step, the first seat to
    act for which `decide(seat, view)` answers an action acts; when none does, the table's timer (a reaction
    window nobody took) fires at once. True when the game ended; False at the limit, at `until`, or when
    nobody can act and no timer runs."""
    while s.rev < limit:
        if s.result() is not None:
            return True
        if until is not None and until(s):
            return False
        for seat in s.to_act():
            action = decide(seat, s.view(seat))
            if action is not None:
                s.apply(seat, action)
                break
        else:
            timer = s.timer()
            if timer is None:
                return False
            s.apply(TABLE_SEAT, timer["action"])
    return s.result() is not None


def bots_play_until(s, players, reached, limit: int):
    """Bots `players` (one a seat, each choosing from its own view) play Session `s` until `reached(s)` holds,
    and return it; RuntimeError when the game ends or stalls, or `limit` actions pass, first."""
    play_turns(s, lambda seat, view: players[seat].choose(view), limit, until=reached)
    if not reached(s):
        raise RuntimeError(f"the bots' game never reached the position sought (rev {s.rev})")
    return s


def p95(values: list[float]) -> float:
    """The 95th percentile of `values` (0 for none)."""
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
