"""Tactics (1954) set-up, "Guard HQs" (A, or the panel's second button): the window asks the hard bot where
it would stand the seat's HQs (where the enemy's first move reaches them least, landings counted) and sends
those placements one by one as the player's own, each checked by the rules; the arrangement is then one the
hard bot would leave as it is. Only the side's commander arranges; the set-up stays open until Enter."""
import bots
import pygame

from game.ah_tactics import BoardScene
from game.board_kit.autoplay import post_key
from net.local import LocalTable
from tests.game.driver import on_screen, run_board

SEED = 3


def start(app, seed=SEED):
    seats = [{"kind": "human", "name": "Ada", "level": "easy"}, {"kind": "bot", "name": "Grace", "level": "easy"}]
    link = LocalTable("ah_tactics", seats, seed=seed, bot_delay=0, bot_factory=bots.make)
    return on_screen(app, BoardScene, link)


def advice(view):
    return [a for a in bots.make("ah_tactics", "hard", 0).phase_plan(view) if a["type"] == "place"]


def test_guard_hqs_sends_the_hard_bots_placements_until_it_would_move_no_hq(app):
    link, scene = start(app)
    assert run_board(app, scene, lambda: scene.phase == "setup" and scene.active_seat == 0 and not scene.waiting,
                     frames=300, seconds=20.0)
    first = advice(scene.view)
    assert first, "seed 3's arrangement has an HQ the hard bot would move (else nothing is shown)"
    assert scene.second_button.label == "Guard HQs" and scene.second_button.enabled
    post_key(pygame.K_a)
    assert run_board(app, scene, lambda: scene.sent and not scene.guard_passes and not scene.waiting,
                     frames=900, seconds=30.0), (scene.sent, scene.refusals)
    assert scene.sent[:len(first)] == first, "the hard bot's own placements, in its order"
    assert all(a["type"] == "place" for a in scene.sent) and scene.refusals == []
    assert advice(scene.view) == [], "guarded: the hard bot would move no HQ now"
    assert scene.phase == "setup", "guarding never declares the set-up done: Enter does"
    at = {int(uid): tuple(sq) for uid, sq in scene.view["private"]["arrangement"].items()}   # secret until both are done
    last = {}
    for a in scene.sent:
        last[a["unit"]] = tuple(a["to"])
    assert all(at[uid] == sq for uid, sq in last.items()), (last, at)
    assert "now stand" in " ".join(t.text for t in app.toasts)

    # pressed again: nothing is sent, and the player is told so
    sent = len(scene.sent)
    post_key(pygame.K_a)
    assert run_board(app, scene, lambda: "already stand" in " ".join(t.text for t in app.toasts), frames=60, seconds=5.0)
    assert len(scene.sent) == sent and scene.phase == "setup"

    # and Enter declares the set-up done as ever, once the card asking it is answered
    post_key(pygame.K_RETURN)
    assert run_board(app, scene, lambda: scene.confirm.shown, frames=10, seconds=5.0)
    assert scene.confirm.question == "Declare your set-up done?" and scene.phase == "setup"
    post_key(pygame.K_RETURN)
    assert run_board(app, scene, lambda: scene.phase != "setup", frames=600, seconds=30.0)
