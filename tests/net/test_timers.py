"""The rules' timed steps at the table (docs/games.md "Timed windows"): a reaction window that asks a
person lasts its full time, whatever anyone holds; one that asks only bots closes as soon as they have
had their say (nobody can hesitate, so its length tells nothing). Tactics (1940)'s submarine window is
the timed step here."""
import random
import time

import bots
from engine import legal
from net.local import LocalTable

BOT = {"kind": "bot", "level": "normal"}
HUMAN = {"kind": "human", "name": "Ada"}


def closes(link) -> int:
    return sum(1 for _, action in link.session.log if action["type"] == "close_window")


def test_windows_asking_only_bots_close_at_once_so_a_bot_game_is_not_held_up():
    """Four bots with the rulebook's 3-second windows finish a whole game in seconds, not hours."""
    link = LocalTable("tactics1940", [BOT] * 4, seed=3, bot_delay=0, bot_factory=bots.make)
    started = time.monotonic()
    while link.session.result() is None and time.monotonic() < started + 120:
        link.poll()
    took = time.monotonic() - started
    assert link.session.result() is not None
    windows = closes(link)
    assert windows > 20  # many windows were opened and closed on the way
    assert took < windows * 3 / 2, f"{windows} windows took {took:.1f} s: they waited out their 3 seconds"


def test_a_window_that_asks_a_person_lasts_its_full_time():
    link = LocalTable("tactics1940", [BOT, HUMAN, BOT, BOT], seed=5, bot_delay=0, bot_factory=bots.make,
                      timer_scale=0.1)  # windows of 0.3 s
    person = random.Random(1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        link.poll()
        prompt, timer = link.session.prompt(), link.session.timer()
        if timer is not None and 1 in prompt["seats"]:
            break
        if timer is None and 1 in link.session.to_act():  # the person plays their own turns at once
            link.send(legal.sample(link.view(1)["private"]["legal"], person), seat=1)
    else:
        raise AssertionError("no window asked the person within a minute")
    opened, logged = time.monotonic(), len(link.session.log)
    while time.monotonic() < opened + 0.2:   # well inside the window: no timer closes it
        link.poll()
        assert "close_window" not in [a["type"] for _, a in link.session.log[logged:]]
    time.sleep(max(0.0, opened + 0.35 - time.monotonic()))
    link.poll()
    ended = [a["type"] for _, a in link.session.log[logged:]]
    assert "close_window" in ended or "strike" in ended  # over at its time (or a submarine struck)
