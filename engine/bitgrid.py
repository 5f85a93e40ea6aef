"""Sets of squares of a width x height board as Python integers (bit y * width + x).

Union, intersection and difference of whole regions are one integer operation each, and a
step of every square of a set in one king direction is one shift: flood fills and bounded
reach searches over a few thousand squares then cost a few hundred integer operations
instead of a Python loop over squares. Used by games played on square grids (engine/grid.py
has the single-square geometry).
"""
from engine.grid import KING_STEPS

# For every byte value, the offsets of its set bits (to list a set's squares quickly).
_BYTE_BITS = tuple(tuple(b for b in range(8) if v >> b & 1) for v in range(256))
DIGITS_AS_BYTES = bytes.maketrans(b"01", b"\x00\x01")   # a binary string's digits as bytes 0 and 1


class BitGrid:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.size = width * height
        self.full = (1 << self.size) - 1
        self._nbytes = (self.size + 7) // 8
        first_col = sum(1 << (y * width) for y in range(height))
        last_col = first_col << (width - 1)
        first_row = (1 << width) - 1
        last_row = first_row << (width * (height - 1))
        # Per king step (KING_STEPS order): the squares that have a neighbour that way, and the shift.
        self.steps = []
        for dx, dy in KING_STEPS:
            src = self.full
            if dx > 0:
                src &= ~last_col
            if dx < 0:
                src &= ~first_col
            if dy > 0:
                src &= ~last_row
            if dy < 0:
                src &= ~first_row
            self.steps.append((src, dy * width + dx))
        self.square_list = [[i % width, i // width] for i in range(self.size)]

    # ----- single squares ---------------------------------------------------------------
    def index(self, square) -> int:
        return square[1] * self.width + square[0]

    def bit(self, square) -> int:
        return 1 << (square[1] * self.width + square[0])

    def square(self, index: int) -> tuple:
        return (index % self.width, index // self.width)

    # ----- sets ---------------------------------------------------------------------------
    def of(self, squares) -> int:
        bits = 0
        for sq in squares:
            bits |= 1 << (sq[1] * self.width + sq[0])
        return bits

    def indices(self, bits: int) -> list[int]:
        """The indices of the squares in `bits`, ascending (row by row)."""
        out = []
        if not bits:
            return out
        data = bits.to_bytes(self._nbytes, "little")
        for i, byte in enumerate(data):
            if byte:
                base = i * 8
                out.extend(base + b for b in _BYTE_BITS[byte])
        return out

    def flags(self, bits: int) -> bytes:
        """One byte per square, in index order: 1 for the squares in `bits`, 0 elsewhere (built in C)."""
        return format(bits, f"0{self.size}b")[::-1].encode().translate(DIGITS_AS_BYTES)

    def squares(self, bits: int) -> list[tuple]:
        w = self.width
        return [(i % w, i // w) for i in self.indices(bits)]

    def count(self, bits: int) -> int:
        return bits.bit_count()

    def shift(self, bits: int, step: int) -> int:
        """Every square of `bits` moved one king step (KING_STEPS[step]); squares leaving the board drop."""
        src, amount = self.steps[step]
        bits &= src
        return bits << amount if amount > 0 else bits >> -amount

    def dilate(self, bits: int) -> int:
        """`bits` and every square one king step from it."""
        out = bits
        for src, amount in self.steps:
            b = bits & src
            out |= b << amount if amount > 0 else b >> -amount
        return out

    def box(self, square, radius: int) -> int:
        """The squares within `radius` king steps of `square`."""
        x0, x1 = max(0, square[0] - radius), min(self.width - 1, square[0] + radius)
        y0, y1 = max(0, square[1] - radius), min(self.height - 1, square[1] + radius)
        row = ((1 << (x1 - x0 + 1)) - 1) << x0
        bits = 0
        for y in range(y0, y1 + 1):
            bits |= row << (y * self.width)
        return bits

    def flood(self, seeds: int, passable: int) -> int:
        """Every square joined to `seeds` by king steps through `passable` squares (seeds included)."""
        region = seeds
        while True:
            grown = (self.dilate(region) & passable) | region
            if grown == region:
                return region
            region = grown
