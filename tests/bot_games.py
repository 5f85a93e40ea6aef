"""Bots playing a Session out, for the tests of every game's bots: one loop, not one a game."""
from engine import legal
from engine.session import TABLE_SEAT


def bots_play(session, players: list, limit: int, *, check=None) -> int:
    """`players[seat]` play `session` until it has a result or `limit` actions are taken. At each step the first
    seat to act whose bot chooses plays, and what it chose must be listed in its own view's `legal`; when no bot
    acts the rules' timer fires (AssertionError if there is none: the game would stall). `check(seat, view)`
    runs before each bot's action. Returns how many actions the bots chose."""
    chosen = 0
    for _ in range(limit):
        if session.result() is not None:
            break
        for seat in session.to_act():
            view = session.view(seat)
            action = players[seat].choose(view)
            if action is None:
                continue
            assert legal.contains(view["private"]["legal"], action), (seat, action)
            if check:
                check(seat, view)
            session.act(seat, action)
            chosen += 1
            break
        else:
            timer = session.timer()
            assert timer is not None, "no bot acted and the rules have no timer: the game would stall"
            session.act(TABLE_SEAT, timer["action"])
    return chosen
