"""Cut the Situation 4 puzzle into interlocking jigsaw pieces and write their shapes.

Reads the layout (assets/boards/situation4.json) and writes
assets/boards/situation4_pieces.json: one piece per slot with its edge signs
(+1 tab, -1 blank, 0 flat rim) and its outline polygon in board units (the
layout's `cell` units per slot, y downwards), ready to be drawn as a sprite.

Deterministic: the same layout (its `piece_seed`) always gives the same file.
Each inner edge gets one knob-shaped tab whose position and size are drawn at
random, so both pieces meeting there share the exact same curve and every
piece's shape is unique.

    python tools/make_situation4_pieces.py [--check]
"""
import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.situation4.board import PIECES_FILE, load_layout  # noqa: E402

ARC_POINTS = 13  # points on the round head of a tab


def tab_curve(rng: random.Random) -> list[tuple[float, float]]:
    """One edge as (u along 0..1, v across) points; v > 0 is the side the tab bulges into."""
    centre = rng.uniform(0.40, 0.60)
    radius = rng.uniform(0.105, 0.130)
    neck = rng.uniform(0.100, 0.130)         # narrower than the head: the knob locks in
    head = rng.uniform(0.155, 0.180)         # height of the head's centre above the edge
    gamma = math.asin(neck / 2 / radius)
    start, stop = -math.pi / 2 - gamma, -5 * math.pi / 2 + gamma  # round over the top
    arc = [(centre + radius * math.cos(a), head + radius * math.sin(a))
           for a in (start + (stop - start) * k / (ARC_POINTS - 1) for k in range(ARC_POINTS))]
    return [(0.0, 0.0), (centre - neck / 2, 0.0), *arc, (centre + neck / 2, 0.0), (1.0, 0.0)]


def cut(board, seed: int) -> dict:
    rng = random.Random(seed)
    size = board.cell
    horizontal, vertical = {}, {}  # (row, col) of the piece above / left of the edge -> points

    # Horizontal edges: between (r, c) above and (r+1, c) below, running left to right.
    for r in range(board.rows - 1):
        for c in range(board.cols):
            sign = rng.choice((1, -1))  # +1: the upper piece carries the tab (bulging down)
            horizontal[(r, c)] = (sign, [((c + u) * size, (r + 1 + sign * v) * size) for u, v in tab_curve(rng)])
    # Vertical edges: between (r, c) left and (r, c+1) right, running top to bottom.
    for r in range(board.rows):
        for c in range(board.cols - 1):
            sign = rng.choice((1, -1))  # +1: the left piece carries the tab (bulging right)
            vertical[(r, c)] = (sign, [((c + 1 + sign * v) * size, (r + u) * size) for u, v in tab_curve(rng)])

    pieces = []
    for slot in range(board.n):
        r, c = board.row_col(slot)
        x0, y0, x1, y1 = c * size, r * size, (c + 1) * size, (r + 1) * size
        # Clockwise on screen: top left->right, right top->bottom, bottom right->left, left bottom->top.
        if r > 0:
            sign, pts = horizontal[(r - 1, c)]
            top, n = pts, -sign
        else:
            top, n = [(x0, y0), (x1, y0)], 0
        if c < board.cols - 1:
            sign, pts = vertical[(r, c)]
            right, e = pts, sign
        else:
            right, e = [(x1, y0), (x1, y1)], 0
        if r < board.rows - 1:
            sign, pts = horizontal[(r, c)]
            bottom, s = pts[::-1], sign
        else:
            bottom, s = [(x1, y1), (x0, y1)], 0
        if c > 0:
            sign, pts = vertical[(r, c - 1)]
            left, w = pts[::-1], -sign
        else:
            left, w = [(x0, y1), (x0, y0)], 0
        outline = [[round(x, 1), round(y, 1)] for side in (top, right, bottom, left) for x, y in side[:-1]]
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        pieces.append({"id": slot, "row": r, "col": c, "edges": {"n": n, "e": e, "s": s, "w": w},
                       "bbox": [min(xs), min(ys), max(xs), max(ys)], "outline": outline})
    return {"generated_by": "tools/make_situation4_pieces.py", "seed": seed, "cell": size, "pieces": pieces}


def render(board) -> str:
    return json.dumps(cut(board, board.piece_seed), separators=(",", ":")) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check the committed file is up to date")
    args = ap.parse_args(argv)
    text = render(load_layout())
    if args.check:
        current = PIECES_FILE.read_text(encoding="utf-8") if PIECES_FILE.exists() else ""
        if current != text:
            print(f"{PIECES_FILE.name} is out of date; run tools/make_situation4_pieces.py", file=sys.stderr)
            return 1
        print(f"{PIECES_FILE.name} is up to date")
        return 0
    PIECES_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {PIECES_FILE} ({board_summary(text)})")
    return 0


def board_summary(text: str) -> str:
    data = json.loads(text)
    return f"{len(data['pieces'])} pieces, seed {data['seed']}"


if __name__ == "__main__":
    sys.exit(main())
