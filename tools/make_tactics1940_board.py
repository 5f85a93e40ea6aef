"""Write the Tactics (1940) board data, assets/boards/tactics1940.json.

The rulebook describes the board but prints no diagram; docs/tactics1940.md gives the
design and its reasons. The board has a quarter turn of symmetry, so this script draws
North's home area and the North-West ocean once and turns them three times (a quarter
turn clockwise takes North to East, East to South, South to West), which keeps the
four home areas and the four oceans exactly alike. The rules load and validate the
JSON (engine/tactics1940/board.py); this script is only how it was made.

Run: python tools/make_tactics1940_board.py   (deterministic; rewrites the JSON)
"""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "boards" / "tactics1940.json"
SIZE = 16

# The map, one character a square: '#' off the playing area (the corners with the
# holding areas), '~' ocean, '+' safety zone, an upper-case initial a home area's land
# and the same letter in lower case its seaport.
ROWS = [
    "#####NNNNNN#####",
    "#####NNNNNN#####",
    "#####NnnnnN#####",
    "####~~~~~~~~####",
    "###~~~~~~~~~~###",
    "WWW~~~~~~~~~~EEE",
    "WWw~~~++++~~~eEE",
    "WWw~~~++++~~~eEE",
    "WWw~~~++++~~~eEE",
    "WWw~~~++++~~~eEE",
    "WWW~~~~~~~~~~EEE",
    "###~~~~~~~~~~###",
    "####~~~~~~~~####",
    "#####SssssS#####",
    "#####SSSSSS#####",
    "#####SSSSSS#####",
]

POWERS = ["North", "East", "South", "West"]          # clockwise, the order of play
OCEANS = [("NW", "North-West Ocean"), ("NE", "North-East Ocean"),
          ("SE", "South-East Ocean"), ("SW", "South-West Ocean")]

# North's home area; the others are quarter turns of it.
NORTH = {
    "seaport": [[6, 2], [7, 2], [8, 2], [9, 2]],      # in a line; the middle two are the open squares
    "front": [[7, 3], [8, 3]],                          # directly in front of the open squares
    "bases": [[5, 0], [10, 0]],
    "start": {"battleship": [[6, 2], [7, 2], [8, 2], [9, 2]],
              "transport": [[5, 1], [6, 1], [7, 1], [8, 1], [9, 1], [10, 1]],
              "airplane": [[5, 0], [10, 0]]},
}

# The North-West ocean numbered row by row from the top; the others are quarter turns of it.
NORTH_WEST = [[4, 3], [5, 3], [6, 3], [7, 3],
              [3, 4], [4, 4], [5, 4], [6, 4], [7, 4],
              [3, 5], [4, 5], [5, 5], [6, 5], [7, 5],
              [3, 6], [4, 6], [5, 6],
              [3, 7], [4, 7], [5, 7]]
# The squares of each ocean named by its four submarine cards: one guards a port's
# front square (4), one lies in the open water between two ports (6), one near the
# safety zone on the ocean line (13), one off the zone's flank (20).
SUBMARINE_NUMBERS = [4, 6, 13, 20]

CORNERS = {"davy_jones_locker": "NW", "supply_base": "NE", "gold_reserve": "SE", "chance_deck": "SW"}


def turn(square, times: int):
    """`square` turned a quarter clockwise `times` times about the board's centre."""
    x, y = square
    for _ in range(times):
        x, y = SIZE - 1 - y, x
    return [x, y]


def turned(data, times: int):
    if isinstance(data, dict):
        return {k: turned(v, times) for k, v in data.items()}
    if isinstance(data, list) and len(data) == 2 and all(isinstance(v, int) for v in data):
        return turn(data, times)
    return [turned(v, times) for v in data]


def board() -> dict:
    homes = [{"power": power, **turned(NORTH, i)} for i, power in enumerate(POWERS)]
    oceans = [{"id": oid, "name": name, "squares": turned(NORTH_WEST, i), "submarines": SUBMARINE_NUMBERS}
              for i, (oid, name) in enumerate(OCEANS)]
    return {
        "name": "tactics1940",
        "title": "Tactics (1940)",
        "size": SIZE,
        "legend": {"#": "off the playing area (a corner)", "~": "ocean", "+": "safety zone",
                   "N E S W": "home land of North, East, South, West",
                   "n e s w": "seaport of North, East, South, West"},
        "rows": ROWS,
        "powers": POWERS,
        "homes": homes,
        "oceans": oceans,
        "corners": CORNERS,
    }


def dumps(data) -> str:
    """Indented JSON with every square [x, y] (and every list of numbers) kept on one line."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[[\s\d,\[\]]*\]", lambda m: json.dumps(json.loads(m.group(0))), text)


def main():
    OUT.write_text(dumps(board()) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
