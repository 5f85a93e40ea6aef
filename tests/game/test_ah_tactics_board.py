"""The Tactics (1954) board in the window, driven by real pygame events on the dummy driver.

A whole game, one person (scripted clicks through the board's own controls) against a bot, to
the game-over scene; the click flows of a turn — pick a unit, see its reach with costs, move,
plan a battle and see its odds, confirm and watch it play; two people at one screen, where the
cover hides the set-up and the reserves of the side not on show. Every loop is bounded by
frames and wall-clock time.
"""
import functools

import bots
import pygame

from engine import legal as listing
from game.ah_tactics.charts import columns_text
from game.ah_tactics import BoardScene
from game.ah_tactics.autoplay import ClickPlayer
from engine.ah_tactics.queries import squares_text
from game.board_kit.autoplay import post_click, post_key
from game.scenes.game_over import GameOverScene
from net.local import LocalTable
from tests.game.driver import FRAME, on_screen, run_board
from tests.game.test_local_game import open_new_game

SEED = 3    # a game the scripted person (hard) wins against an easy bot in a few hundred frames

run = functools.partial(run_board, frames=6000, seconds=120.0)


def start(app, kinds, *, seed=SEED, level="easy", names=("Ada", "Grace", "Alan", "Edsger")):
    seats = [{"kind": k, "name": names[i], "level": level} for i, k in enumerate(kinds)]
    link = LocalTable("ah_tactics", seats, seed=seed, bot_delay=0, bot_factory=bots.make)
    return on_screen(app, BoardScene, link)


def in_view(scene, square) -> tuple[int, int]:
    """Where a square is on screen, the map panned to it first when it is out of view (as a player scrolls)."""
    view = scene.map
    if not view.viewport.collidepoint(view.centre(square)):
        view.camera.centre_on(*view.grid.centre(tuple(square)))
    return view.centre(square)


def play_until(app, scene, player, until, frames=3000) -> bool:
    return run_board(app, scene, until, player=player, frames=frames, seconds=90.0)


def test_the_new_game_form_starts_tactics_against_a_bot_on_its_own_board(ui):
    form = open_new_game(ui, "ah_tactics")
    assert form.seat_count.value == 2
    assert [c.value for c in form.seat_cyclers][0] == "human"
    ui.click_button(form.start_button)
    board = ui.top
    assert isinstance(board, BoardScene) and board.link.my_seats == [0]
    assert board.phase == "setup" and board.orders is not None


def test_a_person_plays_a_whole_game_against_a_bot_by_clicks_to_the_game_over(app):
    """Set-up, thirty squares a turn, battle plans, fall-backs: every action of seat 0 is a click or key
    on the board, none refused, and the game ends on the game-over scene."""
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert run(app, scene, lambda: isinstance(app.stack.top, GameOverScene), player=player)
    session = link.session
    assert session.result()["winners"], session.result()
    sent = [a["type"] for a in scene.sent]
    assert sent.count("move") >= 20 and "assign" in sent and "confirm_battles" in sent
    assert scene.refusals == [], scene.refusals
    assert sum(1 for seat, _ in session.log if seat == 0) == len(scene.sent), "every action of seat 0 came from the window"
    assert dict(app.stack.top.stats)["Side"] == ["Blue", "Red"]


def test_a_picked_unit_lights_its_reach_with_costs_and_a_click_moves_it_for_that_cost(app):
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: scene.phase == "move" and scene.orders is not None
                      and not scene.waiting)
    legal = link.view(0)["private"]["legal"]
    template = listing.of_type(legal, "move")[1][0]
    uid = template["unit"]
    before = scene.allowance
    post_click(in_view(scene, scene.positions[uid]))
    app.step(FRAME)
    assert scene.selected == uid
    reach = scene.reach()
    assert reach == listing.square_costs(legal, "move", uid), "the reach is legal's, costs too"
    cheapest = min(reach, key=lambda sq: (reach[sq], sq))
    app.draw()   # the lit reach, its cost labels and the allowance gauge draw
    assert squares_text(3) == "1" and squares_text(4) == "1⅓"
    post_click(in_view(scene, cheapest))
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "move", "unit": uid, "to": list(cheapest)}
    app.step(FRAME)
    assert scene.positions[uid] == cheapest
    assert scene.allowance == before - reach[cheapest]


def test_a_click_on_an_enemy_or_an_unlit_square_is_refused_and_sends_nothing(app):
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: scene.phase == "move" and scene.orders is not None
                      and not scene.waiting)
    sent = len(scene.sent)
    enemy = next(sq for uid, sq in scene.positions.items() if scene.units[uid]["side"] == "red")
    post_click(in_view(scene, enemy))
    app.step(FRAME)
    assert scene.selected is None and scene.refusals[-1].startswith("That is an enemy unit")
    assert len(scene.sent) == sent


def test_the_battle_plan_assigns_factors_by_clicks_shows_the_odds_and_plays_the_results(app):
    """Rule F: the attacker divides his factors among the battles as he likes and sees the odds before
    confirming; results then play one battle after another."""
    app.settings.animation_speed = "normal"
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: scene.phase == "battle" and scene.orders is not None
                      and not scene.waiting and scene.orders.attackers() and not scene.pub.get("plan"), frames=4000)
    o = scene.orders
    attacker = min(o.attackers())
    defender, counts = sorted(o.targets_of(attacker).items())[0]
    post_click(in_view(scene, scene.positions[attacker]))
    app.step(FRAME)
    assert scene.selected == attacker and defender in scene.targets()
    post_click(in_view(scene, scene.positions[defender]))
    app.step(FRAME)
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "assign", "attacker": attacker, "defender": defender, "factors": max(counts)}
    plan = scene.pub["plan"]
    battle = next(b for b in plan if defender in b["defenders"])
    assert str(attacker) in {str(a) for a in battle["attackers"]} and battle["odds"]
    app.draw()
    title, rows = scene._panel_rows()
    assert title == "Battle plan" and any(columns_text(battle) in text for text, _ in rows), rows
    # the rest of the plan by the scripted player, then Enter confirms and the battles play
    assert play_until(app, scene, player, lambda: scene.battles_seen > 0, frames=2000)
    assert "battle" in scene.effects.seen and scene.effects.busy


def test_two_people_at_one_screen_never_see_the_other_sides_set_up_or_reserves(app):
    """Set-up and reserves are secret (rules B and G): the cover is up whenever the device passes, and
    what the board draws for the seat on show is its own side's arrangement and reserves only."""
    link, scene = start(app, ("human", "human"))
    assert scene.cover.up and scene.cover.seat == 0
    post_click(in_view(scene, (23, 3)))
    app.step(FRAME)
    assert scene.sent == [] and scene.positions == {}, "under the cover the board holds nothing"
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    covers, shown_sides, reserved = 0, set(), None
    for _ in range(1500):
        was_up = scene.cover.up
        if (scene.phase == "move" and reserved is None and scene.active_seat is not None
                and scene.orders.units("reserve")):
            uid = min(scene.orders.units("reserve"))
            post_click(in_view(scene, scene.positions[uid]))
            app.step(FRAME)
            post_key(pygame.K_r)
            app.step(FRAME)
            app.step(FRAME)
            reserved = (scene.active_seat, uid)
            assert uid in scene.hidden, "the owner sees his reserve, with the secret rim"
        else:
            player.step()
            app.step(FRAME)
        if scene.cover.up and not was_up:
            covers += 1
        if scene.covered:
            assert not scene.hidden and not (scene.view or {}).get("private"), "under the cover: the public view only"
            continue
        side = "blue" if scene.shown_seat == 0 else "red"
        shown_sides.add(side)
        if scene.phase == "setup":
            assert {scene.units[u]["side"] for u in scene.positions} == {side}, "only our own set-up is drawn"
        if reserved is not None and scene.shown_seat != reserved[0]:
            assert reserved[1] not in scene.positions and not scene.hidden, "the enemy's reserve is never drawn"
            break
    assert reserved is not None and covers >= 2 and shown_sides == {"blue", "red"}


def test_the_commander_regroups_a_picked_division_with_g_and_a_click_on_its_new_corps(app):
    """Rule B: in its side's movement phase a division may change corps (or leave one), every corps keeping
    three to nine; the window lists exactly the corps `legal` offers and sends the one clicked."""
    from game.ah_tactics import hud
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: scene.phase == "move" and scene.orders is not None
                      and not scene.waiting and scene.orders.of_type("regroup"))
    offered, _ = listing.of_type(link.view(0)["private"]["legal"], "regroup")
    uid = offered[0]["unit"]
    choices = [a["corps"] for a in offered if a["unit"] == uid]
    post_click(player.centre(scene.positions[uid]))
    app.step(FRAME)
    assert scene.selected == uid and not scene.regrouping
    post_key(pygame.K_g)
    app.step(FRAME)
    assert scene.regrouping and scene.orders.regroups(uid) == choices
    title, rows = scene._panel_rows()
    assert title.startswith(f"Regroup {scene.units[uid]['name']}") and len(rows) == len(choices) + 1
    row = len(choices) - 1
    post_click((hud.PANEL.x + 60, hud.PANEL.y + hud.PANEL_ROWS_TOP + row * hud.PANEL_ROW_H + hud.PANEL_ROW_H // 2))
    app.step(FRAME)
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "regroup", "unit": uid, "corps": choices[row]}
    assert scene.units[uid]["corps"] == (None if choices[row] == "none" else choices[row])
    assert not scene.regrouping and scene.refusals == []


def test_g_on_a_unit_that_cannot_change_corps_is_refused_and_sends_nothing(app):
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: scene.phase == "move" and scene.orders is not None
                      and not scene.waiting)
    hq = next(uid for uid in scene.orders.units("move") if scene.units[uid]["kind"] == "hq")
    post_click(player.centre(scene.positions[hq]))
    app.step(FRAME)
    sent = len(scene.sent)
    post_key(pygame.K_g)
    app.step(FRAME)
    assert not scene.regrouping and scene.refusals[-1].startswith("That unit cannot change corps")
    assert len(scene.sent) == sent
