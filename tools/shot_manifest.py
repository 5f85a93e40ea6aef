"""Whether docs/screenshots/ shows the window as the code draws it now.

`tools/screenshots.py` writes MANIFEST.json beside the pictures: the names of the pictures it
made and one digest of every file that decides how a screen looks (the catalog, the window's code in game/,
its help texts, key cards and lessons, the art and board data in assets/, and the screenshot scripts themselves). A test
recomputes the digest: when any of those files changed since the pictures were made, the pictures
may be out of date, and the test says to run `python tools/screenshots.py` again. (The rules in
engine/ are left out: they change what happens in a game, not how a screen is drawn.)
"""
import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS_DIR = ROOT / "docs" / "screenshots"
MANIFEST = "MANIFEST.json"
SOURCES = ("catalog/*.py", "game/**/*.py", "game/help/*.md", "game/help/keys/*.json", "game/help/rules/*.toml",
           "game/tutorials/*.toml", "assets/art/**/*", "assets/boards/**/*", "tools/screenshots.py",
           "tools/board_shots/*.py")


def sources() -> list[Path]:
    found = {p for pattern in SOURCES for p in ROOT.glob(pattern) if p.is_file() and "__pycache__" not in p.parts}
    return sorted(found)


def digest() -> str:
    h = hashlib.sha256()
    for path in sources():
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n"))   # a checkout with Windows line ends is the same code
        h.update(b"\0")
    return h.hexdigest()


def write(out: Path, shots: list[str]) -> Path:
    path = Path(out) / MANIFEST
    path.write_text(json.dumps({"made_from": digest(), "shots": sorted(shots)}, indent=2) + "\n")
    return path


def read(out: Path = SHOTS_DIR) -> dict:
    return json.loads((Path(out) / MANIFEST).read_text())
