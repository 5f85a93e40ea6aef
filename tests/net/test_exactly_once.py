"""Issue 12, trials 1 and 2: an action is applied exactly once across reconnects and host crashes, and a
new action is never dropped silently ("Exactly once, across reconnects and host restarts", PROTOCOL.md)."""
import asyncio
import os
import signal
import subprocess
import sys

import pytest

from engine import saves
from engine.session import Session
from net import crashpoint
from net.client import Client
from tests.net.processes import ENV, ROOT
from tests.net.test_processes import serve
from tests.net.wire import RawClient

TAKE1 = {"type": "take", "count": 1}
TAKE2 = {"type": "take", "count": 2}


def join(address, **kw) -> RawClient:
    c = RawClient(address)
    welcome = c.hello(**kw)
    assert welcome["t"] == "welcome", welcome
    c.welcome = welcome
    return c


def watch(address) -> dict:
    """The table as a spectator sees it now: its welcome."""
    c = RawClient(address)
    try:
        return c.hello(want="watch")
    finally:
        c.close()


def serve_crashing(point, *args):
    """`serve` that os._exits the first time an action reaches `point` (None: a normal serve)."""
    env = dict(ENV)
    if point is not None:
        env[crashpoint.ENV] = point
    proc = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "serve", "--host", "127.0.0.1",
                             "--no-discovery", "--bot-delay", "0", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = proc.stdout.readline()
    assert line.startswith("listening on 127.0.0.1:"), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, ("127.0.0.1", int(line.rsplit(":", 1)[1]))


def stop(proc) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait(5)
    for stream in (proc.stdout, proc.stderr):
        stream.close()


@pytest.mark.parametrize("point", crashpoint.POINTS)
def test_an_action_is_applied_once_when_the_host_is_killed_at_any_point_of_its_path(tmp_path, point):
    """The host dies (os._exit, like kill -9) at `point` of seat 0's act; `serve --resume` comes back on the
    same port; net/client.Client reconnects by itself and resends the act with its seq. Whatever the point,
    the act is applied exactly once and its answer is an `ok` (the original one if it reached the save)."""
    save = tmp_path / "crash.sandtable"
    proc, address = serve_crashing(point, "--game", "toy", "--seats", "2", "--option", "pile=30", "--port", "0",
                                   "--save", str(save))
    resumed = None
    try:
        other = join(address, seat=1)

        async def scenario():
            nonlocal resumed
            client = Client(*address, name="A", seat=0)
            welcome = await client.connect()
            assert welcome["seat"] == 0 and welcome["last_seq"] == 0
            answer = asyncio.ensure_future(client.request(TAKE2, timeout=45))
            loop = asyncio.get_running_loop()
            code = await loop.run_in_executor(None, proc.wait, 15)
            assert code == crashpoint.EXIT_STATUS, f"the host did not die at {point}"
            resumed, _ = await loop.run_in_executor(None, lambda: serve_crashing(
                None, "--game", "toy", "--port", str(address[1]), "--resume", str(save)))
            try:
                return await answer
            finally:
                await client.close()

        answer = asyncio.run(scenario())
        assert answer == {"t": "ok", "seq": 1, "rev": 1}
        table = watch(address)
        assert table["rev"] == 1 and table["view"]["public"]["pile"] == 28  # taken once, not twice
        back = join(address, token=other.token)
        assert back.welcome["last_seq"] == 0  # seat 1 never acted
        assert back.request(1, TAKE1) == {"t": "ok", "seq": 1, "rev": 2}  # and the game goes on
    finally:
        stop(proc)
        if resumed is not None:
            stop(resumed)
    session = Session.load(save)
    assert session.rev == 2 and session.state["pile"] == 27 and session.log_seqs == [1, 1]


def test_a_resend_after_resume_gets_its_original_ok_and_the_welcome_says_last_seq(tmp_path):
    """"an action that reached the save before a crash gets its original ok after --resume, never a second
    application"; the welcome carries last_seq so a client knows where to go on from."""
    save = tmp_path / "t.sandtable"
    proc, address = serve_crashing(None, "--game", "toy", "--seats", "2", "--option", "pile=30", "--port", "0",
                                   "--save", str(save))
    try:
        a, b = join(address, seat=0), join(address, seat=1)
        assert a.request(4, TAKE2) == {"t": "ok", "seq": 4, "rev": 1}
        assert b.request(9, TAKE1) == {"t": "ok", "seq": 9, "rev": 2}
        assert a.request(5, {"type": "take", "count": 7})["code"] == "illegal"
    finally:
        stop(proc)
    proc, address = serve_crashing(None, "--game", "toy", "--port", "0", "--resume", str(save))
    try:
        a2, b2 = join(address, token=a.token), join(address, token=b.token)
        assert (a2.welcome["last_seq"], b2.welcome["last_seq"]) == (4, 9)
        assert a2.request(4, TAKE2) == {"t": "ok", "seq": 4, "rev": 1}  # the original answer, not applied again
        assert b2.request(9, TAKE1) == {"t": "ok", "seq": 9, "rev": 2}
        # seq 5 was refused before the crash and refusals are not saved: it is a new action now
        assert a2.request(5, TAKE1) == {"t": "ok", "seq": 5, "rev": 3}
        assert watch(address)["view"]["public"]["pile"] == 30 - 2 - 1 - 1
    finally:
        stop(proc)


def test_a_client_that_restarts_its_counter_at_1_is_told_stale_seq_and_nothing_is_dropped_silently(start_host):
    """Trial 2: a client back with its token but counting from 1 again used to get old oks while nothing
    was applied. Now: the welcome says last_seq, a reused seq with a new action is `stale_seq` (with a
    sentence naming where to go on from), and the next seq is applied."""
    h = start_host(n_seats=1, options={"pile": 50})
    a = join(h.address)
    for seq in (1, 2, 3):
        assert a.request(seq, TAKE1)["t"] == "ok"
    a.close()
    again = join(h.address, token=a.token)
    assert again.welcome["last_seq"] == 3
    before = h.host.table.session.state_hash()
    stale = again.request(1, TAKE2)  # a new action under an old number
    assert stale["t"] == "err" and stale["code"] == "stale_seq" and stale["seq"] == 1 and "from 4" in stale["msg"]
    assert h.host.table.session.state_hash() == before and h.host.table.rev == 3
    assert again.request(2, TAKE1) == {"t": "ok", "seq": 2, "rev": 2}  # the very same action: a true resend
    assert h.host.table.rev == 3
    assert again.request(4, TAKE2) == {"t": "ok", "seq": 4, "rev": 4}
    assert h.host.table.session.state["pile"] == 50 - 3 - 2


def test_a_resent_refusal_is_refused_the_same_and_an_answer_no_longer_held_is_stale_seq(start_host):
    """The last 64 answers are held per seat: older resends get `stale_seq`, never a second application."""
    h = start_host(n_seats=1, options={"pile": 1000})
    a = join(h.address)
    refused = a.request(1, {"type": "take", "count": 9})
    assert refused["code"] == "illegal"
    assert a.request(1, {"type": "take", "count": 9}) == refused
    for seq in range(2, 2 + 64):
        assert a.request_within_limits(seq, TAKE1)["t"] == "ok"
    assert a.request_within_limits(1, {"type": "take", "count": 9})["code"] == "stale_seq"  # 64 answers later
    assert a.request_within_limits(2, TAKE1) == {"t": "ok", "seq": 2, "rev": 1}  # still held
    assert a.request_within_limits(66, TAKE1) == {"t": "ok", "seq": 66, "rev": 65}
    assert a.request_within_limits(2, TAKE1)["code"] == "stale_seq"  # now it is not
    assert h.host.table.rev == 65


def test_the_client_numbers_new_actions_after_the_welcomes_last_seq(start_host):
    """A client started again with a kept token (last_seq unknown to it) numbers from last_seq + 1."""
    h = start_host(n_seats=1, options={"pile": 50})
    a = join(h.address)
    for seq in (1, 2, 3, 4, 5):
        a.request(seq, TAKE1)
    a.close()

    async def again():
        client = Client(*h.address, token=a.token)
        welcome = await client.connect()
        try:
            return welcome["last_seq"], await client.request(TAKE1)
        finally:
            await client.close()

    last_seq, answer = asyncio.run(again())
    assert last_seq == 5 and answer == {"t": "ok", "seq": 6, "rev": 6}


def test_a_version_1_save_without_seqs_still_resumes(tmp_path):
    """Old saves stay loadable: format 1 records are [seat, action]; their seats start at last_seq 0."""
    s = Session("toy", 2, seed=3, options={"pile": 20})
    s.apply(0, TAKE2)
    s.apply(1, TAKE1)
    path = tmp_path / "old.sandtable"
    header = {"sandtable": "save", "version": 1, **s.header()}
    path.write_bytes(b"".join(saves._pack(r) for r in [header, [0, TAKE2], [1, TAKE1],
                                                        {"rev": 2, "hash": s.state_hash()}]))
    loaded = Session.load(path)
    assert loaded.state_hash() == s.state_hash() and loaded.log_seqs == [None, None]
    from net.table import Table
    table = Table(loaded, name="old")
    assert table.last_seq(0) == 0 and table.last_seq(1) == 0


def test_a_save_names_the_seq_of_each_action_and_the_table_rebuilds_last_seq_from_it(tmp_path):
    s = Session("toy", 2, seed=3, options={"pile": 20})
    s.apply(0, TAKE2, seq=7)
    s.apply(1, TAKE1)  # a bot's move (or a host-driven step) has no seq
    path = tmp_path / "new.sandtable"
    s.save(path)
    header, log, checkpoints, seqs = saves.read_save(path)
    assert header["version"] == saves.VERSION == 2 and seqs == [7, None] and log == [[0, TAKE2], [1, TAKE1]]
    from net.table import Table
    table = Table(Session.load(path), name="t")
    assert table.last_seq(0) == 7 and table.last_seq(1) == 0
    assert os.path.getsize(path) > 0


def test_a_seq_outside_1_to_2_31_minus_1_is_bad_action_and_nothing_is_applied_or_kept(start_host):
    """PROTOCOL.md: "`seq` is the client's own counter, an integer `1 <= seq < 2**31` [...]. Any other `seq` is
    `bad_action` (nothing applied or stored)." Issue 41: a seq of 2**31 reached a club's 32-bit column."""
    h = start_host(n_seats=1, options={"pile": 50})
    a = join(h.address)
    for seq in (0, -1, 2**31, 2**63):
        refused = a.request(seq, TAKE1)
        assert (refused["t"], refused["code"], refused["seq"]) == ("err", "bad_action", seq)
        assert "2147483647" in refused["msg"]
    assert h.host.table.rev == 0 and h.host.table.last_seq(0) == 0
    assert a.request(2**31 - 1, TAKE1) == {"t": "ok", "seq": 2**31 - 1, "rev": 1}

