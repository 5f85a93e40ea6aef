"""The frame loop draws only when something changed (issue 17, item 7): the pacer's rules on a clock of our
own, and the app's real loop (`run_once`) on the dummy driver. CPU figures are in the bench (bench/idle.py)."""
import time

import pygame

from game import pacing
from game.pacing import Pacer
from game.scene import GLOW, SMOOTH, STILL, Scene
from game.scenes.title import TitleScene


def turns(pacer: Pacer, rate: float, seconds: float, step: float = 0.001) -> tuple[int, int]:
    """Run the pacer on a pretend clock for `seconds`: (turns taken, frames drawn)."""
    now, taken, drawn = 0.0, 0, 0
    while now < seconds:
        now = max(now + step, pacer.next_turn(now, rate))
        pacer.updated(now)
        taken += 1
        if pacer.should_draw(now, rate):
            pacer.drawn(now, rate)
            drawn += 1
    return taken, drawn


def test_nothing_moving_and_nobody_touching_means_no_frames_after_the_first():
    pacer = Pacer(0.0)
    taken, drawn = turns(pacer, STILL, 10.0)
    assert drawn == 1                                     # the first frame, then none
    assert taken <= 10 * pacing.POLL_RATE + 2             # it still wakes to read the table, at the poll rate


def test_a_scene_that_moves_is_drawn_at_its_rate():
    for rate in (GLOW, SMOOTH):
        _, drawn = turns(Pacer(0.0), rate, 5.0)
        assert abs(drawn - 5 * rate) <= 0.05 * 5 * rate + 2, (rate, drawn)


def test_input_draws_the_next_frame_and_keeps_the_loop_quick_for_a_moment():
    pacer = Pacer(0.0)
    turns(pacer, STILL, 1.0)
    pacer.input(1.0)
    assert pacer.next_turn(1.0, STILL) == 1.0 and pacer.should_draw(1.0, STILL)
    pacer.drawn(1.0)
    pacer.updated(1.0)
    assert pacer.period(1.1, STILL) == 1 / pacing.FULL           # a held key or a drag follows at once
    assert pacer.period(1.0 + pacing.ACTIVE_SECONDS + 0.01, STILL) == 1 / pacing.POLL_RATE


def test_a_hidden_window_draws_nothing_and_wakes_rarely():
    pacer = Pacer(0.0)
    pacer.visible = False
    taken, drawn = turns(pacer, SMOOTH, 10.0)
    assert drawn == 0 and taken <= 10 * pacing.HIDDEN_POLL_RATE + 1
    pacer.visible = True
    pacer.input(10.0)   # shown again: the window is exposed, a frame follows
    assert pacer.should_draw(10.0, STILL)


class Counting(Scene):
    """A scene that counts its updates and asks for `rate` frames a second."""

    def __init__(self, app, rate=STILL):
        super().__init__(app)
        self.rate, self.updates = rate, 0

    def update(self, dt):
        self.updates += 1

    def frame_rate(self):
        return self.rate


def run_for(app, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.run_once()


def test_the_real_loop_on_an_idle_title_draws_nothing_yet_keeps_updating(app):
    title = TitleScene(app)
    app.push(title)
    updates = []
    update = title.update
    title.update = lambda dt: (updates.append(dt), update(dt))
    run_for(app, 0.3)                        # the first frame and the moment after
    frames, updates[:] = app.frames, []
    run_for(app, 1.0)
    assert app.frames == frames
    assert len(updates) >= pacing.POLL_RATE * 0.5


def test_the_real_loop_draws_after_input_and_when_asked(app):
    app.push(Counting(app))
    run_for(app, 0.3)
    frames = app.frames
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    run_for(app, 0.1)
    assert app.frames == frames + 1
    app.redraw()
    run_for(app, 0.1)
    assert app.frames == frames + 2


def test_the_real_loop_animates_at_the_scenes_rate(app):
    app.push(Counting(app, rate=SMOOTH))
    run_for(app, 0.2)
    frames = app.frames
    run_for(app, 1.0)
    assert app.frames - frames >= SMOOTH * 0.5   # a busy machine may fall behind; never near the idle zero


def test_a_toast_redraws_while_it_fades_and_once_when_it_has_gone(app):
    app.push(Counting(app))
    app.notify("hello")
    app.toasts[0][1] = 0.2                   # near its end: fading
    run_for(app, 0.6)
    assert not app.toasts
    frames = app.frames
    run_for(app, 0.3)
    assert app.frames == frames               # gone, and the screen rests again
