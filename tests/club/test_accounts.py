"""Accounts: a name and a secret the client keeps; NATS itself keeps each seat's subject to its holder."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import logging
import os
import subprocess
import sys
import time

import nats
import pytest

from club import client as club_client
from club import natsauth, servers, subjects
from club.send_now import flush_in_order
from net.client import TableError
from tests.club.bounded import run

ADA, BOB = ("ada", "ada-keeps-this-secret"), ("bob", "bob-keeps-another-one")



def test_a_player_signs_up_with_a_name_and_a_secret_and_signs_in_with_them(club):
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *ADA)
        nc = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
        listed = await club_client.lobby(nc, "ada", "list")
        await nc.close()
        return listed

    assert run(scenario()) == []


def test_a_name_already_taken_is_refused_with_a_sentence(club):
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *ADA)
        with pytest.raises(TableError, match="taken"):
            await club_client.sign_up(club.nats.url, "ada", "another-long-secret")

    run(scenario())


def test_a_stolen_name_without_its_secret_cannot_sign_in(club):
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *ADA)
        with pytest.raises(Exception) as caught:
            await club_client.connect_player(club.nats.url, "ada", "not-ada-s-secret-at-all", allow_reconnect=False,
                                             max_reconnect_attempts=0)
        return f"{type(caught.value).__name__}: {caught.value}"

    refusal = run(scenario())
    assert "authorization" in refusal.lower(), refusal


def test_a_player_listening_on_another_seat_s_subject_is_refused_by_nats_and_hears_nothing(club):
    """The host sends each seat only its own secrets; NATS keeps the subject itself to its holder too."""
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *ADA)
        await club_client.sign_up(club.nats.url, *BOB)
        errors = []

        async def on_error(e):
            errors.append(str(e))

        spy = await club_client.connect_player(club.nats.url, *BOB, error_cb=on_error, allow_reconnect=False)
        table_id = await club_client.lobby(spy, "bob", "create", {"game": "toy", "seats": 2, "seed": 3})
        sniffed = await spy.subscribe(subjects.table_out(table_id, "ada"))
        also = await spy.subscribe(f"st.t.{table_id}.out.*")
        await flush_in_order(spy)
        ada = club_client.ClubClient(club.nats.url, *ADA, table_id)
        welcome = await ada.connect()  # the table sends ada her welcome (with her secret word) on her subject
        bob = club_client.ClubClient(club.nats.url, *BOB, table_id)
        await bob.connect()
        for _ in range(40):
            if len(errors) >= 2:
                break
            await asyncio.sleep(0.05)
        heard = []
        for sub in (sniffed, also):
            try:
                while True:
                    heard.append(await sub.next_msg(timeout=0.2))
            except (nats.errors.TimeoutError, nats.errors.Error):
                pass
        await ada.close()
        await bob.close()
        await spy.close()
        return welcome, errors, heard

    welcome, errors, heard = run(scenario())
    assert welcome["seat"] == 0 and welcome["view"]["private"]["secret"]
    assert sum("permissions violation for subscription" in e.lower() for e in errors) == 2, errors
    assert heard == []


def test_a_sign_in_refused_while_a_new_account_waits_for_the_reload_is_retried_without_an_error_logged(
        nats_server, caplog):
    # sign_up signs in again and again until the server has reloaded its accounts; a refusal then is expected
    async def refused(**kw):
        with pytest.raises(Exception):
            await club_client.connect_player(nats_server.url, "not-yet", "a-secret-not-yet-known",
                                             allow_reconnect=False, **kw)

    with caplog.at_level(logging.ERROR, logger="nats"):
        run(refused())   # nats-py's own error callback logs the refusal
        logged_by_default = len(caplog.records)
        caplog.clear()
        run(refused(error_cb=club_client._refused_until_reloaded))   # sign_up's does not
    assert logged_by_default >= 1
    assert caplog.records == []


@pytest.mark.skipif(not natsauth.PROC.is_dir(), reason="only where /proc tells what a process is")
def test_a_pid_file_left_by_a_stopped_server_signals_nobody_else(tmp_path, capfd):
    """nats-server leaves its pid file behind when it stops, and the number in it is soon another process's: the
    accounts are written, and that process is not sent the reload (a SIGHUP would end it, as it ends a window
    manager or a shell)."""
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        pid_file = tmp_path / "nats.pid"
        pid_file.write_text(f"{other.pid}\n")
        natsauth.write_and_reload(tmp_path / "auth.conf", pid_file, "authorization {}\n")
        assert (tmp_path / "auth.conf").read_text() == "authorization {}\n"
        with pytest.raises(subprocess.TimeoutExpired):
            other.wait(0.5)   # still there: it was sent nothing
        assert "not a nats-server" in capfd.readouterr().err
    finally:
        other.kill()
        other.wait()


def test_a_running_nats_server_is_known_for_one_and_a_stopped_one_no_longer():
    """The guard above stops nothing else: a running nats-server is taken for one (so it is sent the reload, which
    the sign-up tests rely on), this Python process is not, nor the server's number once it has stopped."""
    binary = servers.nats_binary()
    if binary is None:
        pytest.skip("no nats-server here")
    server = subprocess.Popen([binary, "-a", "127.0.0.1", "-p", str(servers.free_port())], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        # Popen returns once the exec has begun, before the kernel names the process after its program: ask
        # until it has (a server writes its pid file long after that)
        deadline = time.monotonic() + 10
        while not natsauth.is_nats_server(server.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert natsauth.is_nats_server(server.pid)
        assert not natsauth.is_nats_server(os.getpid())
    finally:
        server.terminate()
        server.wait(10)
    assert not natsauth.is_nats_server(server.pid)   # gone: no process of that number to signal
