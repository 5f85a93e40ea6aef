"""A lesson's coach stands aside while the board shows a card of its own (new-user trial on real X, issue 42):
the learner pressed C in the Tactics (1954) lesson and the coach's card covered the CRT chart's "Chances" and
footnote lines. While the chart is open the coach is not drawn, and a key reaches the chart first (Enter
closes it, it does not turn the lesson's page unseen)."""
import pygame

from tests.game.test_tutorials import open_from_menu, play


def test_the_coach_is_not_drawn_over_the_chart_and_keys_reach_the_chart_first(ui):
    scene = open_from_menu(ui, "ah_tactics")
    lesson = scene.lesson
    play(ui.app, scene, until=lambda: lesson.index >= 1)
    where = (lesson.index, lesson.stage)
    drawn = []
    real = scene.coach.draw
    scene.coach.draw = lambda surface: (drawn.append(1), real(surface))
    ui.key(pygame.K_c)
    assert scene.board.modal() is scene.board.chart and scene.board.chart.shown
    drawn.clear()
    ui.frames(2)
    assert not drawn, "the coach's card drawn over the chart"
    ui.key(pygame.K_RETURN)
    assert not scene.board.chart.shown, "Enter went to the chart (any key closes it)"
    assert (lesson.index, lesson.stage) == where, "and did not turn the lesson's page unseen"
    ui.frames(2)
    assert drawn, "the coach is back once the chart is closed"
