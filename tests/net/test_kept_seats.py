"""Issue 12, trials 6 and 7 (headless half): a killed `bot` takes its seat back from its token file, and
`serve --save` to a path that cannot hold a save says so in a sentence instead of a traceback."""
import json
import signal
import time

import pytest

from net import kept_seats
from tests.net.test_cli import run_cli
from tests.net.processes import finish
from tests.net.test_processes import serve, spawn
from tests.net.wire import RawClient

TAKE1 = {"type": "take", "count": 1}


@pytest.mark.parametrize("where", ["/proc/x.sandtable", "FOLDER", "/"])
def test_serve_with_a_save_path_that_cannot_hold_a_save_prints_a_sentence_and_exits_1(tmp_path, where):
    """Trial 7: `serve --save /proc/x.sandtable` and `serve --save <a folder>` printed a traceback (and tried
    to write in /). Now: one sentence on stderr, exit 1, nothing written."""
    path = str(tmp_path) if where == "FOLDER" else where
    before = sorted(p.name for p in tmp_path.iterdir())
    done = run_cli("serve", "--game", "toy", "--save", path, "--no-discovery", "--port", "0")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and path in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_kept_seat_file_that_is_damaged_holds_no_seat(tmp_path):
    path = tmp_path / "seat.json"
    path.write_text("{not json")
    assert kept_seats.load(path) is None
    path.write_text(json.dumps({"host": "h", "port": 1, "game": "toy", "table": "t", "seat": "0", "token": "x",
                                "last_seq": 0, "saved_at": 0}))
    assert kept_seats.load(path) is None  # a seat that is a string
    book = kept_seats.SeatBook(tmp_path / "book.json")
    seat = kept_seats.KeptSeat("127.0.0.1", 7777, "toy", "T", 1, "tok", 3, 5.0)
    book.keep(seat)
    assert book.seats() == [seat] and (tmp_path / "book.json").stat().st_mode & 0o077 == 0
    book.forget(seat.key)
    assert book.seats() == []


def _play_seat_1(c: RawClient, until, seconds=30) -> None:
    """Seat 1 takes one counter whenever it is its turn, until `until(view)` or the game ends."""
    deadline = time.monotonic() + seconds
    seq = c.next_seq if hasattr(c, "next_seq") else 0
    while time.monotonic() < deadline:
        public = c.view["public"]
        if public["result"] is not None or until(c.view):
            break
        if public["table_phase"] == "play" and 1 in public["to_act"]:
            seq += 1
            assert c.request_within_limits(seq, TAKE1)["t"] == "ok"
        c.recv_until(lambda m: m["t"] == "update", timeout=max(0.1, deadline - time.monotonic()))
    c.next_seq = seq


def test_a_bot_killed_mid_game_and_started_again_with_its_token_file_finishes_the_game(tmp_path):
    """Trial 6: a crashed bot never took its seat back, and the game waited forever. Now `bot --token-file`
    keeps the token and last seq; SIGKILLed and started again, it reclaims seat 0 and plays to the end."""
    token_file = tmp_path / "bot-seat.json"
    proc, address = serve("--game", "toy", "--seats", "2", "--option", "pile=40", "--save", str(tmp_path / "g.st"))
    first = spawn("bot", "--connect", f"{address[0]}:{address[1]}", "--seat", "0", "--token-file", str(token_file))
    second = None
    try:
        other = RawClient(address)
        other.hello(seat=1)
        _play_seat_1(other, until=lambda v: v["public"]["rev"] >= 4)
        first.send_signal(signal.SIGKILL)
        first.wait(5)
        kept = kept_seats.load(token_file)
        assert kept is not None and kept.seat == 0 and kept.port == address[1] and kept.last_seq >= 1
        other.recv_until(lambda m: m["t"] == "update" and not m["view"]["public"]["seats"][0]["connected"],
                         timeout=10)
        second = spawn("bot", "--connect", f"{address[0]}:{address[1]}", "--token-file", str(token_file))
        _play_seat_1(other, until=lambda v: False, seconds=40)
        assert other.view["public"]["result"] is not None, "the game did not finish"
        code, out, err = finish(second, 20)
        assert code == 0 and "game over" in out, err
        assert "Every seat" not in err  # it took its own seat back, not refused as a newcomer
        assert kept_seats.load(token_file).last_seq > kept.last_seq
        other.send({"t": "bye"})
        code, out, err = finish(proc, 20)
        assert code == 0 and "game over" in out
    finally:
        for p in (first, second, proc):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait(5)
