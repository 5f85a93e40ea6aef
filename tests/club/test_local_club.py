"""`sandtable club --local FOLDER`: the one command that starts a whole club on this machine."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from club import servers


def test_the_local_club_starts_both_servers_and_a_table_process_and_stops_them_all_on_sigterm():
    if servers.pg_bindir() is None or servers.nats_binary() is None:
        pytest.skip("no PostgreSQL or nats-server binaries here")
    folder = Path(tempfile.mkdtemp(prefix="sandtable-local-club-"))
    log_path = folder / "out.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "club", "--local", str(folder / "club")],
                                stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while "club ready" not in log_path.read_text() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        out = log_path.read_text()
        assert "club ready" in out, out
        assert "players connect to nats://127.0.0.1:" in out
        pids = [int((folder / "club" / "nats" / "nats.pid").read_text())]
        pg_data = servers.pg_folder_for(folder / "club" / "postgres") / "data"
        pids.append(int((pg_data / "postmaster.pid").read_text().split()[0]))
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
        assert "club stopped" in log_path.read_text()
        time.sleep(0.5)
        for pid in pids:  # both servers gone with it
            assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        shutil.rmtree(servers.pg_folder_for(folder / "club" / "postgres"), ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)
