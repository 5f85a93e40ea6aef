"""A rules bug to inject (tests only): an apply that, for one action type, changes the state and draws from
the RNG, then fails as a bug would. Other actions (those a replay of the log runs) are applied as usual."""


def failing_on(apply, kind: str):
    def apply_then_fail(state, seat, action, rng):
        events = apply(state, seat, action, rng)
        if action["type"] != kind:
            return events
        rng.dice(5)
        state["scribbled"] = True
        raise KeyError("a bug in the rules")
    return apply_then_fail
