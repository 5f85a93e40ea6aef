"""docs/protocol.md is what an independent client is written from: its links to other pages must land."""
import re
from pathlib import Path

import pytest

from engine import games

DOCS = Path(__file__).resolve().parents[2] / "docs"


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (not - or _), spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", page.read_text(encoding="utf-8"), re.M)}


def links():
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    return re.findall(r"\]\(([\w./-]+\.md)(?:#([^)]+))?\)", text)


def test_slug_matches_githubs_rule():
    assert slug("Protocol: civil_war") == "protocol-civil_war"
    assert slug("The board (assets/boards/situation4.json)") == "the-board-assetsboardssituation4json"


@pytest.mark.parametrize("target, anchor", links())
def test_every_link_in_protocol_md_lands_on_a_page_and_heading(target, anchor):
    page = DOCS / target
    assert page.is_file(), f"docs/protocol.md links to a missing page {target}"
    if anchor:
        assert anchor in anchors(page), f"{target} has no heading for #{anchor}"


@pytest.mark.parametrize("game", [g for g in games.available() if g != "toy"])  # toy: the tests' own game
def test_every_game_has_a_protocol_section(game):
    """Each game's actions, events and view are documented (here, or on a page linked from here)."""
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(game)} — ", text, re.M), f"docs/protocol.md has no section for {game}"
