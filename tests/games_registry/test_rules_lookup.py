"""engine.games.rules: a rules module is handed out only once its import has finished."""
import sys
import threading

import catalog
from engine import games
from tests.games_registry import gate


def test_a_thread_asking_for_rules_another_thread_is_importing_waits_for_the_whole_module(monkeypatch):
    # Seen in CI: a window's network thread imported engine.risk while its drawing thread asked for
    # the lobby's title, and got the half-made module ("partially initialized module 'engine.risk'").
    # The registry is this test's own copy: no later test in this process may be offered the slow game.
    monkeypatch.setattr(catalog, "_GAMES", dict(catalog._GAMES))
    monkeypatch.setattr(games, "_LOADED", dict(games._LOADED))
    monkeypatch.delitem(sys.modules, "tests.games_registry.slow_rules", raising=False)
    catalog.register(catalog.GameSpec("slow", rules="tests.games_registry.slow_rules"))
    importer = threading.Thread(target=games.rules, args=("slow",), daemon=True)
    importer.start()
    assert gate.entered.wait(10), "the slow module never started importing"
    titles = []  # read the moment the module is handed over: a half-made one has no TITLE yet
    asker = threading.Thread(target=lambda: titles.append(getattr(games.rules("slow"), "TITLE", None)),
                             daemon=True)
    asker.start()
    asker.join(0.5)  # a lookup that hands out the half-made module returns at once
    gate.release.set()
    asker.join(10)
    importer.join(10)
    assert titles == ["Slow to import"]
