"""LAN discovery with zeroconf (mDNS/DNS-SD), as PROTOCOL.md's Discovery section says.

`Advertiser` announces one table and keeps its TXT record (open seats, phase)
current; `Browser` keeps a live list of the tables it hears about. Adverts are
hints: a client always confirms with `hello`, and anyone may join by address.

`SANDTABLE_DISCOVERY_INTERFACES` (comma-separated IPv4 addresses, e.g.
"127.0.0.1") pins both to those interfaces; tests use it to stay on loopback.
"""
import logging
import os
import socket
import threading
from dataclasses import dataclass

from zeroconf import (DNSQuestionType, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf,
                      get_all_addresses)
from zeroconf.asyncio import AsyncServiceInfo

from net.frames import PROTO

log = logging.getLogger(__name__)

SERVICE_TYPE = "_sandtable._tcp.local."
ENV_INTERFACES = "SANDTABLE_DISCOVERY_INTERFACES"
MAX_LABEL_BYTES = 63  # a DNS label's limit


def pinned_interfaces() -> list[str] | None:
    text = os.environ.get(ENV_INTERFACES, "").strip()
    return [x.strip() for x in text.split(",") if x.strip()] or None


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    interfaces = interfaces if interfaces is not None else pinned_interfaces()
    if interfaces:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only)


def instance_label(table_name: str) -> str:
    """The table's name as one DNS-SD instance label (no dots, at most 63 bytes)."""
    label = " ".join(table_name.replace(".", " ").split()) or "Sandtable"
    while len(label.encode("utf-8")) > MAX_LABEL_BYTES:
        label = label[:-1]
    return label


class Advertiser:
    """Announces a table; `update` is cheap and never blocks (a worker thread talks to the network)."""

    def __init__(self, *, name: str, game: str, port: int, seats: int, open_seats: int, phase: str,
                 interfaces: list[str] | None = None):
        self.interfaces = interfaces if interfaces is not None else pinned_interfaces()
        self._fields = {"proto": str(PROTO), "game": game, "table": name, "open": str(open_seats),
                        "seats": str(seats), "phase": phase}
        self._name = name
        self._port = port
        self._wake = threading.Condition()
        self._dirty = True
        self._closing = False
        self._zc = _zeroconf(self.interfaces)
        self._info = None
        self._thread = threading.Thread(target=self._work, name="sandtable-advertiser", daemon=True)
        self._thread.start()

    def update(self, *, open_seats: int, phase: str) -> None:
        with self._wake:
            self._fields.update(open=str(open_seats), phase=phase)
            self._dirty = True
            self._wake.notify()

    def _addresses(self) -> list[bytes]:
        ips = self.interfaces or [ip for ip in get_all_addresses() if not ip.startswith("127.")] or ["127.0.0.1"]
        return [socket.inet_aton(ip) for ip in ips]

    def _work(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._dirty or self._closing, timeout=5)
                if self._closing:
                    return
                if not self._dirty:
                    continue
                self._dirty = False
                fields = dict(self._fields)
            try:
                if self._info is None:
                    self._info = ServiceInfo(SERVICE_TYPE, f"{instance_label(self._name)}.{SERVICE_TYPE}",
                                             addresses=self._addresses(), port=self._port, properties=fields)
                    # allow_name_change: two tables called the same get "name (2)" instead of a clash
                    self._zc.register_service(self._info, allow_name_change=True)
                else:
                    self._info = ServiceInfo(SERVICE_TYPE, self._info.name, addresses=self._addresses(),
                                             port=self._port, properties=fields, server=self._info.server)
                    self._zc.update_service(self._info)
            except Exception:  # discovery is a convenience: the table works without it
                log.exception("zeroconf advertising failed")

    def close(self) -> None:
        with self._wake:
            self._closing = True
            self._wake.notify()
        self._thread.join(10)
        try:
            if self._info is not None:
                self._zc.unregister_service(self._info)
        except Exception:
            log.debug("zeroconf unregister failed", exc_info=True)
        self._zc.close()


@dataclass(frozen=True)
class TableAd:
    """One advertised table (a hint: confirm with hello)."""
    service: str     # the zeroconf instance name
    table: str
    game: str
    host: str
    port: int
    open_seats: int
    seats: int
    phase: str


def _parse(info) -> TableAd | None:
    try:
        props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
        if props.get("proto") != str(PROTO) or not info.port:
            return None
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses:
            return None
        return TableAd(service=info.name, table=props.get("table") or info.name.split(".")[0],
                       game=props.get("game", ""), host=addresses[0], port=int(info.port),
                       open_seats=int(props.get("open", "0")), seats=int(props.get("seats", "0")),
                       phase=props.get("phase", ""))
    except (ValueError, UnicodeDecodeError, AttributeError):
        return None  # a malformed advert is ignored, not trusted


class Browser:
    """A live list of tables on the LAN; `tables()` is a thread-safe snapshot for frame loops.

    `on_change(kind, ad)` (optional) is called with "add", "update" or "remove" from zeroconf's thread.
    """

    RESOLVE_MS = 3000

    def __init__(self, on_change=None, interfaces: list[str] | None = None):
        self._lock = threading.Lock()
        self._tables: dict[str, TableAd] = {}
        self._on_change = on_change
        self._zc = _zeroconf(interfaces)
        # QM (multicast) questions: the default first QU question asks for a unicast
        # answer that a second mDNS socket on the same machine may swallow.
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed],
                                       question_type=DNSQuestionType.QM)

    def tables(self) -> list[TableAd]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda ad: (ad.table.lower(), ad.service))

    def _changed(self, zeroconf, service_type, name, state_change) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                ad = self._tables.pop(name, None)
            if ad is not None:
                self._notify("remove", ad)
            return
        info = AsyncServiceInfo(service_type, name)
        if info.load_from_cache(zeroconf):
            self._store(name, info)
        else:  # we are on zeroconf's event loop: resolve without blocking it
            zeroconf.loop.create_task(self._resolve(zeroconf, name, info))

    async def _resolve(self, zeroconf, name, info) -> None:
        if await info.async_request(zeroconf, self.RESOLVE_MS):
            self._store(name, info)

    def _store(self, name: str, info) -> None:
        ad = _parse(info)
        if ad is None:
            return
        with self._lock:
            old = self._tables.get(name)
            self._tables[name] = ad
        if old != ad:
            self._notify("add" if old is None else "update", ad)

    def _notify(self, kind: str, ad: TableAd) -> None:
        if self._on_change is not None:
            try:
                self._on_change(kind, ad)
            except Exception:
                log.exception("discovery listener failed")

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()
