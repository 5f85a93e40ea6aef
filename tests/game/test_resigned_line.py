"""The Session's `resigned` event (engine.resign) reads as one sentence on a board's log, never as one of
the game's own events: Tactics (1940) has a `forfeit` event of its own (coins, Rule 16), not this one."""
from game.tactics1940.log import EventLog
from game.tactics1940.powers import Powers


def test_a_resigned_seat_reads_as_a_forfeit_of_the_game_named_by_the_board(app):
    # `app`: pygame started as the window starts it, fonts cached before an earlier test's quit forgotten
    log = EventLog(400, powers=lambda: Powers(["North", "South"]), seat_name=lambda s: ["Ada", "Bob"][s],
                   piece_info=lambda p: ("transport", 0))
    log.add({"type": "resigned", "seat": 1})
    assert [e["text"] for e in log.entries] == ["Bob forfeits the game."]


def test_a_tactics_1954_forfeit_names_the_side_as_that_log_names_every_actor(app):
    from game.ah_tactics.log import EventLog as TacticsLog
    log = TacticsLog({"cities": []}, lambda: [], 400)
    log.add({"type": "resigned", "seat": 3})   # four seats, two a side: seat 3 plays Red
    assert [e["text"] for e in log.entries] == ["Red forfeits the game."]
