"""Make the window's music by synthesis (stdlib `wave` + math), into assets/music/*.wav.

    python tools/make_music.py

Two loops, each a few bars that end where they begin so they repeat without a seam:
  * `menu`     — a slow, stately march in D minor for the title and menus;
  * `campaign` — a quieter field-drum and pad loop under play, so it never covers the sounds.
Mono, 16 kHz (the pads and horns need no more, and the files stay small), deterministic:
re-running writes the same files.
"""
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import wav  # noqa: E402

RATE = 16000
OUT = Path(__file__).resolve().parents[1] / "assets" / "music"
A4 = 440.0
NOTES = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def freq(name: str) -> float:
    """'D4', 'Bb3', 'F#5' -> Hz."""
    letter, rest = name[0], name[1:]
    shift = 0
    while rest and rest[0] in "b#":
        shift += -1 if rest[0] == "b" else 1
        rest = rest[1:]
    semis = NOTES[letter] + shift + (int(rest) - 4) * 12
    return A4 * 2 ** (semis / 12)


def note(buf: list[float], at: float, f: float, seconds: float, level: float, *, harmonics=(1.0,),
         attack: float = 0.02, release: float = 0.1, vibrato: float = 0.0) -> None:
    """Add one note to `buf` (seconds from the loop's start; wraps round the end, so a loop has no seam)."""
    n = len(buf)
    start = int(at * RATE)
    length = int((seconds + release) * RATE)
    phase = 0.0
    for i in range(length):
        t = i / RATE
        env = min(1.0, t / attack) if t < seconds else max(0.0, 1 - (t - seconds) / release)
        wobble = 1 + vibrato * math.sin(math.tau * 5.0 * t)
        phase += math.tau * f * wobble / RATE
        value = sum(w * math.sin(phase * (k + 1)) for k, w in enumerate(harmonics))
        buf[(start + i) % n] += level * env * value


def drum(buf: list[float], at: float, level: float, rng: random.Random, *, snare: bool) -> None:
    """A field drum: a noise hit (snare) or a low thump."""
    n = len(buf)
    start = int(at * RATE)
    for i in range(int(0.18 * RATE)):
        t = i / RATE
        if snare:
            value = rng.uniform(-1, 1) * math.exp(-28 * t)
        else:
            value = math.sin(math.tau * (90 - 40 * t) * t) * math.exp(-14 * t)
        buf[(start + i) % n] += level * value


PAD = (1.0, 0.35, 0.15)
HORN = (1.0, 0.55, 0.35, 0.2, 0.1)


def menu() -> list[float]:
    """D minor, 84 beats a minute, 8 bars of 4: i - VI - III - VII, twice, a horn tune over a pad and drums."""
    beat = 60 / 84
    bars = 8
    buf = [0.0] * int(bars * 4 * beat * RATE)
    rng = random.Random(1861)
    chords = [("D3", "F3", "A3"), ("Bb2", "D3", "F3"), ("F3", "A3", "C4"), ("C3", "E3", "G3")] * 2
    for bar, chord in enumerate(chords):
        at = bar * 4 * beat
        for name in chord:
            note(buf, at, freq(name), 4 * beat - 0.05, 0.10, harmonics=PAD, attack=0.4, release=0.5)
        note(buf, at, freq(chord[0]) / 2, 2 * beat, 0.16, harmonics=(1.0, 0.4), attack=0.03, release=0.2)
        note(buf, at + 2 * beat, freq(chord[0]) / 2, 2 * beat, 0.13, harmonics=(1.0, 0.4), attack=0.03, release=0.2)
        for b in range(4):
            drum(buf, at + b * beat, 0.10 if b % 2 == 0 else 0.06, rng, snare=b % 2 == 1)
        drum(buf, at + 3.5 * beat, 0.04, rng, snare=True)
    tune = [("A4", 1.5), ("D5", 0.5), ("D5", 1), ("E5", 1), ("F5", 2), ("D5", 2),
            ("F5", 1.5), ("E5", 0.5), ("D5", 1), ("C5", 1), ("A4", 4),
            ("C5", 1.5), ("D5", 0.5), ("E5", 1), ("G5", 1), ("F5", 2), ("E5", 2),
            ("D5", 1.5), ("C5", 0.5), ("E5", 1), ("C#5", 1), ("D5", 4)]
    at = 0.0
    for name, beats in tune:
        note(buf, at, freq(name), beats * beat * 0.92, 0.11, harmonics=HORN, attack=0.04, release=0.15,
             vibrato=0.004)
        at += beats * beat
    return buf


def campaign() -> list[float]:
    """A minor, 96 beats a minute, 8 bars: a low pad, a walking bass and soft drums, no tune to talk over."""
    beat = 60 / 96
    bars = 8
    buf = [0.0] * int(bars * 4 * beat * RATE)
    rng = random.Random(1968)
    chords = [("A2", "C3", "E3"), ("F2", "A2", "C3"), ("G2", "B2", "D3"), ("E2", "G#2", "B2")] * 2
    for bar, chord in enumerate(chords):
        at = bar * 4 * beat
        for name in chord:
            note(buf, at, freq(name) * 2, 4 * beat - 0.05, 0.07, harmonics=PAD, attack=0.6, release=0.6)
        walk = [chord[0], chord[1], chord[2], chord[1]]
        for b, name in enumerate(walk):
            note(buf, at + b * beat, freq(name) / 2 * 2, beat * 0.8, 0.13, harmonics=(1.0, 0.5, 0.2), attack=0.02,
                 release=0.1)
            drum(buf, at + b * beat, 0.05 if b % 2 else 0.08, rng, snare=b % 2 == 1)
            drum(buf, at + (b + 0.5) * beat, 0.025, rng, snare=True)
    return buf


TRACKS = {"menu": menu, "campaign": campaign}


def main() -> int:
    return wav.write_all(OUT, TRACKS, rate=RATE, peak=0.7)


if __name__ == "__main__":
    raise SystemExit(main())
