"""NATS accounts of a club: who may publish and subscribe to which subjects (docs/club.md).

The club writes the server's `auth.conf` (included by its nats.conf) from the players in
PostgreSQL and makes the server reload it (SIGHUP to the pid in its pid file). NATS itself then
keeps each seat's private subject to the player holding it: a player may subscribe only to
`st.t.*.out.<name>` (its own seats), `st.t.*.public` and its own reply inbox, and publish only
on `st.t.*.in.<name>` and its own lobby subjects. Passwords are bcrypt hashes, never the secret.
"""
import json
import os
import signal
import sys
from functools import lru_cache
from pathlib import Path

from club import hashing, subjects
from engine.saves import atomic_write

GUEST = "guest"  # may only ask to sign up (and hear the answer)
SERVICE = "club"  # the table processes


def server_urls(url: str) -> list[str]:
    """`nats://a:4222,nats://b:4222` (a cluster's servers, as NATS tools write them) as the list nats-py takes."""
    return [u.strip() for u in url.split(",") if u.strip()]


def password_of(url: str) -> str:
    """The password in a NATS URL (the first server's), or ""."""
    from urllib.parse import urlparse
    return urlparse(server_urls(url)[0]).password or ""


def _user(name: str, password: str, publish: list[str], subscribe: list[str]) -> str:
    # json.dumps gives double-quoted strings the NATS config format reads as they are
    return ("    {user: %s, password: %s, permissions: {publish: {allow: %s}, subscribe: {allow: %s}}}"
            % (json.dumps(name), json.dumps(password), json.dumps(publish), json.dumps(subscribe)))


@lru_cache(maxsize=4)
def _service_hash(password: str) -> str:
    """The service password's bcrypt hash, made once a process: the file is written again at every sign-up,
    and a hash costs some 55 ms of CPU (any salt's hash verifies the same password)."""
    return hashing.hashed(password)


def render(service_password: str, players: list[tuple[str, str]]) -> str:
    """The `authorization` block: the service user, the guest, and one user per (name, bcrypt hash).
    The service password is written as a bcrypt hash too; the guest's is public by design."""
    users = [
        _user(SERVICE, _service_hash(service_password), [">"], [">"]),
        _user(GUEST, GUEST, [subjects.SIGN_UP], [subjects.inbox(GUEST) + ".>"]),
    ]
    for name, secret_hash in players:
        users.append(_user(name, secret_hash, subjects.player_publish(name), subjects.player_subscribe(name)))
    return "authorization {\n  users = [\n" + ",\n".join(users) + "\n  ]\n}\n"


def write_and_reload(auth_path, pid_file, text: str) -> None:
    """Replace the accounts file and ask the server to reload it (no signal if it has no pid file, or none given,
    or the pid there is no longer a nats-server's)."""
    atomic_write(Path(auth_path), text.encode("utf-8"), sync=False, mode=0o600)
    try:
        pid = int(Path(pid_file).read_text().strip())
    except (OSError, ValueError, TypeError):
        return
    if not is_nats_server(pid):   # nats-server leaves its pid file behind when it stops: the number may be anyone's
        print(f"accounts: {pid_file} names process {pid}, which is not a nats-server (the server stopped?): "
              "written, not reloaded", file=sys.stderr, flush=True)
        return
    try:
        os.kill(pid, signal.SIGHUP)
    except ProcessLookupError:
        pass   # it stopped since: the server started again reads the file as written


PROC = Path("/proc")


def is_nats_server(pid: int) -> bool:
    """Whether process `pid` is a nats-server, where the system says (Linux's /proc: the name it runs as);
    elsewhere it is taken to be, as the pid file says."""
    if not PROC.is_dir():
        return True
    try:
        return (PROC / str(pid) / "comm").read_text().strip().startswith("nats-server")
    except OSError:   # no such process
        return False
