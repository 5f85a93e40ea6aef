"""The Civil War board's shaded reach, the path under the pointer and the stack inspector, driven by real pygame
events on the dummy driver: the path ends on the pointed square and is the one the rules take when a move
names only `to` (the move's `moved` event says so); right-click or I shows the stack."""
import pygame

import engine.civil_war as rules
from game.board_kit.autoplay import post_click, post_key, post_motion
from tests.game.driver import FRAME
from tests.game.test_civil_war_board import run, start


def test_the_path_under_the_pointer_ends_on_the_square_and_is_the_rules_own(app):
    """Cavalry moves 1 or 2 squares: the path drawn is the one the move takes."""
    link, scene = start(app)
    lee = rules.load("civil_war").cities["Gordonsville"].at
    post_click(scene.map.centre(lee))
    app.step(FRAME)
    assert scene.selection.cell == lee
    for _ in range(3):   # the cavalry alone (two squares a turn)
        post_click(scene.steppers["infantry"][0].rect.center)
    app.step(FRAME)
    assert scene.selection.picked == {"infantry": 0, "cavalry": 2, "gunboat": 0}
    reach = scene.reach()
    far = max((sq for sq, how in reach.items() if how == "move"), key=lambda sq: (len(scene.paths()[sq]), sq))
    post_motion(scene.map.centre(far))
    app.step(FRAME)
    path = scene.paths()[scene.hover]
    assert path[-1] == far and len(path) >= 2
    assert set(scene.paths()) == set(reach), "a path for every lit square, none elsewhere"
    app.draw()
    seen, on_event = [], scene.on_event
    scene.on_event = lambda e: (seen.append(e), on_event(e))
    post_click(scene.map.centre(far))
    assert run(app, scene, lambda: scene.pending_seq is None and link.rev == 1)
    moved = next(e for e in seen if e["type"] == "moved")
    assert [tuple(p) for p in moved["path"]] == path, "the path drawn is the path the move took"


def test_right_click_or_i_on_a_stack_shows_what_it_is(app):
    link, scene = start(app)
    lee = rules.load("civil_war").cities["Gordonsville"].at
    post_click(scene.map.centre(lee), button=3)
    app.step(FRAME)
    assert scene.inspector.shown and scene.inspector.subject == lee
    rows = dict(scene.inspector.rows)
    assert rows["Pieces"] == "3 infantry, 2 cavalry"
    assert rows["Moves"] == "infantry 1 sq (3 by rail) · cavalry 2 sq"
    assert "mountains" in rows["Cavalry enter"] and "(some ways in)" in rows["Infantry enter"]
    app.draw()
    post_key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert not scene.inspector.shown and scene.esc_armed == 0
    post_motion(scene.map.centre(lee))
    app.step(FRAME)
    post_key(pygame.K_i)
    app.step(FRAME)
    assert scene.inspector.shown
