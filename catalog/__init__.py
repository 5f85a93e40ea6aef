"""The catalog: one entry per game, naming every part of it — its rules and the queries the window and
the bots may ask, its bots and the expert's settings, its board scene, help and keys, its board files,
its page of decisions, its bench rows and screenshots, and the tables its tests set up. A game is
registered here once (as OpenSpiel's REGISTER_SPIEL_GAME; a game and its board travel together, as in
boardgame.io's `{game, board}`), and every list of games is asked of it: the rules registry
(engine.games), the bots, the window's menus, Rules screen and boards, the bench, the screenshot tool
and the tests.

It is data: names, not imports (catalog.spec says how a name is found). So it sits under every
package — the engine reads a game's rules from it without ever importing the window — and adding a
game is its own packages and one entry here. The tests add games of their own with `register`.
"""
from catalog.spec import GameSpec, Profile, load, present, shipped

__all__ = ["GameSpec", "Profile", "game_ids", "spec", "register", "load", "present", "shipped"]

# The games, in the menus' order.
_GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (
    GameSpec("risk", rules="engine.risk", queries="engine.risk.queries", bots="bots.risk",
             expert="bots.risk:EXPERT_SETTINGS", analysis="bots.risk:ANALYSIS_SETTINGS",
             board="game.risk:BoardScene", player="game.risk.autoplay:BotHand",
             help="game/help/risk.md", keys="game/help/keys/risk.json", rule_help="game/help/rules/risk.toml",
             tutorial="game/tutorials/risk.toml",
             bot_marks="bots/marks/risk.json",
             board_data=("assets/boards/risk.json", "assets/boards/risk_map.json"),
             docs="docs/protocol.md#risk--the-classic-world-conquest-game",
             bench="bench.boards.risk:rows", screenshots="tools.board_shots.risk:shoot",
             tests=Profile(seats=3, seed=8)),
    GameSpec("situation4", rules="engine.situation4", queries="engine.situation4.queries", bots="bots.situation4",
             board="game.situation4:BoardScene", seat_colour="game.situation4:seat_colour",
             player="game.situation4.autoplay:RaceHand",
             help="game/help/situation4.md", keys="game/help/keys/situation4.json", rule_help="game/help/rules/situation4.toml",
             tutorial="game/tutorials/situation4.toml",
             bot_marks="bots/marks/situation4.json",
             board_data=("assets/boards/situation4.json", "assets/boards/situation4_pieces.json"),
             docs="docs/situation4.md",
             bench="bench.boards.situation4:rows", screenshots="tools.board_shots.situation4:shoot",
             tests=Profile(seats=2)),
    GameSpec("civil_war", rules="engine.civil_war", queries="engine.civil_war.queries", bots="bots.civil_war",
             expert="bots.civil_war:EXPERT_SETTINGS", analysis="bots.civil_war:ANALYSIS_SETTINGS",
             board="game.civil_war:BoardScene", seat_colour="game.civil_war:seat_colour",
             player="game.civil_war.autoplay:ClickPlayer",
             help="game/help/civil_war.md", keys="game/help/keys/civil_war.json", rule_help="game/help/rules/civil_war.toml",
             tutorial="game/tutorials/civil_war.toml",
             bot_marks="bots/marks/civil_war.json",
             board_data=("assets/boards/civil_war.json",), docs="docs/civil_war.md",
             bench="bench.boards.civil_war:rows", screenshots="tools.board_shots.civil_war:shoot",
             tests=Profile(seats=2, quick_options={"turn_limit": 100})),
    GameSpec("tactics1940", rules="engine.tactics1940", queries="engine.tactics1940.queries", bots="bots.tactics1940",
             expert="bots.tactics1940:EXPERT_SETTINGS", analysis="bots.tactics1940:ANALYSIS_SETTINGS",
             board="game.tactics1940:BoardScene", player="game.tactics1940.autoplay:ClickPlayer",
             help="game/help/tactics1940.md", keys="game/help/keys/tactics1940.json", rule_help="game/help/rules/tactics1940.toml",
             tutorial="game/tutorials/tactics1940.toml",
             bot_marks="bots/marks/tactics1940.json",
             board_data=("assets/boards/tactics1940.json",), docs="docs/tactics1940.md",
             bench="bench.boards.tactics1940:rows", screenshots="tools.board_shots.tactics1940:shoot",
             tests=Profile(seats=4, quick_options={"turn_limit": 200}, undo_in_play=False)),
    GameSpec("ah_tactics", rules="engine.ah_tactics", queries="engine.ah_tactics.queries", bots="bots.ah_tactics",
             expert="bots.ah_tactics:EXPERT_SETTINGS", analysis="bots.ah_tactics:ANALYSIS_SETTINGS",
             board="game.ah_tactics:BoardScene", seat_colour="game.ah_tactics:seat_colour",
             player="game.ah_tactics.autoplay:ClickPlayer", charts="game.ah_tactics.charts:rules_charts",
             help="game/help/ah_tactics.md", keys="game/help/keys/ah_tactics.json", rule_help="game/help/rules/ah_tactics.toml",
             tutorial="game/tutorials/ah_tactics.toml",
             bot_marks="bots/marks/ah_tactics.json",
             board_data=("assets/boards/ah_tactics.json", "assets/boards/ah_tactics_crt.json"),
             docs="docs/ah_tactics.md",
             bench="bench.boards.ah_tactics:rows", screenshots="tools.board_shots.ah_tactics:shoot",
             tests=Profile(seats=2)),
)}


def game_ids() -> list[str]:
    """Every game registered, in the menus' order (engine.games.available() says which are installed)."""
    return list(_GAMES)


def spec(game_id: str) -> GameSpec:
    """The entry of `game_id`; KeyError with a sentence if there is none."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"There is no game called {game_id!r}; games here: {', '.join(_GAMES)}.") from None


def register(entry: GameSpec) -> None:
    """Add a game (the tests add small games of their own this way), or replace the entry of its id."""
    _GAMES[entry.id] = entry
