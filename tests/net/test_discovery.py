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
