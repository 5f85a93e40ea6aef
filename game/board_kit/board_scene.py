"""The board scene every game's board is: the frame around the game's own parts.

`BaseBoardScene` is composed of parts, each with its own state, that no board should write again:
  seats        the window's place at the table: the view on show, who may act, sending, refusals (board_kit.seats)
  cover        the hot-seat "pass the device" screen; help_card (H / F1); confirm, the card that asks before
               anything final (`ask_first`: an end of phase, a card let go, a pass, a surrender)
  take_back    Ctrl+Z and the Undo button, offered while the seat's legal actions list undo (board_kit.undo)
  resigning    Ctrl+R: the seat on show concedes, after the card asks (board_kit.resign)
  advice       E and the Hint button: the expert's hint, drawn at the board's `advice_points(action)` (board_kit.advice)
  pace         fast-forward (Space held, X); host_seats, players leaving a LAN table (board_kit.departures)
  log          the event log (a board sets its own); hint_line and tooltip, the words along the foot and by the mouse
The frame reads the link each frame (events to `on_event`, answers, chat to the log, a closed table to a notice)
and, once per revision, the view for the seat on show; Esc drops what is held, else arms leaving and leaves on a
second press; it shows the game-over scene once the view shows a result; a continued or joined game's earlier
events are read back quietly on the first frame (board_kit.history), so the log and the board are as they were.

A board composes its own parts, each with its state, and names them by role; the frame asks them what it needs:
  input      the seat's orders and picks, clicks and keys: reset(), read_orders(), modal() (the dialog or chooser
             in front, or None), picked() (whether Esc has something to drop), key_commands() (pygame key ->
             function; a board on a zoomable map sets `pointer`, which takes the keys left over: zoom, pan)
  panels     the side column and its buttons: draw(surface), handle(event), main_enter_button(), move_hint() (the
             hint line on this window's move; `hint()` says game over / waiting itself)
  overlays   what is drawn on the map: draw(surface, time), tooltip_lines() ([(text, colour), ...] or None),
             tooltip_avoid() (an area the tooltip keeps clear, or None), advice_points(action) (screen points of
             the places an action names, where the expert's hint and an analysis's better move are drawn)
  news       game_over_rows() (the game-over statistics, or None to wait: a roll still showing)
  listeners  the parts that hear every event of the table (`on_event(event)`), after the log
A board overrides a method of its own where its parts answer otherwise: read_view(), board_key(event) /
board_pointer(event), tick(dt) (animations), skip_animations(), frame_rate() (how often it must be drawn while
nobody touches anything: game.scene's STILL, TICK, GLOW, SMOOTH; the frame redraws by itself when the table sends
something), quick_step(), game_over_colours(), advice_words(action), and the layers draw_board / draw_panels.
Layout is class attributes: `side_rect`, `log_rect`, `log_title`, `hint_rect`, `hint_reserve`, `undo_rect`,
`advice_rect`, `pace_rect`, `tooltip_bounds`, `help_centre`.
"""
from functools import partial

import pygame

from engine import games
from game import sound, theme, widgets
from game.board_kit import advice, history, undo
from game.board_kit.confirm import ConfirmCard
from game.board_kit.departures import HostSeats
from game.board_kit.held import Held
from game.board_kit.help_card import HelpCard, keys_card
from game.board_kit.hud import HintLine, Tooltip, build_side_panel
from game.board_kit.pace import Pace
from game.board_kit.resign import Resigning
from game.board_kit.seats import Seats
from game.scene import Scene

ESC_LEAVE_SECONDS = 2.5  # a second Esc within this leaves the board (one Esc never loses a game)
HELP_KEYS = (pygame.K_h, pygame.K_F1)


class BaseBoardScene(Scene):
    side_rect = pygame.Rect(1000, 40, 280, 760)
    log_rect = pygame.Rect(1004, 496, 272, 300)
    log_title = "Log"
    log_title_gap = 22
    hint_rect = pygame.Rect(0, 740, 1000, 60)
    hint_reserve = 250          # pixels at the hint line's right kept for the board's own buttons
    tooltip_bounds = pygame.Rect(0, 0, 1000, 740)
    help_centre = (640, 400)
    pace_rect: pygame.Rect | None = None   # where the fast-forward toggle sits (None: Space and X only)
    undo_rect: pygame.Rect | None = None   # where the Undo button sits (None: the hint line's right end)
    advice_rect: pygame.Rect | None = None   # where the Hint button sits (None: left of the Undo button)
    pointer = None   # a board on a zoomable map sets its MapPointer: the keys no command takes zoom and pan it
    over_hint = "The game is over."
    idle_keys = "H help"        # the hint line's keys while this window may not move
    log = None                  # the board's event log (board_kit.log.EventLog or its own)
    input = panels = overlays = news = None   # the board's named parts, where it has them (see above)
    listeners: tuple = ()       # the board's parts that hear every event of the table, in order
    lesson_places = None        # where a lesson's places are lit (`light`, `rects`, `show`), if the board lights any

    def __init__(self, app, link, cover=None, seats: Seats | None = None):
        """H shows the keyboard-help card of the game at `link`, as its catalog entry names it; `cover` is the
        board's hot-seat cover (None: it never passes the device), `seats` its Seats where the game's turns ask for
        its own."""
        super().__init__(app)
        self.link = link
        self.game_id = link.game
        self.cover = cover
        self.seats = seats or Seats(app, link, cover)
        self.time = 0.0
        self.esc_armed = 0.0
        self.game_over_shown = False
        self.help_card = HelpCard(partial(keys_card, link.game), self.help_centre)
        self.confirm = ConfirmCard(self.help_centre)
        self._side_panel = build_side_panel(self.side_rect, self.log_rect, self.log_title,
                                            title_gap=self.log_title_gap)
        self.take_back = undo.TakeBack(self.seats, self.undo_rect or undo.default_rect(self.hint_rect),
                                       lambda: self.reset_input())
        self.resigning = Resigning(self.seats, self.confirm, lambda: self.reset_input())
        self.advice = advice.Advice(self, self.advice_rect or advice.default_rect(self.hint_rect,
                                                                                  self.take_back.button.rect))
        reserve = self.hint_reserve
        buttons = [self.take_back.button] + ([] if games.is_realtime(self.game_id) else [self.advice.button])
        for button in buttons:   # the sentence stops short of the buttons
            if self.hint_rect.colliderect(button.rect):
                reserve = max(reserve, self.hint_rect.right - button.rect.x + 8)
        self.hint_line = HintLine(self.hint_rect, reserve)
        self.tooltip = Tooltip(self.tooltip_bounds)
        settings = getattr(app, "settings", None)
        self.pace = Pace(link, settings.animation_factor() if settings is not None else 1.0, self.pace_rect)
        self.host_seats = HostSeats(app, link.seats, say_in_log=lambda text: self.log.add_text(text),
                                    hosting=lambda: getattr(self.app, "hosted", None) is not None
                                    and self.app.active_link is self.link, area=self.toast_area)
        self._past = history.past_events(link)   # a continued game's earlier events, read back on the first frame

    @property
    def toast_area(self) -> pygame.Rect:
        """Where notices show: over the map, never over the status panel at the side or the hint line."""
        return pygame.Rect(0, 0, self.side_rect.x, self.hint_rect.y)

    # ----- what a scripted player or a test reads of the board (the parts hold it) -------------------
    view, pub, over, waiting = Held("seats"), Held("seats"), Held("seats"), Held("seats")
    active_seat, shown_seat, covered, hot_seat = Held("seats"), Held("seats"), Held("seats"), Held("seats")
    sent, refusals, pending_seq, shown_rev = Held("seats"), Held("seats"), Held("seats"), Held("seats")
    revealed, ok_rev, orders_serial = Held("seats"), Held("seats"), Held("seats")
    undo_offered = Held("take_back", "offered")
    undo_button = Held("take_back", "button")

    def seat_name(self, seat) -> str:
        return self.seats.seat_name(seat)

    def send(self, action: dict) -> bool:
        return self.seats.send(action)

    def refuse(self, message: str) -> None:
        self.seats.refuse(message)

    # ----- what a board fills in: by default its named parts answer -------------------------------
    def reset_input(self) -> None:
        if self.input is not None:
            self.input.reset()

    def on_enter(self) -> None:
        sound.music("campaign")

    def read_view(self) -> None:
        if self.input is not None:
            self.input.read_orders()

    def modal(self):
        return self.input.modal() if self.input is not None else None

    def picked(self) -> bool:
        """Whether something is picked that Esc drops (then a second Esc, with nothing picked, leaves)."""
        return self.input is not None and self.input.picked()

    def cancel(self) -> bool:
        """Esc: drop what is picked (`reset_input`) and say so (True); False when nothing was."""
        if not self.picked():
            return False
        self.reset_input()
        return True

    def key_commands(self) -> dict:
        """The board's keys: pygame key -> what it does (a function of no arguments)."""
        return self.input.key_commands() if self.input is not None else {}

    def board_key(self, event) -> bool:
        command = self.key_commands().get(event.key)
        if command is None:
            return self.pointer is not None and self.pointer.key(event.key)
        command()
        return True

    def board_pointer(self, event) -> bool:
        """The panels' buttons first, then the map."""
        return ((self.panels is not None and self.panels.handle(event))
                or (self.pointer is not None and self.pointer.handle(event)))

    def tick(self, dt: float) -> None:
        pass

    def quick_step(self) -> bool:
        """True while what the table is doing is routine (the opening's placements): bots then move quickly."""
        return False

    def skip_animations(self) -> None:
        """Fast-forward is on: finish whatever animation is running now."""

    def game_over_rows(self) -> list | None:
        return self.news.game_over_rows() if self.news is not None else []

    def game_over_colours(self) -> list | None:
        return None

    def draw_board(self, surface) -> None:
        self.overlays.draw(surface, self.time)

    def draw_panels(self, surface) -> None:
        if self.panels is not None:
            self.panels.draw(surface)

    def move_hint(self) -> tuple[str, str]:
        """The hint line while it is this window's move."""
        return self.panels.move_hint()

    def advice_points(self, action: dict) -> list:
        """Screen points of the places `action` names, in order (where it starts, where it goes): the expert's
        hint and an analysis's better move are drawn there. None known: nothing is drawn but the sentence."""
        return self.overlays.advice_points(action) if self.overlays is not None else []

    def tooltip_lines(self) -> list | None:
        return self.overlays.tooltip_lines() if self.overlays is not None else None

    def tooltip_avoid(self) -> pygame.Rect | None:
        """A screen area the tooltip should leave clear (a path being drawn), or None."""
        return self.overlays.tooltip_avoid() if self.overlays is not None else None

    def main_enter_button(self):
        """The board's button Enter presses while no dialog is up, or None."""
        return self.panels.main_enter_button() if self.panels is not None else None

    # ----- what the frame asks of its parts --------------------------------------------------------
    @property
    def animation_factor(self) -> float:
        """Multiplier for the board's animations now: the player's speed, or 0 while fast-forwarding."""
        return self.pace.animation_factor

    @property
    def leave_notice(self) -> str:
        if getattr(self.link, "leave_notice", None):   # a table with words of its own (a lesson's)
            return self.link.leave_notice
        if getattr(self.link, "session", None) is not None:   # a table in this process: its save is ours
            return "Press Esc again to leave: the game is saved, and Continue on the main menu picks it up."
        return "Press Esc again to leave the game."

    def waiting_keys(self) -> str:
        """The hint line's keys while others move: the board's own, and fast-forward where there is something
        to hurry."""
        if self.pace.normal:
            return "hold Space: fast-forward  ·  X keep it on  ·  " + self.idle_keys
        return self.idle_keys

    def hint(self) -> tuple[str, str]:
        """The hint line (what to do next, and the keys that help): the game over, waiting, or the move's."""
        seats = self.seats
        if seats.over:
            return self.over_hint, ""
        said = self.advice.line()
        if said is not None:
            return said, ""
        if seats.active_seat is None:
            who = seats.seat_name(seats.actor(seats.view))
            return (f"Watching: {who} to move." if seats.watching else f"Waiting for {who}…"), self.waiting_keys()
        return self.move_hint()

    def ask_first(self, question: str, detail: str, yes: str, then) -> None:
        """Before what cannot be taken back (an end of phase, a card let go, a pass, a surrender): the card names
        the choice and what follows; Enter or its `yes` button calls `then()`, Esc keeps playing."""
        self.confirm.ask(question, detail, yes, then, for_this_turn=True)

    def enter_button(self):
        """The button Enter presses now (it shows the key): a dialog's own (`ok`) while one is up, else the
        board's main button (`main_enter_button`); None when Enter presses none (always, for a window that only
        watches: it is shown no buttons)."""
        modal = self.modal()
        if modal is not None:
            return getattr(modal, "ok", None)
        return None if self.seats.watching else self.main_enter_button()

    def pace_key(self, event) -> bool:
        """Space held while the window has no move of its own fast-forwards; X (or the toggle) keeps it on."""
        return self.pace.handle(event, idle=self.seats.active_seat is None and not self.seats.over)

    # ----- the view ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the view for the seat on show; a board reads what it needs of a new one (`read_view`)."""
        if self.seats.cover_if_passing():
            self.reset_input()
        if not self.seats.read_view():
            return
        self.app.redraw()
        if self.seats.view:
            if self.seats.turn_moved() and self.confirm.for_this_turn:
                self.confirm.close()   # the turn moved on: what was asked no longer matters
            self.read_view()

    def reveal(self) -> None:
        """The cover's button: the next player shows their turn."""
        self.seats.reveal_seat()
        self.reset_input()
        self.refresh()

    def read_link(self) -> None:
        """Take every message the link has: each update's events go to `on_event`, answers to `answer`,
        chat to the log, a closed table to a notice."""
        messages = self.link.poll()
        past = history.arrived(self.link)   # the game before this window joined it: before what came after it
        if past:
            self.refresh()   # its lines name units and places from the view
            self.replay_quietly(past)
        for msg in messages:
            self.app.redraw()
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

    def answer(self, msg: dict) -> None:
        """The table's `ok` / `err` for the action in flight; the rule that refused one stays in the log with its
        help."""
        self.seats.answer(msg)
        if msg.get("t") == "err" and msg.get("rule") and self.log is not None:
            self.log.add_refusal(msg.get("msg") or "that move.", msg["rule"])

    def on_event(self, event: dict) -> None:
        """An event of the table: the log says it, then each of the board's `listeners` hears it, in order."""
        self.log.add(event)
        if event.get("type") == undo.UNDO_EVENT:
            self.taken_back(event)
        for part in self.listeners:
            part.on_event(event)

    def taken_back(self, event: dict) -> None:
        """An undo reached the board: the move it took back stops animating, and what this window held for
        the seat that took it back goes, so the board draws from the view it reads next."""
        self.skip_animations()
        if event.get("seat") in self.link.my_seats:
            self.reset_input()

    def catch_up(self) -> None:
        """A continued game: its earlier events go through `on_event` once the board has a view, in silence
        and without animation, so the log, the counters and the panels are as they were when it was left."""
        self.refresh()
        if not self.seats.view:
            return
        past, self._past = self._past, []
        self.replay_quietly(past)

    def replay_quietly(self, events: list) -> None:
        """Events of moves made before this board opened, through `on_event` in silence and without animation."""
        held, self.pace.held = self.pace.held, True
        try:
            with sound.hushed():
                for event in events:
                    self.on_event(event)
                self.skip_animations()
        finally:
            self.pace.held = held

    # ----- leaving ----------------------------------------------------------------------
    def leave(self) -> None:
        """Back to the main menu, closing the link."""
        if self.app.active_link is self.link:
            self.app.active_link = None
        self.link.close()
        self.app.to_menu()

    def escape(self) -> bool:
        """Esc: stop a hint being thought, or drop what is held; else the first press warns and a second one soon
        after leaves (at once when the game is over)."""
        if self.advice.cancel() or self.cancel():
            return True
        if self.esc_armed > 0 or self.seats.over:
            self.leave()
        else:
            self.esc_armed = ESC_LEAVE_SECONDS
            self.app.notify(self.leave_notice, scene=self)
        return True

    def back(self) -> None:
        self.escape()

    def game_over_due(self) -> bool:
        """True once the game on screen has ended and the game-over scene should follow (never while
        replaying a save)."""
        return not self.game_over_shown and self.seats.over and not getattr(self.link, "replay", False)

    def show_game_over(self, rows: list, colours=None) -> None:
        self.game_over_shown = True
        self.app.show_game_over(self.link, rows, colours)

    # ----- the frame --------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.seats.covered:
            return self.cover.handle(event)
        if self.host_seats.handle(event):
            return True
        for card in (self.help_card, self.confirm):
            answer = card.answer(event)
            if answer is not None:
                return answer
        if event.type == pygame.KEYDOWN and event.key in HELP_KEYS:
            self.help_card.shown = True
            return True
        if self.resigning.handle(event) or self.pace_key(event) or self.take_back.handle(event):
            return True
        modal = self.modal()
        if modal is None and self.advice.handle(event):
            return True
        if modal is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not getattr(modal, "takes_escape",
                                                                                               False):
                return self.escape()
            modal.handle(event)
            return True
        if event.type == pygame.KEYDOWN:
            return self.escape() if event.key == pygame.K_ESCAPE else self.board_key(event)
        if event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(self.app.mouse_pos):
            self.log.handle_wheel(event.y)
            return True
        with widgets.buttons_withheld(self.seats.watching):   # a watcher's board has none to press
            return self.board_pointer(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.esc_armed = max(0.0, self.esc_armed - dt)
        self.pace.apply(self.quick_step())
        if self.pace.fast:
            self.skip_animations()
        if self._past:
            self.catch_up()
        self.read_link()
        self.host_seats.step(self.link.seats)
        self.refresh()
        self.advice.update()
        if self.advice.thinking:
            self.app.redraw()   # the progress ring turns at the updates' rate
        self.tick(dt)
        if self.game_over_due():
            rows = self.game_over_rows()
            if rows is not None:
                self.show_game_over(rows, self.game_over_colours())

    def draw(self, surface: pygame.Surface) -> None:
        if self.seats.covered:
            self.cover.draw(surface)
            return
        if not self.seats.view:
            surface.blit(theme.backdrop(surface.get_size()), (0, 0))
            theme.draw_text(surface, "Waiting for the table…", (640, 400), theme.SIZE_LARGE, anchor="center")
            return
        self.draw_board(surface)
        surface.blit(self._side_panel, self.side_rect)
        self.log.draw(surface, self.log_rect)
        self.hint_line.draw(surface, *self.hint())
        with widgets.buttons_withheld(self.seats.watching):
            self.draw_panels(surface)
        self.advice.draw(surface)
        self.take_back.draw(surface)
        self.pace.draw(surface)
        modal = self.modal()
        if modal is not None:
            modal.draw(surface)
        elif not self.confirm.shown:   # the card asks: nothing under the pointer speaks over it
            if not self.draw_rule_help(surface):
                self.draw_tooltip(surface)
        self.host_seats.draw(surface)
        self.help_card.draw(surface)
        self.confirm.draw(surface)

    def draw_rule_help(self, surface) -> bool:
        """The help of the rule the log names under the pointer, beside it; False when the pointer rests on no
        rule."""
        mouse = self.app.mouse_pos
        rule = self.log.rule_at(mouse) if self.log_rect.collidepoint(mouse) else None
        if rule is None:
            return False
        self.tooltip.draw_rule(surface, rule, mouse)
        return True

    def draw_tooltip(self, surface) -> None:
        lines = self.tooltip_lines()
        if lines:
            self.tooltip.draw(surface, lines, self.app.mouse_pos, self.tooltip_avoid())
