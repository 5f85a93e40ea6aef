"""`sandtable club --local FOLDER`: the one command that starts a whole club on this machine."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import contextlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from club import servers


@contextlib.contextmanager
def local_club(**output):
    """`club --local` in a folder of its own, run in a process of its own; (its club folder, the process), the
    process killed if still there and both folders removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="sandtable-local-club-"))
    proc = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "club", "--local", str(folder / "club")],
                            **output)
    try:
        yield folder / "club", proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        shutil.rmtree(servers.pg_folder_for(folder / "club" / "postgres"), ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)


def postmaster_pid(club_folder: Path) -> int | None:
    """The local club's PostgreSQL once it is up and ready (initdb's bootstrap writes the file too, briefly)."""
    pid_file = servers.pg_folder_for(club_folder / "postgres") / "data" / "postmaster.pid"
    try:
        lines = pid_file.read_text().splitlines()
        return int(lines[0]) if len(lines) > 7 and lines[7].strip() == "ready" else None
    except (OSError, ValueError, IndexError):
        return None


def gone(pid: int, within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text():
            return True
        time.sleep(0.05)
    return False


def test_the_local_club_starts_both_servers_and_a_table_process_and_stops_them_all_on_sigterm(tmp_path):
    if servers.pg_bindir() is None or servers.nats_binary() is None:
        pytest.skip("no PostgreSQL or nats-server binaries here")
    log_path = tmp_path / "out.log"
    with open(log_path, "w") as log, local_club(stdout=log, stderr=subprocess.STDOUT) as (club, proc):
        deadline = time.monotonic() + 20
        while "club ready" not in log_path.read_text() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        out = log_path.read_text()
        assert "club ready" in out, out
        assert "players connect to nats://127.0.0.1:" in out
        pids = [int((club / "nats" / "nats.pid").read_text()), postmaster_pid(club)]
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
        assert "club stopped" in log_path.read_text()
        assert all(gone(pid) for pid in pids), "both servers gone with it"


def test_a_local_club_without_nats_server_says_so_in_a_sentence_and_stops_the_postgresql_it_started(
        monkeypatch, capsys, tmp_path):
    """Issue 41: `club --local` with no nats-server binary ended in a traceback and left its PostgreSQL running."""
    if servers.pg_bindir() is None:
        pytest.skip("no PostgreSQL binaries here")
    from cli import main
    started = []
    start = servers.Postgres.start
    monkeypatch.setattr(servers.Postgres, "start", lambda self: (started.append(self), start(self))[1])
    monkeypatch.setattr(servers, "nats_binary", lambda: None)
    try:
        assert main(["club", "--local", str(tmp_path / "club")]) == 1
        said = capsys.readouterr().err
        assert "the local club cannot start: there is no nats-server here" in said and "Traceback" not in said
        assert gone(started[0].proc.pid), "PostgreSQL was left running"
    finally:
        for pg in started:
            pg.stop()
        shutil.rmtree(servers.pg_folder_for(tmp_path / "club" / "postgres"), ignore_errors=True)


def test_a_local_club_told_to_stop_while_it_starts_stops_every_server_it_started():
    """SIGTERM as soon as its PostgreSQL is up (before the club is ready, or just after): nothing is left."""
    if servers.pg_bindir() is None or servers.nats_binary() is None:
        pytest.skip("no PostgreSQL or nats-server binaries here")
    with local_club(stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) as (club, proc):
        deadline = time.monotonic() + 20
        while postmaster_pid(club) is None and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.01)
        pid = postmaster_pid(club)
        assert pid is not None, "PostgreSQL never started"
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        assert "Traceback" not in proc.stderr.read()
        assert gone(pid), "PostgreSQL was left running"
        nats_pid = club / "nats" / "nats.pid"
        assert not nats_pid.exists() or gone(int(nats_pid.read_text())), "nats-server was left running"
