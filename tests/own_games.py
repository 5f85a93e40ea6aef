"""The games the tests define for themselves, each one catalog entry (and named by no product file): the toy
pile game, and Relay, the sixth game, whose packages under tests/relay/ hold everything of it. Importing this
module registers them (tests/conftest.py does, and so do the processes the tests start).

They are told apart from the product's by their rules modules, which live under tests/: checks of what only
product games promise (a documented protocol section, a game long enough to test a client) skip them."""
import catalog
from engine import games

catalog.register(catalog.GameSpec("toy", rules="tests.toy_game", bots="tests.net.toy_bot",
                                  board="tests.game.toy_board:BoardScene"))
catalog.register(catalog.GameSpec(
    "relay", rules="tests.relay", bots="tests.relay.bot", board="tests.relay.scene:BoardScene",
    player="tests.relay.autoplay:ClickPlayer", help="tests/relay/help.md", keys="tests/relay/keys.json",
    board_data=("tests/relay/track.json",), docs="tests/relay/__init__.py", bench="tests.relay.bench:rows",
    screenshots="tests.relay.shots:shoot", tests=catalog.Profile(seats=2)))


def is_test_game(game_id: str) -> bool:
    return catalog.spec(game_id).rules.startswith("tests.")


def product_games() -> list[str]:
    return [g for g in games.available() if not is_test_game(g)]


def board_games() -> list[str]:
    """Every game offered whose board is a board-kit scene (game.board_kit's BaseBoardScene): the boards the
    window tests drive, each with its catalog entry's test table (`tests.seats`). The toy's bare test board
    is not one."""
    from game import boards
    from game.board_kit.board_scene import BaseBoardScene
    return [g for g in games.available() if boards.has_board(g) and issubclass(boards.board_class(g), BaseBoardScene)]


def table_seats(game_id: str) -> int:
    """The seats of `game_id`'s test table: a person and bots at one window."""
    return catalog.spec(game_id).tests.seats
