"""Writing synthesised sound (tools/make_sounds.py, tools/make_music.py): mono 16-bit WAV files, each scaled so
that its loudest sample stands at `peak`."""
import struct
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write(path: Path, samples: list[float], *, rate: int, peak: float) -> None:
    top = max((abs(s) for s in samples), default=1.0) or 1.0
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s / top * peak)) * 32767)) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


def write_all(out: Path, makers: dict, *, rate: int, peak: float) -> int:
    """out/<name>.wav for each of `makers` (name -> a function giving the samples), saying so; 0, for `main`."""
    out.mkdir(parents=True, exist_ok=True)
    for name, make in makers.items():
        path = out / f"{name}.wav"
        write(path, make(), rate=rate, peak=peak)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0
