"""The window's place at a table: which seats it plays and which it shows, the view on show, and the actions it
sends — the part of a board scene that is about seats and the link, not about any game.

`Seats(app, link, cover)`: `link` is a TableLink, `cover` a HotSeatCover (None for a board that never passes the
device). On a LAN or against bots the window plays one seat; hot-seat, it plays several and shows one at a time,
with the cover between them; a spectator plays none. Every part of a board reads the view here (`view`, `pub`),
asks who may act (`active_seat`), and sends (`send`) or refuses (`refuse`) through it. A game whose turns are not
one seat at a time says so in a subclass (`actor`, `active_seat`).
"""
from engine import games
from game import sound

REFUSAL = "refusal"   # the moment a refusal's notice belongs to


class Seats:
    def __init__(self, app, link, cover=None):
        self.app = app
        self.link = link
        self.cover = cover
        self.view: dict | None = None      # the view on show
        self.revealed: int | None = None   # hot-seat: the human seat whose turn is showing
        self.pending_seq: int | None = None
        self.ok_rev = 0                  # the revision the table gave our last accepted action
        self.shown_rev: int | None = None  # the link revision the view on show was read at (None: live)
        self.sent: list[dict] = []       # actions this window sent, newest last (tests read it)
        self.refusals: list[str] = []    # feedback for clicks that did nothing, newest last
        self.orders_serial = 0           # counts the readings of the seat's orders (scripted players watch it)
        self._view_key = None
        self._orders_key = None
        self._last_actor = None

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

    def actor(self, view) -> int | None:
        """The seat the game waits on in `view`: the first to act."""
        to_act = (view or {}).get("public", {}).get("to_act") or []
        return to_act[0] if to_act else None

    def asks_every_listed_seat(self) -> bool:
        """Whether the table may ask several seats at once, so that a window playing one seat acts whenever the
        table lists its seat, not only when it is first (a game of such turns says so in a subclass)."""
        return False

    @property
    def active_seat(self) -> int | None:
        """The seat this window may move for right now (and is showing), else None."""
        mine = self.link.my_seats
        if self.asks_every_listed_seat() and not self.hot_seat and mine and not self.covered:
            return mine[0] if mine[0] in (self.pub.get("to_act") or []) else None
        seat = self.actor(self.view)
        if seat is not None and seat in mine and seat == self.shown_seat and not self.covered:
            return seat
        return None

    @property
    def secret(self) -> bool:
        """True when a seat's view holds what another must not see (the game's GAME_TYPE says)."""
        try:
            return games.game_type(self.link.game).secret
        except KeyError:
            return True   # a game this program does not know: keep the cover, to be safe

    @property
    def watching(self) -> bool:
        """This window plays no seat (a spectator, a replay): its panels offer no buttons to act, none of which
        could ever be pressed."""
        return not self.link.my_seats

    def not_your_move(self) -> str:
        """Why a click on the board does nothing now: watching, or whom it waits for."""
        if self.watching:
            return "You are watching this game."
        return f"Waiting for {self.seat_name(self.actor(self.view))}."

    # ----- the view --------------------------------------------------------------------
    @property
    def pub(self) -> dict:
        return self.view["public"] if self.view else {}

    @property
    def over(self) -> bool:
        return bool(self.pub.get("result") or self.pub.get("outcome"))

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

    def read_view(self) -> bool:
        """Read the view for the seat on show (the public one under the cover or for a spectator); True when it
        is new. A view changes only with the revision and which seat is on show."""
        # The revision is read before the view: a link may take an update between the two reads, and a
        # stale revision with a fresh view only costs a re-read next frame, never a stale board for good.
        rev, shown = self.link.rev, self.shown_seat
        key = (rev, shown, self.covered)
        if key == self._view_key and self.view and self.shown_rev == rev:
            return False
        self._view_key = key
        self.shown_rev = rev
        self.view = (self.link.view(shown) if shown is not None and not self.covered else None) or self.link.view(None)
        return True

    def turn_moved(self) -> bool:
        """True once each time the seat the game waits on changes: what was refused no longer matters (its
        notice goes)."""
        actor = self.actor(self.view)
        if actor == self._last_actor:
            return False
        self._last_actor = actor
        self.end_refusals()
        return True

    def orders_changed(self) -> bool:
        """True once each time the shown revision or the seat to act changes: the moment a board reads the
        seat's orders anew (`read_orders`); `orders_serial` counts those moments."""
        key = (self.shown_rev, self.active_seat)
        if key == self._orders_key:
            return False
        self._orders_key = key
        self.orders_serial += 1
        return True

    def read_orders(self, reader):
        """`reader(view, seat)` for the seat this window moves for now; None when none acts or the game is over."""
        active = self.active_seat
        return reader(self.view, active) if active is not None and not self.over else None

    # ----- acting --------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """True from sending an action until its result is on screen: the answer is in and the view on show has
        caught up with it (over a network the `ok` arrives a moment before the `update`)."""
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

    def send_as(self, seat: int, action: dict) -> bool:
        """Send for one of this screen's seats that is not on show (hot-seat standing orders); False while an
        answer is awaited."""
        if self.waiting or seat not in self.link.my_seats:
            return False
        self.act_for(seat, action)
        return True

    def refuse(self, message: str, *, toast: bool = True) -> None:
        """Feedback for a click that did nothing: a toast (until a move of ours is accepted or the turn
        passes, whichever comes first) and the error sound."""
        self.refusals.append(message)
        del self.refusals[:-32]
        if toast:
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
