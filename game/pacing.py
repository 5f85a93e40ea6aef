"""When the window draws a frame, and how long it sleeps in between.

A board game changes when someone does something; drawing 60 frames a second
regardless kept a CPU core busy doing nothing. The app draws a frame:
  * after input (every event: keys, the mouse, the window uncovered or resized);
  * when asked (`App.redraw()`: a scene found something new, say a move from the table,
    or the scene stack changed);
  * at the rate the scene on top asks for what moves by itself (`Scene.frame_rate()`: a
    tumbling die every frame, a glow a few times a second, a clock twice a second, else never).
Between frames it sleeps. It wakes to run the scenes' updates (reading the network, local
bots and timers) POLL_RATE times a second, at FULL rate for a moment after input (a held
key, a drag), and HIDDEN_POLL_RATE times a second while the window is minimised or hidden,
when it draws nothing at all. Input is looked for every SLICE seconds while it sleeps.
"""
import math

FULL = 60.0              # the frame rate for animation, and the most the window ever draws
POLL_RATE = 20.0         # wake-ups a second for the scenes' updates when nothing moves
HIDDEN_POLL_RATE = 4.0   # wake-ups a second while minimised or hidden
ACTIVE_SECONDS = 0.5     # after input, wake at FULL rate this long: the next input is answered at once
SLICE = 1 / FULL         # the longest sleep between looks for input (the delay of a first input)
HIDDEN_SLICE = 0.1
MIN_GAP = 0.5 / FULL     # the least time between two frames (a late frame may be followed by a quicker one)
EARLY = 0.002            # a frame due within this many seconds is drawn now rather than after another sleep


class Pacer:
    """The frame loop's clock: what the last input, draw and update were, and what is due next."""

    def __init__(self, now: float):
        self.last_input = -math.inf
        self.last_draw = -math.inf
        self.frame_due = now     # when the scene's rate makes the next frame due (a steady cadence)
        self.last_update = now
        self.wanted = True       # draw at the next turn (the first frame, input, a request)
        self.visible = True      # False while the window is minimised or hidden

    def input(self, now: float) -> None:
        self.last_input = now
        self.wanted = True

    def request(self) -> None:
        self.wanted = True

    def period(self, now: float, rate: float) -> float:
        """Seconds from one turn of the loop to the next, given the frame rate the screen needs."""
        if not self.visible:
            return 1 / HIDDEN_POLL_RATE
        if now - self.last_input < ACTIVE_SECONDS:
            return 1 / FULL
        return 1 / min(FULL, max(POLL_RATE, rate))

    def next_turn(self, now: float, rate: float) -> float:
        """When the next turn is due (a time on the same clock as `now`)."""
        if self.wanted and self.visible:
            return now
        due = self.last_update + self.period(now, rate)
        if self.visible and rate > 0:
            due = min(due, max(self.frame_due, self.last_draw + MIN_GAP))
        return due

    def slice(self) -> float:
        return SLICE if self.visible else HIDDEN_SLICE

    def should_draw(self, now: float, rate: float) -> bool:
        """Whether this turn draws: never while hidden; when wanted; when the scene's rate makes a frame due."""
        if not self.visible:
            return False
        if self.wanted:
            return True
        return rate > 0 and now >= max(self.frame_due, self.last_draw + MIN_GAP) - EARLY

    def drawn(self, now: float, rate: float = 0.0) -> None:
        """A frame was drawn at `now`. The next one the scene's `rate` asks for is due a period after this
        one was due, so a frame drawn a little late does not push every later one back; after a frame
        drawn early (input, a request) or a long pause, a period from now."""
        self.last_draw = now
        self.wanted = False
        if rate > 0:
            period = 1 / min(FULL, rate)
            on_time = self.frame_due - EARLY <= now < self.frame_due + period
            self.frame_due = self.frame_due + period if on_time else now + period

    def updated(self, now: float) -> float:
        """Mark an update at `now`; returns the seconds since the previous one."""
        dt, self.last_update = now - self.last_update, now
        return max(0.0, dt)
