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
import time
from dataclasses import dataclass

from zeroconf import (DNSAddress, DNSQuestionType, DNSService, DNSText, IPVersion, RecordUpdateListener,
                      ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf, get_all_addresses)
from zeroconf._utils.time import current_time_millis
from zeroconf.asyncio import AsyncServiceInfo

from net.frames import PROTO

log = logging.getLogger(__name__)

SERVICE_TYPE = "_sandtable._tcp.local."
ENV_INTERFACES = "SANDTABLE_DISCOVERY_INTERFACES"
MAX_LABEL_BYTES = 63  # a DNS label's limit
_TYPE_A, _TYPE_TXT, _TYPE_SRV, _CLASS_IN = 1, 16, 33, 1  # DNS record types and class (RFC 1035, 2782)


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
    """One advertised table (a hint: confirm with hello). A row is one (service, host, port)."""
    service: str     # the zeroconf instance name
    table: str
    game: str
    host: str
    port: int
    open_seats: int
    seats: int
    phase: str

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.service, self.host, self.port)


PHASES = ("lobby", "play", "over")
MAX_ADVERTS = 2048  # adverts a browser remembers the TXT of
MAX_TABLE_NAME = 64


def _small_int(text: str | None) -> int | None:
    """A TXT number: at most 3 plain digits (no sign, no exponent), else None."""
    if text is None or not text.isdigit() or not text.isascii() or len(text) > 3:
        return None
    return int(text)


def parse_txt(text: bytes) -> dict[str, str] | None:
    """DNS-SD TXT bytes (length-prefixed "key=value" strings) as a map, or None if malformed."""
    props, i = {}, 0
    try:
        while i < len(text):
            n = text[i]
            item = text[i + 1:i + 1 + n]
            if len(item) != n:
                return None
            i += 1 + n
            key, _, value = item.partition(b"=")
            if key:
                props.setdefault(key.decode("ascii").lower(), value.decode("utf-8"))
    except UnicodeDecodeError:
        return None
    return props


def parse_advert(service: str, host: str, port: int, props: dict | None) -> TableAd | None:
    """A row for one advert, or None when its TXT is malformed or out of range (PROTOCOL.md, Discovery):
    an unknown proto or game, seats outside the game's range, open seats outside 0..seats, an unknown phase."""
    from engine import games  # late: a browser that never sees an advert never loads the registry
    if props is None or props.get("proto") != str(PROTO) or not 0 < port < 65536:
        return None
    game = props.get("game", "")
    if game not in games.available():
        return None
    rules = games.rules(game)
    seats, open_seats = _small_int(props.get("seats")), _small_int(props.get("open"))
    if seats is None or open_seats is None or not rules.MIN_SEATS <= seats <= rules.MAX_SEATS \
            or not 0 <= open_seats <= seats:
        return None
    phase = props.get("phase", "")
    table = " ".join((props.get("table") or service.split(".")[0]).split())[:MAX_TABLE_NAME]
    if phase not in PHASES or not table:
        return None
    return TableAd(service=service, table=table, game=game, host=host, port=port, open_seats=open_seats,
                   seats=seats, phase=phase)


class _Packets(RecordUpdateListener):
    """Hands each mDNS packet's records to `take`, then `done` once the cache holds them (zeroconf's loop)."""

    def __init__(self, take, done):
        self._take, self._done = take, done

    def async_update_records(self, zc, now, records) -> None:
        self._take([r.new for r in records])

    def async_update_records_complete(self) -> None:
        self._done()


def _mine(record) -> bool:
    return record.name.lower().endswith("." + SERVICE_TYPE)


class Browser:
    """A live list of tables on the LAN; `tables()` is a thread-safe snapshot for frame loops.

    A row is one (instance, address, port): each service record (SRV: port and host name) of an instance
    gives its own rows, with the TXT that came in the same packet (an advertiser sends them together) and
    its host's addresses. Two adverts under one instance name, or a fake pointing at a real table's address,
    each stay their own row: nothing one advert says replaces another's row (a row goes with its own
    goodbye, its instance's removal, or when its record expires). An advert whose TXT is malformed or out
    of range gives no row.

    `on_change(kind, ad)` (optional) is called with "add", "update" or "remove" from zeroconf's thread.
    """

    RESOLVE_MS = 3000

    def __init__(self, on_change=None, interfaces: list[str] | None = None):
        self._lock = threading.Lock()
        self._rows: dict[tuple, tuple[TableAd, float]] = {}  # key -> (ad, monotonic expiry)
        self._on_change = on_change
        self._txt_of: dict[tuple, bytes] = {}   # (instance, port, host name) -> the TXT sent with that SRV
        self._servers: dict[str, set] = {}      # host name -> instances whose SRV names it
        self._touched: set = set()              # instances a packet spoke of, rebuilt once it is cached
        self._lone_txt: dict[str, bytes] = {}   # instance -> a TXT that came without its SRV (an update)
        self._zc = _zeroconf(interfaces)
        self._packets = _Packets(self._packet, self._rebuild)
        self._zc.add_listener(self._packets, None)
        # QM (multicast) questions: the default first QU question asks for a unicast
        # answer that a second mDNS socket on the same machine may swallow.
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed],
                                       question_type=DNSQuestionType.QM)

    def tables(self) -> list[TableAd]:
        now = time.monotonic()
        with self._lock:
            ads = [ad for ad, expires in self._rows.values() if expires > now]
        return sorted(ads, key=lambda ad: (ad.table.lower(), ad.service, ad.host, ad.port))

    # ----- zeroconf's side (its loop thread) ------------------------------------------
    def _changed(self, zeroconf, service_type, name, state_change) -> None:
        if state_change is ServiceStateChange.Removed:
            self._drop(lambda key: key[0] == name)
            return
        with self._lock:
            known = any(key[0] == name for key in self._rows)
        if not known:  # ask: the answer is a packet, and packets make rows
            info = AsyncServiceInfo(service_type, name)
            zeroconf.loop.call_soon_threadsafe(lambda: zeroconf.loop.create_task(self._resolve(zeroconf, info)))

    async def _resolve(self, zeroconf, info) -> None:
        try:
            await info.async_request(zeroconf, self.RESOLVE_MS)
        except Exception:  # a name that never answers is simply not listed
            log.debug("zeroconf resolve failed", exc_info=True)

    def _packet(self, records) -> None:
        """One packet, before the cache has it: pair each SRV with the TXT sent beside it; note goodbyes."""
        texts = {r.name.lower(): r.text for r in records if isinstance(r, DNSText) and _mine(r) and r.ttl}
        with_srv = {r.name.lower() for r in records if isinstance(r, DNSService)}
        for name, text in texts.items():
            if name not in with_srv:
                self._lone_txt[name] = text
        for r in records:
            if isinstance(r, DNSService) and _mine(r):
                if not r.ttl:  # a goodbye for this service record
                    self._drop(lambda key, r=r: key[0] == r.name and key[2] == r.port)
                    continue
                if r.name.lower() in texts:
                    self._pair(r.name, r.port, r.server, texts[r.name.lower()])
                self._servers.setdefault(r.server.lower(), set()).add(r.name)
                while len(self._servers) > MAX_ADVERTS:
                    del self._servers[next(iter(self._servers))]
                self._touched.add(r.name)
            elif isinstance(r, DNSText) and _mine(r):
                self._touched.add(r.name)
            elif isinstance(r, DNSAddress) and r.type == _TYPE_A:
                self._touched.update(self._servers.get(r.name.lower(), ()))

    def _rebuild(self) -> None:
        """The packet is cached: (re)build the rows of the instances it spoke of."""
        touched, self._touched = self._touched, set()
        if not touched:
            return
        cache, now_ms, now = self._zc.cache, current_time_millis(), time.monotonic()
        lone, self._lone_txt = self._lone_txt, {}
        for name in touched:
            services = [r for r in cache.async_all_by_details(name, _TYPE_SRV, _CLASS_IN) if not r.is_expired(now_ms)]
            if name.lower() in lone and len(services) == 1:  # a TXT update of the one advert under this name
                self._pair(name, services[0].port, services[0].server, lone[name.lower()])
            cached_txts = {r.text for r in cache.async_all_by_details(name, _TYPE_TXT, _CLASS_IN)
                           if not r.is_expired(now_ms)}
            for srv in services:
                text = self._txt_of.get((name.lower(), srv.port, srv.server.lower()))
                if text is None and len(cached_txts) == 1:  # one advert under this name: its TXT is the one
                    text = next(iter(cached_txts))
                if text is None:
                    continue
                props = parse_txt(text)
                hosts = [socket.inet_ntoa(a.address) for a in cache.async_all_by_details(srv.server, _TYPE_A, _CLASS_IN)
                         if not a.is_expired(now_ms)]
                expires = now + srv.get_remaining_ttl(now_ms)
                for host in dict.fromkeys(hosts):
                    ad = parse_advert(srv.name, host, srv.port, props)
                    if ad is not None:
                        self._store(ad, expires)

    def _pair(self, name: str, port: int, server: str, text: bytes) -> None:
        self._txt_of[(name.lower(), port, server.lower())] = text
        while len(self._txt_of) > MAX_ADVERTS:  # a LAN flooding adverts cannot grow this without end
            del self._txt_of[next(iter(self._txt_of))]

    def _store(self, ad: TableAd, expires: float) -> None:
        with self._lock:
            old = self._rows.get(ad.key)
            self._rows[ad.key] = (ad, expires)
        if old is None or old[0] != ad:
            self._notify("add" if old is None else "update", ad)

    def _drop(self, which) -> None:
        with self._lock:
            gone = [key for key in self._rows if which(key)]
            ads = [self._rows.pop(key)[0] for key in gone]
        for ad in ads:
            self._notify("remove", ad)

    def _notify(self, kind: str, ad: TableAd) -> None:
        if self._on_change is not None:
            try:
                self._on_change(kind, ad)
            except Exception:
                log.exception("discovery listener failed")

    def close(self) -> None:
        self._browser.cancel()
        self._zc.remove_listener(self._packets)
        self._zc.close()
