"""A seeded random source whose draws are the same on every machine and Python.

Only `getrandbits` of the Mersenne Twister is used: its output for an integer
seed is fixed by the algorithm, while helpers such as `randrange` or `shuffle`
have changed between Python releases.
"""
import random


class Rng:
    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError("seed must be a non-negative integer")
        self.seed = seed
        self._mt = random.Random(seed)
        self._armed = False   # a checkpoint is wanted before the next draw
        self._saved = None    # the generator's state at the checkpoint, once something was drawn

    def _bits(self, k: int) -> int:
        if self._armed:
            # Copying the generator's state costs microseconds; most actions draw nothing,
            # so the copy is taken only when the first draw after a checkpoint comes.
            self._saved = self._mt.getstate()
            self._armed = False
        return self._mt.getrandbits(k)

    def checkpoint(self) -> None:
        """Remember the state as it is now, so that `rollback` can return to it."""
        self._armed, self._saved = True, None

    def drew_since_checkpoint(self) -> bool:
        """True once anything was drawn since the last `checkpoint` (an action that drew cannot be undone)."""
        return not self._armed

    def rollback(self) -> None:
        """Undo every draw since the last `checkpoint`."""
        if self._saved is not None:
            self._mt.setstate(self._saved)
        self._armed, self._saved = True, None

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        bits = n.bit_length()
        while True:
            r = self._bits(bits)
            if r < n:
                return r

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]

    def coin(self) -> bool:
        return self._bits(1) == 1

    def choice(self, seq):
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def __deepcopy__(self, memo) -> "Rng":
        twin = Rng(self.seed)
        twin._mt.setstate(self._mt.getstate())
        twin._armed, twin._saved = self._armed, self._saved
        return twin

    def getstate(self):
        return self._mt.getstate()

    def setstate(self, state) -> None:
        self._mt.setstate(state)
