"""What one catalog entry says about a game, and how a name in it is found.

Every part is a name, never an import: a module ("bots.risk"), a thing in a module
("game.risk:BoardScene"), or a file by its path in the checkout ("docs/civil_war.md"); a file the
program reads is shipped inside a package, the path's first folder ("game/help/risk.md"). `load` imports a name the first time someone asks for it, so the
catalog itself imports nothing of ours, and naming the bench or the tools (which a wheel does not
carry) costs the product nothing.
"""
import importlib
import importlib.util
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Profile:
    """The tables the tests, the bench and the tools set up for a game: choices of convenience, not rules."""
    seats: int                  # a person and bots at one window (window tests, the bench's wire rows, shots)
    seed: int = 3               # the seed those tables start from
    quick_options: dict = field(default_factory=dict)   # options that keep a whole game short (a turn limit)
    undo_in_play: bool = True   # its scripted player soon makes a move it may take back (the window's undo is
                                # tested end to end in play; else from a position of its own)


@dataclass(frozen=True)
class GameSpec:
    """One game, whole. Only `id` and `rules` are required: a game with no window, no bot or no help
    simply names none (None), and nothing offers what it lacks."""
    id: str                     # the id on the wire, in saves, on the command line
    rules: str                  # the rules package: the contract of docs/games.md (engine.<id>)
    queries: str | None = None  # the module of the rules the window and the bots may ask, besides `legal`
    bots: str | None = None     # module with `make(level, seat, seed)`: the easy, normal and hard bots
    expert: str | None = None   # the expert's settings for this game ("module:NAME"; None: the defaults)
    analysis: str | None = None   # how a finished game's decisions are marked ("module:NAME" of a
                                  # bots.settings.AnalysisSettings; None: the defaults)
    board: str | None = None    # the window's board scene: "module:Class", built as Class(app, link)
    seat_colour: str | None = None   # "module:function" (seat -> colour) where sides have colours of their own
    player: str | None = None   # a scripted player posting real input: "module:Class", (scene, make_bot, level, seed)
    help: str | None = None     # the rules in our own words, for the Rules screen (a shipped file)
    rule_help: str | None = None  # every rule its events and refusals name, explained (a shipped TOML file:
                                  # game.rule_help; engine.why)
    keys: str | None = None     # the board's keyboard-help card (a shipped JSON file)
    charts: str | None = None   # "module:function" -> [(label, Chart)]: the tables the Rules screen shows
    tutorial: str | None = None  # its guided first game, on Learn (a shipped TOML file; docs/tutorials.md)
    bot_marks: str | None = None  # its bot levels as fixed ratings at the club (a shipped JSON file, measured by
                                  # bench/bot_marks.py; docs/club.md, "Ratings"): None, no rated game against a bot
    board_data: tuple = ()      # the board files the rules load (shipped files), validated on load
    docs: str | None = None     # the page that documents the game's decisions (a path in the checkout)
    bench: str | None = None    # "module:function" (quick) -> [Row]: the board's bench rows (bench/ only)
    screenshots: str | None = None   # "module:function" (out_dir) -> [Path]: the board's shots (tools/ only)
    tests: Profile = Profile(seats=2)


def load(name: str):
    """The module or the thing a name names: "package.module" or "package.module:attribute"."""
    module, _, attribute = name.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attribute) if attribute else found


def present(name: str | None) -> bool:
    """Whether a named module is here (a part a build may leave out), without importing it."""
    if name is None:
        return False
    try:
        return importlib.util.find_spec(name.partition(":")[0]) is not None
    except ModuleNotFoundError:   # its parent package is missing
        return False


def shipped(path: str) -> tuple[str, ...]:
    """A file shipped inside a package, by its path in the checkout ("game/help/risk.md": the package is the
    first folder), as (package, folder, ..., file) for engine.resources.package_path."""
    return tuple(path.split("/"))
