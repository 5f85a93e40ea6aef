"""Whose move the window may make, and sending it: the part of a board scene that
is about seats and the link, not about any game.

`SeatedBoard` is a mixin for a Scene with `self.link` (a TableLink), `self.cover`
(a HotSeatCover), `self.help_card` (a HelpCard), `self.view` (the view on screen)
and `self.revealed`. On a LAN
or against bots the window plays one seat; hot-seat, it plays several and shows
one at a time, with the cover between them; a spectator plays none.
"""
from game import sound, theme

ESC_LEAVE_SECONDS = 2.5  # a second Esc within this leaves the board (one Esc never loses a game)


class SeatedBoard:
    link = None
    cover = None
    view: dict | None = None
    revealed: int | None = None   # hot-seat: the human seat whose turn is showing
    pending_seq: int | None = None

    def init_seats(self) -> None:
        self.esc_armed = 0.0
        self.game_over_shown = False
        self.revealed = None
        self.pending_seq = None
        self.ok_rev = 0                  # the revision the table gave our last accepted action
        self.shown_rev: int | None = None  # the link revision the board last read its view at (None: live)
        self.sent: list[dict] = []       # actions this window sent, newest last (tests read it)
        self.refusals: list[str] = []    # feedback for clicks that did nothing, newest last

    # ----- who is who ----------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return len(self.link.my_seats) > 1

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
        if seat is not None and seat in self.link.my_seats and seat == self.shown_seat and not self.cover.up:
            return seat
        return None

    def cover_if_passing(self) -> bool:
        """Hot-seat: raise the cover when the move passed to another human seat. True when it went up now."""
        if not self.hot_seat:
            return False
        public = self.link.view(None) or self.link.view(self.link.my_seats[0])
        actor = self.actor(public)
        over = bool((public or {}).get("public", {}).get("result"))
        if actor in self.link.my_seats and actor != self.revealed and not over and self.cover.seat != actor:
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
        self.sent.append(action)
        self.pending_seq = self.link.act(action, seat)
        sound.play("click")
        return True

    def refuse(self, message: str) -> None:
        """Feedback for a click that did nothing: a toast and the error sound."""
        self.refusals.append(message)
        del self.refusals[:-32]
        self.app.notify(message, warning=True)
        sound.play("error")

    def answer(self, msg: dict) -> None:
        """Note the table's `ok` / `err` for the action in flight (an `err` is shown as a refusal)."""
        if msg.get("seq") == self.pending_seq:
            self.pending_seq = None
            if msg.get("t") == "ok" and isinstance(msg.get("rev"), int):
                self.ok_rev = msg["rev"]
        if msg.get("t") == "err":
            self.refuse(msg.get("msg") or "The table refused that move.")

    def leave(self) -> None:
        """Back to the main menu, closing the link."""
        from game.scenes.title import TitleScene
        if self.app.active_link is self.link:
            self.app.active_link = None
        self.link.close()
        self.app.back_to(TitleScene)

    # ----- the frame loop's share ----------------------------------------------------
    def tick_seats(self, dt: float) -> None:
        self.esc_armed = max(0.0, self.esc_armed - dt)

    def read_link(self) -> None:
        """Take every message the link has: each update's events go to `on_event`, answers to `answer`,
        chat to the log, a closed table to a notice."""
        for msg in self.link.poll():
            t = msg.get("t")
            if t == "update":
                for e in msg.get("events", []):
                    self.on_event(e)
            elif t in ("ok", "err"):
                self.answer(msg)
            elif t == "chat":
                self.log.add_text(f"{msg.get('from') or 'someone'}: {msg.get('text', '')}", msg.get("seat"))
            elif t == "status" and msg.get("status") == "closed":
                self.app.notify(msg.get("msg") or "The table closed.", warning=True)

    def on_event(self, event: dict) -> None:
        raise NotImplementedError("a board scene says what each game event looks and sounds like")

    def escape_to_leave(self) -> None:
        """Esc with nothing left to cancel: the first press warns, a second one soon after leaves."""
        if self.esc_armed > 0:
            self.leave()
        else:
            self.esc_armed = ESC_LEAVE_SECONDS
            self.app.notify("Press Esc again to leave the game.")

    def game_over_due(self) -> bool:
        """True once, when the game on screen has ended and the game-over scene should follow
        (never while replaying a save)."""
        if self.game_over_shown or not self.view or getattr(self.link, "replay", False):
            return False
        public = self.view["public"]
        return bool(public.get("result") or public.get("outcome"))

    def show_game_over(self, rows: list) -> None:
        self.game_over_shown = True
        from game.scenes.game_over import show_game_over
        show_game_over(self.app, self.link, rows)

    def draw_cover_or_waiting(self, surface) -> bool:
        """Draw the hot-seat cover, or a waiting notice before the first view; True when that is all."""
        if self.cover.up:
            self.cover.draw(surface)
            return True
        if not self.view:
            surface.blit(theme.backdrop(surface.get_size()), (0, 0))
            theme.draw_text(surface, "Waiting for the table…", (640, 400), theme.SIZE_LARGE, anchor="center")
            return True
        return False

    def overlay_answer(self, event) -> bool | None:
        """While the hot-seat cover is up it answers every event, then the help card (`self.help_card`)
        while it shows. The value `handle` should return, or None when no overlay is up."""
        if self.cover.up:
            return self.cover.handle(event)
        return self.help_card.answer(event)
