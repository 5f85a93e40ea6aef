"""Bots playing a Session on, for the tests of every game's bots: one loop, not one a test."""
from engine import legal
from engine.session import TABLE_SEAT


def bot_step(session, players: list, *, check=None) -> bool:
    """One action: the first seat to act whose bot (`players[seat]`) chooses plays it, after `check(seat, view,
    action)`; when no bot acts the rules' timer fires (AssertionError if there is none: the game would stall).
    True when a bot acted."""
    for seat in session.to_act():
        view = session.view(seat)
        action = players[seat].choose(view)
        if action is None:
            continue
        if check:
            check(seat, view, action)
        session.apply(seat, action)
        return True
    timer = session.timer()
    assert timer is not None, "no bot acted and the rules have no timer: the game would stall"
    session.apply(TABLE_SEAT, timer["action"])
    return False


def bots_play(session, players: list, limit: int, *, check=None) -> int:
    """`players[seat]` play `session` until it has a result or `limit` actions are taken (`bot_step`), each
    choosing only what its own view's `legal` lists; `check(seat, view)` runs before each bot's action.
    Returns how many actions the bots chose."""
    def checked(seat, view, action):
        assert legal.contains(view["private"]["legal"], action), (seat, action)
        if check:
            check(seat, view)

    chosen = 0
    for _ in range(limit):
        if session.result() is not None:
            break
        chosen += bot_step(session, players, check=checked)
    return chosen
