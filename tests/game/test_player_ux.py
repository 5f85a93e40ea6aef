"""What a new player meets on the boards and menus: messages with a lifetime, fast-forward, names on the map,
text that reads, options explained, one colour vocabulary, a race that waits while the help is open."""
import bots
import pygame
import pytest
from hypothesis import given, settings, strategies as st

from engine import games
from game import boards, tables, theme
from game.board_kit.autoplay import FRAME, post_key
from game.board_kit.pace import FAST_DELAY, QUICK_DELAY
from game.words import plural
from tests.game.driver import on_screen

BOARD_GAMES = ("risk", "situation4", "civil_war")
MIN_TEXT_SIZE = 15   # theme size 15 is 11 px at 1280x800, still 11 px on a 1366x768 laptop's screen


def risk_board(app, seats=None, bot_delay=0.0):
    from game.risk.scene import BoardScene
    seats = seats or [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "easy"},
                      {"kind": "bot", "level": "easy"}]
    link = tables.start_local("risk", seats, {}, seed=3, bot_factory=bots.make, bot_delay=bot_delay)
    return on_screen(app, BoardScene, link)


# ----- feedback with a lifetime ----------------------------------------------------------------------
def test_a_boards_message_goes_with_its_board_and_never_shows_on_the_next_screen(app):
    """"You have no tanks in hand" on a Civil War board: a message belongs to the scene that said it."""
    from game.scenes.settings_scene import SettingsScene
    link, scene = risk_board(app)
    scene.refuse("You have no tanks in hand.")
    assert [t[0] for t in app.toasts] == ["You have no tanks in hand."]
    app.replace(SettingsScene(app))
    app.step(FRAME)
    assert list(app.toasts) == []
    link.close()


def test_a_refusal_goes_once_a_move_is_accepted_and_a_repeat_counts_instead_of_stacking(app):
    """A refusal belongs to its moment: the next accepted move ends it; the same sentence twice shows once, x2."""
    link, scene = risk_board(app)
    scene.refuse("Place this army on one of your territories.")
    scene.refuse("Place this army on one of your territories.")
    assert len(app.toasts) == 1 and app.toasts[0].label.endswith("×2")
    place = next(a for a in scene.actions if a["type"] == "place")
    assert scene.send(place)
    for _ in range(3):
        app.step(FRAME)
    assert list(app.toasts) == []
    link.close()


def test_floating_numbers_at_one_place_add_up_instead_of_piling(app):
    """Three placements on one territory in quick succession show one "+3", not three numbers on top of each other."""
    from game.risk.armies import ArmyTokens
    tokens = ArmyTokens()
    for _ in range(3):
        tokens.float_number((100, 100), 1, theme.colours.good)
        tokens.update(0.1)
    tokens.float_number((300, 100), -2, theme.colours.bad)
    assert [(f["pos"], f["value"]) for f in tokens.floaters] == [((100, 100), 3), ((300, 100), -2)]


# ----- pace ------------------------------------------------------------------------------------------
def test_holding_space_fast_forwards_the_bots_and_x_keeps_it_on(app):
    """While bots play: Space held makes them move about once a frame (and skips the dice); released, the normal
    pace returns; X keeps fast-forward on. The opening's placements are quick by themselves."""
    link, scene = risk_board(app, seats=[{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy"}] * 3,
                             bot_delay=0.6)   # after each of our placements three bots place theirs
    app.step(FRAME)
    if scene.active_seat is not None:   # our placement first: then the bots place theirs
        scene.send(next(a for a in scene.actions if a["type"] == "place"))
        app.step(FRAME)
    assert scene.active_seat is None and scene.pub["phase"] == "setup"
    assert link.bot_delay == QUICK_DELAY      # placing starting armies is routine
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.step(FRAME)
    assert scene.pace.fast and link.bot_delay == FAST_DELAY and scene.animation_factor == 0
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.step(FRAME)
    assert not scene.pace.fast and link.bot_delay == QUICK_DELAY
    post_key(pygame.K_x)
    app.step(FRAME)
    assert scene.pace.toggled and link.bot_delay == FAST_DELAY
    assert "Fast-forward ON" in scene.pace.label()
    link.close()


def test_space_on_the_players_own_move_still_ends_the_phase_and_is_no_fast_forward(app):
    link, scene = risk_board(app)
    assert scene.active_seat == 0
    assert not scene.pace_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    link.close()


# ----- the risk map's names --------------------------------------------------------------------------
def test_every_name_on_the_risk_map_is_clear_of_armies_other_names_and_the_dice_tray(app):
    """Territory and continent names never sit under an army token, another name or the dice tray, stay on the map,
    and continent names stand on open sea."""
    from game.risk.dice import PANEL
    from game.risk.geometry import load
    from game.risk.labels import map_labels
    geometry = load()
    labels = map_labels(geometry)
    assert set(labels.territory_rects) == set(geometry.territories)
    assert labels.overlaps() == []
    for rect in list(labels.territory_rects.values()) + list(labels.continent_rects.values()):
        assert geometry.map_rect.contains(rect) and not rect.colliderect(PANEL)
    for cid, rect in labels.continent_rects.items():
        on_land = [tid for tid, t in geometry.territories.items()
                   if any(t.contains(p) for p in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright,
                                                  rect.center))]
        assert on_land == [], f"{cid}'s name covers {on_land}"


def test_n_hides_and_shows_the_names(app):
    link, scene = risk_board(app)
    shown = scene.show_names
    post_key(pygame.K_n)
    app.step(FRAME)
    assert scene.show_names is not shown
    post_key(pygame.K_n)
    app.step(FRAME)
    assert scene.show_names is shown
    link.close()


def test_the_dice_tray_goes_when_the_turn_passes(app):
    """The roll on show belongs to its turn: the next player's turn starts without it."""
    from game.risk.dice import DiceRoll
    link, scene = risk_board(app)
    battle = {"type": "battle", "attacker": 0, "defender": 1, "from": "peru", "to": "brazil", "attacker_dice": [6],
              "defender_dice": [1], "attacker_losses": 0, "defender_losses": 1, "conquered": False}
    scene.dice = DiceRoll(battle, "Ada", "Bismarck")
    scene.on_event({"type": "turn", "seat": 1, "turn_number": 2})
    assert scene.dice is None
    link.close()


# ----- text ------------------------------------------------------------------------------------------
def ink_columns(surface) -> str:
    return "".join("#" if any(surface.get_at((x, y))[3] > 60 for y in range(surface.get_height())) else "."
                   for x in range(surface.get_width()))


@pytest.mark.parametrize("size", [14, 16, 17, 18, 20])
def test_a_space_is_never_swallowed_by_the_glyph_before_it(app, size):
    """"Bot 4places", "43 3 vs 2": at small sizes the hinted "4" is inked past its advance and ate the space after
    it. Words are laid out by their ink, so every gap between words is at least a whole space."""
    space = theme.font(size).size(" ")[0]
    for text in ("4 3 1", "4 4 4", "Bot 4 places", "7 4 2"):
        gaps = [len(run) for run in ink_columns(theme.render_text(text, size)).strip(".").split("#") if run]
        word_gaps = sorted(gaps, reverse=True)[: text.count(" ")]
        assert min(word_gaps) >= space, (text, size, gaps)
        assert theme.text_width(text, size) == theme.render_text(text, size).get_width()


WORDS = st.text(alphabet="aimW4.,'…é", min_size=1, max_size=14)


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=24), st.integers(8, 500), st.sampled_from([13, 16, 20]), st.booleans())
def test_wrapping_breaks_a_line_only_where_the_next_word_would_not_fit(words, width, size, bold):
    """Words are kept in order, each line is as wide as text_width says, a line wider than the box is a lone word
    too long for it, and no line could have taken the next line's first word (greedy wrapping: wrap_text adds up
    its words' widths rather than measuring each line again)."""
    theme.font(size, bold)   # pygame's fonts up (the app fixture is not needed to measure)
    lines = theme.wrap_text(" ".join(words), width, size, bold)
    assert " ".join(lines).split(" ") == words
    for line, following in zip(lines, lines[1:] + [None]):
        line_width = theme.text_width(line, size, bold)
        assert line_width <= width or " " not in line, (line, width)
        if following is not None:
            assert theme.text_width(f"{line} {following.split(' ')[0]}", size, bold) > width, (line, following)


def test_counts_are_said_in_the_right_number():
    assert [plural(1, "card"), plural(2, "card"), plural(1, "army"), plural(3, "army"), plural(0, "piece")] == \
        ["1 card", "2 cards", "1 army", "3 armies", "0 pieces"]


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_boards_draw_no_text_too_small_to_read(app, game_id, monkeypatch):
    """Every text a board draws in its opening moves is at least MIN_TEXT_SIZE (11 px)."""
    sizes = []
    render = theme._render_line
    monkeypatch.setattr(theme, "_render_line", lambda text, size, colour, bold: (sizes.append((size, text)),
                                                                                 render(text, size, colour, bold))[1])
    theme._text_cache.clear()
    n = games.rules(game_id).DEFAULT_SEATS
    link = tables.start_local(game_id, [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "level": "easy"}] * (n - 1),
                              {}, seed=5, bot_factory=bots.make, bot_delay=0)
    scene = boards.board_scene(app, link)
    app.push(scene)
    for _ in range(30):
        app.step(FRAME)
    scene.help_card.shown = True
    app.step(FRAME)
    small = sorted({(s, t) for s, t in sizes if s < MIN_TEXT_SIZE})
    assert sizes and small == []
    link.close()


# ----- options and colours ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_every_option_of_a_game_with_a_board_has_a_sentence_for_the_menu(game_id):
    rules = games.rules(game_id)
    assert set(getattr(rules, "OPTION_HELP", {})) == set(rules.OPTION_CHOICES)
    assert all(s.endswith(".") and len(s) <= 90 for s in rules.OPTION_HELP.values())


def test_the_new_game_form_shows_each_option_sentence_and_situation_4s_own_colours(ui):
    """The form explains each option under it, and a Situation 4 seat wears its side's shade and name (the same
    Orange and Yellow as the race), not the red and blue of other games."""
    from game.situation4 import palette
    from tests.game.test_local_game import open_new_game
    form = open_new_game(ui, "risk")
    assert [form.option_help(k) for k, _ in form.option_cyclers] == list(games.rules("risk").OPTION_HELP.values())
    form = ui.top
    for _ in range(len(form.game_ids)):
        if form.game_cycler.value == "situation4":
            break
        ui.click_button(form.game_cycler)
    assert form._side_names(2) == ["Orange", "Yellow"] and form._side_names(4) == ["Orange", "Yellow"] * 2
    assert boards.seat_colour("situation4", 1) == palette.side_shade(1)
    assert boards.seat_colour("risk", 1) == theme.seat_colour(1)


def test_bots_get_names_and_the_players_name_is_never_a_bots():
    from net import names
    assert names.bot_names(3)[1:] == ["Catherine", "Drake"]
    assert "Catherine" not in names.bot_names(4, avoid=["catherine"])


def test_club_lan_and_served_tables_name_their_bots_as_a_local_table_does():
    """"Bot 2" nowhere: a club table's bot seats, the bots a LAN host seats when it starts, and `serve --bots`'s
    carry the commanders' names a local game gives its bots, seat for seat."""
    from club.seating import laid_out
    from net import names
    from net.host import new_session
    from net.table import Table
    local = names.bot_names(4)
    club = laid_out(["open", "easy", "open", "hard"], 4, "risk")
    assert [s["name"] for s in club] == [None, local[1], None, local[3]]
    served = new_session("risk", 3, bots=["easy", "hard"], seed=1)
    assert [s["name"] for s in served.seats[1:]] == local[1:3]
    table = Table(new_session("risk", 3, seed=1), name="t", bot_factory=lambda *a: None)
    table.start("easy")
    assert [s["name"] for s in table.session.seats] == names.bot_names(3)


# ----- Situation 4 ------------------------------------------------------------------------------------
def s4_race(app, **seat):
    from game.situation4.scene import BoardScene
    from game.paced_bots import paced_factory
    link = tables.start_local("situation4", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "hard"}],
                              {}, seed=2, bot_factory=paced_factory(bots.make, speed=0.0), bot_delay=0)
    link, scene = on_screen(app, BoardScene, link, frames=0)
    scene.countdown.skip()
    return link, scene


def test_the_help_pauses_a_race_against_bots(app):
    """H in a race against this window's bots: the bots stop and the race clock stands until the help closes."""
    link, scene = s4_race(app)
    for _ in range(10):
        app.step(FRAME)
    assert link.rev > 0
    post_key(pygame.K_h)
    app.step(FRAME)
    assert scene.paused
    rev, clock = link.rev, scene.race_time
    for _ in range(30):
        app.step(FRAME)
    assert (link.rev, scene.race_time) == (rev, clock)
    post_key(pygame.K_h)   # any key closes the help
    for _ in range(10):
        app.step(FRAME)
    assert not scene.paused and link.rev > rev and scene.race_time > clock
    link.close()


def test_a_lan_race_is_never_paused_by_the_help(app, monkeypatch):
    """Over a LAN the others race on: the help shows, but nothing waits for it."""
    link, scene = s4_race(app)
    monkeypatch.setattr(tables, "is_local", lambda link: False)
    scene.help_card.shown = True
    assert not scene.paused
    link.close()


def test_the_in_hand_captions_are_words():
    from game.situation4.race_hud import force_caption
    assert force_caption("tank", 2, True) == "key T"
    assert force_caption("paratroop", 0, False) == "finish base"
    assert force_caption("bridge", 0, True) == "all used"


def test_a_refusal_on_the_race_hint_line_goes_at_the_next_accepted_move(app):
    """"Refused: your first piece must go on your base line" no longer stays up after good placements: the next
    accepted move of mine clears it (from the hint line and the toasts)."""
    link, scene = s4_race(app)
    scene.refuse("Your first piece must go on your base line (the red-bordered pieces).")
    assert scene.hint()[0].startswith("Refused:")
    piece = next(p for p in scene.tray.items if p in scene.targets.fitting)
    seq = scene.submit({"type": "place", "piece": piece, "slot": piece})
    for _ in range(5):
        app.step(FRAME)
        if not scene.reason:
            break
    assert seq is not None and scene.reason == "" and not scene.hint()[0].startswith("Refused:")
    assert not any("base line" in t[0] for t in app.toasts)
    link.close()
