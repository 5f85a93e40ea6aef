"""Two network namespaces, as two machines on two different LANs, reaching this machine's (root namespace's)
servers by IP and nothing else (tests/club/test_netns_windows.py).

Each namespace gets one veth pair to the root namespace on its own /30 of 10.231.0.0/16 (private addresses
we assign; nothing else is configured): the root end holds .1, the namespace end .2, and the namespace's
default route goes through the root end. The two namespaces share no link, so multicast (zeroconf's mDNS)
never crosses from one to the other; unicast to a root address works from both (the root namespace
delivers to its own addresses on any interface). Everything made is removed in a `finally`.
"""
import contextlib
import os
import shutil
import subprocess
from dataclasses import dataclass


class NetnsUnavailable(RuntimeError):
    pass


def _ip(*args: str, ns: str | None = None) -> None:
    argv = ["ip", *(["netns", "exec", ns, "ip"] if ns else []), *args]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        raise NetnsUnavailable(f"{' '.join(argv)}: {done.stderr.strip()}")


@dataclass
class Namespace:
    name: str
    link: str          # the veth end in the root namespace
    root_address: str  # that end's address: what this namespace reaches the root's servers at
    address: str       # the namespace's own address

    def command(self, argv: list[str]) -> list[str]:
        """`argv` run inside this namespace."""
        return ["ip", "netns", "exec", self.name, *argv]


def can_make() -> str | None:
    """None when namespaces can be made here, else why not (a reason to skip)."""
    if os.geteuid() != 0:
        return "network namespaces need root (ip netns add)"
    if shutil.which("ip") is None:
        return "no `ip` command (iproute2)"
    probe = f"sandtable-probe-{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, timeout=10)
    if made.returncode != 0:   # root without CAP_NET_ADMIN (some containers)
        return f"cannot make a network namespace here: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)
    return None


def _free_block() -> int:
    """A /24 of 10.231/16 with no address of this machine in it: two /30s are taken from it."""
    used = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True, timeout=10).stdout
    for n in [(os.getpid() + k) % 250 + 1 for k in range(250)]:
        if f"10.231.{n}." not in used:
            return n
    raise NetnsUnavailable("every 10.231.N.0/24 is in use on this machine")


@contextlib.contextmanager
def two_namespaces():
    """Yields (a, b): two Namespaces, each linked to the root namespace only."""
    tag = f"{os.getpid() % 100000}"
    block = _free_block()
    made: list[Namespace] = []
    try:
        for k, side in enumerate("ab"):
            ns = Namespace(name=f"sandtable-{tag}-{side}", link=f"st{tag}{side}r",
                           root_address=f"10.231.{block}.{4 * k + 1}", address=f"10.231.{block}.{4 * k + 2}")
            inner = f"st{tag}{side}n"
            _ip("netns", "add", ns.name)
            made.append(ns)
            _ip("link", "add", ns.link, "type", "veth", "peer", "name", inner)
            _ip("link", "set", inner, "netns", ns.name)
            _ip("addr", "add", f"{ns.root_address}/30", "dev", ns.link)
            _ip("link", "set", ns.link, "up")
            _ip("addr", "add", f"{ns.address}/30", "dev", inner, ns=ns.name)
            _ip("link", "set", inner, "up", ns=ns.name)
            _ip("link", "set", "lo", "up", ns=ns.name)
            _ip("route", "add", "default", "via", ns.root_address, ns=ns.name)
        yield made[0], made[1]
    finally:
        for ns in made:
            # deleting the root end deletes its peer; deleting the namespace ends whatever is left in it
            subprocess.run(["ip", "link", "del", ns.link], capture_output=True, timeout=10)
            subprocess.run(["ip", "netns", "del", ns.name], capture_output=True, timeout=10)
