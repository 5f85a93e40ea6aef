"""Players leaving a LAN table, and coming back: a notice on every screen, and the host's choice.

`Departures` compares the table's public seats from one frame to the next: a human seat whose
player was here and is gone gives "Ada left the table.", one taken back "Ada is back at the table.",
one handed to a bot "A bot plays for Ada until they come back." Every window says so (the lobby and
the boards alike). The window hosting the table also asks its player what becomes of the seat:
`SeatChoice` offers "A bot plays for Ada" or "Keep it for Ada" (the seat stays reserved for its
player's token either way, so a rejoin takes it back).
"""
import pygame

from game import theme
from game.widgets import Button


def seat_label(seats: list[dict], seat: int) -> str:
    return seats[seat].get("name") or f"Seat {seat + 1}"


class Departures:
    def __init__(self):
        self._seen: dict[int, tuple] | None = None   # human seat -> (connected, standin) last frame

    def notices(self, seats: list[dict]) -> list[tuple[str, int | None]]:
        """The sentences owed for what changed since the last call, each with the seat that left (None for the
        other notices); nothing on the first call (a window arriving is not news)."""
        now = {i: (bool(s.get("connected")), bool(s.get("standin")))
               for i, s in enumerate(seats) if s.get("kind") == "human"}
        seen, self._seen = self._seen, now
        if seen is None:
            return []
        out = []
        for seat, (here, standin) in now.items():
            was_here, was_standin = seen.get(seat, (here, standin))
            name = seat_label(seats, seat)
            if was_here and not here:
                out.append((f"{name} left the table.", seat))
            elif here and not was_here:
                out.append((f"{name} is back at the table.", None))
            if standin and not was_standin:
                out.append((f"A bot plays for {name} until they come back.", None))
        return out


class SeatChoice:
    """The host's question about a seat whose player left: a bot plays it now, or it waits for its player."""
    SIZE = (600, 118)

    def __init__(self, seat: int, name: str, on_bot, on_keep, centre: tuple[int, int]):
        """`centre`: where it sits (the middle of the board's map: clear of the notices and the status panel)."""
        self.seat, self.name = seat, name
        self.rect = r = pygame.Rect((0, 0), self.SIZE)
        r.center = centre
        self.bot_button = Button((r.x + 20, r.bottom - 56, 270, 42), f"A bot plays for {name}"[:34],
                                 lambda: on_bot(self), primary=True, size=17)
        self.keep_button = Button((r.right - 290, r.bottom - 56, 270, 42), f"Keep it for {name}"[:34],
                                  lambda: on_keep(self), size=17)
        self.buttons = [self.bot_button, self.keep_button]

    def handle(self, event) -> bool:
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface) -> None:
        c = theme.colours
        theme.draw_panel(surface, self.rect, border=c.warning, alpha=245)
        text = theme.fit_text(f"{self.name} left the table. Who plays the seat now?", self.rect.w - 40,
                              theme.SIZE_BODY, True)
        theme.draw_text(surface, text, (self.rect.centerx, self.rect.y + 28), theme.SIZE_BODY, c.text,
                        anchor="center", bold=True)
        for b in self.buttons:
            b.draw(surface)


class HostSeats:
    """What a screen of the hosting window (or any window) does about players leaving: `step(seats)` each
    frame says the notices (toast and, where there is one, the log) and, for the host, queues the choice."""

    def __init__(self, app, seats: list[dict] | None = None, *, say_in_log=None, hosting=lambda: False,
                 area: pygame.Rect | None = None):
        """`seats`: the table's seats as the screen opens (what changes from then on is news);
        `hosting()`: True while this screen shows the table this window hosts (its player decides);
        `area`: where the question is centred (None: the window)."""
        self.app = app
        self.centre = (area or pygame.Rect(0, 0, 1280, 800)).center
        self.say_in_log = say_in_log
        self.hosting = hosting
        self.departures = Departures()
        if seats:
            self.departures.notices(seats)
        self.choices: list[SeatChoice] = []

    @property
    def choice(self) -> SeatChoice | None:
        return self.choices[0] if self.choices else None

    def step(self, seats: list[dict]) -> None:
        for text, left in self.departures.notices(seats):
            self.app.notify(text, warning=left is not None)
            if self.say_in_log is not None:
                self.say_in_log(text)
            if left is not None and self.hosting():
                self.choices.append(SeatChoice(left, seat_label(seats, left), self._give_to_bot, self._keep,
                                               self.centre))
        # a player back (or a bot already in the seat) answers the question by itself
        self.choices = [c for c in self.choices if c.seat < len(seats) and not seats[c.seat].get("connected")
                        and not seats[c.seat].get("standin")]

    def _give_to_bot(self, choice: SeatChoice) -> None:
        from game import tables
        self._drop(choice)
        try:
            tables.give_seat_to_bot(self.app.hosted, choice.seat)
        except Exception as e:  # the host thread refused or is gone: say so, keep the window alive
            self.app.notify(f"No bot could take the seat: {e}", warning=True)

    def _keep(self, choice: SeatChoice) -> None:
        self._drop(choice)
        self.app.notify(f"{choice.name}'s seat waits for them: they can rejoin from the main menu.")

    def _drop(self, choice: SeatChoice) -> None:
        if choice in self.choices:
            self.choices.remove(choice)

    def handle(self, event) -> bool:
        """Events for the host's question while it is up (it takes the clicks on its buttons only)."""
        choice = self.choice
        return choice is not None and choice.handle(event)

    def draw(self, surface) -> None:
        if self.choice is not None:
            self.choice.draw(surface)
