"""The catalog (catalog/): one entry per game names every part of it, and it is the only product file outside
a game's own packages that names a game. Every name in every entry is found where it says; a game's id appears
in no other product file, so no list of games can be kept by hand beside the catalog."""
import re

import pytest

import catalog
from engine import games, resources
from tests.own_games import product_games
from tests.test_import_graph import ROOT, source_files

CODE_NAMES = ("rules", "queries", "bots", "expert", "board", "seat_colour", "player", "charts", "bench", "screenshots")
SHIPPED_NAMES = ("help", "keys", "tutorial")


def owner(module: str, game_ids) -> str | None:
    """The game a product module belongs to: one whose id is a part of its path (engine.risk.board,
    game.risk.scene, bots.risk) or begins one (bots.ah_tactics_plans); None for shared code."""
    parts = module.split(".")[1:]
    return next((g for g in game_ids for part in parts if part == g or part.startswith(g + "_")), None)


def naming(text: str, game_ids) -> set[str]:
    """The ids a text names: quoted ("risk"), in a dotted or slashed path (engine.risk, game/risk, risk.md), or
    anywhere as a word when the id is no English word (civil_war, tactics1940), so prose may still speak of risk."""
    def named(g):
        word = re.escape(g)
        code = rf"""["']{word}["']|\w[./]{word}(?!\w)|(?<!\w){word}[./]\w"""
        return re.search(code if g.isalpha() else rf"(?<!\w){word}(?!\w)", text)
    return {g for g in game_ids if named(g)}


@pytest.mark.parametrize("game_id", catalog.game_ids())
def test_every_name_in_an_entry_is_found_where_it_says(game_id):
    entry = catalog.spec(game_id)
    assert entry.id == game_id
    for field in CODE_NAMES:
        name = getattr(entry, field)
        if name is not None:
            assert catalog.present(name), f"{game_id}.{field}: no module {name}"
            assert catalog.load(name) is not None
    for field in SHIPPED_NAMES:
        name = getattr(entry, field)
        if name is not None:
            assert resources.package_path(*catalog.shipped(name)).is_file(), f"{game_id}.{field}: no file {name}"
    for name in entry.board_data:
        assert resources.package_path(*catalog.shipped(name)).is_file(), f"{game_id}: no board file {name}"
    if entry.docs is not None:
        page, _, heading = entry.docs.partition("#")
        text = (ROOT / page).read_text(encoding="utf-8")
        assert not heading or heading in {slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}, entry.docs
    assert catalog.load(entry.rules) is games.rules(game_id)
    rules = games.rules(game_id)
    assert rules.MIN_SEATS <= entry.tests.seats <= rules.MAX_SEATS
    rules.validate_options({**rules.default_options(), **entry.tests.quick_options}, entry.tests.seats)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (not - or _), spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("game_id", product_games())
def test_a_product_game_has_every_part_the_program_offers(game_id):
    """The five are whole games: rules with queries, bots, a board with its scripted player, help and keys,
    a lesson, board files, a page of decisions, bench rows and screenshots."""
    entry = catalog.spec(game_id)
    missing = [f for f in ("queries", "bots", "board", "player", "help", "keys", "tutorial", "docs", "bench",
                           "screenshots")
               if getattr(entry, f) is None]
    assert missing == [] and entry.board_data


def test_no_product_file_outside_a_games_packages_names_a_game():
    """Only the catalog lists games; a game's own packages (engine/<id>/, game/<id>/, bots/<id>...) may name
    theirs. Anything else that names a game would be a list that skips the next one."""
    ids = catalog.game_ids()
    found = []
    for module, path in source_files().items():
        if module.split(".")[0] == "catalog":
            continue
        named = naming(path.read_text(encoding="utf-8"), ids) - {owner(module, ids)}
        found += [f"{path.relative_to(ROOT)} names {', '.join(sorted(named))}"] if named else []
    assert found == []


def test_the_check_tells_a_games_packages_and_its_name_apart():
    ids = ["risk", "ah_tactics", "tactics1940"]
    assert owner("engine.risk.board", ids) == "risk" and owner("bots.ah_tactics_plans", ids) == "ah_tactics"
    assert owner("game.board_kit.undo", ids) is None and owner("engine.games", ids) is None
    assert naming('rules("risk")', ids) == {"risk"} and naming("assets/boards/risk.json", ids) == {"risk"}
    assert naming("engine.risk, game/risk", ids) == {"risk"} and naming("as tactics1940 does", ids) == {"tactics1940"}
    assert naming("risk_map, at_risk, tactics1940s, the risk. Then", ids) == set()
