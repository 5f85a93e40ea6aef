"""Named points on an action's path where a test can make the host die as `kill -9` would.

`SANDTABLE_CRASH_AT=<point>` in a host's environment makes it `os._exit` the first time an
accepted action reaches that point: no `finally`, no flush, no goodbye. Only tests set it
(tests/net/test_exactly_once.py kills the host at each point in turn). Unset, `reached` is one
comparison with None.

The points, in the order an `act` passes them:
  act_received   — the frame is decoded, nothing applied yet;
  act_applied    — Session.apply changed the state in memory, nothing journaled yet;
  act_journaled  — the action and its seq are in the save, the `ok` not yet queued;
  ok_sent        — the `ok` went to the socket, the updates not yet built.
"""
import os

ENV = "SANDTABLE_CRASH_AT"
POINTS = ("act_received", "act_applied", "act_journaled", "ok_sent")
EXIT_STATUS = 86

AT = os.environ.get(ENV) or None


def reached(point: str) -> None:
    if AT == point:
        os._exit(EXIT_STATUS)
