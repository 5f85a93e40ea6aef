"""Computer players. A bot sees only its own seat's view, exactly what a client receives.

Each game's catalog entry names its bots' module (`bots.<game_id>`), with `make(level, seat, seed) -> Bot`,
where a Bot has:
  - `choose(view: dict) -> dict | None`: the next action for its seat given the
    view `{"public", "private"}` (None: nothing to do now, e.g. not its turn);
  - `pace: float`: seconds a real-time game should let pass between its moves
    (turn-based bots use 0; drivers may add a delay so people can follow).

The line a bot keeps to (tests/bots/test_legal_only.py and the conformance suite's bot games check it):
  - every action it sends is one of `view["private"]["legal"]` (read with engine.legal);
  - it may read the public view, its own private part, and the static board of its game
    (`engine.<game>.board`: geometry, cities, continents); it may keep a model of its
    own to look ahead (dice odds, how far a unit gets in a turn, what a position is worth);
  - of its game's rules it asks only the questions the rules answer in `engine.<game>.queries`
    (the odds, a unit's speed, a position's worth: only what the module's `__all__` lists), so a
    rule is written once, in the engine; of the rest of engine/ it imports engine.legal,
    engine.grid, engine.sides and engine.undo, and never the Session: it never rebuilds the full
    state from a view. The searches go further, through the public contract only: the expert
    (and its Tactics (1954) plan search) asks `engine.games` for a game's `sample_state`, `legal`,
    `apply` and `view`, draws chance from `engine.rng` and hears refusals as `engine.errors`, and a
    hint's reasons read a position's worth by its named terms (`engine.evaluation`);
  - it never takes back its own move: the Session lists `undo` to a seat after an undoable
    move, and a bot reads its listing through `engine.undo.without`.

The `expert` level (bots/expert.py) is one search for every turn-based game, above the three
heuristic levels: it samples what it cannot see with the game's `sample_state` and plays the
game on through the public contract (`engine.games`), with the `hard` bots as its playout policy.
It sends only listed actions like every bot. It is not offered in real-time games (Situation 4):
a race gives no time to think, and a second of search would leave the racer standing.
"""
import catalog
from bots.settings import DEFAULT as DEFAULT_EXPERT, ExpertSettings

LEVELS = ("easy", "normal", "hard")   # the heuristic ladder, offered in every game
EXPERT = "expert"
ALL_LEVELS = LEVELS + (EXPERT,)


def levels(game_id: str) -> tuple[str, ...]:
    """The levels offered in `game_id`: the ladder, and the expert where the game takes turns."""
    from engine import games
    return LEVELS if games.is_realtime(game_id) else ALL_LEVELS


def make(game_id: str, level: str, seat: int, seed: int = 0, **search):
    """A bot for `seat`. `search` (expert only): changes to the game's expert settings
    (bots/settings.py: `budget` seconds, `iterations`, ...)."""
    if level == EXPERT:
        if EXPERT not in levels(game_id):
            raise ValueError(f"the expert level is for turn-based games; {game_id} is played in real time")
        from bots.expert import ExpertBot
        # The game's own levels advise and play the playouts; a game with none is searched at random.
        heuristic = _heuristic if catalog.present(catalog.spec(game_id).bots) else None
        return ExpertBot(game_id, seat, seed, expert_settings(game_id).but(**search), make_bot=heuristic)
    if level not in LEVELS:
        raise ValueError(f"bot level must be one of {', '.join(ALL_LEVELS)}")
    return _heuristic(game_id, level, seat, seed)


def _heuristic(game_id: str, level: str, seat: int, seed: int = 0):
    return catalog.load(catalog.spec(game_id).bots).make(level, seat, seed)


def expert_settings(game_id: str) -> ExpertSettings:
    """How the expert searches `game_id`: the settings its catalog entry names (`expert`), or the defaults."""
    name = catalog.spec(game_id).expert
    return catalog.load(name) if name is not None else DEFAULT_EXPERT


def make_for_table(game_id: str, level: str, seat: int, seed: int = 0):
    """`make` for a table that asks its bots from its own loop (a window's frames, a host's events): the
    expert is made and searches in a helper process of its own (bots/background.py), so the loop never waits on
    it and never shares its interpreter with the search."""
    if level == EXPERT:
        from bots.background import ThinkingBot
        make(game_id, level, seat, seed)   # refused here, not in the helper, where the game has no expert
        return ThinkingBot.in_helper(make, game_id, level, seat, seed)
    return make(game_id, level, seat, seed)
