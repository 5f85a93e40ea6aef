"""Write the designed map of Avalon Hill's Tactics (1954/1983) to assets/boards/ah_tactics.json.

The rulebook never printed its map, so this one is designed (docs/ah_tactics.md, "The map").
Only Blue's half (the north, rows 0-17) is written out here; Red's half is its mirror image
across the middle of the board (row y <-> row 35 - y), so both armies face the same ground.
Features that cross the middle (the border river, the roads and railroads between the
halves) are written once and mirrored onto themselves.

Run: python tools/make_ah_tactics_map.py   (deterministic; rewrites the JSON, then loads it
through the rules' validator). `--show` also prints the map as characters.
"""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "assets" / "boards" / "ah_tactics.json"

W, H = 48, 36
HALF = H // 2  # Blue holds rows 0..17, Red rows 18..35


def mirror(sq):
    return [sq[0], H - 1 - sq[1]]


def mirror_point(p):
    """A corner point (rivers run along square edges, between corner points 0..W x 0..H)."""
    return [p[0], H - p[1]]


def rect(x0, x1, y0, y1):
    return [[x, y] for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


# ----- Blue's half -------------------------------------------------------------------------
# Sea along the west coast: the first SEA_WIDTH[y] columns of row y are sea.
SEA_WIDTH = [4, 4, 3, 3, 3, 3, 4, 5, 5, 4, 3, 3, 2, 2, 2, 2, 2, 2]

FORESTS = {  # name -> squares
    "Blackwood": rect(6, 9, 14, 16),
    "Elm Forest": rect(27, 29, 13, 16),
    "North Wood": rect(37, 40, 2, 4),
    "Fir Wood": rect(10, 12, 1, 2),
}
# The eastern massif runs across the border (mirrored below); Stone Ridge guards the west-centre.
MOUNTAINS = {
    "Iron Mountains": [[x, y] for y, x0 in ((12, 44), (13, 43), (14, 42), (15, 41), (16, 40), (17, 40))
                       for x in range(x0, W)],
    "Stone Ridge": rect(17, 19, 14, 15),
}

# Cities: (name, squares, capital, docks). Docks are the port's squares on the water.
BLUE_CITIES = [
    ("Blue Capital", rect(22, 24, 2, 3), True, []),
    ("Northport", rect(3, 5, 3, 5), False, [[3, 3], [3, 4], [3, 5]]),
    ("Gull Harbor", rect(2, 3, 12, 13), False, [[2, 12], [2, 13]]),
    ("Millbrook", rect(31, 32, 10, 11), False, []),
    ("Ironford", rect(13, 14, 11, 11), False, []),
]
RED_NAMES = {"Blue Capital": "Red Capital", "Northport": "Southport", "Gull Harbor": "Heron Harbor",
             "Millbrook": "Lumber City", "Ironford": "Stonebridge"}

BEACHES = {  # name -> squares (land on the shore where amphibious divisions may land)
    "North Strand": [[4, 0], [4, 1], [3, 2]],
    "Amber Beach": [[5, 7], [5, 8], [4, 9], [3, 10], [3, 11]],
    "Gull Sands": [[2, 14], [2, 15], [2, 16], [2, 17]],
}
RED_BEACH_NAMES = {"North Strand": "South Strand", "Amber Beach": "Coral Beach", "Gull Sands": "Heron Sands"}

# Rivers as corner-point polylines. The Wend crosses Blue's half from the massif to the sea.
WEND = [[44, 12], [24, 12], [24, 13], [16, 13], [16, 12], [3, 12]]
# The Mere runs along the border itself (between rows 17 and 18) from Elm Forest to the massif.
MERE = [[26, 18], [40, 18]]

# Roads and railroads as square polylines (each step to one of the 8 neighbours).
DIAGONAL = [[24, 3], [25, 4], [26, 5], [27, 6], [28, 7], [29, 8], [30, 9], [31, 10]]  # capital -> Millbrook
BLUE_LINES = [
    # (Blue's name, Red's name, kind, squares) in Blue's half only; mirrored for Red.
    ("Coast Line", "South Coast Line", "rail", [[x, 3] for x in range(5, 25)]),   # Northport - capital
    ("Millbrook Line", "Lumber Line", "rail", DIAGONAL),                          # the double line, rail
    ("Millbrook Road", "Lumber Road", "road", DIAGONAL),                          # the double line, road
    ("Harbor Road", "Heron Road", "road", [[5, 5], [6, 6], [6, 7], [6, 8], [5, 9], [4, 10], [4, 11], [4, 12],
                                           [3, 12]]),
]
# Lines that cross the border: Blue's part, continued by its mirror image into Red's half.
CROSSING_LINES = [
    ("Trunk Line", "rail", [[31, y] for y in range(11, HALF)]),                   # Millbrook - Lumber City
    ("Capital Road", "road", [[23, y] for y in range(3, HALF)]),                  # capital - capital
    ("Western Road", "road", [[23, 7], [22, 8], [21, 9], [20, 10], [19, 11], [18, 11], [17, 11], [16, 11],
                              [15, 11], [14, 11], [13, 11], [13, 12], [12, 13], [12, 14], [12, 15], [12, 16],
                              [12, 17]]),
    ("Coast Road", "road", [[3, 13], [3, 14], [3, 15], [3, 16], [3, 17]]),
]

# Bivouac areas, named for the formations that set up in them (engine/ah_tactics/units.py).
BIVOUACS = {
    "1st Army Group": rect(26, 27, 0, 1),
    "Replacement Center": rect(15, 18, 0, 1),
    "1st Army": rect(7, 9, 5, 6),
    "2nd Army": rect(36, 38, 6, 7),
    "IC": rect(7, 10, 8, 10),
    "IIC": rect(15, 18, 7, 9),
    "IIIC": rect(24, 27, 8, 10),
    "IVC": rect(34, 37, 9, 11),
}


# ----- building the whole board ------------------------------------------------------------
def terrain_rows() -> list[str]:
    grid = [["." for _ in range(W)] for _ in range(H)]
    for y in range(HALF):
        for x in range(SEA_WIDTH[y]):
            grid[y][x] = "~"
    for squares in FORESTS.values():
        for x, y in squares:
            grid[y][x] = "F"
    for squares in MOUNTAINS.values():
        for x, y in squares:
            grid[y][x] = "M"
    for y in range(HALF):
        grid[H - 1 - y] = list(grid[y])
    return ["".join(row) for row in grid]


def both(squares):
    return squares, [mirror(s) for s in squares]


def cities():
    out = []
    for name, squares, capital, docks in BLUE_CITIES:
        for side, nm, sq, dk in (("blue", name, squares, docks),
                                 ("red", RED_NAMES[name], [mirror(s) for s in squares], [mirror(s) for s in docks])):
            city = {"name": nm, "side": side, "capital": capital, "squares": sorted(sq, key=lambda s: (s[1], s[0]))}
            if dk:
                city["port"] = {"docks": dk}
            out.append(city)
    return out


def beaches():
    out = []
    for name, squares in BEACHES.items():
        out.append({"name": name, "side": "blue", "squares": squares})
        out.append({"name": RED_BEACH_NAMES[name], "side": "red", "squares": [mirror(s) for s in squares]})
    return out


def rivers():
    return [
        {"name": "Wend", "points": WEND},
        {"name": "Marl", "points": [mirror_point(p) for p in WEND]},
        {"name": "Mere", "points": MERE},
    ]


def lines():
    out = []
    for blue_name, red_name, kind, squares in BLUE_LINES:
        out.append({"name": blue_name, "kind": kind, "side": "blue", "squares": squares})
        out.append({"name": red_name, "kind": kind, "side": "red", "squares": [mirror(s) for s in squares]})
    for name, kind, squares in CROSSING_LINES:
        whole = squares + [mirror(s) for s in reversed(squares)]
        out.append({"name": name, "kind": kind, "side": None, "squares": whole})
    return out


def bridges(river_list, line_list):
    """A bridge wherever a road or railroad steps straight across a river edge."""
    edges = set()
    for river in river_list:
        pts = river["points"]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            step_x = (bx > ax) - (bx < ax)
            step_y = (by > ay) - (by < ay)
            x, y = ax, ay
            while (x, y) != (bx, by):
                nx, ny = x + step_x, y + step_y
                if ny == y:   # horizontal edge at row line y, squares (min x, y-1) | (min x, y)
                    cx = min(x, nx)
                    edges.add(((cx, y - 1), (cx, y)))
                else:         # vertical edge at column line x, squares (x-1, min y) | (x, min y)
                    cy = min(y, ny)
                    edges.add(((x - 1, cy), (x, cy)))
                x, y = nx, ny
    found = []
    for line in line_list:
        sq = line["squares"]
        for a, b in zip(sq, sq[1:]):
            key = tuple(sorted([tuple(a), tuple(b)]))
            if key in edges and [list(key[0]), list(key[1])] not in found:
                found.append([list(key[0]), list(key[1])])
    return sorted(found)


def bivouacs():
    out = []
    for name, squares in BIVOUACS.items():
        out.append({"name": name, "side": "blue", "squares": squares})
        out.append({"name": name, "side": "red", "squares": [mirror(s) for s in squares]})
    return out


def labels():
    out = []

    def centre(squares):
        xs = sorted(s[0] for s in squares)
        ys = sorted(s[1] for s in squares)
        return [xs[len(xs) // 2], ys[len(ys) // 2]]

    for c in cities():
        out.append({"text": c["name"], "kind": "city", "at": centre(c["squares"])})
    for name, squares in FORESTS.items():
        out.append({"text": name, "kind": "forest", "at": centre(squares)})
        out.append({"text": name, "kind": "forest", "at": mirror(centre(squares))})
    for name, squares in MOUNTAINS.items():
        if name == "Iron Mountains":
            out.append({"text": name, "kind": "mountain", "at": [45, 17]})
        else:
            out.append({"text": name, "kind": "mountain", "at": centre(squares)})
            out.append({"text": name, "kind": "mountain", "at": mirror(centre(squares))})
    out += [{"text": "Wend", "kind": "river", "at": [9, 11]}, {"text": "Marl", "kind": "river", "at": [9, 24]},
            {"text": "Mere", "kind": "river", "at": [34, 17]}]
    for b in beaches():
        out.append({"text": b["name"], "kind": "beach", "at": centre(b["squares"])})
    return out


def board() -> dict:
    river_list = rivers()
    line_list = lines()
    return {
        "name": "ah_tactics",
        "title": "Tactics: the 1954 map (designed for Sandtable)",
        "width": W, "height": H,
        "legend": {".": "clear", "F": "forest", "M": "mountain", "~": "sea"},
        "terrain": terrain_rows(),
        "sides": [{"name": "blue", "rows": [0, HALF - 1], "home": "north"},
                  {"name": "red", "rows": [HALF, H - 1], "home": "south"}],
        "cities": cities(),
        "beaches": beaches(),
        "rivers": river_list,
        "bridges": bridges(river_list, line_list),
        "lines": line_list,
        "bivouacs": bivouacs(),
        "labels": labels(),
    }


def show(data: dict) -> str:
    rows = [list(r) for r in data["terrain"]]
    for c in data["cities"]:
        for x, y in c["squares"]:
            rows[y][x] = "C" if c["capital"] else "c"
        for x, y in c.get("port", {}).get("docks", []):
            rows[y][x] = "D"
    for b in data["beaches"]:
        for x, y in b["squares"]:
            rows[y][x] = "b"
    for line in data["lines"]:
        for x, y in line["squares"]:
            if rows[y][x] in ".F":
                rows[y][x] = "=" if line["kind"] == "rail" else "+"
    for b in data["bivouacs"]:
        for x, y in b["squares"]:
            if rows[y][x] == ".":
                rows[y][x] = b["name"][0] if b["name"][0] != "I" else "i"
    return "\n".join(f"{y:2d} " + "".join(r) for y, r in enumerate(rows))


def main():
    data = board()
    text = json.dumps(data, indent=1)
    # one square per line is unreadable: keep each [x, y] pair (and each bridge) on one line
    text = re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text)
    text = re.sub(r"\[\s+(\[\d+, \d+\]),\s+(\[\d+, \d+\])\s+\]", r"[\1, \2]", text)
    OUT.write_text(text + "\n", encoding="utf-8")
    from engine.ah_tactics.board import load  # validate through the rules' own loader
    load.cache_clear()
    load()
    if "--show" in sys.argv:
        print(show(data))
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
