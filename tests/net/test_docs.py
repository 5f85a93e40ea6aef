"""docs/protocol.md is what an independent client is written from: its links to other pages must land."""
import re
from pathlib import Path

import pytest

from tests.own_games import product_games

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


@pytest.mark.parametrize("game", product_games())  # not the tests' own games (tests/own_games.py)
def test_every_game_has_a_protocol_section(game):
    """Each game's actions, events and view are documented (here, or on a page linked from here)."""
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(game)} — ", text, re.M), f"docs/protocol.md has no section for {game}"


ROOT = Path(__file__).resolve().parents[2]
SHARED = [ROOT.parent / "shared" / "PROTOCOL.md", ROOT.parent.parent / "shared" / "PROTOCOL.md"]  # beside the clone


def shared_protocol() -> str:
    found = [p for p in SHARED if p.is_file()]
    if not found:
        pytest.skip("the shared PROTOCOL.md is not beside this checkout")
    return found[0].read_text(encoding="utf-8")


def test_every_error_code_of_the_shared_protocol_is_in_the_hosts_error_table():
    """docs/protocol.md matches ../shared/PROTOCOL.md: each `err` code the protocol names is in the table of
    errors the host sends, with when it is sent and what follows."""
    text = shared_protocol()
    codes = set(re.findall(r"code `(\w+)`", text))
    for listed in re.findall(r'"code":((?:"\w+"\|?)+)', text):  # "code":"not_your_turn"|"illegal"|...
        codes |= set(re.findall(r'"(\w+)"', listed))
    assert {"stale_seq", "slow_down", "too_slow", "full", "bad_frame"} <= codes
    table = (DOCS / "protocol.md").read_text(encoding="utf-8")
    errors = table[table.index("### Errors the host sends"):table.index("### Limits")]
    missing = [c for c in sorted(codes) if f"`{c}`" not in errors]
    assert not missing, missing


def test_the_limits_section_gives_the_numbers_the_host_uses():
    """The limits section says what a client sees at each limit, with the numbers net/limits.py enforces."""
    from net import limits
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    section = text[text.index("### Limits: what a client sees at each"):text.index("### Chat, pings, leaving")]
    for number in (f"{limits.CHAT_PER_SECOND:g} lines a second", f"bursts of {limits.CHAT_BURST}",
                   f"{limits.ACTS_PER_SECOND:g} a second", f"{limits.ACTS_PER_SECOND_REALTIME:g}", "1 MiB",
                   f"default {limits.MAX_WATCHERS}", f"{limits.MAX_PENDING_PER_ADDRESS} per remote address",
                   f"less {limits.SPARE_FDS}", "15 s"):
        assert number in section, number
    shared = shared_protocol()
    assert "5 lines a second" in shared and "50 a second" in shared and "(default 32)" in shared
