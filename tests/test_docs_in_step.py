"""The docs say what ships (issue 15): every file or folder README.md, docs/*.md and the in-game
help name by a path is in this repository, every relative link and image resolves, and the
games README and pyproject.toml present are the games the program offers.

Paths outside the repository (an OCR scan of a rulebook, a machine's folders) are cited by
name, never by path, since a reader of the repository cannot open them.
"""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "game" / "help").glob("*.md"))]
# Folders a reader makes by following the README (a venv, build output): named, never shipped.
MADE_BY_THE_READER = {".venv", "dist", "build"}
IN_BACKTICKS = re.compile(r"`([^`\n]+)`")
# A path inside backticks: word characters, dots and dashes, with at least one slash between them;
# `*` and a <placeholder> stand for any name (at least one file must match).
PATH_TOKEN = re.compile(r"(/?)((?:[\w.\-*]+/)+[\w.\-*]*)")
PLACEHOLDER = re.compile(r"<[\w ]+>")
LINK = re.compile(r"\]\(([^)\s]+)\)")
COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
GAME_COUNT = re.compile(r"\b(two|three|four|five|six|seven|\d+)\s+(?:classic\s+)?(?:board\s+)?(?:war)?games\b",
                        re.IGNORECASE)


def named_paths(text: str) -> list[tuple[str, bool]]:
    """(path, absolute) for each path written in backticks."""
    out = []
    for span in IN_BACKTICKS.findall(text):
        for slash, path in PATH_TOKEN.findall(PLACEHOLDER.sub("*", span)):
            out.append((path, bool(slash)))
    return out


def _exists(folder: Path, path: str) -> bool:
    if "*" in path:
        return any(folder.glob(path.rstrip("/")))
    return (folder / path).exists()


def problems(doc: Path) -> list[str]:
    text = doc.read_text(encoding="utf-8")
    out = []
    for path, absolute in named_paths(text):
        first = path.split("/")[0]
        if absolute:
            out.append(f"/{path} is an absolute path: outside the repository, cite it by name")
        elif first not in MADE_BY_THE_READER and not _exists(ROOT, path) and not _exists(doc.parent, path):
            out.append(f"{path} does not exist in the repository")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        file = target.split("#")[0]
        if file and not (doc.parent / file).exists():
            out.append(f"the link {target} points at nothing")
    return out


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_and_link_in_the_docs_is_in_the_repository(doc):
    assert problems(doc) == []


def test_the_path_check_catches_what_does_not_ship(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("Rules: `/work/shared/rules/civil_war.txt`, see `engine/no_such.py: f` and `.venv/bin/` and "
                   "[a](missing.md#top), [b](https://example.org), `engine/games.py`, `engine/<name>.py`, "
                   "`docs/*.txt`.")
    assert problems(doc) == ["/work/shared/rules/civil_war.txt is an absolute path: outside the repository, "
                             "cite it by name", "engine/no_such.py does not exist in the repository",
                             "docs/*.txt does not exist in the repository",
                             "the link missing.md#top points at nothing"]


def offered() -> list[str]:
    """The games the program offers (asked in a fresh process: the test suite registers games of its own)."""
    done = subprocess.run([sys.executable, "-c", "from engine import games; print(','.join(games.available()))"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip().split(",")


def test_the_readme_lists_exactly_the_games_offered():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The games", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE)
    assert listed == offered()


def test_no_count_of_games_disagrees_with_the_games_offered():
    offered_count = len(offered())
    texts = {"pyproject.toml": tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["description"],
             "README.md": (ROOT / "README.md").read_text(encoding="utf-8")}
    for name, text in texts.items():
        for word in GAME_COUNT.findall(text):
            count = int(word) if word.isdigit() else COUNT_WORDS[word.lower()]
            assert count == offered_count, f"{name} speaks of {word} games; {offered_count} are offered"
