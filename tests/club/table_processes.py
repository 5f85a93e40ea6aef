"""`sandtable club` table processes for the tests and the chaos run: the real command line (with the toy game
registered), each logging to a file of its own, ready once it says so."""
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def launch(args: list[str], timeout: float = 15.0) -> subprocess.Popen:
    """A table process run with `club ARGS...`, returned once it prints `club ready` (its log at `.log_path`);
    RuntimeError with its log if it is not ready within `timeout` seconds."""
    log_path = Path(tempfile.mkdtemp(prefix="sandtable-club-")) / "club.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tests.net.cli_toy", "club", *args],
                                stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.log_path = log_path
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if "club ready" in log_path.read_text():
            return proc
        time.sleep(0.05)
    proc.kill()
    proc.wait(5)
    raise RuntimeError("the table process did not get ready:\n" + log_path.read_text())
