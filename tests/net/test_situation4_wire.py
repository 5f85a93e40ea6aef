"""Situation 4 over real loopback sockets: races between processes, whole bot races, a 2x2 team
race, and a dropped racer coming back by token (issue 5).

"Real-time games accept actions from every seat at once; the host applies them in
arrival order and the loser of a race gets `err` `illegal`." (PROTOCOL.md)
"""
import json
import queue
import re
import signal
import subprocess
import sys
import threading
import time

from engine.session import Session
from tests.net.processes import ENV, ROOT, finish
from tests.net.test_processes import serve, spawn


COLS, ROWS = 12, 8


def slot(row: int, col: int) -> int:
    return row * COLS + col


def racer(address, *extra):
    proc = subprocess.Popen([sys.executable, "-m", "tests.net.s4_racer", address[0], str(address[1]), *extra],
                            cwd=ROOT, env=ENV, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.lines = queue.Queue()

    def pump():
        for text in proc.stdout:
            proc.lines.put(text)
        proc.lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return proc


def line(proc, timeout=15.0) -> dict:
    """The racer's next JSON line (bounded in time: a hung racer fails the test, it does not hang it)."""
    try:
        text = proc.lines.get(timeout=timeout)
    except queue.Empty:
        raise AssertionError(f"no line from the racer within {timeout} s") from None
    assert text, proc.stderr.read() if proc.poll() is not None else "racer closed its output"
    return json.loads(text)


def tell(proc, text: str) -> None:
    proc.stdin.write(text + "\n")
    proc.stdin.flush()


def _json(x):
    return json.loads(json.dumps(x))


def test_two_processes_race_for_one_space_exactly_one_wins_and_views_match_the_host(start_host):
    """Both sides can build on (3,0); both try at once: exactly one `ok`, the other `err illegal`,
    and once the updates are in, each client's view equals the host's view for its seat."""
    session = Session("situation4", 2, seed=4, seats=[{"name": None, "kind": "open"}] * 2)
    for row in (0, 1, 2):                      # yellow (side 1) builds down column 0 ...
        session.apply(1, {"type": "place", "piece": slot(row, 0), "slot": slot(row, 0)})
    for row in (7, 6, 5, 4):                   # ... orange (side 0) up it: (3,0) touches both
        session.apply(0, {"type": "place", "piece": slot(row, 0), "slot": slot(row, 0)})
    prefix = session.rev
    h = start_host("situation4", 2, session=session)
    procs = [racer(h.address), racer(h.address)]
    try:
        joined = [line(p) for p in procs]
        assert sorted(j["seat"] for j in joined) == [0, 1]
        contested = slot(3, 0)
        for p in procs:  # as close together as two processes can be told
            tell(p, f"race {contested} {prefix + 1}")
        answers = [line(p)["answer"] for p in procs]
        views = [line(p)["view"] for p in procs]
        for p in procs:
            tell(p, "bye")
        assert sorted(a["t"] for a in answers) == ["err", "ok"]
        [lost] = [a for a in answers if a["t"] == "err"]
        [won] = [a for a in answers if a["t"] == "ok"]
        assert lost["code"] == "illegal" and won["rev"] == prefix + 1
        table = h.host.table
        assert table.rev == prefix + 1
        winner_side = joined[answers.index(won)]["seat"] % 2
        assert table.session.state["owner"][contested] == winner_side
        for j, view in zip(joined, views):
            host_view = _json(table.view(j["seat"]))
            # who is connected may change as the racers leave; the board and the seat's secrets may not
            view["public"].pop("seats"), host_view["public"].pop("seats")
            assert view == host_view
        for p in procs:
            assert p.wait(10) == 0
    finally:
        for p in procs:
            p.kill()
            p.wait(5)


def _race(n_seats: int, levels, seed: int, tmp_path):
    save = tmp_path / "race.sandsave"
    proc, address = serve("--game", "situation4", "--seats", str(n_seats), "--seed", str(seed), "--save", str(save),
                          module=None)
    bots = [spawn("bot", "--connect", f"{address[0]}:{address[1]}", "--game", "situation4", "--level", level,
                  "--pace", "0", module=None) for level in levels]
    try:
        results = [finish(b, 60) for b in bots]
        code, out, err = finish(proc, 30)
    finally:
        for p in bots + [proc]:
            p.kill()
    assert [r[0] for r in results] == [0] * n_seats, [r[2][-500:] for r in results]
    assert code == 0, err
    match = re.search(r"game over: (.*) won \(The puzzle is complete: orange (\d+), yellow (\d+)", out)
    assert match, out
    saved = Session.load(save)
    result = saved.result()
    assert result is not None and all(o is not None for o in saved.state["owner"])
    totals = [int(match.group(2)), int(match.group(3))]
    assert result["scores"] == [totals[seat % 2] for seat in range(n_seats)]
    assert max(totals) > 0 and all(f"seat {w}" in match.group(1) for w in result["winners"])
    return result


def test_a_full_race_host_and_two_bot_processes_finishes_scored_and_all_exit_0(tmp_path):
    """"A full race, bot against bot, host plus two `bot` processes, finishes with a scored result"."""
    _race(2, ["hard", "normal"], 11, tmp_path)


def test_a_two_by_two_team_race_with_four_bot_processes_finishes(tmp_path):
    """"a 2x2 team game too": four `bot` processes, teammates (seats 0+2, 1+3) share a side and its score."""
    result = _race(4, ["hard", "easy", "normal", "hard"], 12, tmp_path)
    assert result["scores"][0] == result["scores"][2] and result["scores"][1] == result["scores"][3]


def test_a_dropped_racer_reconnects_by_token_and_continues_on_its_seat(tmp_path):
    """A racer's process is SIGKILLed mid-race; a new process with its token gets the same seat and
    races on to the end; the host and the opponent's `bot` process finish with a result."""
    save = tmp_path / "race.sandsave"
    proc, address = serve("--game", "situation4", "--seats", "2", "--seed", "5", "--save", str(save), module=None)
    first = racer(address)
    opponent = None
    back = None
    try:
        joined = line(first)
        # The opponent is paced so that, alone, it needs several seconds to fill the board: the
        # reconnecting process has time to start even on a loaded machine.
        opponent = spawn("bot", "--connect", f"{address[0]}:{address[1]}", "--level", "normal", "--pace", "0.06",
                         module=None)
        tell(first, "play 0.03")
        # both race for a while: until the first racer has laid a piece (the opponent's process may take
        # seconds to start on a loaded machine, and the race starts only when it has joined)
        from tests.net.wire import RawClient
        deadline = time.monotonic() + 30
        placed = 0
        while not placed and time.monotonic() < deadline:
            time.sleep(0.2)
            look = RawClient(address)
            view = look.hello(want="watch")["view"]
            look.close()
            placed = view["public"]["placed"][joined["seat"] % 2]
        assert placed, "the first racer never placed a piece"
        first.send_signal(signal.SIGKILL)
        first.wait(5)
        back = racer(address, "--token", joined["token"])
        rejoined = line(back)
        assert rejoined["seat"] == joined["seat"]
        assert rejoined["placed"] > 0  # it had raced before it was killed; its pieces are still its own
        tell(back, "play 0")
        back_code = back.wait(60)
        opponent_code, _, opp_err = finish(opponent, 60)
        code, out, err = finish(proc, 30)
        assert back_code == 0, back.stderr.read()[-500:]
        assert opponent_code == 0, opp_err[-500:]
        assert code == 0 and "The puzzle is complete" in out, err
        log = Session.load(save).log
        seat = joined["seat"]
        assert any(s == seat for s, _ in log[rejoined["rev"]:]), "the reconnected racer did not move again"
    finally:
        for p in (first, opponent, back, proc):
            if p is not None:
                p.kill()
                p.wait(5)


def test_a_real_time_bot_moves_at_its_pace_from_its_own_view(start_host):
    """`bot --pace P` in a real-time game makes one move per P seconds, unprompted (the opponent is idle)."""
    from tests.net.wire import RawClient
    h = start_host("situation4", 2)
    accepted = _time_moves(h.host.table.session)   # host-side clock of each accepted move
    idle = RawClient(h.address)
    idle.hello(seat=0)
    pace = 0.25
    bot = spawn("bot", "--connect", f"{h.address[0]}:{h.address[1]}", "--level", "hard", "--pace", str(pace),
                "--countdown", "0", module=None)
    try:
        deadline = time.monotonic() + 15
        while len(accepted) < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(accepted) >= 6, accepted
        assert {seat for _, seat in accepted} == {1}
        span = accepted[5][0] - accepted[0][0]
        assert 5 * pace * 0.8 <= span < 5 * pace + 3  # five paces between six moves (timer and transit slack)
    finally:
        bot.kill()
        bot.wait(5)
        idle.close()


def _time_moves(session) -> list:
    """(host clock, seat) of every move `session` accepts from now on."""
    accepted = []
    act = session.apply

    def timed(seat, action, seq=None):
        events = act(seat, action, seq=seq)
        accepted.append((time.monotonic(), seat))
        return events
    session.apply = timed
    return accepted


def _wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


# "Each side's pieces start in its own tray ... both start at the same moment (a countdown)": the rules have
# no clock, so every racer keeps the count itself (engine.games.start_countdown; docs/protocol.md).
def test_a_bot_seated_at_the_host_keeps_the_start_count_before_its_first_move(start_host):
    from tests.net.wire import RawClient
    count = 2.0   # longer than the hard bot's pace (1.2 s): a bot that ignored the count would move first
    h = start_host("situation4", 2, bots=["hard"], countdown=count)
    accepted = _time_moves(h.host.table.session)
    me = RawClient(h.address)
    before_start = time.monotonic()   # the race cannot start before my seat is taken
    me.hello(seat=0)
    try:
        assert _wait_for(lambda: accepted, 15), "the host's bot never moved"
        assert accepted[0][1] == 1 and accepted[0][0] - before_start >= count, (accepted[0][0] - before_start)
    finally:
        me.close()


def test_a_resumed_race_has_no_start_count_for_the_hosts_bots(start_host):
    """A race that has seen moves is under way: a host's bot moves at its pace, however long the count."""
    from net.host import new_session
    from tests.net.wire import RawClient
    session = new_session("situation4", 2, bots=["hard"], seed=3)
    session.apply(0, {"type": "place", "piece": slot(7, 0), "slot": slot(7, 0)})
    h = start_host("situation4", 2, session=session, countdown=60.0)
    accepted = _time_moves(h.host.table.session)
    me = RawClient(h.address)
    me.hello(seat=0)
    try:
        assert _wait_for(lambda: accepted, 15), "the host's bot waited a count in a race already under way"
        assert accepted[0][1] == 1
    finally:
        me.close()


def test_a_bot_process_keeps_the_start_count_and_ends_it_when_another_racer_moves_first(start_host):
    from tests.net.wire import RawClient
    counted = start_host("situation4", 2)
    cut_short = start_host("situation4", 2)
    accepted = {h: _time_moves(h.host.table.session) for h in (counted, cut_short)}
    me = {h: RawClient(h.address) for h in (counted, cut_short)}
    bots = []
    try:
        before_start = time.monotonic()
        me[counted].hello(seat=0)
        bots.append(spawn("bot", "--connect", "%s:%d" % counted.address, "--level", "hard", "--pace", "0",
                          "--countdown", "1.5", module=None))
        # the second bot's count is far longer than this test waits: only my first move can end it
        me[cut_short].hello(seat=0)
        bots.append(spawn("bot", "--connect", "%s:%d" % cut_short.address, "--level", "hard", "--pace", "0",
                          "--countdown", "600", module=None))
        assert _wait_for(lambda: accepted[counted], 15), "the bot process never moved"
        assert accepted[counted][0][1] == 1 and accepted[counted][0][0] - before_start >= 1.5

        assert _wait_for(lambda: cut_short.host.table.phase == "play", 15)
        time.sleep(0.3)                 # the bot has seen the race start at rev 0 and is counting
        assert accepted[cut_short] == []
        answer = me[cut_short].request(1, {"type": "place", "piece": slot(7, 0), "slot": slot(7, 0)})
        assert answer["t"] == "ok", answer
        assert _wait_for(lambda: any(seat == 1 for _, seat in accepted[cut_short]), 15), \
            "the bot went on counting after another racer had started"
    finally:
        for bot in bots:
            bot.kill()
            bot.wait(5)
        for client in me.values():
            client.close()


def _fast_racers(pace):
    import bots

    def make(game, level, seat, seed):
        bot = bots.make(game, level, seat, seed)
        bot.pace = pace
        return bot
    return make


def test_host_bots_race_each_on_its_own_clock_to_a_scored_end(start_host):
    """Bots seated at the host race at once (one timer per seat, not one bot at a time) and finish."""
    from tests.net.wire import RawClient
    h = start_host("situation4", 2, bots=["hard", "normal"], bot_factory=_fast_racers(0.002))
    watcher = RawClient(h.address)
    watcher.hello(want="watch")
    final = watcher.recv_until(lambda m: m["t"] == "update" and m["view"]["public"]["result"] is not None,
                               timeout=30)
    log = h.host.table.session.log
    assert final["view"]["public"]["filled"] == COLS * ROWS
    seats = [seat for seat, _ in log]
    assert {0, 1} <= set(seats)
    switches = sum(1 for a, b in zip(seats, seats[1:]) if a != b)
    assert switches >= len(seats) // 4  # interleaved: neither seat waits for the other to finish
    watcher.close()


def test_a_bot_expecting_another_game_leaves_with_a_sentence(start_host):
    h = start_host("situation4", 2)
    done = subprocess.run([sys.executable, "run.py", "bot", "--connect", f"{h.address[0]}:{h.address[1]}",
                           "--game", "risk"], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and "situation4, not risk" in done.stderr and "Traceback" not in done.stderr
    assert h.host.table.open_seats() == [0, 1]  # it looked as a spectator: no seat was taken
