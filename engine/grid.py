"""Geometry of boards made of squares, shared by every game played on a square grid.

A square is an (x, y) tuple inside the engine (x grows east, y grows south) and a
two-integer list [x, y] in actions, views and saved state.
"""

# The eight king-move steps, in a fixed order so every listing is deterministic.
KING_STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def text(square) -> str:
    """A square as players read it, in refusals and logs alike: "12,30" (column, row)."""
    return f"{square[0]},{square[1]}"


def in_bounds(square, width: int, height: int) -> bool:
    x, y = square
    return 0 <= x < width and 0 <= y < height


def neighbours(square, width: int, height: int) -> list:
    """The up-to-eight squares one king move away, in KING_STEPS order."""
    x, y = square
    return [(x + dx, y + dy) for dx, dy in KING_STEPS if 0 <= x + dx < width and 0 <= y + dy < height]


def adjacent(a, b) -> bool:
    """True when b is one king move from a (horizontal, vertical or diagonal)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def diagonal(a, b) -> bool:
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def chebyshev(a, b) -> int:
    """King-move distance between two squares."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def as_square(value, width: int, height: int):
    """An (x, y) tuple from a two-integer list inside the board, or None if it is not one."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and in_bounds(value, width, height)):
        return (value[0], value[1])
    return None
