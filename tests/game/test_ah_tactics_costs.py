"""One number for a move in Tactics (1954): what the window previews under the pointer (the route the rules
take, `queries.route`), what its log writes for the move, and what the allowance loses are the same, written
by one function (`queries.squares_text`) — over every move of 20 games of bots (their first round: each side
marches by road and rail and across country; the later rounds' bots think longer and add nothing new here).

The rule (C1): "a player may move a Unit a total of THREE SQUARES for each square allowed in his BASIC TURN
ALLOWANCE": the allowance loses whole squares per unit, a unit's leftover thirds pay its next steps."""
import bots
from engine.ah_tactics import queries
from engine.resources import read_board
from engine.session import Session
from game.ah_tactics.log import EventLog

GAMES = 20
ROUNDS = 1


def test_preview_log_and_allowance_agree_on_every_move_of_bot_games():
    board = read_board("ah_tactics")
    moves = 0
    for seed in range(GAMES):
        session = Session("ah_tactics", 2, seed=seed, seats=[{"name": "Ada", "kind": "bot"},
                                                             {"name": "Guderian", "kind": "bot"}])
        players = [bots.make("ah_tactics", "easy", seat, seed + seat) for seat in range(2)]
        log = EventLog(board, lambda: session.view(None)["public"]["units"], 272)
        while session.result() is None and session.state["round"] <= ROUNDS:
            seat = session.to_act()[0]
            view = session.view(seat)
            if view["public"]["phase"] == "setup":   # the set-up as dealt (the bots' own takes a while)
                session.apply(seat, {"type": "setup_done"})
                continue
            action = players[seat].choose(view)
            if action["type"] != "move":
                session.apply(seat, action)
                continue
            preview, _ = queries.route(view, action["unit"], action["to"])
            before = view["private"]["allowance"]
            events = session.events_for(session.apply(seat, action), seat)
            moved = next(e for e in events if e["type"] == "moved")
            spent = before - session.view(seat)["private"]["allowance"]
            assert preview == moved["cost"] == spent, (seed, action, preview, moved, spent)
            line = log.sentence(moved)[0]
            assert (f"({queries.squares_text(spent)} sq)" in line) == bool(spent), line
            moves += 1
    assert moves >= 5 * GAMES, moves


def test_a_cost_reads_the_same_everywhere():
    assert [queries.squares_text(t) for t in (0, 1, 2, 3, 4, 11, 90)] == ["0", "⅓", "⅔", "1", "1⅓", "3⅔", "30"]
