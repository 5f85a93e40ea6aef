"""Halted counters keep their side's hue (new-user trial on real X, issue 43: halted Red counters turned a
dark brown-grey and hardly read as Red), and a square's tooltip follows the map when it scrolls under a
still pointer."""
import pygame

from engine.ah_tactics.units import ROSTER
from game.ah_tactics.counters import compact, face, side_colour
from tests.game.test_ah_tactics_readable import board_at


def _hue_and_value(colour):
    h, s, v, _ = pygame.Color(*colour[:3]).hsva
    return h, v


def test_a_halted_counter_keeps_its_sides_hue_and_reads_as_its_side(app):
    for side in ("red", "blue"):
        uid = next(i for i, u in enumerate(ROSTER) if ("blue", "red")[u.side] == side and u.kind != "hq")
        unit = {"id": uid, "name": ROSTER[uid].name, "side": side, "kind": "infantry", "factor": 4, "corps": "IC",
                "status": "active"}
        hue, value = _hue_and_value(side_colour(side))
        for paint, px in ((face, 40), (compact, 20)):
            counter = paint(unit, px, dimmed=True)
            w, h = counter.get_size()
            seen = [tuple(counter.get_at((x, y)))[:3]
                    for x in range(w // 4, 3 * w // 4) for y in range(h // 4, 3 * h // 4)]
            body = max(set(seen), key=seen.count)   # the face's own colour: what most of it is
            h, v = _hue_and_value(body)
            assert min(abs(h - hue), 360 - abs(h - hue)) <= 12 and v >= 0.75 * value, (side, paint, body)


def test_the_tooltip_follows_the_map_when_it_scrolls_under_a_still_pointer(sandbox_home):
    app, board = board_at(lambda p: p.kind[0] == "move")
    try:
        pointer = board.pointer
        pointer._motion(board.map.viewport.center)
        before = pointer.hover
        board.map.camera.pan_by(3 * round(board.map.cell_px), 0)   # the map moves, the pointer not
        assert pointer.hover != before and pointer.hover == board.map.cell_at(board.map.viewport.center)
    finally:
        app.close()


def test_the_lessons_top_bar_names_the_scripted_side_by_its_commander_not_its_side_twice():
    """The bar reads "Red · <player>": the lesson named its scripted Red seat "Red", so it read "Red · Red"."""
    from game.ah_tactics.counters import SIDE_TITLES
    from game.tutorial import library
    tutorial = library.tutorials()["ah_tactics"]
    assert all(name not in SIDE_TITLES.values() for name in tutorial.names.values()), tutorial.names
