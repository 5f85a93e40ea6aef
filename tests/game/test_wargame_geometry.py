"""The wargame kit's geometry: square and hex grids at any size, the camera's zoom and pan, and hit-testing
through a MapView at every zoom. Pure arithmetic: no window is opened."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.wargame.camera import Camera, zoom_levels
from game.wargame.grid import HexGrid, SquareGrid
from game.wargame.map_view import MapView

HEX_KINDS = [("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")]


def grids(cols=44, rows=36):
    yield SquareGrid(18, 18, 38)
    yield SquareGrid(cols, rows, 24)
    for orientation, shifted in HEX_KINDS:
        yield HexGrid(cols, rows, 20, orientation=orientation, shifted=shifted)
        yield HexGrid(3, 1, 11.5, orientation=orientation, shifted=shifted)


def inside(polygon, x, y) -> bool:
    """Ray casting, independent of the grid's own test."""
    hit = False
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[i - 1]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            hit = not hit
    return hit


def on_outline(polygon, x, y) -> bool:
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[i - 1]
        length = math.dist((ax, ay), (bx, by))
        if abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < 1e-6 and \
                min(ax, bx) - 1e-6 <= x <= max(ax, bx) + 1e-6 and min(ay, by) - 1e-6 <= y <= max(ay, by) + 1e-6:
            return True
    return False


@pytest.mark.parametrize("grid", list(grids()), ids=repr)
def test_every_cell_centre_and_the_area_near_its_corners_hit_that_cell(grid):
    for cell in grid.cells():
        cx, cy = grid.centre(cell)
        assert grid.cell_at(cx, cy) == cell
        for px, py in grid.corners(cell):   # 90% of the way out to each corner is still this cell
            assert grid.cell_at(cx + 0.9 * (px - cx), cy + 0.9 * (py - cy)) == cell


@pytest.mark.parametrize("grid", list(grids()), ids=repr)
def test_the_board_fits_its_bounds_and_points_outside_hit_nothing(grid):
    w, h = grid.bounds
    for cell in grid.cells():
        for x, y in grid.corners(cell):
            assert -1e-6 <= x <= w + 1e-6 and -1e-6 <= y <= h + 1e-6
    assert grid.cell_at(-1, -1) is None and grid.cell_at(w + 1, h / 2) is None and grid.cell_at(w / 2, h + 1) is None


@pytest.mark.parametrize("grid", list(grids()), ids=repr)
def test_neighbours_are_mutual_share_a_side_and_stand_one_step_apart(grid):
    step = grid.size if grid.shape == "square" else math.sqrt(3) * grid.size
    for cell in grid.cells():
        around = grid.neighbours(cell)
        assert len(around) <= (4 if grid.shape == "square" else 6) and len(set(around)) == len(around)
        for n in around:
            assert cell in grid.neighbours(n)
            assert grid.side(cell, n) is not None
            assert math.dist(grid.centre(cell), grid.centre(n)) == pytest.approx(step)
    if grid.cols > 2 and grid.rows > 2:
        assert len(grid.neighbours((1, 1))) == (4 if grid.shape == "square" else 6)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(grids(9, 7))), st.floats(0, 1), st.floats(0, 1))
def test_any_point_on_the_board_hits_the_cell_whose_outline_holds_it(grid, fx, fy):
    w, h = grid.bounds
    x, y = fx * w, fy * h
    cell = grid.cell_at(x, y)
    holders = [c for c in grid.cells() if inside(grid.corners(c), x, y)]
    if cell is not None and on_outline(grid.corners(cell), x, y):
        return   # exactly on a side: either cell that shares it will do
    assert (cell in holders) if holders else (cell is None), "a gap at a hex board's edge hits nothing"


@pytest.mark.parametrize("grid", list(grids()), ids=repr)
def test_cells_in_a_window_include_every_cell_that_shows_there(grid):
    w, h = grid.bounds
    window = (w * 0.3, h * 0.2, w * 0.25, h * 0.3)
    listed = set(grid.cells_in(*window))
    x0, y0, ww, wh = window
    for cell in grid.cells():
        bx, by, bw, bh = grid.box(cell)
        if bx < x0 + ww and bx + bw > x0 and by < y0 + wh and by + bh > y0:
            assert cell in listed


def test_zoom_levels_run_from_the_whole_board_to_the_most_and_include_one():
    levels = zoom_levels(0.6, 2.0)
    assert levels[0] == pytest.approx(0.6) and 1.0 in levels and levels[-1] <= 2.0
    assert levels == sorted(levels) and all(b / a > 1.05 for a, b in zip(levels, levels[1:]))
    assert zoom_levels(0.639, 2.0)[:2] == [0.639, 0.8], "no step hardly larger than the one before"
    assert zoom_levels(1.0, 2.0)[0] == 1.0 and zoom_levels(1.7, 2.0)[0] == 1.0, "a small board starts at 1.0"


def test_a_board_larger_than_its_viewport_starts_whole_and_never_leaves_the_viewport():
    cam = Camera((100, 50, 800, 600), (1600, 1000), max_zoom=2.0)
    assert cam.zoom == pytest.approx(0.5) and not cam.can_pan, "the whole board fits at first"
    assert cam.zoom_by(3, anchor=(500, 350)) and cam.can_pan
    for dx, dy in ((5000, 0), (-5000, 0), (0, 5000), (0, -5000)):
        cam.pan_by(dx, dy)
        x, y, w, h = cam.visible()
        assert 0 <= x and 0 <= y and x + w <= 1600 + 1e-6 and y + h <= 1000 + 1e-6


def test_zooming_keeps_the_point_under_the_mouse_where_it_is():
    cam = Camera((0, 0, 800, 600), (2000, 1500), max_zoom=3.0)
    cam.set_zoom(1.0)
    mouse = (400, 300)
    before = cam.to_world(*mouse)
    cam.zoom_by(1, anchor=mouse)
    assert cam.zoom == pytest.approx(1.25)
    assert cam.to_world(*mouse) == pytest.approx(before)


def test_a_small_board_is_centred_and_does_not_pan():
    cam = Camera((0, 0, 800, 600), (400, 300))
    assert cam.zoom == 1.0 and not cam.can_pan
    assert cam.to_screen(0, 0) == pytest.approx((200, 150))
    assert not cam.pan_by(100, 100)


@settings(max_examples=200, deadline=None)
@given(st.integers(-3, 6), st.floats(-3000, 3000), st.floats(-3000, 3000), st.floats(0, 1500), st.floats(0, 1100))
def test_screen_and_world_points_round_trip_at_any_zoom_and_pan(steps, dx, dy, wx, wy):
    cam = Camera((30, 40, 700, 500), (1500, 1100), max_zoom=3.0)
    cam.zoom_by(steps)
    cam.pan_by(dx, dy)
    assert cam.to_world(*cam.to_screen(wx, wy)) == pytest.approx((wx, wy))


@pytest.mark.parametrize("grid", [SquareGrid(44, 36, 24), HexGrid(44, 36, 16), HexGrid(30, 20, 18, orientation="pointy")],
                         ids=repr)
def test_through_a_map_view_every_visible_cell_is_hit_where_it_is_drawn_at_every_zoom(grid):
    view = MapView(grid, (8, 46, 860, 690), max_zoom=2.5)
    for level in view.camera.levels:
        view.camera.set_zoom(level, anchor=(400, 400))
        view.camera.pan_by(-137, -91)
        for cell in view.visible_cells():
            x, y = view.centre(cell)
            if view.viewport.collidepoint(x, y):
                assert view.cell_at((x, y)) == cell
    assert view.cell_at((2, 2)) is None, "outside the viewport nothing is hit"
