"""The bench's one loop for a turn-based game between bots (each deciding from its own seat's view)."""
from engine.session import TABLE_SEAT


def play_turns(s, decide, limit: int) -> bool:
    """Play Session `s` until it ends or its rev reaches `limit`. Each step, the first seat to act for which
    `decide(seat, view)` answers an action acts; when none does, the table's timer (a reaction window nobody
    took) fires at once. True when the game ended; False at the limit or when nobody can act and no timer runs."""
    while s.rev < limit:
        if s.result() is not None:
            return True
        for seat in s.to_act():
            action = decide(seat, s.view(seat))
            if action is not None:
                s.act(seat, action)
                break
        else:
            timer = s.timer()
            if timer is None:
                return False
            s.act(TABLE_SEAT, timer["action"])
    return s.result() is not None


def p95(values: list[float]) -> float:
    """The 95th percentile of `values` (0 for none)."""
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
