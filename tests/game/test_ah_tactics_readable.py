"""A Tactics (1954) map one can read (issue 43): the board opens at a zoom where a counter is at least 28 pixels
on a 1366x768 laptop's screen, its number and combat factor in bold type; the interface scale opens it closer
and is remembered; a battle's odds badge stands on a free square and its arrows stop at the counters' edges;
the battle's card keeps clear of the squares fought over; the calculator gives every planned battle's chances,
in the panel and in the chart; and the inspector says of an enemy unit what is true of an enemy unit."""
import bots
import pygame

from game.ah_tactics.counters import face
from game.ah_tactics.effects import clear_of
from game.app import App
from game.scenes.title import TitleScene
from game.settings import Settings, load, save
from game.window import fitting_size
from tests.game.positions import Stage, positions
from tests.game.test_window_fit import OPENBOX

LAPTOP = pygame.Rect(0, 0, 1366, 768)


def board_at(position_test, scale: int = 100):
    app = App(settings=Settings(player_name="Ada", animation_speed="instant", ui_scale=scale),
              bot_factory=bots.make)
    app.push(TitleScene(app))
    position = next(p for p in positions("ah_tactics") if position_test(p))
    board = Stage(app, "ah_tactics").show(position)
    board._framed = None   # a board opened on this position, as a player first sees it
    board.read_view()
    return app, board


def test_the_map_opens_with_counters_of_28_pixels_or_more_on_a_1366x768_laptop(sandbox_home):
    shown = fitting_size(LAPTOP.size, OPENBOX)[0] / 1280   # the window's scale on that laptop
    for scale, least in ((100, 28), (125, 35), (150, 42)):
        app, board = board_at(lambda p: p.kind[0] == "move", scale)
        try:
            px = round(board.map.cell_px)
            counter = face(board.units[min(board.positions)], px)
            body = counter.get_bounding_rect()
            assert body.w * shown >= least and body.h * shown >= least - 3, (scale, body, shown)
            own = [sq for uid, sq in board.positions.items() if board.units[uid]["side"] == board.my_side]
            assert sum(board.map.is_visible(sq) for sq in own) >= len(own) // 3, "the seat's own units in view"
        finally:
            app.close()


def test_the_interface_scale_is_remembered(sandbox_home, tmp_path):
    path = tmp_path / "settings.json"
    save(Settings(ui_scale=150), path)
    assert load(path)[0].ui_scale == 150
    path.write_text('{"ui_scale": 130}')
    assert load(path)[0].ui_scale == 100, "a scale not offered is refused"


def test_a_battles_badge_stands_on_a_free_square_beside_its_defenders(sandbox_home):
    app, board = board_at(lambda p: p.kind[0] == "battle" and len(p.view["public"]["plan"]) >= 2)
    try:
        taken = set(board.positions.values())
        for battle in board.pub["plan"]:
            defenders = [board.positions[d] for d in battle["defenders"]]
            attackers = [board.positions[int(a)] for a in battle["attackers"]]
            square = board._badge_square(defenders, attackers)
            assert square not in taken and any(max(abs(square[0] - d[0]), abs(square[1] - d[1])) == 1
                                               for d in defenders)
    finally:
        app.close()


def test_the_battle_card_keeps_clear_of_the_squares_fought_over():
    bounds = pygame.Rect(8, 46, 984, 690)
    card = pygame.Rect(0, 0, 250, 74)
    for fought in (pygame.Rect(400, 300, 80, 120), pygame.Rect(400, 50, 80, 80), pygame.Rect(8, 600, 120, 120)):
        spot = clear_of(card, fought, bounds)
        assert bounds.contains(spot) and not spot.colliderect(fought), (fought, spot)


def test_every_planned_battle_has_its_chances_in_the_panel_and_the_chart(sandbox_home):
    from game.ah_tactics.charts import loss_text
    app, board = board_at(lambda p: p.kind[0] == "battle" and len(p.view["public"]["plan"]) >= 2)
    try:
        plan = board.pub["plan"]
        _, rows = board._panel_rows()
        text = " ".join(t for t, _ in rows)
        assert sum("%" in t for t, _ in rows) >= len(plan), rows
        board.show_crt()
        notes = " ".join(t for t, _ in board.chart.chart.notes)
        assert all(loss_text(b["attack"], b["defence"]) in notes for b in plan), notes
        assert text
    finally:
        app.close()


def test_the_inspector_says_an_enemy_unit_moves_in_its_own_sides_phase(sandbox_home):
    app, board = board_at(lambda p: p.kind[0] == "move")
    try:
        enemy = next(uid for uid in board.positions if board.units[uid]["side"] != board.my_side)
        board.inspect(enemy)
        moves = dict(board.inspector.rows)["Moves"]
        assert "enemy" in moves and "squares left to the side" not in moves, moves
    finally:
        app.close()
