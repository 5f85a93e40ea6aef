"""Bots in a real-time game: each one moves on its own clock, paced by its level.

The rules engine has no clock, and a turn-based driver asks "whose move is it?"
— in a real-time race the answer is "everybody's, all the time". `PacedBot`
wraps a bot (anything with `choose(view)` and `pace`) so that it answers only
when its own timer is due: first after the start countdown, then every
`pace` seconds (its level's pace, times a speed factor). Between those
moments `choose` returns None, which every driver already reads as "nothing
to do now". Because the wrapper paces itself it reports `pace = 0`, so a
driver adds no waiting of its own (a human's moves never hold a bot back).

Use it through a table's bot factory: `paced_factory(make)` for
`LocalTable(..., bot_factory=..., bot_delay=0)`. The bot still decides from its
own seat's view, which the table hands it.
"""
import time

MIN_GAP = 0.005  # seconds: even an "instant" bot makes at most one move per frame


class PacedBot:
    def __init__(self, bot, *, speed: float = 1.0, start_delay: float = 0.0, clock=time.monotonic):
        """`speed`: multiplies the bot's pace (0: as fast as frames allow); `start_delay`: seconds
        before its first move (the window's countdown)."""
        self.bot = bot
        self.level_pace = float(getattr(bot, "pace", 0.0) or 0.0)
        self.interval = max(MIN_GAP, self.level_pace * speed)
        self.clock = clock
        self.next_move = clock() + max(0.0, start_delay) + self.interval
        self.moves = 0

    pace = 0.0  # the wrapper keeps its own time; drivers must not add theirs

    @property
    def due(self) -> bool:
        return self.clock() >= self.next_move

    def choose(self, view: dict):
        if not self.due:
            return None
        action = self.bot.choose(view)
        # Whether it found a move or not, it looks again only after another interval.
        self.next_move = self.clock() + self.interval
        if action is not None:
            self.moves += 1
        return action

    def __getattr__(self, name):  # anything else (level, seat, ...) is the wrapped bot's
        return getattr(self.bot, name)


def paced_factory(make, *, speed: float = 1.0, start_delay: float = 0.0, clock=time.monotonic):
    """A bot factory `(game_id, level, seat, seed) -> PacedBot` around `make` (e.g. `bots.make`)."""
    def factory(game_id, level, seat, seed):
        return PacedBot(make(game_id, level, seat, seed), speed=speed, start_delay=start_delay, clock=clock)
    return factory


def race_speed(settings) -> float:
    """How fast bots race for this window's settings: at their level's own pace, except that the
    "instant" animation setting (tests, demos) makes them as fast as frames allow."""
    return 0.0 if settings.animation_factor() == 0 else 1.0
