"""The Civil War board in the window, driven by real pygame events on the dummy driver.

A whole game from the main menu against a bot; hot-seat with the cover; the battle
dialog offering exactly the rules' choices; splitting a stack; refusals that change
nothing. Every loop is bounded by frames and wall-clock time.
"""
import bots
import functools

import pygame

import engine.civil_war as rules
from game import tables
from game.board_kit.autoplay import post_click, post_key
from game.civil_war import BoardScene
from game.civil_war.autoplay import ClickPlayer
from game.scenes.game_over import GameOverScene
from game.scenes.title import TitleScene
from net.local import LocalTable
from tests.game.driver import FRAME, on_screen, run_board
from tests.game.test_local_game import open_new_game, set_seat

# A seeded game whose hard-played human side meets a battle dialog on turn 1 and wins in a few dozen inputs.
SEED = 6


run = functools.partial(run_board, frames=3000, seconds=30.0)


def start(app, kinds=("human", "bot"), *, seed=SEED, level="easy"):
    seats = [{"kind": k, "name": ("Ada", "Grace")[i] if k == "human" else "Grant", "level": level}
             for i, k in enumerate(kinds)]
    link = LocalTable("civil_war", seats, seed=seed, bot_delay=0, bot_factory=bots.make)
    return on_screen(app, BoardScene, link)


def stack_at(link, name, side):
    board = rules.load("civil_war")
    at = list(board.cities[name].at)
    return next((s for s in link.session.view(None)["public"]["stacks"] if s["at"] == at and s["side"] == side), None)


def test_civil_war_from_the_main_menu_against_a_bot_to_the_end(ui, monkeypatch):
    """Main menu -> New game -> The Civil War Game vs an easy bot -> played to the end by clicks and keys,
    a battle decided in the dialog -> game over -> main menu."""
    monkeypatch.setattr(tables, "start_local", functools.partial(tables.start_local, seed=SEED))
    form = open_new_game(ui, "civil_war")
    assert form.seat_count.value == 2
    set_seat(ui, form, 1, "bot easy")
    ui.click_button(form.start_button)
    board = ui.top
    assert isinstance(board, BoardScene) and board.link.my_seats == [0]
    player = ClickPlayer(board, bots.make, "hard", SEED)
    assert run(ui.app, board, lambda: isinstance(ui.top, GameOverScene), player=player, frames=4000)
    sent = [a["type"] for a in board.sent]
    assert sent.count("move") >= 10 and "end_turn" in sent
    assert "battle" in sent and "fight" in player.done  # a battle choice made through the dialog's buttons
    assert board.refusals == []  # the player only ever clicked where the board said it could
    over = ui.top
    assert over.result["winners"] == [0]
    assert over.result["scores"] == board.link.session.view(None)["public"]["pieces"]
    assert dict(over.stats)["Cities taken"][0] >= 1
    ui.click_button(next(b for b in over.menu.buttons if b.label == "Main menu"))
    assert isinstance(ui.top, TitleScene)


def test_the_battle_dialog_offers_only_the_rules_choices(app):
    """"The attacker chooses how many (and which enemy units if not all)": the dialog's Fight button is live
    only for a listed outcome, and what it sends is one of the rules' own battle actions."""
    link, scene = start(app)
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert run(app, scene, lambda: scene.dialog is not None, player=player)
    dialog = scene.dialog
    listed = [a for a in link.session.legal_actions(0) if a["type"] == "battle"]
    assert len(listed) > 1 and dialog.valid
    lose_minus = next(st[2] for st in dialog.steppers if st[0] == "lose")
    post_click(lose_minus.rect.center)  # one loss fewer than the destruction chosen costs
    app.step(FRAME)
    assert not dialog.valid and not dialog.ok.enabled
    post_key(pygame.K_RETURN)
    app.step(FRAME)
    assert "battle" not in [a["type"] for a in scene.sent]  # an invalid choice sends nothing
    post_click(dialog.group_buttons[0].rect.center)  # the smallest total: a listed outcome again
    app.step(FRAME)
    assert dialog.valid
    post_click(dialog.ok.rect.center)
    assert run(app, scene, lambda: scene.dialog is None and scene.pending_seq is None)
    sent = scene.sent[-1]
    assert sent["type"] == "battle" and sent in listed
    assert link.session.state["pending"] == [] or link.session.state["pending"][0]["step"] != "battle"


def test_a_stack_splits_and_only_the_picked_units_move(app):
    """"Stacks split freely": picking 2 of Lee's 3 infantry with the panel's - button moves exactly those."""
    link, scene = start(app)
    lee = rules.load("civil_war").cities["Gordonsville"].at
    post_click(scene.map.centre(lee))
    app.step(FRAME)
    assert scene.selection.cell == lee and scene.selection.picked == {"infantry": 3, "cavalry": 2, "gunboat": 0}
    post_click(scene.steppers["cavalry"][0].rect.center)
    post_click(scene.steppers["cavalry"][0].rect.center)
    post_click(scene.steppers["infantry"][0].rect.center)
    app.step(FRAME)
    assert scene.selection.picked == {"infantry": 2, "cavalry": 0, "gunboat": 0}
    moves = [sq for sq, how in scene.reach().items() if how == "move"]
    assert moves
    dest = sorted(moves)[0]
    post_click(scene.map.centre(dest))
    assert run(app, scene, lambda: scene.pending_seq is None and link.rev == 1)
    assert scene.sent == [{"type": "move", "from": list(lee), "to": list(dest), "units": {"infantry": 2}}]
    left = stack_at(link, "Gordonsville", 0)
    assert left["units"] == {"infantry": 1, "cavalry": 2}


def test_clicks_the_rules_refuse_change_nothing_and_say_why(app):
    """Ending the turn before moving and clicking an enemy stack send nothing; a toast says why."""
    link, scene = start(app)
    post_key(pygame.K_RETURN)
    app.step(FRAME)
    assert "Move at least one unit" in scene.refusals[-1]
    washington = rules.load("civil_war").cities["Washington"].at
    post_click(scene.map.centre(washington))
    app.step(FRAME)
    assert scene.selection.cell is None and "lit" in scene.refusals[-1]
    assert scene.sent == [] and link.rev == 0


def test_hot_seat_passes_straight_to_the_other_general_with_no_cover(app):
    """Nothing in the Civil War Game is secret (GAME_TYPE.information is perfect), so two people at one window
    get no "pass the device" cover: when a turn ends the board turns to the other general, who plays at once."""
    link, scene = start(app, ("human", "human"))
    assert not scene.cover.up and scene.active_seat == 0 and scene.shown_seat == 0
    player = ClickPlayer(scene, bots.make, "normal", 1)
    assert run(app, scene, lambda: link.session.to_act() == [1], player=player, frames=400)
    app.step(FRAME)
    assert not scene.cover.up and scene.shown_seat == 1 and scene.active_seat == 1
    assert any("Grace" in t[0] for t in app.toasts)   # whose turn it is now, said once
    assert run(app, scene, lambda: link.session.to_act() == [0], player=player, frames=400)
    app.step(FRAME)
    assert not scene.cover.up and scene.active_seat == 0


def test_the_board_maps_every_square_and_draws_every_stack(app):
    """Hit-testing covers the 18x18 squares exactly, and every stack of the opening has a counter sprite."""
    link, scene = start(app)
    for x in range(18):
        for y in range(18):
            assert scene.map.cell_at(scene.map.centre((x, y))) == (x, y)
    assert scene.map.cell_at((2, 2)) is None
    stacks = link.session.view(None)["public"]["stacks"]
    assert scene.counters.builds == len({(s["side"], tuple(sorted(s["units"].items()))) for s in stacks}) >= 8


def test_zooming_in_keeps_clicks_on_the_square_under_the_mouse(app):
    """The wheel zooms the map around the mouse and a drag pans it; a click still selects the square drawn
    under it, and a drag never counts as a click."""
    link, scene = start(app)
    lee = rules.load("civil_war").cities["Gordonsville"].at
    at = scene.map.centre(lee)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(FRAME)
    assert scene.map.zoom > 1 and scene.map.cell_at(at) == lee, "the square under the mouse stays there"
    start_pos = scene.map.centre(lee)
    drag_to = (start_pos[0] + 60, start_pos[1] + 40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    for i in (1, 2, 3):
        pos = (start_pos[0] + 20 * i, start_pos[1] + 40 * i // 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(20, 13), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drag_to, button=1))
    app.step(FRAME)
    assert scene.selection.cell is None, "a drag moves the map and selects nothing"
    assert scene.map.cell_at(drag_to) == lee, "the map moved with the mouse"
    post_click(scene.map.centre(lee))
    app.step(FRAME)
    assert scene.selection.cell == lee


def test_after_an_accepted_action_the_board_waits_until_its_view_shows_it(app):
    """Over a network the `ok` comes a moment before the `update`: until the view on screen has reached the
    accepted revision, the board sends nothing more (a second click would act on a stale board)."""
    link, scene = start(app)
    lee = rules.load("civil_war").cities["Gordonsville"].at
    post_click(scene.map.centre(lee))
    app.step(FRAME)
    dest = sorted(sq for sq, how in scene.reach().items() if how == "move")[0]
    post_click(scene.map.centre(dest))
    assert run(app, scene, lambda: link.rev == 1 and not scene.waiting)
    scene.shown_rev = 0  # as if the link got the update after this frame read its view
    assert scene.waiting
    assert not scene.send({"type": "end_turn"}) and "Waiting" in scene.refusals[-1]
    app.step(FRAME)  # the next frame reads the view at the new revision
    assert scene.shown_rev == 1 and not scene.waiting
    assert scene.send({"type": "end_turn"})
