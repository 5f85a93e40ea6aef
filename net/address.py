"""A table's address as people type it: `HOST:PORT` (an IPv6 host in brackets).

The command line (`bot --connect`, `join`) and the window's LAN browser read addresses
the same way, so both accept and refuse the same text with the same sentence.
"""


def parse(text: str) -> tuple[str, int]:
    """(host, port) from `HOST:PORT`; ValueError with a sentence saying what a good address looks like."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT (for example 127.0.0.1:7777)")
    return host.strip("[]"), int(port)
