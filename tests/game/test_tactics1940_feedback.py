"""What the Tactics (1940) window tells a player (issue 20, item 5): the header counts rounds, the lit
squares stand out on blue water in both palettes, the tooltip keeps off them, card prompts name only
what is on screen, a card with nothing to act on says why, the holding areas are named in words, and a
refused move shows the rules' own reason. Small seeded positions; every loop bounded by frames."""
import copy
import functools

import pygame
import pytest

from engine import Session
from engine.errors import RuleError
from engine.tactics1940 import queries
from game import theme
from game.board_kit.autoplay import post_click, post_motion
from game.tactics1940 import hud
from game.tactics1940.lights import SquareLights, step_colour
from game.tactics1940.log import EventLog, holding_area, square_name
from game.tactics1940.orders import Orders
from game.tactics1940.powers import Powers
from game.tactics1940.tooltip import place
from tests.game.driver import FRAME, run_board
from tests.game.test_tactics1940_board import SEED, start
from tests.tactics1940.helpers import B, T, cleared, put, stack

run = functools.partial(run_board, frames=600, seconds=30.0)


def north_to_move(app):
    link, scene = start(app, ("human", "bot", "bot", "bot"), seed=SEED)
    assert run(app, scene, lambda: scene.active_seat == 0 and scene.orders is not None and
               scene.orders.kind == "move" and not scene.effects.busy)
    return link, scene


# ----- the header ------------------------------------------------------------------------------------

def test_the_header_counts_rounds_and_says_whose_move_it_is():
    """Issue 20: the header counted "Turn 27" in players' turns, never saying the round (every seat moving once,
    the rules' own `round`, as `turn_limit` counts); issue 43: the header then said "Round 7" while the log said
    "Turn 27". It says both now, the turn numbered as the log numbers it."""
    s = Session("tactics1940", 4, seed=SEED)
    pub = s.view(None)["public"]
    assert pub["turn_number"] == 1 and pub["round"] == 1
    state = s.state
    for turn_number, expected in ((4, 1), (5, 2), (27, 7)):
        state["turn_number"] = turn_number
        assert s.view(None)["public"]["round"] == expected
    # the log numbers players' turns ("Turn 27: North"): the header says that turn too, and its round
    assert hud.round_label({"turn_number": 27, "round": 7, "turn_limit": 0}) == "Turn 27 · round 7"
    assert hud.round_label({"turn_number": 27, "round": 7, "turn_limit": 200}) == "Turn 27 · round 7 of 200"


# ----- lit squares -----------------------------------------------------------------------------------

def _luminance(rgb) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("colour_blind", [False, True])
def test_a_lit_step_stands_out_on_the_blue_sea_in_both_palettes(app, colour_blind):
    """Issue 20: the lit step squares were pale blue on blue sea. A step's frame and a jump's frame differ
    from the water under them by at least 3:1 (WCAG's contrast for graphics) and from each other by shape."""
    theme.set_colour_blind(colour_blind)
    try:
        link, scene = north_to_move(app)
        ship = next(p for p in scene.pub["pieces"] if p["id"] in scene.orders.sources() and p["kind"] == "battleship")
        post_click(scene.map.centre(ship["at"]))
        app.step(FRAME)
        lit = [sq for sq, style in scene.targets().items() if style == "move" and scene.board.kinds[sq] == "ocean"]
        assert lit, "a picked ship lights ocean squares"
        rect = scene.map.cell_rect(lit[0])
        scene.reset_input()                              # drop the piece: the square shows bare water
        post_motion((1000, 780))
        app.step(FRAME)
        app.draw()
        assert not scene.targets().get(lit[0])
        sea = pygame.transform.average_color(app.surface, rect.inflate(-8, -8))
        for style in ("move", "attack"):
            assert contrast(step_colour(style), sea) >= 3.0, (style, step_colour(style), sea)
        lights = SquareLights()
        step, jump = lights.sprite(rect.size, "move"), lights.sprite(rect.size, "attack")
        cx, cy = rect.w // 2, rect.h // 2
        r = max(3, round(min(rect.size) * 0.13))
        assert step.get_at((cx, cy))[:3] == step_colour("move")           # a dot in the middle of a step
        assert jump.get_at((cx, cy))[:3] == step_colour("attack")         # a cross through the middle of a jump
        assert jump.get_at((cx + r, cy - r))[:3] == step_colour("attack")  # on the cross's arm...
        assert step.get_at((cx + r, cy - r))[:3] != step_colour("move")    # ...where a step's dot has ended
    finally:
        theme.set_colour_blind(False)


# ----- the tooltip -----------------------------------------------------------------------------------

def test_the_tooltip_takes_the_first_place_that_covers_no_square_to_keep_clear():
    bounds = pygame.Rect(0, 0, 700, 700)
    below_right = place((100, 40), (300, 300), bounds, [])
    assert below_right.topleft == (318, 314)
    lit = [pygame.Rect(310, 310, 43, 43)]
    moved = place((100, 40), (300, 300), bounds, lit)
    assert not any(moved.colliderect(r) for r in lit) and bounds.contains(moved)
    everywhere = [bounds]
    assert bounds.contains(place((100, 40), (300, 300), bounds, everywhere))


def test_the_tooltip_over_a_picked_ships_reach_covers_none_of_its_lit_squares(app):
    """Issue 20: the tooltip covered the lit squares. Hovering each lit square of a picked ship in turn,
    the tooltip is drawn clear of every lit square and of the square it describes."""
    link, scene = north_to_move(app)
    ship = next(p for p in scene.pub["pieces"] if p["id"] in scene.orders.sources() and p["kind"] == "battleship")
    post_click(scene.map.centre(ship["at"]))
    app.step(FRAME)
    lit = [sq for sq, style in scene.targets().items() if style in ("move", "attack")]
    assert lit
    for sq in lit:
        post_motion(scene.map.centre(sq))
        app.step(FRAME)
        app.draw()
        assert scene.pointer.hover == sq and scene.tooltip_rect is not None
        clear = [scene.map.cell_rect(c) for c in scene.targets()] + [scene.map.cell_rect(sq)]
        assert not any(scene.tooltip_rect.colliderect(r) for r in clear), (sq, scene.tooltip_rect)


def test_the_gold_reserve_and_the_other_corners_are_named_in_words(app):
    """Issue 20: a raw "[13, 14]" tooltip over the gold reserve. Every corner square names its holding area."""
    link, scene = north_to_move(app)
    corners = scene.board.corner_squares[scene.board.corners["gold_reserve"]]
    assert (13, 14) in corners and square_name((13, 14)) == "the Gold Reserve"
    for name, corner in scene.board.corners.items():
        for sq in scene.board.corner_squares[corner]:
            assert holding_area(sq) == name and "[" not in square_name(sq)
    scene.pointer.hover = (13, 14)
    lines = [text for text, _ in scene.tooltip_lines()]
    assert lines == ["The Gold Reserve", f"{scene.pub['reserve']} coins: the jackpot the winning camp shares"]


# ----- what a card asks, and a card with nothing to do ---------------------------------------------------

def card_step_view(kind, setup):
    """A two-seat table where North has moved and drawn `kind`, which waits for North's choice."""
    state = cleared(turn=0)
    setup(state)
    ship = put(state, 0, B, (4, 4))
    stack(state, kind)
    s = Session("tactics1940", 2, seed=0)
    s.state = state
    s.apply(0, {"type": "move", "piece": ship["id"], "path": [[4, 5]]})
    view = s.view(0)
    assert view["public"]["steps"][0]["step"] == "card", view["public"]["steps"]
    return view


def test_plane_attack_and_storm_at_sea_prompts_offer_only_what_is_on_screen():
    """Issue 20: Plane Attack and Storm at Sea said "or use the buttons" where there were none. With only
    pieces to pick, the prompt says to click a lit piece and names no button."""
    def two_enemy_transports(state):
        put(state, 0, "airplane", (5, 0))
        put(state, 1, T, (9, 9 + 2))
        put(state, 1, T, (11, 11))

    def two_own_transports(state):
        put(state, 0, T, (5, 1))
        put(state, 0, T, (6, 1))

    names = Powers(["North", "South"]).name
    for kind, setup in (("plane_attack", two_enemy_transports), ("storm_at_sea", two_own_transports)):
        orders = Orders(card_step_view(kind, setup), 0)
        assert not orders.players_to_choose() and not orders.may_decline
        assert hud.card_choices(orders, names) == "click a lit piece."


def test_a_card_with_nothing_to_act_on_says_why_in_the_dispatches():
    """Issue 20: "North's card has nothing to act on" must say why; the reason is the rules' own."""
    log = EventLog(400, powers=lambda: Powers(["North", "South"]), seat_name=lambda s: "Ada",
                   piece_info=lambda p: ("transport", 0))
    text, seat, _ = log.sentence({"type": "no_effect", "seat": 0, "card": 20,
                                  "reason": "no airplane of the drawer is left on its base to carry it out"})
    assert text == ("North's card has nothing to act on: no airplane of the drawer is left on its base to "
                    "carry it out.") and seat == 0


# ----- refusals ---------------------------------------------------------------------------------------

def test_a_refused_move_shows_the_rules_own_reason(app):
    """Issue 20: every refusal says the true reason, the rules' own for that code. A battleship in North's
    open seaport square clicked onto the ocean square past the end of the coast is refused in the rules' words (Rule 9),
    the words the table itself answers that action with."""
    link, scene = north_to_move(app)
    ship = next(p for p in scene.pub["pieces"] if p["kind"] == "battleship" and p["owner"] == 0
                and tuple(p["at"]) == (7, 2))
    post_click(scene.map.centre(ship["at"]))
    app.step(FRAME)
    assert scene.selected == ship["id"]
    rev, sent = link.rev, list(scene.sent)
    post_click(scene.map.centre((6, 3)))
    app.step(FRAME)
    action = {"type": "move", "piece": ship["id"], "path": [[6, 3]]}
    trial = copy.deepcopy(link.session)
    with pytest.raises(RuleError) as table_says:
        trial.apply(0, action)
    assert scene.refusals[-1] == table_says.value.message
    assert "open centre squares" in scene.refusals[-1]
    assert queries.refusal(link.view(0), 0, action) == (table_says.value.code, table_says.value.message)
    assert scene.sent == sent and link.rev == rev


def test_a_click_on_ones_own_stuck_piece_says_why_in_the_rules_words(app):
    """Rule 9 (no two pieces on a square): North's battleship on the outer seaport square (6,2) at the
    opening has every neighbour taken or behind the coast; the window says so in the rules' words."""
    link, scene = north_to_move(app)
    ship = next(p for p in scene.pub["pieces"] if p["owner"] == 0 and tuple(p["at"]) == (6, 2))
    assert ship["id"] not in scene.orders.sources()
    post_click(scene.map.centre((6, 2)))
    app.step(FRAME)
    assert scene.refusals[-1] == "Every square that piece could move to is taken or closed to it (Rule 9)."
    assert scene.refusals[-1] == queries.stuck(link.view(0), 0, ship["id"]) and scene.sent == []
