"""Whose move the window may make, and sending it: the part of a board scene that
is about seats and the link, not about any game.

`SeatedBoard` is a mixin for a board scene with `self.link` (a TableLink), `self.cover`
(a HotSeatCover, or None for a board that never passes the device) and `self.view` (the
view on screen). On a LAN or against bots the window plays one seat; hot-seat, it plays
several and shows one at a time, with the cover between them; a spectator plays none.
"""
from engine import games
from game import sound

REFUSAL = "refusal"   # the moment a refusal's notice belongs to


class SeatedBoard:
    link = None
    cover = None
    view: dict | None = None

    def init_seats(self) -> None:
        self.revealed: int | None = None   # hot-seat: the human seat whose turn is showing
        self.pending_seq: int | None = None
        self.ok_rev = 0                  # the revision the table gave our last accepted action
        self.shown_rev: int | None = None  # the link revision the board last read its view at (None: live)
        self.sent: list[dict] = []       # actions this window sent, newest last (tests read it)
        self.refusals: list[str] = []    # feedback for clicks that did nothing, newest last

    # ----- who is who ----------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return len(self.link.my_seats) > 1

    @property
    def covered(self) -> bool:
        return self.cover is not None and self.cover.up

    def seat_name(self, seat) -> str:
        if seat is None or seat < 0:
            return "Neutral"
        seats = self.link.seats
        return (seats[seat].get("name") if seat < len(seats) else None) or f"Seat {seat + 1}"

    @property
    def shown_seat(self) -> int | None:
        """Whose turn is on screen: the window's one seat, or in hot-seat the revealed one."""
        mine = self.link.my_seats
        if not mine:
            return None
        return self.revealed if self.hot_seat else mine[0]

    @staticmethod
    def actor(view) -> int | None:
        to_act = (view or {}).get("public", {}).get("to_act") or []
        return to_act[0] if to_act else None

    @property
    def active_seat(self) -> int | None:
        """The seat this window may move for right now (and is showing), else None."""
        seat = self.actor(self.view)
        if seat is not None and seat in self.link.my_seats and seat == self.shown_seat and not self.covered:
            return seat
        return None

    @property
    def secret(self) -> bool:
        """True when a seat's view holds what another must not see (the game's GAME_TYPE says)."""
        try:
            return games.game_type(self.link.game).secret
        except KeyError:
            return True   # a game this program does not know: keep the cover, to be safe

    def cover_if_passing(self) -> bool:
        """Hot-seat: when the move passes to another human seat, raise the cover if the game has secrets
        (else the board simply turns to that seat). True when the seat on show changed now."""
        if not self.hot_seat or self.cover is None:
            return False
        public = self.link.view(None) or self.link.view(self.link.my_seats[0])
        actor = self.actor(public)
        over = bool((public or {}).get("public", {}).get("result"))
        if actor in self.link.my_seats and actor != self.revealed and not over and self.cover.seat != actor:
            if not self.secret:
                self.revealed = actor     # nothing to hide: no cover, the next player just plays
                self.app.notify(f"{self.seat_name(actor)}: your move.")
                sound.play("turn")
                return True
            self.cover.show(actor, self.seat_name(actor))
            return True
        return False

    def reveal_seat(self) -> None:
        """The cover's button: the next player shows their turn."""
        self.revealed = self.cover.seat
        self.cover.hide()
        sound.play("turn")

    # ----- acting --------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """True from sending an action until its result is on screen: the answer is in and the link's
        view has caught up with it (over a network the `ok` arrives a moment before the `update`).

        A board that reads its view once a frame sets `shown_rev` to the revision it read, so this
        compares what is on screen, not what the link has received since."""
        shown = self.link.rev if self.shown_rev is None else self.shown_rev
        return self.pending_seq is not None or shown < self.ok_rev

    def send(self, action: dict) -> bool:
        """Send `action` for the active seat; False (with a toast saying why) when it cannot go now."""
        seat = self.active_seat
        if seat is None:
            self.refuse("It is not your move.")
            return False
        if self.waiting:
            self.refuse("Waiting for the table to answer…")
            return False
        self.act_for(seat, action)
        sound.play("click")
        return True

    def act_for(self, seat: int, action: dict) -> None:
        """Send `action` for `seat` as it stands (the callers check that it may go): kept in `sent`, its
        answer awaited."""
        self.sent.append(action)
        self.pending_seq = self.link.send(action, seat)

    def refuse(self, message: str) -> None:
        """Feedback for a click that did nothing: a toast (until a move of ours is accepted or the turn
        passes, whichever comes first) and the error sound."""
        self.refusals.append(message)
        del self.refusals[:-32]
        self.app.notify(message, warning=True, moment=REFUSAL)
        sound.play("error")

    def end_refusals(self) -> None:
        """What was refused is no longer the point (a move went through, the turn moved on): its notice goes."""
        self.app.toasts.end_moment(self.app.stack.top, REFUSAL)

    def answer(self, msg: dict) -> None:
        """Note the table's `ok` / `err` for the action in flight (an `err` is shown as a refusal)."""
        if msg.get("seq") == self.pending_seq:
            self.pending_seq = None
            if msg.get("t") == "ok" and isinstance(msg.get("rev"), int):
                self.ok_rev = msg["rev"]
        if msg.get("t") == "ok":
            self.end_refusals()
        if msg.get("t") == "err":
            self.refuse(msg.get("msg") or "The table refused that move.")
            log = getattr(self, "log", None)
            if msg.get("rule") and log is not None:   # the rule that refused it, kept in the log with its help
                log.add_refusal(msg.get("msg") or "that move.", msg["rule"])

    def not_your_move(self) -> str:
        """Why a click on the board does nothing now: watching, or whom it waits for."""
        if not self.link.my_seats:
            return "You are watching this game."
        return f"Waiting for {self.seat_name(self.actor(self.view))}."
