"""Undo through the window, end to end, against the engine's own undo (engine.undo, engine.session).

A local game against bots on the dummy driver: a scripted player (the game's catalog entry's `player`)
clicks its way to a move the rules let it take back, the Undo button shows, Ctrl+Z takes it back (the
table's state hash is the one before the move, the log says so, the board shows the view before the move
with nothing held), and the next move is accepted: in every board game whose player meets such a move in
play (Risk's reinforcements, the Civil War Game's and Tactics (1954)'s moves), and Tactics (1940)'s order
aside from a small position. A race in real time (Situation 4) offers no undo: Ctrl+Z there says so and
sends nothing. Every loop is bounded by frames and wall-clock time.
"""
import time

import pygame
import pytest

import bots
import catalog
from engine import games
from game import boards
from game.board_kit.undo import UNDO
from net.local import LocalTable
from tests.game.driver import FRAME
from tests.own_games import board_games, table_seats

NOTHING_TO_UNDO = "There is nothing you may take back now."


def undoable(game_id: str) -> bool:
    return bool(getattr(games.rules(game_id), "UNDOABLE", ()))


UNDONE_IN_PLAY = [g for g in board_games() if undoable(g) and catalog.spec(g).tests.undo_in_play]
NO_UNDO = [g for g in board_games() if not undoable(g)]


def click_player(board, game_id, seed):
    if game_id == "risk":
        return OneArmyAtATime(board)
    return catalog.load(catalog.spec(game_id).player)(board, bots.make, "easy", seed)


def undoers(board) -> set[str]:
    """Who the log may name taking back Ada's move: Ada, or the side she commands (a board that names sides)."""
    return {"Ada", board.view["public"]["sides"][0]["name"]}


class OneArmyAtATime:
    """Risk's scripted player, but reinforcing one army per click (a plain click; Shift places them all,
    and the placement that uses the last army ends the phase, which is no longer undoable)."""

    def __init__(self, board):
        from game.risk.autoplay import ClickPlayer
        self.inner = ClickPlayer(board)
        self.board = board

    def step(self):
        from game.board_kit.autoplay import post_click
        from game.risk.controls import TurnControls
        b = self.board
        pub = b.view["public"] if b.view else {}
        if (pub.get("phase") == "reinforce" and b.active_seat == 0 and b.pending_seq is None and b.actions
                and pub.get("armies_to_place", 0) > 1 and not any(a["type"] == "trade" for a in b.actions)):
            spot = sorted(TurnControls.places(b.actions))[0]
            post_click(self.inner.point(spot))
            return "place one"
        return self.inner.step()


def open_board(app, game_id, n_seats=None, seed=None):
    """`game_id`'s board for Ada against easy bots, at its test table unless told otherwise."""
    n_seats = n_seats or table_seats(game_id)
    seed = catalog.spec(game_id).tests.seed if seed is None else seed
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy", "name": f"Bot {i}"}
                                                  for i in range(1, n_seats)]
    link = LocalTable(game_id, seats, seed=seed, bot_delay=0, bot_factory=bots.make)
    board = boards.board_scene(app, link)
    app.push(board)
    app.step(FRAME)
    return link, board


def play(app, board, player, until, *, frames=4000, seconds=40.0, before_step=None) -> bool:
    deadline = time.monotonic() + seconds
    for _ in range(frames):
        if until() or time.monotonic() > deadline:
            break
        if before_step is not None:
            before_step()
        if app.stack.top is board:
            player.step()
        app.step(FRAME)
    return until()


def play_to_an_undoable_move(app, board, player):
    """Click on until Ada (seat 0) may take back her last action; returns (hash, public view) from just
    before it. Nothing else can have happened since: an undo needs its action to be the table's last."""
    session = board.link.session
    seen = {}

    def remember():
        if seen.get("rev") != session.rev:
            seen.update(rev=session.rev, hash=session.state_hash(), public=without_rev(board.link.view(0)["public"]))

    assert play(app, board, player, lambda: session.may_undo(0), before_step=remember), \
        f"never an undoable move: {player.inputs if hasattr(player, 'inputs') else ''} inputs"
    assert session.log[-1][0] == 0 and session.log[-1][1]["type"] in session.undoable
    return seen["hash"], seen["public"]


def without_rev(public: dict) -> dict:
    return {k: v for k, v in public.items() if k != "rev"}


def ctrl_z(app) -> None:
    mod = pygame.KMOD_LCTRL
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


def settle(app, condition, frames=120) -> bool:
    for _ in range(frames):
        if condition():
            return True
        app.step(FRAME)
    return condition()


@pytest.mark.parametrize("game_id", UNDONE_IN_PLAY)
def test_ctrl_z_takes_back_a_move_the_rules_allow_and_the_next_move_is_accepted(app, game_id):
    link, board = open_board(app, game_id)
    player = click_player(board, game_id, catalog.spec(game_id).tests.seed)
    session = link.session
    hash_before, public_before = play_to_an_undoable_move(app, board, player)
    moved = session.log[-1][1]
    assert settle(app, lambda: board.undo_offered), "the Undo button never showed"
    assert board.refusals == []

    trail = list(board.log.trail)
    ctrl_z(app)
    assert board.sent[-1] == UNDO
    assert settle(app, lambda: not board.waiting and board.shown_rev == session.rev)
    # "the state (its hash) and the RNG are as before that action" (docs/games.md, Undo)
    assert tuple(session.log[-1]) == (0, UNDO)
    assert session.state_hash() == hash_before, f"{moved} was not taken back"
    # the log strikes out the lines of the events the move brought, and adds none of its own
    taken = [item for item in trail[len(board.log.trail):] if item is not None]
    assert len(board.log.trail) < len(trail) and not board.log.entries[-1]["text"].endswith("takes back the last move.")
    assert all(entry["struck"] or entry["count"] is not None for entry, _ in taken), [e["text"] for e, _ in taken]
    assert without_rev(board.view["public"]) == public_before   # the board draws the piece where it was
    assert not board.picked() and board.modal() is None, "something is still held after the undo"

    # the next move goes through
    done = len(session.log)
    moved_again = lambda: any(actor == 0 and action != UNDO for actor, action in session.log[done:])  # noqa: E731
    assert play(app, board, player, moved_again), "no move after the undo"
    assert board.refusals == []


def test_an_undo_whose_lines_the_log_never_saw_reads_as_a_line_naming_the_player_on_every_board(app):
    """An undo the log cannot tie to lines it holds (here: one with no count of the events it takes back) reads
    as a sentence in each board's log, with the seat's own name (or its side's, where the board names sides)."""
    for game_id in board_games():
        _, board = open_board(app, game_id)
        board.log.add({"type": "undo", "seat": 0})
        assert board.log.entries[-1]["text"] in {f"{who} takes back the last move." for who in undoers(board)}, \
            game_id
        app.pop()


@pytest.mark.parametrize("game_id", NO_UNDO)
def test_a_game_that_lets_nothing_be_undone_offers_no_undo_and_ctrl_z_says_so(app, game_id):
    """"Nothing may be undone" in the race (docs/situation4.md, Undo): Ctrl+Z sends nothing and says why."""
    link, board = open_board(app, game_id)
    assert settle(app, lambda: board.active_seat is not None and not board.waiting)
    player = click_player(board, game_id, 7)
    done = len(link.session.log)
    assert play(app, board, player, lambda: any(actor == 0 for actor, _ in link.session.log[done:]), frames=600)
    assert not board.undo_offered and not link.session.may_undo(0)
    sent = len(board.sent)
    ctrl_z(app)
    assert len(board.sent) == sent
    assert board.refusals[-1] == NOTHING_TO_UNDO


def test_a_move_taken_back_stops_sliding_and_the_board_draws_it_where_it_was(app):
    """At the normal animation speed a Tactics (1954) move slides its counter; Ctrl+Z while it slides ends the
    slide, so the counter is not drawn heading for a square it never reached."""
    app.settings.animation_speed = "normal"
    link, board = open_board(app, "ah_tactics")
    player = click_player(board, "ah_tactics", 3)
    session = link.session
    assert play(app, board, player, lambda: session.may_undo(0) and session.log[-1][1]["type"] == "move",
                frames=6000, seconds=60), "never an undoable move"
    unit = session.log[-1][1]["unit"]
    assert settle(app, lambda: board.undo_offered)
    assert unit in board.effects.slides, "the move is still sliding when Ctrl+Z is pressed"
    ctrl_z(app)
    assert settle(app, lambda: board.shown_rev == session.rev and not board.waiting)
    assert tuple(session.log[-1]) == (0, UNDO)
    assert not board.effects.slides


def test_an_order_aside_is_taken_back_in_tactics1940_and_its_mark_goes(app):
    """Tactics (1940) lets only an order aside (`demand`) be taken back (docs/tactics1940.md, Undo). A small
    position (tests/tactics1940/test_blockade.py's): South, at the controls, blockades North's port where an
    East transport sits in the way; South picks it and orders it aside by clicks, then Ctrl+Z takes the
    order back: the hash is the one before, the log says so, nothing is picked, and South moves on."""
    from engine.session import Session
    from game.tactics1940.autoplay import ClickPlayer
    from tests.tactics1940.helpers import B, T, cleared, put
    seats = [{"name": "Bot 1", "kind": "bot", "level": "easy"}, {"name": "Bot 2", "kind": "bot", "level": "easy"},
             {"name": "Ada", "kind": "human"}]
    session = Session("tactics1940", 3, seed=1, seats=seats)
    state = cleared(n=3, turn=2)   # South (seat 2) to move
    put(state, 2, B, (7, 3))
    neutral = put(state, 1, T, (8, 3))
    put(state, 1, T, (11, 11))
    put(state, 0, T, (5, 1))
    session.state = state
    link = LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make)
    board = boards.board_scene(app, link)
    app.push(board)
    assert settle(app, lambda: board.active_seat == 2 and not board.waiting)
    order = {"type": "demand", "piece": neutral["id"]}
    assert order in session.legal_actions(2)
    hash_before = session.state_hash()
    player = ClickPlayer(board, bots.make, "easy", 1)

    def order_aside():   # the scripted player's plan is this order (its bot might choose a move instead)
        player.plan, player.plan_key = order, player.revision()
    assert play(app, board, player, lambda: session.log, before_step=order_aside, frames=60), board.refusals
    assert tuple(session.log[-1]) == (2, order) and session.view(None)["public"]["demands"]
    assert settle(app, lambda: board.undo_offered)
    surface = pygame.Surface((1280, 800))
    board.draw(surface)
    assert board._demand_marks, "the order aside is marked on the board"

    ctrl_z(app)
    assert settle(app, lambda: board.shown_rev == session.rev and not board.waiting)
    board.draw(surface)
    assert board._demand_marks == []
    assert tuple(session.log[-1]) == (2, UNDO)
    assert session.state_hash() == hash_before
    assert board.log.entries[-1]["struck"] and "orders" in board.log.entries[-1]["text"]   # the order, struck out
    assert not board.pub["demands"] and board.demand_target is None and board.selected is None

    player.plan = None
    done = len(session.log)
    assert play(app, board, player, lambda: any(actor == 2 for actor, _ in session.log[done:]), frames=300)
    assert board.refusals == []
