"""Situation 4 window controls: the start countdown, the tray's filters, sort and scrolling, the
flag prompt (button and key), and forces placed by select + click, all through real input."""
import bots
import pygame

from engine.session import Session
from engine.situation4 import get_board
from game.board_kit.autoplay import post_click, post_key
from game.paced_bots import paced_factory
from game.settings import Settings
from game.situation4 import BoardScene
from game.situation4.autoplay import post_drag
from net.local import LocalTable
from tests.game.driver import on_screen
from tests.game.test_situation4_race import tray_piece

BOARD = get_board()
FRAME = 1 / 60


def race(app, seats=None, seed=3, session=None):
    if session is not None:
        link = LocalTable.from_session(session, bot_delay=0, bot_factory=bots.make)
    else:
        link = LocalTable("situation4", seats or [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "easy"}],
                          seed=seed, bot_delay=0,
                          bot_factory=paced_factory(bots.make, speed=1.0, start_delay=3.0 * app.settings.animation_factor()))
    return on_screen(app, BoardScene, link)


def test_the_race_starts_after_a_countdown_and_no_one_moves_before_go(app):
    app.settings = Settings(player_name="Ada", animation_speed="fast")   # a 1.5 s count
    link, scene = race(app)
    assert scene.countdown.running and scene.countdown.label() == "2"
    piece = next(p for p in scene.tray.items if p in BOARD.base_line[0])
    scene.tray.show(piece)
    post_drag(scene.tray.rects[piece].center, scene.proj.slot_centre(piece))
    app.step(FRAME)
    assert scene.refusals[-1] == "Wait for Go!" and not scene.sent
    for _ in range(100):
        app.step(FRAME)
    assert not scene.countdown.running and scene.racing
    assert link.rev == 0, "the bot waits for the countdown too (and then its own pace)"
    drag_from = scene.tray.rects.get(piece) or scene.tray.rects[tray_piece(scene, lambda p: p == piece)]
    post_drag(drag_from.center, scene.proj.slot_centre(piece))
    app.step(FRAME)
    assert scene.pub["owner"][piece] == 0
    link.close()


def test_the_tray_filters_sorts_and_scrolls_without_leaving_the_board(app):
    """The tray starts sorted "fits now" first (at the start: my base line's pieces), each of those marked; 1-4
    filter it, S and the sort button cycle the order, the wheel and the arrows scroll it."""
    link, scene = race(app)
    everything = list(scene.tray.items)
    assert len(everything) == BOARD.n and scene.tray.max_scroll > 0
    assert scene.tray.sort == "fits" and set(everything[:12]) == set(BOARD.base_line[0])
    assert scene.tray.fitting == set(BOARD.base_line[0])
    post_key(pygame.K_2)
    app.step(FRAME)
    red = set(BOARD.base_line[0]) | set(BOARD.base_line[1])
    assert scene.tray.items and set(scene.tray.items) == red
    post_click(scene.tray.filter_buttons["points"].rect.center)
    app.step(FRAME)
    assert set(scene.tray.items) == set(BOARD.objectives)
    post_click(scene.tray.filter_buttons["bases"].rect.center)
    app.step(FRAME)
    assert len(scene.tray.items) == 16   # four bases of four pieces
    post_key(pygame.K_1)
    app.step(FRAME)
    post_key(pygame.K_s)
    app.step(FRAME)
    assert scene.tray.sort == "edge"
    assert BOARD.row_col(scene.tray.items[0])[0] == 7, "my own edge's pieces come first"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 660), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.step(FRAME)
    assert scene.tray.scroll == 2
    post_key(pygame.K_LEFT)
    app.step(FRAME)
    assert scene.tray.scroll == 1
    post_click(scene.tray.sort_button.rect.center)
    app.step(FRAME)
    assert scene.tray.sort == "dealt" and scene.tray.items == scene.tray_order()
    assert type(app.stack.top) is BoardScene
    link.close()


def test_laying_an_objective_opens_the_flag_prompt_and_the_key_plants_it(app):
    link, scene = race(app, seats=[{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "easy"}])
    objective = next(s for s in BOARD.base_line[0] if s in BOARD.objectives)   # the 25 on my edge
    tray_piece(scene, lambda p: p == objective)
    post_drag(scene.tray.rects[objective].center, scene.proj.slot_centre(objective))
    app.step(FRAME)
    app.step(FRAME)
    assert scene.pub["flag_windows"][0] == objective
    slot, points, mine = scene.flag_prompt()
    assert (slot, points, mine) == (objective, BOARD.objectives[objective], True)
    assert "Plant your flag" in scene.hint()[0]
    post_key(pygame.K_f)
    app.step(FRAME)
    app.step(FRAME)
    assert scene.pub["flags"][objective] == 0 and scene.pub["scores"][0] >= points
    assert scene.flag_prompt() is None
    link.close()


def test_tanks_and_bridges_are_placed_by_select_and_click(app):
    session = Session("situation4", 2, seed=8, seats=[{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    # orange fills its tank base square (rows 4-5, cols 2-3) from its edge, and lays column 1 up to a bridge position
    for slot in (BOARD.slot(7, 2), BOARD.slot(6, 2), BOARD.slot(5, 2), BOARD.slot(4, 2), BOARD.slot(5, 3),
                 BOARD.slot(4, 3), BOARD.slot(7, 1), BOARD.slot(6, 1), BOARD.slot(5, 1), BOARD.slot(4, 1)):
        session.apply(0, {"type": "place", "piece": slot, "slot": slot})
    for slot in (BOARD.slot(0, 1), BOARD.slot(1, 1), BOARD.slot(2, 1), BOARD.slot(3, 1)):
        session.apply(1, {"type": "place", "piece": slot, "slot": slot})
    link, scene = race(app, session=session)
    assert scene.pub["in_hand"]["tank"][0] == 3
    post_key(pygame.K_t)
    app.step(FRAME)
    assert scene.hand.selected == {"kind": "tank", "piece": None}
    post_click(scene.proj.slot_centre(BOARD.slot(4, 3)))
    app.step(FRAME)
    assert scene.pub["forces"][BOARD.slot(4, 3)] == {"kind": "tank", "side": 0}
    # a bridge: pick it in the panel, click the bridge position at column 1
    from game.situation4 import race_hud
    post_click(race_hud.force_slots()["bridge"].center)
    app.step(FRAME)
    a, b = BOARD.bridge_positions[0]
    p, q = scene.proj.edge_points(a, b)
    post_click((round((p[0] + q[0]) / 2), round((p[1] + q[1]) / 2)))
    app.step(FRAME)
    assert scene.pub["bridges"][0] == 0 and scene.pub["in_hand"]["bridge"][0] == 1
    # a tank where it may not go: bounced with the reason
    post_key(pygame.K_t)
    app.step(FRAME)
    post_click(scene.proj.slot_centre(BOARD.slot(0, 1)))
    app.step(FRAME)
    assert scene.refusals[-1] == "A tank must go on one of your own pieces."
    link.close()


def test_teammates_build_the_same_side_and_the_window_shows_both(app):
    ticks = [0.0]
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "normal", "name": "Hal"},
             {"kind": "bot", "level": "hard", "name": "Grace"}, {"kind": "bot", "level": "normal", "name": "Turing"}]
    link = LocalTable("situation4", seats, seed=6, bot_delay=0,
                      bot_factory=paced_factory(bots.make, speed=0.05, clock=lambda: ticks[0]))
    scene = BoardScene(app, link)
    app.push(scene)
    assert scene.side == 0 and scene.side_label(0) == "Orange: Ada & Grace"
    assert scene.side_label(1) == "Yellow: Hal & Turing"
    for _ in range(40):
        ticks[0] += FRAME
        app.step(FRAME)
    pub = scene.pub
    by_grace = [slot for seat, a in link.session.log if seat == 2 and a["type"] == "place" for slot in [a["slot"]]]
    assert by_grace and all(pub["owner"][s] == 0 for s in by_grace), "my teammate's pieces are my side's"
    assert pub["placed"][0] == len(by_grace) + sum(1 for s, a in link.session.log if s == 0 and a["type"] == "place")
    # my teammate laid the red-bordered pieces it chose; my tray no longer offers them
    assert not set(by_grace) & set(scene.tray.items)
    # and I can build on my teammate's pieces
    anchor = next(s for s in by_grace)
    nxt = next((n for n in BOARD.neighbours[anchor] if pub["owner"][n] is None), None)
    if nxt is not None:
        tray_piece(scene, lambda p: p == nxt)
        post_drag(scene.tray.rects[nxt].center, scene.proj.slot_centre(nxt))
        app.step(FRAME)
        assert scene.sent and scene.sent[-1]["slot"] == nxt
    link.close()


def test_a_paratrooper_lands_on_an_enemy_piece_and_my_piece_joins_it(app):
    session = Session("situation4", 2, seed=9, seats=[{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    for r, c in ((7, 11), (6, 11), (5, 11), (4, 11), (5, 10), (4, 10)):   # completes my paratroop base
        session.apply(0, {"type": "place", "piece": BOARD.slot(r, c), "slot": BOARD.slot(r, c)})
    for r, c in ((0, 0), (1, 0)):
        session.apply(1, {"type": "place", "piece": BOARD.slot(r, c), "slot": BOARD.slot(r, c)})
    link, scene = race(app, session=session)
    assert scene.pub["in_hand"]["paratroop"][0] == 3
    from game.situation4 import race_hud
    target, slot = BOARD.slot(1, 0), BOARD.slot(1, 1)
    post_drag(race_hud.force_slots()["paratroop"].center, scene.proj.slot_centre(target))
    app.step(FRAME)
    assert scene.hand.landing == target and not scene.sent
    tray_piece(scene, lambda p: p == slot)
    post_drag(scene.tray.rects[slot].center, scene.proj.slot_centre(slot))
    app.step(FRAME)
    assert scene.sent[-1] == {"type": "paradrop", "target": target, "piece": slot, "slot": slot}
    app.step(FRAME)
    pub = scene.pub
    assert pub["forces"][target] == {"kind": "paratroop", "side": 0} and pub["owner"][slot] == 0
    assert pub["in_hand"]["paratroop"][0] == 2 and scene.hand.landing is None
    link.close()


def test_a_race_needs_one_person_per_window(ui):
    from game.scenes.new_game import NewGameScene
    from tests.game.test_local_game import open_new_game, set_seat
    scene = open_new_game(ui, "situation4")
    set_seat(ui, scene, 1, "human")
    ui.click_button(scene.start_button)
    assert isinstance(ui.top, NewGameScene)
    assert "no turns to share one screen" in ui.app.toasts[-1][0]
