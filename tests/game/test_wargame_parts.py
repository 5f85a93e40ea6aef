"""The wargame kit's parts: the map's pointer (click, drag, wheel, keys), reach read from `legal`, the
selection, the combat dialog's choices, and the painters (counters, terrain, fog, the zoomed picture),
checked by what they do and by the pixels they draw."""
import pygame
import pytest

from engine import legal as listing
from game.wargame.combat_dialog import Choice, CombatDialog
from game.wargame.counters import CounterLook, Counters
from game.wargame.fog import FogLayer
from game.wargame.grid import HexGrid, SquareGrid
from game.wargame.map_input import MapPointer
from game.wargame.map_view import MapView, WorldPicture
from game.wargame.reach import Mark, ReachOverlay, cells_of, reach_from_legal
from game.wargame.selection import Selection
from game.wargame import symbols
from game.wargame.terrain import EdgeStyle, TerrainLayer, TerrainStyle


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def button(kind, pos, b=1):
    return pygame.event.Event(kind, pos=pos, button=b)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def big_map():
    clicks = []
    view = MapView(SquareGrid(44, 36, 24), (8, 46, 860, 690), max_zoom=2.5)
    return view, MapPointer(view, lambda cell, b: clicks.append((cell, b))), clicks


# ----- the pointer -------------------------------------------------------------------------------
def test_a_press_and_release_in_place_is_one_click_on_the_cell_under_it():
    view, pointer, clicks = big_map()
    at = view.centre((5, 7))
    for e in (motion(at), button(pygame.MOUSEBUTTONDOWN, at), button(pygame.MOUSEBUTTONUP, at)):
        pointer.handle(e)
    assert clicks == [((5, 7), 1)] and pointer.hover == (5, 7)


def test_a_release_whose_press_this_map_never_saw_is_no_click():
    """The click that closed the help card (its press went to the card) never plays a move."""
    view, pointer, clicks = big_map()
    pointer.handle(button(pygame.MOUSEBUTTONUP, view.centre((3, 3))))
    assert clicks == []


def test_dragging_a_zoomed_map_pans_it_and_clicks_nothing():
    view, pointer, clicks = big_map()
    start = (400, 400)
    pointer.handle(motion(start))
    pointer.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    pointer.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert view.camera.can_pan
    under = view.cell_at(start)
    pointer.handle(button(pygame.MOUSEBUTTONDOWN, start))
    for x in range(402, 461, 6):
        pointer.handle(motion((x, 400), (1, 0, 0)))
    pointer.handle(button(pygame.MOUSEBUTTONUP, (460, 400)))
    assert clicks == [] and view.cell_at((460, 400)) == under, "the map moved with the mouse"


def test_on_a_map_that_fits_a_small_wobble_still_clicks():
    view = MapView(SquareGrid(18, 18, 38), (8, 46, 684, 684))
    clicks = []
    pointer = MapPointer(view, lambda cell, b: clicks.append(cell))
    at = view.centre((2, 2))
    pointer.handle(button(pygame.MOUSEBUTTONDOWN, at))
    pointer.handle(motion((at[0] + 9, at[1]), (1, 0, 0)))   # past the drag distance, but there is nothing to pan
    pointer.handle(button(pygame.MOUSEBUTTONUP, (at[0] + 9, at[1])))
    assert clicks == [(2, 2)]


def test_the_wheel_zooms_around_the_mouse_and_the_keys_zoom_pan_and_fit():
    view, pointer, _ = big_map()
    mouse = (300, 500)
    pointer.handle(motion(mouse))
    world = view.camera.to_world(*mouse)
    fit = view.zoom
    pointer.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert view.zoom > fit and view.camera.to_world(*mouse) == pytest.approx(world, abs=0.5)
    assert pointer.handle(key(pygame.K_EQUALS)) and view.zoom > fit
    offset = view.camera.offset
    assert pointer.handle(key(pygame.K_RIGHT)) and view.camera.offset[0] > offset[0]
    assert pointer.handle(key(pygame.K_0)) and view.zoom == fit
    assert not pointer.handle(key(pygame.K_RIGHT)), "nothing to pan once the whole board shows"


# ----- reach and selection -----------------------------------------------------------------------
LEGAL = listing.listing(
    actions=[{"type": "end_turn"}],
    templates=[{"type": "move", "unit": 7, "to": listing.one_of([[1, 2], [2, 2], [3, 3]])},
               {"type": "move", "unit": 9, "to": listing.one_of([[5, 5]])}],
    hostile=[[3, 3]])


def test_reach_lights_exactly_the_destinations_legal_lists_and_marks_attacks_and_costs():
    costs = {(1, 2): 1, (2, 2): 2, (3, 3): 3}
    marks = reach_from_legal(LEGAL, "move", "to", hostile=LEGAL["hostile"], cost_of=costs.get, unit=7)
    assert marks == {(1, 2): Mark("move", 1), (2, 2): Mark("move", 2), (3, 3): Mark("attack", 3)}
    assert reach_from_legal(LEGAL, "move", unit=8) == {}
    assert cells_of(LEGAL, "move", "to", unit=9) == {(5, 5)}


def test_the_selection_steps_within_what_is_there_and_cycles_its_quick_picks():
    sel = Selection(("infantry", "cavalry"))
    assert not sel
    sel.pick([4, 5], {"infantry": 3, "cavalry": 1})
    assert sel.cell == (4, 5) and sel.picked == {"infantry": 3, "cavalry": 1}
    sel.adjust("cavalry", +1)
    sel.adjust("infantry", -5)
    assert sel.picked == {"infantry": 0, "cavalry": 1} and sel.group == {"cavalry": 1}
    seen = []
    for _ in range(5):
        sel.next_preset()
        seen.append(dict(sel.picked))
    assert seen == [{"infantry": 3, "cavalry": 1}, {"infantry": 3, "cavalry": 0}, {"infantry": 1, "cavalry": 0},
                    {"infantry": 0, "cavalry": 1}, {"infantry": 3, "cavalry": 1}]
    sel.update({"infantry": 1})
    assert sel.picked == {"infantry": 1, "cavalry": 0}


def test_units_by_id_are_picked_one_each():
    sel = Selection()
    sel.pick((0, 0), {"12": 1, "14": 1})
    assert sel.presets() == [{"12": 1, "14": 1}, {"12": 1, "14": 0}, {"12": 0, "14": 1}]


# ----- the combat dialog -------------------------------------------------------------------------
def battle_choices():
    listed = [{"type": "battle", "kill": {"inf": 1}, "lose": {}},
              {"type": "battle", "kill": {"inf": 2}, "lose": {"inf": 1}},
              {"type": "battle", "kill": {"inf": 1, "cav": 1}, "lose": {"inf": 1}}]
    return listed, [Choice(a, {"kill": a["kill"], "lose": a["lose"]}, group=sum(a["kill"].values())) for a in listed]


def test_the_combat_dialog_confirms_only_a_listed_choice_and_sends_that_very_action(app):
    listed, choices = battle_choices()
    sent = []
    dialog = CombatDialog("Battle", "", choices, sent.append, (640, 400), rows=(("kill", "Kill"), ("lose", "Lose")),
                          keys=("inf", "cav"), odds=lambda c: f"odds {sum(c.counts['kill'].values())}:1")
    assert dialog.valid and dialog.action() is listed[0]
    dialog.adjust("lose", "inf", +1)            # one loss for one kill is no listed outcome
    assert not dialog.valid
    dialog.handle(key(pygame.K_RETURN))
    assert sent == []
    dialog.handle(key(pygame.K_2))              # the quick button for "kill 2": nearest listed outcome
    assert dialog.valid and dialog.choice.group == 2
    dialog.handle(key(pygame.K_RETURN))
    assert len(sent) == 1 and sent[0] is dialog.choice.action and sent[0] in listed
    assert {b.group for b in dialog.group_buttons} == {1, 2}
    assert dialog.most == {"kill": {"inf": 2, "cav": 1}, "lose": {"inf": 1, "cav": 0}}


def test_a_combat_dialog_needs_a_choice():
    with pytest.raises(ValueError):
        CombatDialog("Battle", "", [], print, (0, 0))


# ----- painters ----------------------------------------------------------------------------------
def test_counters_are_painted_once_per_look_and_size(app):
    counters = Counters()
    unit = CounterLook(colour=(200, 60, 50), symbol="armour", echelon="division", label="7", factors="4-4-6")
    a = counters.sprite(unit, (40, 40))
    assert counters.sprite(unit, (40, 40)) is a and counters.builds == 1
    counters.sprite(unit, (60, 60))
    counters.sprite(CounterLook(colour=(200, 60, 50), hidden=True), (40, 40))
    assert counters.builds == 3
    assert a.get_at((20, 20))[3] == 255 and a.get_at((a.get_width() - 1, a.get_height() - 1))[3] == 0


@pytest.mark.parametrize("kind", symbols.KINDS)
def test_every_unit_symbol_draws_ink_inside_its_box_and_nowhere_else(app, kind):
    surf = pygame.Surface((60, 50), pygame.SRCALPHA)
    box = pygame.Rect(10, 10, 40, 30)
    symbols.draw(surf, kind, box, (255, 255, 255))
    inked = [(x, y) for x in range(60) for y in range(50) if surf.get_at((x, y))[3]]
    assert inked, f"{kind} draws nothing"
    assert all(box.inflate(4, 4).collidepoint(p) for p in inked)


def test_terrain_is_painted_from_data_and_a_river_runs_along_the_shared_side(app):
    grid = SquareGrid(4, 3, 30)
    layer = TerrainLayer(grid, terrain={(0, 0): "forest", (1, 0): "plain"},
                         styles={"forest": TerrainStyle((30, 90, 40), "trees"), "plain": TerrainStyle((180, 170, 120))},
                         edges=[((1, 1), (2, 1), "river")], edge_styles={"river": EdgeStyle((40, 90, 200), 5)})
    ground = layer.base()
    assert ground.get_size() == (120, 90)
    assert ground.get_at((31, 2))[:3] == (180, 170, 120)
    assert ground.get_at((2, 28))[:3] == (30, 90, 40)
    assert ground.get_at((60, 45))[:3] == (40, 90, 200), "the river on the side between (1, 1) and (2, 1)"
    drawn = []
    layer.composite("a", drawn.append)
    layer.composite("a", drawn.append)
    layer.composite("b", drawn.append)
    assert layer.rebuilds == 2 and len(drawn) == 2


def test_the_fog_veils_only_the_hidden_cells(app):
    view = MapView(HexGrid(6, 5, 20), (0, 0, 300, 260))
    surface = pygame.Surface((300, 260))
    surface.fill((200, 200, 200))
    FogLayer().cover(surface, view, [(2, 2)])
    hidden, seen = view.centre((2, 2)), view.centre((4, 2))
    assert sum(surface.get_at(hidden)[:3]) < 400 and surface.get_at(seen)[:3] == (200, 200, 200)


def test_the_board_picture_follows_the_camera(app):
    grid = SquareGrid(20, 20, 30)
    world = pygame.Surface(grid.bounds)
    world.fill((0, 0, 0))
    world.fill((250, 10, 10), grid.box((12, 9)))
    view = MapView(grid, (0, 0, 300, 300), max_zoom=2.0)
    picture = WorldPicture()
    for zoom in view.camera.levels:
        view.camera.set_zoom(zoom)
        view.camera.centre_on(*grid.centre((12, 9)))
        surface = pygame.Surface((300, 300))
        picture.draw(surface, view, world)
        assert tuple(surface.get_at(view.centre((12, 9)))[:3]) == pytest.approx((250, 10, 10), abs=6)
        assert tuple(surface.get_at(view.centre((14, 9)))[:3]) == pytest.approx((0, 0, 0), abs=6)
    scales = picture.scales
    picture.draw(pygame.Surface((300, 300)), view, world)
    assert picture.scales == scales, "a still camera reuses its picture"


def test_reach_cost_labels_and_lights_land_on_the_cells(app):
    view = MapView(SquareGrid(10, 10, 40), (0, 0, 400, 400))
    surface = pygame.Surface((400, 400))
    surface.fill((0, 0, 0))
    ReachOverlay().draw(surface, view, {(3, 3): Mark("attack", 2), (5, 5): "move"})
    assert surface.get_at(view.centre((3, 3)))[0] > 50 and surface.get_at(view.centre((5, 5)))[2] > 30
    assert surface.get_at(view.centre((8, 8)))[:3] == (0, 0, 0)
