"""The race board's place at the table (game.board_kit.seats): the window plays its first seat (hot-seat too:
teammates build one side), and acts only while the race runs — after the count, before the end. The last refusal
stays on the hint line a few seconds (`reason`), until a move goes through."""
from engine.situation4.queries import side_of
from game.board_kit.seats import Seats

REASON_SECONDS = 4.0


class RaceSeats(Seats):
    countdown = None   # the board's Countdown, once it has one

    def __init__(self, app, link):
        super().__init__(app, link)
        self.reason, self.reason_left = "", 0.0   # the last refusal, shown on the hint line

    @property
    def seat(self) -> int | None:
        mine = self.link.my_seats
        return mine[0] if mine else None

    @property
    def side(self) -> int | None:
        seat = self.seat
        return None if seat is None else side_of(seat)

    @property
    def shown_seat(self) -> int | None:
        return self.seat

    @property
    def racing(self) -> bool:
        return (self.seat is not None and self.view is not None and not self.over and self.countdown is not None
                and not self.countdown.running and self.seat in (self.pub.get("to_act") or []))

    @property
    def active_seat(self) -> int | None:
        return self.seat if self.racing else None

    def why_not_racing(self) -> str:
        if self.countdown is not None and self.countdown.running:
            return "Wait for Go!"
        return "You are watching this race." if self.seat is None else "The race is over."

    def refuse(self, message: str, *, toast: bool = True) -> None:
        super().refuse(message, toast=toast)
        self.reason, self.reason_left = message, REASON_SECONDS

    def accepted(self) -> None:
        """A move went through: an earlier refusal is no longer the news."""
        self.reason, self.reason_left = "", 0.0
        self.end_refusals()

    def tick(self, dt: float) -> None:
        self.reason_left = max(0.0, self.reason_left - dt)
