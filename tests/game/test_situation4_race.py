"""Situation 4 in the window: a race against a bot from the main menu, dragging pieces with real
mouse events; snaps, bounces with the rule's reason, prediction rolled back when a race is lost,
and a seeded race played through the scene to its final tally and the game-over scene."""
import bots
import pygame

from engine.session import Session
from game import sound
from engine.situation4 import get_board, legality
from engine.situation4.scoring import tally
from game.paced_bots import paced_factory
from game.scenes.game_over import GameOverScene
from game.situation4 import BoardScene, palette
from game.situation4.autoplay import RaceHand, post_drag
from net.local import LocalTable
from tests.game.driver import on_screen
from tests.game.test_local_game import open_new_game

BOARD = get_board()


def tray_piece(scene, want):
    """A piece in the scene's tray for which `want(piece)` holds, scrolled into view with the arrow keys."""
    piece = next(p for p in scene.tray.items if want(p))
    for _ in range(60):
        if piece in scene.tray.rects:
            return piece
        index = scene.tray.items.index(piece) // 2
        key = pygame.K_RIGHT if index >= scene.tray.scroll + scene.tray.cols_visible else pygame.K_LEFT
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        scene.app.step(1 / 60)
    raise AssertionError(f"piece {piece} never showed in the tray")


def drag(app, scene, piece, slot):
    post_drag(scene.tray.rects[piece].center, scene.proj.slot_centre(slot))
    app.step(1 / 60)


def test_from_the_menu_a_race_against_a_bot_snaps_legal_drops_and_bounces_illegal_ones(ui):
    scene = open_new_game(ui, "situation4")
    assert [c.value for c in scene.seat_cyclers] == ["human", "bot normal"]
    ui.click_button(scene.start_button)
    board = ui.top
    assert isinstance(board, BoardScene) and board.seat == 0 and board.side == 0
    ui.frames(3)
    assert board.racing  # instant animations: no countdown to wait for
    pub = board.pub

    # a red-bordered piece of my base line, dragged onto its space: it snaps and the table confirms it
    piece = tray_piece(board, lambda p: p in BOARD.base_line[0] and pub["owner"][p] is None)
    drag(ui.app, board, piece, piece)
    assert board.sent[-1] == {"type": "place", "piece": piece, "slot": piece}
    ui.frames(1)
    assert board.pub["owner"][piece] == 0 and board.pub["piece_at"][piece] == piece
    assert board.predictions.confirmed == 1 and len(board.predictions) == 0
    assert piece not in board.tray.items
    assert "click" in sound.sounds.played

    # a piece whose space does not touch mine: it bounces back, with the rule's own sentence
    sent = len(board.sent)
    owner = board.pub["owner"]
    far = tray_piece(board, lambda p: owner[p] is None and BOARD.row_col(p)[0] == 5 and
                     legality.place_problem(BOARD, owner, board.pub["forces"], 0, p, p) is not None)
    reason = legality.place_problem(BOARD, owner, board.pub["forces"], 0, far, far)
    drag(ui.app, board, far, far)
    assert len(board.sent) == sent, "an illegal drop is never sent"
    assert board.refusals[-1] == reason
    assert board.effects.bounces and board.effects.bounces[-1]["piece"] == far
    assert board.hint()[0] == f"Refused: {reason}"
    ui.frames(30)
    assert not board.effects.bounces
    assert far in board.tray.items or board.pub["owner"][far] == 1, "back in the tray (unless yellow laid its copy)"

    # a piece dropped on another piece's space: "does not fit"
    owner = board.pub["owner"]
    stray = tray_piece(board, lambda p: owner[p] is None and BOARD.row_col(p)[0] < 7)
    other = next(s for s in BOARD.base_line[0] if board.pub["owner"][s] is None)
    drag(ui.app, board, stray, other)
    assert board.refusals[-1] == "That piece does not fit there."

    # the bot races on its own clock meanwhile
    assert board.pub["placed"][1] > 0


class LaggyLink:
    """A link whose answers and updates arrive `hold` polls late, like a slow network: what it shows
    is what has arrived (the view as it stood when the last message came in)."""

    def __init__(self, inner, seat, hold=4):
        self.inner, self.hold, self.seat = inner, hold, seat
        self.queue = []
        self._view, self._rev = inner.view(seat), inner.rev
        self.game, self.table_name = inner.game, inner.table_name

    seats = property(lambda self: self.inner.seats)
    my_seats = property(lambda self: [self.seat])
    phase = property(lambda self: self.inner.phase)
    status = property(lambda self: self.inner.status)
    rev = property(lambda self: self._rev)
    error = None

    def view(self, seat):
        return self._view

    def send(self, action, seat=None):
        return self.inner.send(action, self.seat)

    def poll(self):
        self.queue.extend([0, m] for m in self.inner.poll())
        for item in self.queue:
            item[0] += 1
        out = [m for age, m in self.queue if age > self.hold]
        self.queue = [item for item in self.queue if item[0] <= self.hold]
        if out:
            self._view, self._rev = self.inner.view(self.seat), self.inner.rev
        return out

    def close(self):
        self.inner.close()


def nearest_side(colour):
    return min((0, 1), key=lambda s: sum((a - b) ** 2 for a, b in zip(colour[:3], palette.side_shade(s))))


def test_a_prediction_that_loses_the_race_is_rolled_back_and_cleared_from_the_screen(app):
    # Two windows on one Session: mine (orange) and the rival's (yellow), each a LocalTable.
    session = Session("situation4", 2, seed=21, seats=[{"name": "Ada", "kind": "human"},
                                                     {"name": "Rival", "kind": "human"}])
    for row in (7, 6, 5, 4):       # orange climbs column 0 to the river; yellow comes down to meet it
        session.apply(0, {"type": "place", "piece": BOARD.slot(row, 0), "slot": BOARD.slot(row, 0)})
    for row in (0, 1, 2):
        session.apply(1, {"type": "place", "piece": BOARD.slot(row, 0), "slot": BOARD.slot(row, 0)})
    mine, rivals = LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make), LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make)
    link = LaggyLink(mine, seat=0, hold=4)
    scene = BoardScene(app, link)
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    contested = BOARD.slot(3, 0)   # both sides may lay piece 36 now
    assert legality.place_problem(BOARD, scene.pub["owner"], scene.pub["forces"], 0, contested, contested) is None
    tray_piece(scene, lambda p: p == contested)

    post_drag(scene.tray.rects[contested].center, scene.proj.slot_centre(contested))
    rivals.send({"type": "place", "piece": contested, "slot": contested}, seat=1)   # the rival's move arrives first
    app.step(1 / 60)
    assert scene.sent[-1]["slot"] == contested and len(scene.predictions) == 1
    centre = scene.proj.slot_centre(contested)
    assert nearest_side(app.surface.get_at(centre)) == 0, "my prediction shows at once"

    for _ in range(6):
        app.step(1 / 60)
    assert len(scene.predictions) == 0 and scene.predictions.rolled_back == 1
    assert scene.predictions.history[-1]["reason"] == "That space is already filled."
    assert scene.refusals[-1] == "That space is already filled."
    assert scene.effects.bounces[-1]["piece"] == contested and contested in scene.effects.flashes  # the bounce and the red flash
    for _ in range(100):   # once they are over, the space shows what the host has
        app.step(1 / 60)
    assert not scene.effects.bounces and not scene.effects.flashes
    assert scene.pub["owner"][contested] == 1 and contested not in scene.tray.items
    assert nearest_side(app.surface.get_at(centre)) == 1, "the screen shows the host's board: the rival's piece"
    link.close()
    rivals.close()


def test_a_seeded_race_is_played_through_the_scene_to_its_tally_and_game_over(app):
    link = LocalTable("situation4", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "hard", "name": "Hal"}],
                      seed=5, bot_delay=0, bot_factory=paced_factory(bots.make, speed=0.0))
    _, scene = on_screen(app, BoardScene, link, frames=0)
    hand = RaceHand(scene, bots.make)
    tally_seen = False
    for _ in range(2500):
        if app.stack.top is not scene:
            break
        hand.step()
        app.step(1 / 60)
        tally_seen = tally_seen or scene.tally is not None
    over = app.stack.top
    assert isinstance(over, GameOverScene) and tally_seen
    pub = link.view(0)["public"]
    totals = [t["total"] for t in tally(BOARD, pub["owner"], pub["flags"], pub["bridges"])]
    assert over.result["scores"] == totals
    assert pub["filled"] == BOARD.n
    mine = sum(1 for seat, _ in link.session.log if seat == 0)
    assert mine > 5 and scene.predictions.confirmed == mine, "every move of mine went through the scene"
    assert scene.tally.breakdown[0]["total"] == totals[0]
    assert dict(over.stats)["Whole squares"][0] == scene.tally.breakdown[0]["squares"]
