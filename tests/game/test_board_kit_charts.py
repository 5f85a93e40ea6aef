"""The shared counter-board pieces (game/board_kit): cost bands of the reach shading, the chart window's fit,
the help overlay's wrapping, and notices kept inside a board's own area."""
import pygame

from game import theme
from game.board_kit import hud
from game.board_kit.chart_window import Chart, build
from game.board_kit.reach_shading import BANDS, bands
from game.notices import Toasts


def test_cost_bands_run_from_the_cheapest_to_the_dearest():
    costs = {(0, 0): 1, (1, 0): 3, (2, 0): 10, (3, 0): 20, (4, 0): 30}
    band = bands(costs)
    assert band[(0, 0)] == 0 and band[(4, 0)] == BANDS - 1
    assert [band[c] for c in sorted(costs, key=costs.get)] == sorted(band.values()), "dearer never in a nearer band"
    assert set(bands({(0, 0): None, (1, 0): None}).values()) == {0}, "no costs: one band"


def test_a_chart_window_fits_the_width_it_is_given(app):
    chart = Chart("Table", "die", [f"{i}-1" for i in range(11)], ["1", "2"],
                  [["1 Elim (1 Pris)"] * 11, ["Exchange"] * 11], lit_columns={3}, lit_cells={(1, 3)},
                  notes=[("a note long enough to need wrapping " * 8, (255, 255, 255))])
    surface = build(chart, max_width=900)
    assert surface.get_width() <= 900


def test_the_help_overlay_wraps_a_long_row_inside_its_box(app):
    short = hud.build_help("Help", [("K", "short")], width=600)
    long = hud.build_help("Help", [("K", "a row far longer than the box is wide " * 4)], width=600)
    assert short.get_width() == long.get_width() == 600
    assert long.get_height() > short.get_height(), "the long row takes more lines, the box grows"
    assert all(theme.text_width(line, theme.SIZE_BODY) <= 600 - 170 - 44
               for line in theme.wrap_text("a row far longer than the box is wide " * 4, 600 - 170 - 44))


def test_notices_stay_inside_the_area_a_board_gives_them(app):
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    toasts = Toasts()
    toasts.say("A refusal long enough to have run over the status column on the right of the board " * 2,
               (255, 255, 255))
    area = pygame.Rect(8, 46, 984, 690)
    toasts.draw(surface, area)
    outside = [surface.get_at((x, y))[:3] for x in range(area.right + 1, 1280, 7) for y in range(0, 800, 7)]
    assert set(outside) == {(0, 0, 0)}, "nothing drawn over the status column"
    inside = {surface.get_at((x, 60))[:3] for x in range(area.x, area.right, 3)}
    assert inside != {(0, 0, 0)}, "the notice is drawn"
