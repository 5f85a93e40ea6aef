"""LAN discovery, bound to loopback only (SANDTABLE_DISCOVERY_INTERFACES=127.0.0.1, set in conftest)."""
import os
import time

from net.discovery import Browser, instance_label, pinned_interfaces
from net.host import start_in_thread
from tests.net.wire import RawClient


def wait_for(pred, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    return None


def test_tests_pin_discovery_to_loopback():
    assert os.environ["SANDTABLE_DISCOVERY_INTERFACES"] == "127.0.0.1"
    assert pinned_interfaces() == ["127.0.0.1"]


def test_instance_label_is_one_dns_label():
    assert instance_label("Ada's table. v2") == "Ada's table v2"
    assert len(instance_label("é" * 100).encode()) <= 63


def test_browser_sees_a_table_with_its_txt_fields_live_and_its_removal():
    """TXT proto/game/table/open/seats/phase, "updated as open/phase change"; the advert goes when the host stops."""
    events = []
    browser = Browser(on_change=lambda kind, ad: events.append((kind, ad)))
    handle = start_in_thread("toy", 2, name="Loopback test table", host="127.0.0.1", port=0, discovery=True,
                             seed=1, bot_delay=0)
    try:
        ad = wait_for(lambda: next((t for t in browser.tables() if t.table == "Loopback test table"), None), 5)
        assert ad is not None
        assert (ad.game, ad.port, ad.seats, ad.open_seats, ad.phase, ad.host) == \
               ("toy", handle.address[1], 2, 2, "lobby", "127.0.0.1")
        first = RawClient((ad.host, ad.port))  # the advert leads to a real table
        assert first.hello()["t"] == "welcome"
        assert wait_for(lambda: any(t.open_seats == 1 for t in browser.tables() if t.table == ad.table), 5)
        RawClient((ad.host, ad.port)).hello()
        assert wait_for(lambda: any(t.phase == "play" and t.open_seats == 0
                                    for t in browser.tables() if t.table == ad.table), 5)
    finally:
        handle.stop()
    assert wait_for(lambda: not any(t.table == "Loopback test table" for t in browser.tables()), 5)
    browser.close()
    kinds = [k for k, ad in events if ad.table == "Loopback test table"]
    assert kinds[0] == "add" and "update" in kinds and kinds[-1] == "remove"


# ----- issue 12, trial 5: discovery is a hint, never the truth ------------------------------------
import socket  # noqa: E402

import pytest  # noqa: E402
from zeroconf import IPVersion, ServiceInfo, Zeroconf  # noqa: E402

from net.discovery import SERVICE_TYPE, Advertiser, parse_advert  # noqa: E402

GOOD = {"proto": "1", "game": "toy", "table": "T", "open": "1", "seats": "2", "phase": "lobby"}


@pytest.mark.parametrize("change", [{"seats": "-5"}, {"seats": "1" + "0" * 30}, {"seats": "9"}, {"open": "3"},
                                    {"game": "chess"}, {"proto": "2"}, {"phase": "banana"}, {"open": "x"},
                                    {"seats": "²"}, {"table": " "}])
def test_an_advert_with_a_malformed_or_out_of_range_txt_gives_no_row(change):
    """"ignores adverts whose TXT is malformed or out of range (unknown proto or game, seats outside the game's
    range, open > seats)" — the toy game seats 1 to 8."""
    assert parse_advert("T._sandtable._tcp.local.", "127.0.0.1", 7777, GOOD) is not None
    assert parse_advert("T._sandtable._tcp.local.", "127.0.0.1", 7777, {**GOOD, **change}) is None


class Spoofer:
    """Adverts as anyone on a LAN could send them: no probing, no conflict checks, any name and TXT."""

    def __init__(self):
        self.zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)

    def advertise(self, instance: str, port: int, props: dict, server: str) -> None:
        info = ServiceInfo(SERVICE_TYPE, f"{instance}.{SERVICE_TYPE}", addresses=[socket.inet_aton("127.0.0.1")],
                           port=port, properties=props, server=server)
        self.zc.register_service(info, cooperating_responders=True, strict=False)

    def close(self) -> None:
        self.zc.unregister_all_services()
        self.zc.close()


def test_spoofed_adverts_each_stay_their_own_row_and_malformed_ones_are_not_listed():
    """A second advert under the real table's instance name used to replace its row, and a fake at the real
    table's address merged with it. Now each (instance, address, port) is a row; the real one stays."""
    name = f"Real table {os.getpid()}"
    real = Advertiser(name=name, game="toy", port=40001, seats=2, open_seats=2, phase="lobby")
    browser = Browser()
    spoofer = Spoofer()
    try:
        assert wait_for(lambda: any(t.table == name for t in browser.tables()), 5)
        spoofer.advertise(name, 40002, {**GOOD, "table": name, "game": "toy", "seats": "3"}, "twin.local.")
        spoofer.advertise(f"Fake {os.getpid()}", 40001, {**GOOD, "table": "Not the real one"}, "fake.local.")
        spoofer.advertise(f"Broken {os.getpid()}", 40003, {**GOOD, "seats": "-5"}, "broken.local.")
        spoofer.advertise(f"Huge {os.getpid()}", 40004, {**GOOD, "seats": "1" + "0" * 30}, "huge.local.")
        mine = lambda: sorted((t.table, t.port, t.seats) for t in browser.tables() if t.port in (40001, 40002, 40003, 40004))  # noqa: E731
        want = sorted([(name, 40001, 2), (name, 40002, 3), ("Not the real one", 40001, 2)])
        assert wait_for(lambda: mine() == want, 8), mine()
        time.sleep(1.5)  # cache-flush of the real table's records by its twin would have struck by now
        assert mine() == want
    finally:
        spoofer.close()
        browser.close()
        real.close()


def test_a_row_whose_table_answers_with_another_game_or_name_is_not_joined(start_host):
    """"takes the truth from welcome: if the table that answers is not the game or table name the row showed,
    the client says so in a sentence and does not join" — and no seat is taken there."""
    import asyncio
    from net.client import Client, TableError
    h = start_host(n_seats=2)
    for expect in ({"game": "risk", "table": "Sandtable"}, {"game": "toy", "table": "Another table"}):
        client = Client(*h.address, name="Fooled", expect=expect)
        with pytest.raises(TableError) as refused:
            asyncio.run(client.connect())
        assert refused.value.code == "mismatch" and "Not joining" in str(refused.value)
    assert h.host.table.open_seats() == [0, 1]

    async def honest():
        client = Client(*h.address, name="Right", expect={"game": "toy", "table": "Sandtable"})
        try:
            return (await client.connect())["seat"]
        finally:
            await client.close()
    assert asyncio.run(honest()) == 0
