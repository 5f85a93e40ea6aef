"""The Tactics (1954) board's reach, path, charts and inspector, driven by real pygame events on the dummy
driver: the path under the pointer is the route the rules take at the cost the legal listing gives; C opens
the Combat Results Table with the planned battle's column lit; I (or a right-click) inspects a unit; a click on
an occupied square says who stands there; the front line shows when a reserve is refused. Every loop is
bounded by frames and wall-clock time."""
import bots
import pygame

from engine import legal as listing
from engine.ah_tactics import crt, queries
from game.ah_tactics.charts import columns_text
from game.ah_tactics.autoplay import ClickPlayer
from game.board_kit.autoplay import post_click, post_key, post_motion
from tests.game.driver import FRAME
from tests.game.test_ah_tactics_board import SEED, in_view, play_until, start


def my_move(scene):
    return lambda: scene.phase == "move" and scene.orders is not None and not scene.waiting


def test_the_path_under_the_pointer_ends_on_the_pointed_square_at_the_listed_cost(app):
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, my_move(scene))
    legal = link.view(0)["private"]["legal"]
    template = listing.of_type(legal, "move")[1][0]
    uid = template["unit"]
    listed = listing.square_costs(legal, "move", uid)
    post_click(in_view(scene, scene.positions[uid]))
    app.step(FRAME)
    assert scene.selected == uid
    inside = [sq for sq in listed if scene.map.viewport.collidepoint(scene.map.centre(sq))]   # none panned off
    target = max(inside, key=lambda sq: (listed[sq], sq))
    post_motion(in_view(scene, target))
    app.step(FRAME)
    assert scene.hover == target
    squares, cost = scene.path_to(scene.hover)
    assert squares[-1] == target and cost == listed[target], "the path's end and cost are the listing's"
    app.draw()   # the shaded reach, the path and its label draw
    post_click(in_view(scene, target))
    app.step(FRAME)
    app.step(FRAME)
    assert scene.positions[uid] == target and scene.refusals == []


def test_c_opens_the_crt_with_the_planned_battles_column_lit(app):
    """Rule F: a battle is fought on its odds column (two columns make a roll-off): the chart lights the
    column(s) the host gives for the planned battle, and the panel gives each outcome's chance."""
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: scene.phase == "battle" and bool(scene.pub.get("plan"))
                      and not scene.waiting, frames=4000)
    battle = scene.focused_battle()
    post_key(pygame.K_c)
    app.step(FRAME)
    assert scene.chart.shown and scene.modal() is scene.chart
    chart = scene.chart.chart
    host_columns = [c for c in battle["columns"] if c in crt.COLUMNS]
    assert {chart.columns[j] for j in chart.lit_columns} == set(host_columns), "the host's own column(s)"
    assert any(columns_text(battle) in text for text, _ in chart.notes)   # the odds as the CRT reads them
    app.draw()
    post_key(pygame.K_c)   # any key closes it
    app.step(FRAME)
    assert not scene.chart.shown
    _, rows = scene._panel_rows()
    best, chance = queries.outcome_chances(battle["attack"], battle["defence"])[0]
    assert any(f"{round(float(chance) * 100)}%" in text for text, _ in rows), rows


def test_the_inspector_shows_the_units_factors(app):
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, my_move(scene))
    armor = next(u for u in scene.units if u["kind"] == "armor" and u["side"] == "blue" and u["id"] in scene.positions)
    post_click(in_view(scene, scene.positions[armor["id"]]), button=3)
    app.step(FRAME)
    assert scene.inspector.shown and scene.inspector.subject == armor["id"]
    rows = dict(scene.inspector.rows)
    assert rows["Factors"] == f"attack {armor['factor']} · defence {armor['factor']}"
    assert rows["May enter"] == "clear", "rule D2: armor never enters forest; only mountain divisions climb"
    app.draw()
    post_key(pygame.K_ESCAPE)   # Esc closes the card and does not arm leaving
    app.step(FRAME)
    assert not scene.inspector.shown and scene.esc_armed == 0
    post_motion(in_view(scene, scene.positions[armor["id"]]))
    app.step(FRAME)
    post_key(pygame.K_i)
    app.step(FRAME)
    assert scene.inspector.shown and scene.inspector.subject == armor["id"]


def test_a_click_on_an_occupied_square_says_who_stands_there_in_the_rules_words(app):
    """C: one unit to a square — not "cannot get there with the allowance left"."""
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, my_move(scene))
    uid = min(scene.orders.units("move"))
    post_click(in_view(scene, scene.positions[uid]))
    app.step(FRAME)
    enemy = next(u for u in scene.units if u["side"] == "red" and u["id"] in scene.positions)
    square = scene.positions[enemy["id"]]
    sent = len(scene.sent)
    post_click(in_view(scene, square))
    app.step(FRAME)
    refusal = scene.refusals[-1]
    assert refusal == queries.move_refusal(scene.view, uid, square)
    assert f"The {enemy['name']} stands there" in refusal and "allowance" not in refusal
    assert len(scene.sent) == sent


def test_a_refused_reserve_shows_the_front_line(app):
    """G: "never in front of the established front line" — the refusal is the rules' reason, the line drawn."""
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, lambda: my_move(scene)() and scene.orders.can({"type": "end_movement"})
                      and any(u not in scene.orders.units("reserve") for u in scene.orders.units("move")))
    uid = next(u for u in sorted(scene.orders.units("move")) if u not in scene.orders.units("reserve")
               and u in scene.positions)
    post_click(in_view(scene, scene.positions[uid]))
    app.step(FRAME)
    post_key(pygame.K_r)
    app.step(FRAME)
    assert scene.refusals[-1] == queries.reserve_refusal(scene.view, uid)
    assert scene.front_shown()
    app.draw()


def test_the_whole_map_zoom_draws_compact_counters_with_readable_numbers(app):
    from game.ah_tactics.counters import COMPACT_BELOW, FACE, compact
    from game.wargame import stacks
    link, scene = start(app, ("human", "bot"))
    player = ClickPlayer(scene, bots.make, "hard", SEED)
    assert play_until(app, scene, player, my_move(scene))
    post_key(pygame.K_0)   # the whole map
    app.step(FRAME)
    assert scene.map.cell_px < COMPACT_BELOW
    app.draw()
    uid = min(scene.positions)
    rect = scene.map.cell_rect(scene.positions[uid])
    sprite = compact(scene.units[uid], rect.w)
    full_face = stacks.face_size(scene.map.cell_px, *FACE)
    assert sprite.get_width() == rect.w > full_face[0], "the counter fills its square (the full face was smaller)"


def test_the_help_card_fits_the_window(app):
    """Its rows wrap inside the card, and the card stays inside the 1280 x 800 window."""
    from game.board_kit.help_card import keys_card
    card = keys_card("ah_tactics")
    assert card.get_width() <= 1280 - 40 and card.get_height() <= 800 - 40


def test_the_rules_screen_shows_the_crt_for_tactics_1954(app):
    from game.scenes.rules import RulesScene
    rules = RulesScene(app, "ah_tactics")
    app.push(rules)
    app.step(FRAME)
    post_key(pygame.K_c)
    app.step(FRAME)
    assert rules.chart_window.shown
    chart = rules.chart_window.chart
    table = crt.load()
    assert chart.columns == list(crt.COLUMNS)
    assert chart.cells[3][0] == table.result("1-6", 4).text, "die 4 of 1-6, as the rules read it"
    app.draw()
    post_key(pygame.K_c)
    app.step(FRAME)
    assert not rules.chart_window.shown
    rules.choose(rules.games.index("civil_war"))
    assert rules.charts == [], "a game without charts shows no chart button"


def test_the_crt_shows_the_engines_reading_of_every_cell_and_footnotes_the_ones_the_scan_leaves_in_doubt():
    """Rule F's table as the rules engine reads it, cell by cell: a doubtful reading of the scanned rule book is
    still the engine's reading, marked and explained below the table — never a bare "?"."""
    from game.ah_tactics.charts import DOUBT_MARK, crt_chart
    table = crt.load()
    chart = crt_chart(in_game=False)
    assert table.uncertain
    for i, die in enumerate(chart.rows):
        for j, column in enumerate(chart.columns):
            doubtful = f"{column}/{die}" in table.uncertain
            assert chart.cells[i][j] == table.result(column, int(die)).text + (DOUBT_MARK if doubtful else "")
            assert "?" not in chart.cells[i][j]
    assert any(text.startswith(DOUBT_MARK.strip()) and "rules engine decides" in text for text, _ in chart.notes)
