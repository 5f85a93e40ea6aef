"""Local games (hot-seat, against bots): starting one and continuing a saved one, the one way the
new-game form, "Play again" and "Continue" all do it.

The table comes from game.tables (the one place that builds links); what is the window's to
decide is here: how its bots are paced for the player's animation speed. In a real-time game
(every seat at once, e.g. a Situation 4 race) each bot moves on its own clock at its level's pace,
from the window's countdown on (game.paced_bots); otherwise bots answer after the usual delay,
which the board then quickens or slows (game.board_kit.pace).
"""
from engine import games
from engine.errors import SaveError
from game import tables


def bot_wiring(app, game_id: str) -> tuple:
    """(bot factory, bot delay) for a local table of `game_id` in this window."""
    bot_factory = app.bot_factory
    bot_delay = tables.BOT_DELAY * app.settings.animation_factor()
    if games.is_realtime(game_id):
        from game import paced_bots
        bot_factory = paced_bots.paced_factory(bot_factory or tables.product_bots(),
                                               speed=paced_bots.race_speed(app.settings),
                                               start_delay=games.start_countdown(game_id) * app.settings.animation_factor())
        bot_delay = 0.0
    return bot_factory, bot_delay


def too_many_racers(game_id: str, seats: list[dict]) -> bool:
    """A real-time race cannot share one screen: a local race takes at most one human seat."""
    return games.is_realtime(game_id) and sum(1 for s in seats if s.get("kind") == "human") > 1


def start_local_table(app, game_id: str, seats: list[dict], options: dict):
    """The link of a new local game (hot-seat or against bots)."""
    bot_factory, bot_delay = bot_wiring(app, game_id)
    return tables.start_local(game_id, seats, options, bot_factory=bot_factory, bot_delay=bot_delay)


def continue_local_table(app, path):
    """The link of a saved game picked up where it was: every human seat plays at this window (a game
    hosted on the LAN continues here as hot-seat), open seats get bots. SaveError (one sentence) when
    the save cannot be continued."""
    from engine.session import Session
    session = Session.load(path)
    if session.result() is not None:
        raise SaveError("That game is already over: watch it in Replays.")
    if too_many_racers(session.game_id, session.seats):
        raise SaveError("A race with several people in it cannot be continued at one screen.")
    bot_factory, bot_delay = bot_wiring(app, session.game_id)
    return tables.continue_local(session, path, bot_factory=bot_factory, bot_delay=bot_delay)


def continue_game(app, path) -> bool:
    """Open the saved game at `path` on its board; False (with a notice) when it cannot be continued."""
    from game import boards
    try:
        link = continue_local_table(app, path)
    except (SaveError, OSError, ValueError, ImportError) as e:
        app.notify(f"That game cannot be continued: {e}", warning=True)
        return False
    app.push(boards.board_scene(app, link))
    return True
