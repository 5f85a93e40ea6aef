"""Learn, through the real window: every lesson played to its end with clicks and keys (each game's own
scripted hand carrying out the step's action as a person would), a wrong action refused kindly with
nothing changed, a lesson left and picked up where it was, and the offer of a real game at the end."""
import pygame
import pytest

import catalog
from engine.tutorial import first_choice, rehearse
from game.app import App
from game.board_kit.autoplay import post_click, post_key
from game.settings import Settings
from game.tutorial import library
from game.tutorial.learn import LearnScene
from game.tutorial.lesson import DOING, FINISHED, READ, THEN, Keeper
from game.tutorial.scene import LessonScene, open_lesson
from tests.game.driver import FRAME

TUTORIALS = library.tutorials()


class LessonBot:
    """A bot that chooses what the lesson's step waits for: the hands below carry it out by clicks and keys."""

    def __init__(self, lesson):
        self.lesson = lesson

    def choose(self, view):
        lesson = self.lesson
        if not lesson.learners_turn:
            return None
        left = lesson.tutorial.still_to_do(lesson.index, lesson.session.log)
        return first_choice(left[0]) if left else None


def hand_for(scene: LessonScene):
    """The game's scripted player (its catalog entry's `player`), moved by a LessonBot."""
    player = catalog.load(catalog.spec(scene.tutorial.game).player)
    return player(scene.board, lambda *args: LessonBot(scene.lesson), "easy", 0)


def play(app, scene: LessonScene, *, until=None, max_frames: int = 3000, look=None) -> None:
    """Press Next where the words wait, and let the hand do each step the learner must, until `until()` or the
    lesson's end. The coach must stand inside the board's area all the while (no word of it off the map).
    `look()`, if given, is called once a frame has drawn each new step and stage."""
    hand = hand_for(scene)
    lesson = scene.lesson
    seen = None
    for _ in range(max_frames):
        if look is not None and (lesson.index, lesson.stage) != seen:
            seen = (lesson.index, lesson.stage)
            look()
        if lesson.finished or (until is not None and until()):
            return
        if app.stack.top is scene:
            if lesson.stage in (READ, THEN):
                post_key(pygame.K_RETURN)
            elif lesson.learners_turn:
                hand.plan = None
                hand.step()
        app.step(FRAME)
        assert scene.board.toast_area.contains(scene.coach.rect), (lesson.index, lesson.stage, scene.coach.rect)
    raise AssertionError(f"the lesson stopped at step {lesson.index + 1} ({lesson.stage})")


def learn(ui) -> LearnScene:
    ui.key(pygame.K_l)
    assert isinstance(ui.top, LearnScene)
    return ui.top


def open_from_menu(ui, game: str) -> LessonScene:
    menu = learn(ui)
    menu.list.selected = list(menu.lessons).index(game)
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, LessonScene)
    return ui.top


@pytest.mark.parametrize("game", list(TUTORIALS))
def test_each_lesson_is_played_to_its_end_through_the_window_every_step_accepted_and_every_line_whole(
        ui, game, monkeypatch):
    """Every step accepted by the rules; and each step's words (the coach's panel, the board's prompts and panels
    beside it), drawn as the learner meets them: no line cut short, none outside the window or its box, none on
    another, no button on another."""
    from tests.game.text_fit import Recorder
    recorder = Recorder(monkeypatch)
    scene = open_from_menu(ui, game)
    problems: dict[str, str] = {}
    looked = []

    def look():
        recorder.clear()
        ui.app.compose()
        looked.append(len([d for kind, d in recorder.items if kind == "text"]))
        for problem in recorder.problems(ui.app.surface, overlaps=True, cuts=True, controls=True):
            problems.setdefault(problem, f"step {scene.lesson.index + 1} ({scene.lesson.stage})")
    play(ui.app, scene, look=look)
    assert scene.lesson.stage == FINISHED
    assert scene.link.refused == 0 and not scene.board.refusals
    session = scene.link.session
    assert len(session.log) == scene.tutorial.length
    assert session.state_hash() == rehearse(scene.tutorial).state_hash()   # exactly the rules' own walk through it
    assert len(looked) >= len(scene.tutorial.steps) and min(looked) > 0, looked
    assert not problems, "\n".join(f"{what}: {problem}" for problem, what in problems.items())


def test_a_wrong_action_is_refused_kindly_and_changes_nothing_and_so_is_an_undo(ui):
    scene = open_from_menu(ui, "civil_war")
    lesson = scene.lesson
    play(ui.app, scene, until=lambda: lesson.learners_turn)
    step = lesson.step
    assert step.title == "Split a stack"
    ui.key(pygame.K_e)   # the hint, in a lesson, is the step's own action: shown, never sent, no expert asked
    assert scene.how_action() == first_choice(step.actions[0]) and scene.board.advice.job is None
    session = scene.link.session
    before = (session.state_hash(), len(session.log), session.rev)
    board = scene.board
    post_click(board.map.centre((14, 5)))   # the whole stack picked ...
    ui.frames(1)
    post_click(board.map.centre((13, 5)))   # ... and marched one square, not the cavalry to Pittsburgh
    ui.frames(3)
    assert board.sent[-1]["to"] == [13, 5]
    assert board.refusals[-1] == step.refuse
    assert any(t.text == step.refuse for t in ui.app.toasts)
    assert scene.link.refused == 1 and scene.coach.flash > 0
    assert (session.state_hash(), len(session.log), session.rev) == before
    assert (lesson.index, lesson.stage) == (2, DOING)
    play(ui.app, scene, until=lambda: lesson.step.title == "Railroads" and lesson.stage == THEN)
    assert board.undo_offered   # the ride may be taken back in a real game; not in a lesson
    before = (session.state_hash(), len(session.log))
    ui.key(pygame.K_z, pygame.KMOD_CTRL)
    ui.frames(3)
    assert board.refusals[-1].startswith("A lesson's moves are not taken back")
    assert (session.state_hash(), len(session.log)) == before


def test_leaving_a_lesson_and_coming_back_picks_it_up_where_it_was(ui):
    scene = open_from_menu(ui, "civil_war")
    lesson = scene.lesson
    play(ui.app, scene, until=lambda: lesson.step.title == "Falling back" and lesson.stage == DOING)
    where, log = lesson.index, [list(e) for e in lesson.session.log]
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_ESCAPE)
    assert not isinstance(ui.top, LessonScene)
    ui.app.to_menu()
    ui.frames(2)
    scene = open_from_menu(ui, "civil_war")
    assert (scene.lesson.index, scene.lesson.stage) == (where, DOING)
    assert [list(e) for e in scene.link.session.log] == log
    play(ui.app, scene)
    assert scene.link.session.state_hash() == rehearse(scene.tutorial).state_hash()


def test_closing_the_window_keeps_the_lesson_for_the_next_time(app, ui):
    scene = open_from_menu(ui, "civil_war")
    lesson = scene.lesson
    play(app, scene, until=lambda: lesson.step.title == "Railroads")
    where = lesson.index
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert not app.running
    app.close()
    again = App(settings=Settings(player_name="Tester", animation_speed="instant"))
    try:
        tutorial = library.tutorial_for("civil_war")
        scene = open_lesson(again, tutorial)
        assert scene.lesson.index == where
        assert Keeper().progress(tutorial) == (where, False)
    finally:
        again.close()


def test_the_first_run_offers_the_lessons_once_the_name_is_chosen(sandbox_home):
    from game.scenes.title import TitleScene
    app = App(settings=Settings(name_chosen=False, animation_speed="instant"))
    try:
        app.push(TitleScene(app))
        app.step(FRAME)
        for ch in "Ada":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(FRAME)
        post_key(pygame.K_RETURN)
        app.step(FRAME)
        app.step(FRAME)
        assert isinstance(app.stack.top, LearnScene) and app.stack.top.first_run
        post_key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert isinstance(app.stack.top, TitleScene)
        app.stack.top.on_enter()
        assert isinstance(app.stack.top, TitleScene)   # offered once only
    finally:
        app.close()


def test_a_finished_lesson_offers_a_real_game_against_an_easy_bot(ui):
    scene = open_from_menu(ui, "civil_war")
    play(ui.app, scene)
    ui.click_button(scene.coach.play_button)
    board = ui.top
    assert type(board).__module__ == "game.civil_war.scene"
    seats = board.link.seats
    assert [s["kind"] for s in seats] == ["human", "bot"] and seats[0]["name"] == "Tester"
    assert board.link.session.seats[1]["level"] == "easy"
    menu = learn_status(ui)
    assert menu.status(library.tutorial_for("civil_war")) == "done"


def learn_status(ui) -> LearnScene:
    ui.app.to_menu()
    ui.frames(2)
    return learn(ui)

