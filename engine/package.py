"""The surface every rules package repeats, written once: its options and its board loading.

    default_options, validate_options = option_surface(OPTION_CHOICES, seats_problem)
    load, parse = board_loader(GAME_ID, _parse)

`seats_problem(n_seats)` says why a table of that many seats cannot play (None when it can);
`_parse(data)` builds and validates the game's Board from its JSON data.
"""
from functools import lru_cache, wraps

from engine import options as option_menu, resources
from engine.errors import BoardError

# What a board's builder raises on data of the wrong shape (a missing key, a string for a number...).
MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def option_surface(choices: dict, seats_problem):
    """(default_options, validate_options) for a package whose options are the fixed menu `choices`.
    `validate_options(requested, n_seats)` raises ValueError with the sentence `seats_problem` gives,
    or the menu's own for an option not on it."""
    def default_options() -> dict:
        return option_menu.defaults(choices)

    def validate_options(requested, n_seats) -> dict:
        problem = seats_problem(n_seats)
        if problem:
            raise ValueError(problem)
        return option_menu.choose(choices, requested)

    return default_options, validate_options


def board_loader(game: str, build):
    """(load, parse) for a rules package's board. `parse(data)` is `build(data)` with malformed data refused
    as a BoardError naming the game and the fault; `load(name=game)` reads assets/boards/<name>.json once."""
    def parse(data: dict):
        """Build and validate a Board from its JSON data; BoardError names the first problem."""
        try:
            return build(data)
        except BoardError:
            raise
        except MALFORMED as e:
            raise BoardError(f"{game} board data is malformed ({type(e).__name__}: {e})") from None

    @lru_cache(maxsize=None)
    def read(name: str):
        return parse(resources.read_board(name))

    def load(name: str = game):
        """The board assets/boards/<name>.json, read and validated once per process."""
        return read(name)

    load.cache_clear = read.cache_clear   # a tool that rewrites a board file reads it afresh
    return load, parse


def per_board(make):
    """`make(board)` as a table worked out once a board and kept by the board it was made for, which it keeps alive
    (a board read again is another board; a Board holds dicts, so it cannot be a key of its own)."""
    tables: dict = {}   # board's id -> (board, its table)

    @wraps(make)
    def table(board):
        known = tables.get(id(board))
        if known is None:
            known = tables[id(board)] = (board, make(board))
        return known[1]
    return table
