"""Board scenes by game id, as each game's catalog entry names them (`board`: the scene's class, built as
`BoardScene(app, link)`; `seat_colour` where the game's sides have colours of their own)."""
import catalog


def board_class(game_id: str):
    """The class of `game_id`'s board scene; LookupError when the game has none here."""
    name = catalog.spec(game_id).board
    if not catalog.present(name):
        raise LookupError(f"{game_id} has no board in this window")
    return catalog.load(name)


def has_board(game_id: str) -> bool:
    try:
        return catalog.present(catalog.spec(game_id).board)
    except KeyError:
        return False


def board_scene(app, link):
    """The board scene for the game at `link`; it becomes the app's active link (for the reconnecting banner)."""
    scene = board_class(link.game)(app, link)
    app.active_link = link
    return scene


def seat_colour(game_id: str, seat: int) -> tuple:
    """The colour a seat plays in `game_id` before any view exists (the new-game form): the game's own
    `seat_colour(seat)` where its sides have colours of their own (Situation 4's shades), else the theme's."""
    from game import theme
    own = catalog.spec(game_id).seat_colour
    return tuple(catalog.load(own)(seat)) if catalog.present(own) else theme.seat_colour(seat)
