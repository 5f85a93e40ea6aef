"""The fan-out row's two floors (bench/echo.py) do what the row's note says they do: `fan` writes each
frame read from the first connection to every connection; `fan-ok` also decodes it and answers the
first connection with an `ok` before the fan-out."""
import re
import socket
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from bench.echo import read_exactly
from net import frames

ROOT = Path(__file__).resolve().parents[2]


def _read(sock):
    return msgpack.unpackb(read_exactly(sock, int.from_bytes(read_exactly(sock, 4), "big")))


@pytest.mark.parametrize("mode", ["fan", "fan-ok"])
def test_a_floor_writes_each_frame_to_every_connection(mode):
    proc = subprocess.Popen([sys.executable, "-m", "bench.echo", mode, "3"], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True)
    socks = []
    try:
        port = int(re.fullmatch(r"listening on [\d.]+:(\d+)\n", proc.stdout.readline()).group(1))
        socks = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(3)]
        for n in (1, 2):
            update = {"t": "update", "n": n}
            frame = frames.encode(update)
            socks[0].sendall(frame[:3])   # split across reads: the floor frames as the host does
            socks[0].sendall(frame[3:])
            if mode == "fan-ok":
                assert _read(socks[0]) == {"t": "ok", "seq": 1, "rev": 1}
            assert [_read(s) for s in socks] == [update] * 3
    finally:
        for s in socks:
            s.close()
        proc.kill()
        proc.wait(5)
