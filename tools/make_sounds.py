"""Make the window's sound effects by synthesis (stdlib `wave` + math), into assets/sounds/*.wav.

    python tools/make_sounds.py

Deterministic: a fixed seed for the noise, so re-running gives the same files.
"""
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import wav  # noqa: E402

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


def victory() -> list[float]:
    """The game won: a brass call up the major triad, then a long, full chord."""
    brass = (1.0, 0.6, 0.45, 0.3, 0.2, 0.1)
    sound = silence(0.0)
    for freq, at in ((392.0, 0.0), (392.0, 0.1), (523.25, 0.2), (659.25, 0.3), (783.99, 0.4)):
        mix(sound, tone(freq, 0.16, decay=9, harmonics=brass, attack=0.015), at)
    for freq in (261.63, 523.25, 659.25, 783.99, 1046.5):
        mix(sound, tone(freq, 0.9, decay=2.6, harmonics=brass, attack=0.04), 0.52)
    return sound


def defeat() -> list[float]:
    """The game lost: a slow fall in a minor key that ends low."""
    horn = (1.0, 0.5, 0.25, 0.1)
    sound = silence(0.0)
    for freq, at in ((392.0, 0.0), (311.13, 0.25), (261.63, 0.5)):
        mix(sound, tone(freq, 0.4, decay=4, harmonics=horn, attack=0.05), at)
    mix(sound, tone(196.0, 0.7, decay=3.0, harmonics=horn, attack=0.06), 0.75)
    return sound


def place() -> list[float]:
    """A piece set down: a short wooden knock."""
    rng = random.Random(3)
    sound = noise_burst(0.08, rng, decay=70, tone_freq=420)
    mix(sound, tone(210, 0.08, decay=45, harmonics=(1.0, 0.3)), 0)
    return sound


def flag() -> list[float]:
    """A flag planted: a snare roll and a bright rising pair."""
    rng = random.Random(9)
    sound = silence(0.0)
    for i in range(6):
        mix(sound, noise_burst(0.04, rng, decay=110), i * 0.03)
    bright = (1.0, 0.4, 0.2)
    mix(sound, tone(659.25, 0.18, decay=10, harmonics=bright), 0.18)
    mix(sound, tone(987.77, 0.45, decay=5, harmonics=bright), 0.3)
    return sound


def tick() -> list[float]:
    """One beat of a start count."""
    return tone(660, 0.12, decay=30, harmonics=(1.0, 0.2))


def go() -> list[float]:
    """The start: a horn blast an octave above the count."""
    return tone(1320, 0.5, decay=4, harmonics=(1.0, 0.5, 0.3, 0.15), attack=0.01)


def attacked() -> list[float]:
    """You are attacked and must answer: two quick alarm notes."""
    sound = silence(0.0)
    alarm = (1.0, 0.0, 0.5, 0.0, 0.25)
    mix(sound, tone(740, 0.16, decay=12, harmonics=alarm), 0.0)
    mix(sound, tone(587.33, 0.22, decay=10, harmonics=alarm), 0.15)
    return sound


EFFECTS = {"click": click, "error": error, "dice": dice, "conquest": conquest, "turn": turn, "victory": victory,
           "defeat": defeat, "place": place, "flag": flag, "tick": tick, "go": go, "attacked": attacked}


def write(path: Path, samples: list[float]) -> None:
    wav.write(path, samples, rate=RATE, peak=0.8)


def main() -> int:
    return wav.write_all(OUT, EFFECTS, rate=RATE, peak=0.8)


if __name__ == "__main__":
    raise SystemExit(main())
