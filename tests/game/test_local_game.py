"""From the main menu to a local game and through to its end, by clicks; hot-seat; autosave to Replays."""
import pygame

from game import paths
from game.scenes.game_over import GameOverScene
from game.scenes.new_game import NewGameScene
from game.scenes.replays import ReplayScene, ReplaysScene
from game.scenes.title import TitleScene
from tests.game.toy_board import BoardScene as ToyBoard


def choose_game(ui, form: NewGameScene, game_id: str) -> None:
    """Click the form's game chooser round to `game_id`."""
    for _ in range(len(form.game_ids)):
        if form.game_cycler.value == game_id:
            break
        ui.click_button(form.game_cycler)
    assert form.game_cycler.value == game_id


def open_new_game(ui, game_id="toy"):
    ui.click_button(next(b for b in ui.top.menu.buttons if b.label == "Play"))
    scene = ui.top
    assert isinstance(scene, NewGameScene)
    choose_game(ui, scene, game_id)
    return scene


def start_against_bots(ui, game_id: str, n_seats: int, level: str = "easy"):
    """From the main menu: Play, `game_id`, `n_seats` seats (this window's first, bots of `level` in the rest),
    Start; returns the board on screen."""
    form = open_new_game(ui, game_id)
    for _ in range(len(form.seat_count.values)):
        if form.seat_count.value == n_seats:
            break
        ui.click_button(form.seat_count)
    for seat in range(1, n_seats):
        set_seat(ui, form, seat, f"bot {level}")
    ui.click_button(form.start_button)
    return ui.top


def set_seat(ui, scene, seat, kind):
    cycler = scene.seat_cyclers[seat]
    for _ in range(len(cycler.values)):
        if cycler.value == kind:
            return
        ui.click_button(cycler)
    assert cycler.value == kind


def play_toy_to_the_end(ui):
    """Click "Take 3" (or what is left, when fewer) until the game-over scene shows."""
    for _ in range(200):
        if isinstance(ui.top, GameOverScene):
            return
        assert isinstance(ui.top, ToyBoard)
        pile = ui.top.link.view(None)["public"]["pile"]
        ui.click_button(ui.top.buttons[min(3, pile) - 1])
        ui.frames(2)
    raise AssertionError("the game did not end within 200 clicks")


def test_a_local_game_against_a_bot_is_played_to_the_end_by_clicks(ui):
    """From the main menu: one human seat against a bot, played to the end through clicks."""
    scene = open_new_game(ui)
    ui.click_button(scene.seat_count)  # 2 -> 3 players
    assert [c.value for c in scene.seat_cyclers] == ["human", "bot normal", "bot normal"]
    ui.click_button(scene.start_button)
    assert isinstance(ui.top, ToyBoard)
    assert ui.top.link.my_seats == [0]
    play_toy_to_the_end(ui)
    over = ui.top
    assert over.result["winners"] and sum(over.result["scores"]) == 21  # the toy pile holds 21 counters
    assert over.stats == [("Taken", over.result["scores"])]
    # the game just played, watched again from its end (its save, which the replay reads back)
    played = over.link.rev
    ui.click_button(next(b for b in over.menu.buttons if b.label == "Replay and analyse"))
    viewer = ui.top
    assert isinstance(viewer, ReplayScene) and viewer.link.length == played and viewer.link.position == 0
    ui.key(pygame.K_END)
    assert viewer.link.view(None)["public"]["result"] == over.result
    ui.key(pygame.K_ESCAPE)
    assert ui.top is over
    ui.click_button(next(b for b in over.menu.buttons if b.label == "Main menu"))
    assert isinstance(ui.top, TitleScene) and len(ui.app.stack) == 1


def test_play_again_starts_a_fresh_game_with_the_same_seats(ui):
    scene = open_new_game(ui)
    ui.click_button(scene.start_button)
    play_toy_to_the_end(ui)
    ui.click_button(next(b for b in ui.top.menu.buttons if b.label == "Play again"))
    board = ui.top
    assert isinstance(board, ToyBoard)
    assert board.link.view(None)["public"]["pile"] == 21 and board.link.rev == 0
    assert [s["kind"] for s in board.link.seats] == ["human", "bot"]


def test_hot_seat_acts_for_whichever_human_seat_is_to_act(ui):
    """Hot-seat: every human seat is played from this window, in turn."""
    scene = open_new_game(ui)
    set_seat(ui, scene, 1, "human")
    ui.click_button(scene.start_button)
    board = ui.top
    assert board.link.my_seats == [0, 1]
    ui.key(pygame.K_1)  # seat 0 takes 1
    ui.key(pygame.K_2)  # seat 1 takes 2
    public = board.link.view(None)["public"]
    assert public["taken"] == [1, 2] and public["pile"] == 18


def test_a_local_game_is_autosaved_and_listed_in_replays(ui):
    """Local games autosave to the data folder, so they show up in Replays."""
    scene = open_new_game(ui)
    ui.click_button(scene.start_button)
    play_toy_to_the_end(ui)
    saves = list(paths.saves_dir().glob("*.sandtable"))
    assert len(saves) == 1
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_r)
    replays = ui.top
    assert isinstance(replays, ReplaysScene)
    assert len(replays.list.rows) == 1
    cells = replays.list.rows[0][1]
    assert "Toy pile game" in cells and "Tester" in cells[2]


def test_seat_count_stays_within_the_games_limits(ui):
    """Seat count within MIN..MAX_SEATS of the chosen game."""
    scene = open_new_game(ui)
    seen = set()
    for _ in range(12):
        seen.add(scene.seat_count.value)
        ui.click_button(scene.seat_count)
    assert seen == set(range(1, 9))  # the toy game is for 1 to 8
    assert len(scene.seat_cyclers) == scene.seat_count.value


def test_an_option_whose_value_says_little_shows_its_label_and_starts_with_its_value(ui):
    """Civil War's turn limit 0 means "no limit": the form says so, and the game gets 0."""
    scene = open_new_game(ui, "civil_war")
    key, cycler = scene.option_cyclers[0]
    assert key == "turn_limit"
    shown = {}
    for _ in range(len(cycler.values)):
        shown[cycler.value] = cycler.format_value(cycler.value)
        ui.click_button(cycler)
    assert shown == {200: "200", 100: "100", 400: "400", 0: "No limit"}
    while cycler.value != 0:
        ui.click_button(cycler)
    assert scene.options() == {"turn_limit": 0}
