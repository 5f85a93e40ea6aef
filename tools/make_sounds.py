"""Make the window's sound effects by synthesis (stdlib `wave` + math), into assets/sounds/*.wav.

    python tools/make_sounds.py

Deterministic: a fixed seed for the noise, so re-running gives the same files.
"""
import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(base: list[float], add: list[float], at: float) -> None:
    start = int(at * RATE)
    if len(base) < start + len(add):
        base.extend([0.0] * (start + len(add) - len(base)))
    for i, v in enumerate(add):
        base[start + i] += v


def tone(freq: float, seconds: float, *, decay: float = 8.0, harmonics=(1.0,), attack: float = 0.004) -> list[float]:
    """A tone with an exponential decay; `harmonics` weights the 1st, 2nd, ... partials."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(env * sum(w * math.sin(math.tau * freq * (k + 1) * t) for k, w in enumerate(harmonics)))
    return out


def noise_burst(seconds: float, rng: random.Random, *, decay: float = 60.0, tone_freq: float = 0.0) -> list[float]:
    """A clack: decaying noise, optionally with a knock of tone under it."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = math.exp(-decay * t)
        knock = math.sin(math.tau * tone_freq * t) * 0.6 if tone_freq else 0.0
        out.append(env * (rng.uniform(-1, 1) * 0.7 + knock))
    return out


def click() -> list[float]:
    rng = random.Random(1)
    sound = tone(1900, 0.05, decay=90, harmonics=(0.6, 0.2))
    mix(sound, noise_burst(0.02, rng, decay=200), 0)
    return sound


def error() -> list[float]:
    sound = silence(0.0)
    for n, at in enumerate((0.0, 0.12)):
        mix(sound, tone(196 - 20 * n, 0.14, decay=10, harmonics=(0.7, 0.0, 0.3, 0.0, 0.15)), at)
    return sound


def dice() -> list[float]:
    """A rattle in a cup, then the dice tumbling out: clacks at irregular, slowing intervals."""
    rng = random.Random(6)
    sound = silence(0.6)
    t = 0.0
    gap = 0.018
    while t < 0.5:
        mix(sound, noise_burst(0.03, rng, decay=rng.uniform(90, 160), tone_freq=rng.uniform(900, 2200)), t)
        t += gap * rng.uniform(0.6, 1.6)
        gap *= 1.12
    return sound


def conquest() -> list[float]:
    """A short brass fanfare: a rising arpeggio that lands on a held chord."""
    brass = (1.0, 0.6, 0.45, 0.3, 0.2, 0.1)
    sound = silence(0.0)
    for freq, at in ((392.0, 0.0), (523.25, 0.11), (659.25, 0.22)):
        mix(sound, tone(freq, 0.16, decay=9, harmonics=brass, attack=0.02), at)
    for freq in (523.25, 659.25, 783.99):
        mix(sound, tone(freq, 0.6, decay=3.5, harmonics=brass, attack=0.03), 0.33)
    return sound


def turn() -> list[float]:
    """A two-note bell: your turn."""
    bell = (1.0, 0.0, 0.35, 0.0, 0.12)
    sound = silence(0.0)
    mix(sound, tone(880, 0.5, decay=6, harmonics=bell), 0.0)
    mix(sound, tone(1318.5, 0.6, decay=5, harmonics=bell), 0.14)
    return sound


EFFECTS = {"click": click, "error": error, "dice": dice, "conquest": conquest, "turn": turn}


def write(path: Path, samples: list[float], peak: float = 0.8) -> None:
    top = max((abs(s) for s in samples), default=1.0) or 1.0
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s / top * peak)) * 32767)) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        write(OUT / f"{name}.wav", make())
        print(f"wrote assets/sounds/{name}.wav")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
