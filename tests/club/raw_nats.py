"""A plain socket speaking NATS's protocol as the club's service user, for tests that must see or send the
bytes themselves (what nats-py would hide)."""
import json
import socket

from club import natsauth


def raw_client(server, password: str, subscribe: tuple = ()) -> socket.socket:
    """Connected, subscribed to each subject of `subscribe` (sids 1, 2, ...), and answered by the server's PONG."""
    sock = socket.create_connection((server.host, server.port), timeout=5)
    sock.recv(4096)  # INFO
    connect = json.dumps({"user": natsauth.SERVICE, "pass": password, "verbose": False})
    subs = "".join(f"SUB {subject} {sid}\r\n" for sid, subject in enumerate(subscribe, start=1))
    sock.sendall(f"CONNECT {connect}\r\n{subs}PING\r\n".encode())
    heard = b""
    while b"PONG" not in heard:  # each read bounded by the socket's timeout
        more = sock.recv(4096)
        if not more:
            raise ConnectionError(f"nats-server closed the connection before its PONG: {heard!r}")
        heard += more
    return sock
