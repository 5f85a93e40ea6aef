"""Board scenes by game id: `game.<game_id>.BoardScene(app, link)`.

Tests register a small board of their own for the toy game with `register`.
"""
import importlib

_MODULES: dict[str, str] = {}


def register(game_id: str, module: str) -> None:
    _MODULES[game_id] = module


def board_module(game_id: str):
    return importlib.import_module(_MODULES.get(game_id, f"game.{game_id}"))


def has_board(game_id: str) -> bool:
    try:
        return hasattr(board_module(game_id), "BoardScene")
    except ImportError:
        return False


def board_scene(app, link):
    """The board scene for the game at `link`; it becomes the app's active link (for the reconnecting banner)."""
    scene = board_module(link.game).BoardScene(app, link)
    app.active_link = link
    return scene


def seat_colour(game_id: str, seat: int) -> tuple:
    """The colour a seat plays in `game_id` before any view exists (the new-game form): the board's own
    `seat_colour(seat)` where its sides have colours of their own (Situation 4's shades), else the theme's."""
    from game import theme
    try:
        own = getattr(board_module(game_id), "seat_colour", None)
    except ImportError:
        own = None
    return tuple(own(seat)) if own is not None else theme.seat_colour(seat)
