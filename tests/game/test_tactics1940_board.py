"""The Tactics (1940) board in the window, driven by real pygame events on the dummy driver.

A whole four-seat game from the main menu, one person (scripted clicks through the board's own
controls) against three bots; two people at one screen with the cover between them and no
hand ever drawn for the wrong seat; the submarine window's banner, countdown and Strike
button offered only to a holder; hot-seat standing orders; what the board lights coming only
from `legal`; refusals that change nothing. Every loop is bounded by frames and wall-clock time.

Reaction windows are the rules' timed step: these tables shorten them (`timer_scale`), as
`serve --timer-scale` does for tables of bots, so a test is not spent waiting out 3-second windows.
"""
import functools

import bots
import pygame

from engine import legal as listing
from engine.tactics1940.board import load as load_board
from game import tables
from game.board_kit.autoplay import post_click, post_key
from game.scenes.game_over import GameOverScene
from game.scenes.title import TitleScene
from game.tactics1940 import BoardScene
from game.tactics1940.autoplay import ClickPlayer
from game.tactics1940.windows import window_step
from net.local import LocalTable
from tests.game.driver import FRAME, on_screen, run_board
from tests.game.test_local_game import open_new_game

SEED = 3            # a four-seat game the scripted North wins by blockade in a few hundred frames
WINDOW_SEED = 7     # a four-seat game in which North (the person) may strike from a window early on
TIMER_SCALE = 0.02  # reaction windows of 60 ms at the rulebook's 3 seconds

run = functools.partial(run_board, frames=6000, seconds=60.0)


def start(app, kinds, *, seed=SEED, level="normal", timer_scale=TIMER_SCALE, names=("Ada", "Grace", "Alan", "Edsger")):
    seats = [{"kind": k, "name": names[i], "level": level} for i, k in enumerate(kinds)]
    link = LocalTable("tactics1940", seats, seed=seed, bot_delay=0, bot_factory=bots.make, timer_scale=timer_scale)
    return on_screen(app, BoardScene, link)


def with_short_windows(start_local):
    """tables.start_local, seeded, whose table closes reaction windows after TIMER_SCALE of their time."""
    def start(*args, **kwargs):
        link = start_local(*args, seed=SEED, **kwargs)
        link.timer_scale = TIMER_SCALE
        return link
    return start


def test_a_person_and_three_bots_play_tactics_from_the_main_menu_to_the_settled_score(ui, monkeypatch):
    """Main menu -> New game -> Tactics (1940), four seats (you and three normal bots) -> played to a
    blockade by clicks on the board and its buttons -> game over with the settlement -> main menu."""
    monkeypatch.setattr(tables, "start_local", with_short_windows(tables.start_local))
    form = open_new_game(ui, "tactics1940")
    assert form.seat_count.value == 4
    assert [c.value for c in form.seat_cyclers] == ["human", "bot normal", "bot normal", "bot normal"]
    ui.click_button(form.start_button)
    board = ui.top
    assert isinstance(board, BoardScene) and board.link.my_seats == [0]
    player = ClickPlayer(board, bots.make, "hard", SEED)
    assert run(ui.app, board, lambda: isinstance(ui.top, GameOverScene), player=player)
    sent = [a["type"] for a in board.sent]
    assert sent.count("move") >= 10
    assert board.refusals == [], board.refusals   # every click was one the board offered, and the table took
    assert "select" in " ".join(player.done) and player.inputs >= len(board.sent)
    session = board.link.session
    result = session.result()
    assert "blockaded" in result["reason"]
    assert sum(1 for seat, _ in session.log if seat == 0) == len(board.sent), \
        "every action of seat 0 came from the window"
    over = ui.top
    assert over.result == result
    stats = dict(over.stats)
    outcome = session.view(None)["public"]["outcome"]
    assert stats["Settles with the others"] == [f"{sum(row):+d}" for row in outcome["settlement"]]
    assert sum(int(v) for v in stats["Settles with the others"]) == 0   # what one pays another receives
    ui.click_button(next(b for b in over.menu.buttons if b.label == "Main menu"))
    assert isinstance(ui.top, TitleScene)


def test_two_people_at_one_screen_pass_the_cover_and_no_hand_is_ever_drawn_for_the_wrong_seat(app):
    """Hands are secret in Tactics: between the two players' turns the cover hides everything, and the
    hand panel only ever shows the cards of the seat on show, exactly as its own private view has them.
    Submarine windows raise no cover and offer nobody a Strike button: the players' standing orders
    strike for them (here at enemies, the default), even for the player not on show."""
    link, scene = start(app, ("human", "human"), seed=3)
    assert scene.cover.up and scene.cover.seat == link.session.to_act()[0]
    drawn: list[tuple] = []
    draw = scene.hand.draw

    def recording(surface, **kwargs):
        drawn.append((kwargs["seat"], [c["card"] for c in kwargs["cards"]], scene.covered, scene.shown_seat))
        return draw(surface, **kwargs)
    scene.hand.draw = recording
    covers, reveals, checked, last = 0, 0, 0, None
    struck_off_show = []   # (striker, the seat on show then) for each strike this window sent
    player = ClickPlayer(scene, bots.make, "hard", 3)
    for _ in range(3000):
        if isinstance(app.stack.top, GameOverScene):
            break
        was_up, window_before, sent_before = scene.cover.up, scene.window_open, len(scene.sent)
        revealed_before = scene.revealed
        player.step()
        app.step(FRAME)
        for action in scene.sent[sent_before:]:
            if action["type"] == "strike":
                struck_off_show.append((link.session.log[-1][0] if link.session.log[-1][1] == action else None,
                                        revealed_before))
        if scene.cover.up and not was_up:
            covers += 1
            assert not (window_before and scene.window_open), "a submarine window is no change of turn"
        if was_up and not scene.cover.up:
            reveals += 1
        assert not [b for b in scene.buttons if b.action["type"] == "strike"]
        if scene.covered:
            continue
        app.draw()
        seat, cards, covered, shown = drawn[-1]
        assert not covered and seat == shown == scene.revealed
        if (link.rev, seat) != last:   # the seat's own private view, read once per revision
            last = (link.rev, seat)
            assert cards == [c["card"] for c in link.view(seat)["private"]["submarines"]]
            checked += 1
    assert isinstance(app.stack.top, GameOverScene), link.rev
    assert covers >= 10 and reveals >= 10 and checked >= 50
    assert {seat for seat, *_ in drawn} == {0, 1}
    assert any(cards for _, cards, *_ in drawn), "some submarine card was held and shown to its holder"
    strikes = [(seat, a) for seat, a in link.session.log if a["type"] == "strike"]
    assert strikes and all(a in scene.sent for _, a in strikes), "every strike was a standing order this window sent"
    assert struck_off_show and all(striker is not None and striker != shown for striker, shown in struck_off_show), \
        "each strike was made for the player who was not on show"


def test_while_the_cover_is_up_the_board_shows_nothing_and_takes_no_click(app):
    link, scene = start(app, ("human", "human"))
    assert scene.cover.up
    post_click(scene.map.centre((7, 2)))
    app.step(FRAME)
    app.draw()
    assert scene.sent == [] and scene.selected is None and scene.hand.drawn_for == []
    assert scene.layer.rebuilds == 0, "the board was not even drawn"
    post_key(pygame.K_RETURN)
    app.step(FRAME)
    app.draw()
    assert not scene.cover.up and scene.active_seat == link.session.to_act()[0]
    assert scene.hand.drawn_for[-1] == scene.active_seat


def test_the_lit_pieces_and_squares_are_exactly_what_legal_lists(app):
    """The board lights the pieces with a listed move; a picked piece lights the first squares of its
    listed paths, and a click on a lit square sends that listed move."""
    link, scene = start(app, ("human", "bot", "bot", "bot"), seed=SEED)
    assert run(app, scene, lambda: scene.active_seat == 0 and scene.orders is not None and
               scene.orders.kind == "move", frames=400)
    legal = link.view(0)["private"]["legal"]
    moves = listing.of_type(legal, "move")[0]
    pieces = {a["piece"] for a in moves}
    assert scene.orders.sources() == pieces
    at = {p["id"]: tuple(p["at"]) for p in scene.pub["pieces"] if p["at"] is not None}
    lit = {sq for sq, style in scene.targets().items() if style == "source"}
    assert lit == {at[p] for p in pieces}
    piece = sorted(pieces)[0]
    post_click(scene.map.centre(at[piece]))
    app.step(FRAME)
    assert scene.selected == piece
    firsts = {tuple(a["path"][0]) for a in moves if a["piece"] == piece}
    assert {sq for sq, style in scene.targets().items() if style in ("move", "attack")} == firsts
    step = next(tuple(a["path"][0]) for a in moves if a["piece"] == piece and len(a["path"]) == 1)
    rev = link.rev
    post_click(scene.map.centre(step))
    assert run(app, scene, lambda: link.rev > rev, frames=60)
    assert scene.sent[0] == {"type": "move", "piece": piece, "path": [list(step)]}


def test_clicks_the_rules_refuse_send_nothing_and_say_why(app):
    link, scene = start(app, ("human", "bot", "bot", "bot"), seed=SEED)
    assert run(app, scene, lambda: scene.active_seat == 0 and scene.orders is not None, frames=400)
    rev = link.rev
    enemy = next(p for p in scene.pub["pieces"] if p["owner"] == 2 and p["at"] is not None)
    post_click(scene.map.centre(enemy["at"]))
    app.step(FRAME)
    assert scene.sent == [] and "lit pieces" in scene.refusals[-1]
    post_key(pygame.K_s)      # no window is open: a strike is refused with a reason
    app.step(FRAME)
    assert scene.sent == [] and "submarine" in scene.refusals[-1].lower()
    post_key(pygame.K_p)      # pieces can move, so no pass
    app.step(FRAME)
    assert scene.sent == [] and link.rev == rev


def test_a_submarine_window_shows_the_same_banner_to_everyone_and_a_strike_button_only_to_a_holder(app):
    """A window asks every seat but the mover: the banner and its countdown show whatever the seat holds;
    the Strike button appears only when this seat's own `legal` lists a strike, and pressing it strikes."""
    link, scene = start(app, ("human", "bot", "bot", "bot"), seed=WINDOW_SEED, timer_scale=1.0)
    scene.app.settings.animation_speed = "normal"
    player = ClickPlayer(scene, bots.make, "hard", WINDOW_SEED)
    seen_without = False

    def holder_window():
        nonlocal seen_without
        step = window_step(scene.pub)
        if step is not None and step["mover"] != 0 and scene.orders is not None:
            if not scene.orders.strikes():
                seen_without = True
                app.draw()
                assert scene.clock.open and scene.clock.seconds == 3.0
                assert not [b for b in scene.buttons if b.action["type"] == "strike"]
            return bool(scene.orders.strikes())
        return False
    for _ in range(6000):
        if holder_window() or isinstance(app.stack.top, GameOverScene):
            break
        if not scene.window_open:
            player.step()
        app.step(FRAME)
    assert holder_window(), "no window offered the person a strike"
    assert seen_without, "a window in which the person held nothing came first"
    step = window_step(scene.pub)
    legal = link.view(0)["private"]["legal"]
    assert [a["type"] for a in legal["actions"]] == ["strike"]
    app.step(FRAME)
    app.draw()
    strike_buttons = [b for b in scene.buttons if b.action["type"] == "strike"]
    assert [b.action for b in strike_buttons] == legal["actions"]
    assert scene.clock.square == tuple(step["square"]) and scene.clock.left(scene.time) > 2.0
    victim = step["piece"]
    post_key(pygame.K_s)
    assert run(app, scene, lambda: scene.strikes_seen, frames=120)
    strike = scene.strikes_seen[-1]
    assert strike["seat"] == 0 and strike["piece"] == victim and strike["card"]["id"] == legal["actions"][0]["card"]
    assert "Surfacing" in scene.effects.seen, "the submarine surfaced on screen"
    assert any(e["text"].startswith("Submarine! North strikes") for e in scene.log.entries)
    assert next(p for p in scene.pub["pieces"] if p["id"] == victim)["at"] is None
    assert not scene.window_open


def test_hot_seat_standing_orders_strike_at_once_and_hold_fire_when_told(app):
    """At one screen nobody strikes by hand: a card's standing order (set by clicking it on one's own turn)
    decides. With every card on "hold fire" no strike is ever sent."""
    link, scene = start(app, ("human", "human"), seed=3)
    player = ClickPlayer(scene, bots.make, "hard", 3)
    orders_set = set()
    for _ in range(3000):
        if isinstance(app.stack.top, GameOverScene):
            break
        if not scene.covered and scene.active_seat is not None and scene.orders and scene.orders.kind == "move":
            for card in scene.own_cards():   # set each new card to hold fire, by clicking it
                key = (scene.active_seat, card["card"])
                if key not in orders_set:
                    app.draw()
                    for _ in range(2):        # enemies -> anyone -> hold fire
                        post_click(scene.hand.rects[card["card"]].center)
                        app.step(FRAME)
                    assert scene.standing.order(*key) == "hold"
                    orders_set.add(key)
        player.step()
        app.step(FRAME)
    assert orders_set and scene.clock.windows > 3
    assert not any(a["type"] == "strike" for a in scene.sent)
    assert not any(a["type"] == "strike" for _, a in link.session.log)


def test_the_board_maps_every_square_and_the_art_is_the_boards(app):
    link, scene = start(app, ("human", "bot"))
    for x in range(16):
        for y in range(16):
            assert scene.map.cell_at(scene.map.centre((x, y))) == (x, y)
    assert scene.layer.terrain.base().get_size() == (16 * 43, 16 * 43)
    board = load_board()
    assert scene.board.size == board.size and len(scene.board.ocean_at) == 80
