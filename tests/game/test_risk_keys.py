"""Keyboard shortcuts and the choosers of the risk board, through real key and mouse events."""
import pygame

from game.risk.autoplay import ClickPlayer, post_click, post_key
from tests.game.test_risk_board import FRAME, run, start


def reach_my_attack(app, scene, seed_player=None):
    player = seed_player or ClickPlayer(scene)
    ok = run(app, scene, lambda: scene.view["public"]["phase"] == "attack" and scene.active_seat == 0
             and player._best_attack(scene.view["public"], scene.actions) is not None, player=player)
    assert ok
    return player


def test_esc_cancels_the_selection_and_enter_ends_the_attack(app):
    """Esc = cancel; Enter/Space = end phase (attack -> fortify), once the card asking it is answered."""
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    player = reach_my_attack(app, scene)
    src, _ = player._best_attack(scene.view["public"], scene.actions)
    post_click(scene.geometry.territories[src].army)
    app.step(FRAME)
    assert scene.controls.source == src
    post_key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert scene.controls.source is None
    assert scene.app.stack.top is scene  # one Esc with something to cancel never leaves the game
    sent = len(scene.sent)
    post_key(pygame.K_RETURN)   # ending the attacks cannot be taken back: asked first
    app.step(FRAME)
    assert scene.confirm.shown and scene.confirm.question == "End your attacks?" and len(scene.sent) == sent
    post_key(pygame.K_RETURN)
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "end_attack"}
    assert link.session.state["phase"] == "fortify"


def test_occupy_chooser_move_all_sends_the_most_allowed(app):
    """After a conquest the chooser opens; M = move all, Enter confirms."""
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    player = ClickPlayer(scene)
    assert run(app, scene, lambda: scene.chooser is not None and scene.view["public"]["phase"] == "occupy",
               player=player)
    pending = link.session.state["pending"]
    post_key(pygame.K_LEFT)
    app.step(FRAME)
    assert scene.chooser.value == pending["max"] - 1 or pending["max"] == pending["min"]
    post_key(pygame.K_m)
    app.step(FRAME)
    assert scene.chooser.value == pending["max"]
    post_key(pygame.K_RETURN)
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "occupy", "count": pending["max"]}
    assert scene.chooser is None


def test_blitz_repeats_one_attack_at_a_time_until_conquest_or_one_army_left(app):
    """B = blitz: attacks sent one by one as answers arrive, stopping on conquest or at 1 army."""
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    reach_my_attack(app, scene)
    terr = scene.view["public"]["territories"]
    # the stoutest defender next to a source of 3 or more, attacked one die at a time: several rounds
    src, dst = max(((a["from"], a["to"]) for a in scene.actions if a["type"] == "attack"
                    and terr[a["from"]]["armies"] >= 3), key=lambda p: (terr[p[1]]["armies"], p))
    post_key(pygame.K_1)
    post_click(scene.geometry.territories[src].army)
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.geometry.territories[dst].army,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    sent_before = len(scene.sent)
    post_key(pygame.K_b)  # B with the mouse over a lit target blitzes that pair
    app.step(FRAME)
    assert scene.sent[sent_before:sent_before + 1] == [{"type": "attack", "from": src, "to": dst, "dice": 1}]
    assert run(app, scene, lambda: not scene.controls.blitz, frames=300)
    blitzed = scene.sent[sent_before:]
    assert len(blitzed) >= 2
    assert all(a == {"type": "attack", "from": src, "to": dst, "dice": 1} for a in blitzed)
    terr = link.session.state["territories"]
    assert terr[dst]["owner"] == 0 or terr[src]["armies"] == 1  # it stopped for one of the two reasons


def test_defend_prompt_asks_this_seat_when_the_defender_chooses(app):
    """defender_dice=choose: when this seat is attacked it is asked for its dice (keys 1/2)."""
    link, scene = start(app, ["human", "bot", "bot"], seed=21, options={"defender_dice": "choose"})
    player = ClickPlayer(scene)
    # play our own turns; stop the first time a bot attacks us
    assert run(app, scene, lambda: scene.view["public"]["phase"] == "defend" and scene.active_seat == 0,
               player=player, frames=6000)
    assert scene._defend_prompt_up()
    post_key(pygame.K_1)
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "defend", "dice": 1}
    last = link.session.state["last_battle"]
    assert len(last["defender_dice"]) == 1


def test_help_overlay_opens_with_h_and_closes_with_any_key(app):
    link, scene = start(app, ["human", "bot"], seed=2)
    app.step(FRAME)
    post_key(pygame.K_h)
    app.step(FRAME)
    assert scene.help_card.shown
    post_key(pygame.K_SPACE)
    app.step(FRAME)
    assert not scene.help_card.shown
    assert scene.sent == []  # the key that closed the help did nothing else


def test_place_all_for_me_spreads_the_starting_armies_over_the_front(app):
    """Enter in the opening places the seat's remaining starting armies, one a turn as the rules have it, each
    where the enemy outnumbers the seat most across a border: over the front, not all on one territory."""
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    assert run(app, scene, lambda: scene.active_seat == 0 and scene.view["public"]["phase"] == "setup"
               and not scene.waiting)
    before = {t: v["armies"] for t, v in scene.view["public"]["territories"].items() if v["owner"] == 0}
    post_key(pygame.K_RETURN)
    app.step(FRAME)
    assert 0 in scene.standing
    assert run(app, scene, lambda: scene.view["public"]["phase"] != "setup", frames=3000)
    placed = [a["territory"] for a in scene.sent if a["type"] == "place"]
    gained = {t: link.session.state["territories"][t]["armies"] - n for t, n in before.items()}
    assert len(placed) >= 6 and sum(gained.values()) == len(placed)
    front = {t for t in before if any(link.session.state["territories"][n]["owner"] != 0
                                      for n in scene.geometry.adjacent[t])}
    assert len({t for t in placed}) >= 3 and max(gained.values()) <= len(placed) // 2, gained
    assert set(placed) <= front, "every army went to a territory with an enemy beside it"
