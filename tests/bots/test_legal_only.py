"""No bot reaches into the rules (bots/__init__.py states the line), and a bot whose seat is not to act sends
nothing. That every bot, in every registered game and at every level, acts only from its view's `legal` (and
never takes a move back) is checked in whole games by the conformance suite
(tests/conformance/test_playouts.py, `test_bots_play_every_game_to_a_result_choosing_only_listed_actions`)."""
import ast
import importlib.util
from pathlib import Path

from bots import LEVELS, make
from engine import games
from engine.session import Session

BOTS = Path(__file__).resolve().parents[2] / "bots"
SHARED_HELPERS = {"engine.legal", "engine.grid", "engine.sides", "engine.undo"}
QUERY_SURFACE = "queries"   # the module a rules package re-exports, its `__all__` being the package's QUERIES


def _game_of(name: str) -> str:
    """The game a bot source belongs to: bots/<game>.py, bots/<game>_<part>.py or bots/<game>/..."""
    stem = Path(name).parts[1].removesuffix(".py")
    known = games.available()
    return stem if stem in known else next((g for g in known if stem.startswith(g + "_")), stem)


def _public_queries() -> dict:
    """bot source -> (its rules package, the query surface), for every bot of a game whose package has queries:
    such a bot may use of its rules package only that module and, of it, only what its `__all__` documents."""
    out = {}
    for path in sorted(BOTS.rglob("*.py")):
        name = path.relative_to(BOTS.parent).as_posix()
        game = _game_of(name)
        if game in games.available() and importlib.util.find_spec(f"engine.{game}.{QUERY_SURFACE}") is not None:
            out[name] = (f"engine.{game}", QUERY_SURFACE)
    return out


PUBLIC_QUERIES = _public_queries()

# Bots that search through the public contract: the rules registry (sample_state, legal, apply, view,
# result, timer), seeded chance and the RuleError a refused action raises; listed by file.
PUBLIC_CONTRACT = {
    "bots/expert.py": {"engine.games", "engine.rng", "engine.errors"},
    "bots/ah_tactics_plans.py": {"engine.rng", "engine.errors"},   # the expert's Tactics (1954) plan search
    "bots/ah_tactics_worth.py": {"engine.games"},   # the view of a playout's position, from its rules
    "bots/__init__.py": {"engine.games"},   # which levels a game offers (no expert in real time)
    "bots/cycles.py": {"engine.canonical", "engine.errors", "engine.rng"},   # a position's key, the next one's read
    "bots/background.py": {"engine.canonical"},   # the view copied for the search's worker thread
    "bots/reasons.py": {"engine.evaluation"},   # a reason read off a game's named evaluation terms
    "bots/hint.py": {"engine.games", "engine.rng", "engine.errors", "engine.canonical"},   # the hint's reason
    "bots/analysis.py": {"engine.games"},   # a worker process readies the game's searches (engine.games.prepare)
}


def _games_with_bots():
    return [g for g in games.available() if importlib.util.find_spec(f"bots.{g}") is not None]


def test_a_bot_whose_seat_is_not_to_act_sends_nothing():
    for game_id in _games_with_bots():
        rules = games.rules(game_id)
        if rules.GAME_TYPE.realtime:
            continue
        s = Session(game_id, rules.MIN_SEATS, seed=5)
        waiting = [seat for seat in range(rules.MIN_SEATS) if seat not in s.to_act()]
        for seat in waiting:
            for level in LEVELS:
                assert make(game_id, level, seat, 1).choose(s.view(seat)) is None, (game_id, level, seat)


def _engine_imports(path: Path):
    """(line, module) for every import of an engine module in a source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "engine":
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
            if node.module == "engine":
                for alias in node.names:
                    yield node.lineno, f"engine.{alias.name}"
            else:
                yield node.lineno, node.module


def _allowed(module: str) -> bool:
    parts = module.split(".")
    board_module = len(parts) == 3 and parts[1] in games.available() and parts[2] == "board"
    return module in SHARED_HELPERS or board_module


def test_bots_import_only_shared_helpers_and_board_data_from_the_engine():
    """A bot may read legal (engine.legal), squares (engine.grid), sides and its game's static board;
    importing a rules module would let it ask the rules what is allowed or rebuild the state."""
    sources = sorted(BOTS.rglob("*.py"))
    assert sources
    seen = set()
    for path in sources:
        for line, module in _engine_imports(path):
            seen.add(module)
            name = path.relative_to(BOTS.parent).as_posix()
            if name in PUBLIC_QUERIES and module in _query_modules(*PUBLIC_QUERIES[name]):
                continue                # the names it takes are checked by the test below
            assert _allowed(module) or module in PUBLIC_CONTRACT.get(name, ()), f"{name}:{line} imports {module}"
    assert seen, "the scan found no engine import at all; it is not reading the bots"


def test_the_import_rule_tells_a_rules_module_from_a_board():
    assert _allowed("engine.legal") and _allowed("engine.civil_war.board")
    assert not _allowed("engine.civil_war") and not _allowed("engine.civil_war.battle")
    assert not _allowed("engine.risk.legal") and not _allowed("engine.situation4.legality")
    assert not _allowed("engine.session")


def _query_modules(package: str, surface: str) -> tuple:
    return package, f"{package}.{surface}"


def _query_misuse(source: str, package: str, surface: str) -> list:
    """(line, what) for every use of `package` in `source` beyond its documented query surface: a name
    imported from the package other than the surface module, a name imported from the surface module or
    read from it (`surface.name`) that its `__all__` does not list."""
    documented = set(importlib.import_module(f"{package}.{surface}").__all__)
    tree = ast.parse(source)
    aliases, out = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == package:
            for alias in node.names:
                if alias.name != surface:
                    out.append((node.lineno, f"{package}.{alias.name}"))
                else:
                    aliases.add(alias.asname or alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module == f"{package}.{surface}":
            out += [(node.lineno, f"{surface}.{a.name}") for a in node.names if a.name not in documented]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.startswith(package + ".")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                and node.attr not in documented:
            out.append((node.lineno, f"{surface}.{node.attr}"))
    return out


def test_a_bot_asks_its_rules_only_through_their_documented_queries():
    """Every bot may use of its rules package only the `queries` module the package re-exports, and of it
    only what its `__all__` documents (the package's QUERIES)."""
    assert {"bots/risk.py", "bots/tactics1940.py", "bots/civil_war/picture.py", "bots/ah_tactics.py",
            "bots/ah_tactics_threat.py"} <= set(PUBLIC_QUERIES)
    for name, (package, surface) in PUBLIC_QUERIES.items():
        path = BOTS.parent / name
        assert _query_misuse(path.read_text(encoding="utf-8"), package, surface) == [], name
        assert importlib.import_module(package).QUERIES == importlib.import_module(f"{package}.{surface}").__all__


def test_the_query_rule_refuses_a_rules_module_and_an_undocumented_name():
    package, surface = PUBLIC_QUERIES["bots/tactics1940.py"]
    assert _query_misuse("from engine.tactics1940 import queries\nqueries.is_blockaded", package, surface) == []
    assert _query_misuse("from engine.tactics1940 import blockade", package, surface) == [
        (1, "engine.tactics1940.blockade")]
    assert _query_misuse("from engine.tactics1940 import queries as q\nq.blockade", package, surface) == [
        (2, "queries.blockade")]
    assert _query_misuse("from engine.tactics1940.queries import traps", package, surface) == [
        (1, "queries.traps")]
    assert _query_misuse("import engine.tactics1940.moves", package, surface) == [
        (1, "engine.tactics1940.moves")]
