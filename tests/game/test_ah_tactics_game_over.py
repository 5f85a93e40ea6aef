"""The game-over table of Tactics (1954) counts from the game, not from what one window saw (issue 43, "one
number everywhere"): a window that opens on a late position (Continue, Rejoin) or that never saw a battle's
losses as events still counts every unit lost, as the state shows them."""
from tests.game.test_ah_tactics_readable import board_at


def test_units_lost_are_counted_from_the_state_shown_not_from_the_events_this_window_saw(sandbox_home):
    app, board = board_at(lambda p: sum(u["status"] in ("eliminated", "prisoner")
                                        for u in p.view["public"]["units"]) >= 2)
    try:
        units = board.pub["units"]
        lost = [sum(u["side"] == side and u["status"] in ("eliminated", "prisoner") for u in units)
                for side in ("blue", "red")]
        fighting = [sum(u["side"] == side and u["kind"] != "hq" and u["status"] in ("active", "reserve", "refitting")
                        for u in units) for side in ("blue", "red")]   # rule A: the divisions still fighting
        rows = dict(board.news.game_over_rows())
        assert rows["Units lost"] == lost and sum(lost) >= 2
        assert rows["Divisions left"] == fighting
    finally:
        app.close()
