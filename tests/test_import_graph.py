"""The house's import graph: no circles, and the directions DESIGN.md draws.

Every import statement of the product packages is read from the source (also the
ones inside functions, which run later but tie the files together all the same),
resolved to a file of this tree, and checked:
  * no circle of files importing each other;
  * catalog/ imports nothing of ours (it names the games' parts; every layer reads it);
  * engine/ imports none of net, club, game, bots, cli, bench, tools, nor pygame;
  * net/ imports none of club, game, bots, bench, tools, nor pygame;
  * bots/ imports none of net, club, game, cli, bench, tools, nor pygame (bots see views, not windows);
  * club/ imports none of game, cli, bench, tools, nor pygame (a club runs headless, beneath the window);
  * no product package imports the benchmark harness (bench/) or the tools (tools/).
"""
import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("catalog", "engine", "net", "club", "game", "bots", "cli")
OURS = PRODUCT + ("bench", "tools", "tests")
FORBIDDEN = {
    "catalog": {"engine", "net", "club", "game", "bots", "cli", "bench", "tools", "pygame", "pygame_gui"},
    "engine": {"net", "club", "game", "bots", "cli", "bench", "tools", "pygame", "pygame_gui"},
    "net": {"club", "game", "bots", "bench", "tools", "pygame", "pygame_gui"},
    "bots": {"net", "club", "game", "cli", "bench", "tools", "pygame", "pygame_gui"},
    "club": {"game", "cli", "bench", "tools", "pygame", "pygame_gui"},
    "game": {"bench", "tools", "cli"},
    "cli": {"bench", "tools"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.lru_cache(maxsize=None)
def source_files(packages=PRODUCT) -> dict[str, Path]:
    return {module_name(p): p for pkg in packages for p in sorted((ROOT / pkg).rglob("*.py"))}


@functools.lru_cache(maxsize=None)
def _statements(path: Path) -> tuple:
    return tuple(n for n in ast.walk(ast.parse(path.read_text(), str(path))) if isinstance(n, (ast.Import, ast.ImportFrom)))


def imported_names(path: Path, modules=None) -> set[str]:
    """Every module an import in `path` needs: `import a.b` needs a.b; `from a.b import c` needs the module
    a.b.c if there is one (a package handing on its module), else a.b (a name defined there). Relative imports
    are resolved against the file's package. `modules`: the module names that exist (default: this tree's)."""
    modules = source_files(OURS) if modules is None else modules
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    out = set()
    for node in _statements(path):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return out


def graph() -> dict[str, set[str]]:
    """module -> the modules of this tree it imports (files only; a name that is no file is dropped)."""
    every = source_files(OURS)
    return {name: {m for m in imported_names(path, every) if m in every and m != name}
            for name, path in source_files().items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one file (Tarjan), each a circle of imports."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_product_packages_import_each_other_in_no_circle():
    found = circles(graph())
    assert found == [], f"import circles: {found}"


def test_each_package_imports_only_in_the_directions_the_design_draws():
    wrong = []
    for name, path in source_files().items():
        banned = FORBIDDEN[name.split(".")[0]]
        for imported in sorted(imported_names(path)):
            if imported.split(".")[0] in banned:
                wrong.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert wrong == []


def test_the_graph_reader_sees_imports_inside_functions_and_circles():
    """The checks above can only fail if the reader finds every kind of import; this holds it to that."""
    lazy = ROOT / "game" / "app.py"   # imports the title scene inside `to_menu`
    assert "game.scenes.title" in imported_names(lazy)
    assert "game.scenes.title" in graph()["game.app"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []



# ----- the window and the club reach a game's rules only through its queries and its board -----------------------
HELD_TO_THE_QUERIES = ("game", "club")


def rules_packages() -> dict[str, tuple[str, frozenset]]:
    """Each game's rules package -> (its queries module, the names the queries' `__all__` documents)."""
    import importlib

    import catalog
    out = {}
    for game_id in catalog.game_ids():
        entry = catalog.spec(game_id)
        documented = importlib.import_module(entry.queries).__all__ if entry.queries else ()
        out[entry.rules] = (entry.queries, frozenset(documented))
    return out


def rules_reach(source: str, packages: dict) -> list[tuple[int, str]]:
    """(line, what) for each use of a game's rules package beyond its static board (`<rules>.board`) and its
    queries (`<rules>.queries`, and of it only what its `__all__` documents). The rest of the engine (the
    Session, the registry, saves, `engine.legal`...) is every game's alike and free to use."""
    def package_of(module: str):
        return next((p for p in packages if module == p or module.startswith(p + ".")), None)

    def allowed(package: str, module: str) -> bool:
        return module in (f"{package}.board", packages[package][0]) or module.startswith(f"{package}.board.")

    tree = ast.parse(source)
    out, aliases = [], {}   # a name bound to a queries module -> the names it documents
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            package = package_of(node.module)
            if package is None:
                continue
            queries, documented = packages[package]
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                if node.module == package and allowed(package, whole):
                    if whole == queries:
                        aliases[alias.asname or alias.name] = documented
                elif node.module == queries:
                    if alias.name not in documented:
                        out.append((node.lineno, f"{queries}.{alias.name}"))
                elif not allowed(package, node.module):
                    out.append((node.lineno, whole if node.module == package else node.module))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names
                    if package_of(a.name) is not None and not allowed(package_of(a.name), a.name)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                and node.attr not in aliases[node.value.id]:
            out.append((node.lineno, f"queries.{node.attr}"))
    return sorted(set(out))


def test_the_window_and_the_club_ask_a_games_rules_only_through_its_queries_and_its_board():
    """As the bots are held (tests/bots/test_legal_only.py): a window that imported a rules module could restate
    or bypass a rule; through the queries, a rule corrected in the engine is corrected on screen too."""
    packages = rules_packages()
    found = [f"{path.relative_to(ROOT)}:{line} uses {what}"
             for name, path in source_files().items() if name.split(".")[0] in HELD_TO_THE_QUERIES
             for line, what in rules_reach(path.read_text(encoding="utf-8"), packages)]
    assert found == []


def test_the_query_rule_tells_the_queries_and_the_board_from_the_rules():
    packages = {"engine.g": ("engine.g.queries", frozenset({"odds", "SPEED"}))}
    fine = ("from engine.g import queries\nqueries.odds\nfrom engine.g.queries import SPEED\n"
            "from engine.g import board\nfrom engine.g.board import load\nfrom engine import legal, games\n")
    assert rules_reach(fine, packages) == []
    assert rules_reach("from engine.g import queries as q\nq.secret", packages) == [(2, "queries.secret")]
    assert rules_reach("from engine.g.movement import step", packages) == [(1, "engine.g.movement")]
    assert rules_reach("from engine.g import get_board", packages) == [(1, "engine.g.get_board")]
    assert rules_reach("from engine.g.queries import secret", packages) == [(1, "engine.g.queries.secret")]
    assert rules_reach("import engine.g.turns", packages) == [(1, "engine.g.turns")]
