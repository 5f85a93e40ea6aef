"""The board scene every game's board is: the frame around the game's own parts.

`BaseBoardScene` does what no board should write again:
  * reading the link each frame (events to `on_event`, answers, chat to the log,
    a closed table to a toast) and, once per revision, the view for the seat on
    show (seats.py says which);
  * the hot-seat cover and the help card (H / F1), which answer every event
    while they are up;
  * Esc: drop what is held (`cancel`), else arm leaving, and leave on a second press;
  * the frame on screen: the waiting notice, the side panel with the log's well,
    the log, the hint line, the tooltip by the mouse (over a rule the log names: the rule's help), a modal
    dialog in front;
  * the game-over scene, once, when the view shows a result;
  * a continued game's earlier events, read back quietly on the first frame (board_kit.history), so the
    log and the board's counters are as they were; a game joined on a host under way (Rejoin) the same,
    from the `history` its host sends after the welcome;
  * Ctrl+Z and the Undo button, only while the seat's legal actions list undo (board_kit.undo);
  * Ctrl+R: resigning the seat on show, after a card asks (board_kit.resign); the same card asks before
    anything else final a board's keys or buttons do (`ask_first`: an end of phase, a card let go, a pass);
  * E and the Hint button: the expert's hint for the seat on show, drawn at the board's `advice_points(action)`
    and said with its reason on the hint line (board_kit.advice);
  * players leaving a LAN table: a notice, and the hosting window's choice (board_kit.departures).

A board fills in what is its own (all optional but `draw_board` and `move_hint`):
  reset_input()            drop selections (the cover went up, a seat was revealed)
  read_view()              take what it needs from the view just read (`orders_changed()` says when to
                           read the seat's orders anew, `read_orders(reader)` reads them)
  modal()                  the dialog or chooser in front, or None
  picked() -> bool         whether something is picked, which Esc drops (`reset_input`) before leaving
  key_commands()           its keys: pygame key -> function (or board_key(event) for more); a board on a
                           zoomable map sets `pointer`, which takes the keys left over (zoom, pan)
  board_pointer(event)     clicks, drags and the wheel over its own widgets and map
  on_event(event)          effects of an event (the base logs it first)
  tick(dt)                 animations
  frame_rate()             how often it must be drawn while nobody touches anything (game.scene's STILL,
                           TICK, GLOW, SMOOTH): the base redraws by itself when the table sends something
  game_over_rows()         the game-over statistics, or None to wait (a roll still showing)
  game_over_colours()      a colour per seat for the game-over scene (default: the seats' own)
  draw_board / draw_panels  the map and the board's own panels (the base draws the side panel, log, hint)
  move_hint()              the hint line on this window's move (`hint()` says game over / waiting itself)
  advice_points(action)    screen points of the places an action names (a unit, then its square), where the
                           expert's hint and an analysis's better move are drawn; `advice_words(action)` says it
  tooltip_lines()          [(text, colour), ...] for the tooltip by the mouse, or None
Layout is class attributes: `side_rect`, `log_rect`, `log_title`, `hint_rect`, `hint_reserve`, `undo_rect`,
`advice_rect`, `tooltip_bounds`, `help_centre`.
"""
from functools import partial

import pygame

from engine import games
from game import sound, theme
from game.board_kit import advice, history, resign, undo
from game.board_kit.confirm import ConfirmCard
from game.board_kit.departures import HostSeats
from game.board_kit.help_card import HelpCard, keys_card
from game.board_kit.pace import HOLD_KEY, TOGGLE_KEY, Pace
from game.board_kit.hud import Cached, build_hint, build_rule_help, build_side_panel, build_tooltip
from game.board_kit.seats import SeatedBoard
from game.scene import Scene
from game.widgets import Button

ESC_LEAVE_SECONDS = 2.5  # a second Esc within this leaves the board (one Esc never loses a game)
HELP_KEYS = (pygame.K_h, pygame.K_F1)


class BaseBoardScene(SeatedBoard, Scene):
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

    def __init__(self, app, link):
        """H shows the keyboard-help card of the game at `link`, as its catalog entry names it."""
        super().__init__(app)
        self.link = link
        self.game_id = link.game
        self.init_seats()
        self.view: dict | None = None
        self._view_key = None
        self.time = 0.0
        self.esc_armed = 0.0
        self.game_over_shown = False
        self.help_card = HelpCard(partial(keys_card, link.game), self.help_centre)
        self.confirm = ConfirmCard(self.help_centre)
        self._side_panel = build_side_panel(self.side_rect, self.log_rect, self.log_title,
                                            title_gap=self.log_title_gap)
        self.undo_button = Button(self.undo_rect or undo.default_rect(self.hint_rect), undo.LABEL, self.undo, size=17)
        self.advice = advice.Advice(self, self.advice_rect or advice.default_rect(self.hint_rect, self.undo_button.rect))
        reserve = self.hint_reserve
        buttons = [self.undo_button] + ([] if games.is_realtime(self.game_id) else [self.advice.button])
        for button in buttons:   # the sentence stops short of the buttons
            if self.hint_rect.colliderect(button.rect):
                reserve = max(reserve, self.hint_rect.right - button.rect.x + 8)
        self._hint = Cached(lambda text, keys: build_hint(self.hint_rect.size, text, keys, reserve=reserve))
        self._tooltip = Cached(build_tooltip)
        self._rule_help = Cached(build_rule_help)
        settings = getattr(app, "settings", None)
        self.pace = Pace(link, settings.animation_factor() if settings is not None else 1.0)
        self.pace_button = Button(self.pace_rect or (0, 0, 0, 0), "", self.pace.toggle, size=17)
        self._last_actor = None
        self.host_seats = HostSeats(app, link.seats, say_in_log=lambda text: self.log.add_text(text),
                                    hosting=lambda: getattr(self.app, "hosted", None) is not None
                                    and self.app.active_link is self.link, area=self.toast_area)
        self._past = history.past_events(link)   # a continued game's earlier events, read back on the first frame
        self._orders_key = None
        self.orders_serial = 0   # counts the readings of the seat's orders (scripted players watch it)

    @property
    def toast_area(self) -> pygame.Rect:
        """Where notices show: over the map, never over the status panel at the side or the hint line."""
        return pygame.Rect(0, 0, self.side_rect.x, self.hint_rect.y)

    # ----- what a board fills in -------------------------------------------------------
    def reset_input(self) -> None:
        pass

    def on_enter(self) -> None:
        sound.music("campaign")

    def read_view(self) -> None:
        pass

    def modal(self):
        return None

    def picked(self) -> bool:
        """Whether something is picked that Esc drops (then a second Esc, with nothing picked, leaves)."""
        return False

    def cancel(self) -> bool:
        """Esc: drop what is picked (`reset_input`) and say so (True); False when nothing was."""
        if not self.picked():
            return False
        self.reset_input()
        return True

    def key_commands(self) -> dict:
        """The board's keys: pygame key -> what it does (a function of no arguments)."""
        return {}

    def board_key(self, event) -> bool:
        command = self.key_commands().get(event.key)
        if command is None:
            return self.pointer is not None and self.pointer.key(event.key)
        command()
        return True

    def board_pointer(self, event) -> bool:
        return False

    def tick(self, dt: float) -> None:
        pass

    def quick_step(self) -> bool:
        """True while what the table is doing is routine (the opening's placements): bots then move quickly."""
        return False

    def skip_animations(self) -> None:
        """Fast-forward is on: finish whatever animation is running now."""

    def game_over_rows(self) -> list | None:
        return []

    def game_over_colours(self) -> list | None:
        return None

    def draw_board(self, surface) -> None:
        raise NotImplementedError

    def draw_panels(self, surface) -> None:
        pass

    over_hint = "The game is over."
    idle_keys = "H help"        # the hint line's keys while this window may not move

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
        if self.over:
            return self.over_hint, ""
        said = self.advice.line()
        if said is not None:
            return said, ""
        if self.active_seat is None:
            who = self.seat_name(self.actor(self.view))
            return (f"Watching: {who} to move." if not self.link.my_seats else f"Waiting for {who}…"), self.waiting_keys()
        return self.move_hint()

    def move_hint(self) -> tuple[str, str]:
        """The hint line while it is this window's move."""
        raise NotImplementedError

    def advice_points(self, action: dict) -> list:
        """Screen points of the places `action` names, in order (where it starts, where it goes): the expert's
        hint and an analysis's better move are drawn there. None known: nothing is drawn but the sentence."""
        return []

    def tooltip_lines(self) -> list | None:
        return None

    # ----- the view ---------------------------------------------------------------------
    @property
    def pub(self) -> dict:
        return self.view["public"] if self.view else {}

    @property
    def over(self) -> bool:
        return bool(self.pub.get("result") or self.pub.get("outcome"))

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

    def refresh(self) -> None:
        """Read the view for the seat on show (the public one under the cover or for a spectator)."""
        if self.cover_if_passing():
            self.reset_input()
        # The revision is read before the view: a link may take an update between the two reads, and a
        # stale revision with a fresh view only costs a re-read next frame, never a stale board for good.
        rev, shown = self.link.rev, self.shown_seat
        key = (rev, shown, self.covered)
        if key == self._view_key and self.view and self.shown_rev == rev:
            return   # a view changes only with the revision (and which seat is on show)
        self._view_key = key
        self.shown_rev = rev
        self.view = (self.link.view(shown) if shown is not None and not self.covered else None) or self.link.view(None)
        self.app.redraw()
        if self.view:
            actor = self.actor(self.view)
            if actor != self._last_actor:   # the turn moved on: what was refused or asked no longer matters
                self._last_actor = actor
                self.end_refusals()
                if self.confirm.for_this_turn:
                    self.confirm.close()
            self.read_view()

    def reveal(self) -> None:
        """The cover's button: the next player shows their turn."""
        self.reveal_seat()
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

    def on_event(self, event: dict) -> None:
        self.log.add(event)
        if event.get("type") == undo.UNDO_EVENT:
            self.taken_back(event)

    def taken_back(self, event: dict) -> None:
        """An undo reached the board: the move it took back stops animating, and what this window held for
        the seat that took it back goes, so the board draws from the view it reads next (the piece back,
        nothing picked, the reach worked out again)."""
        self.skip_animations()
        if event.get("seat") in self.link.my_seats:
            self.reset_input()

    def catch_up(self) -> None:
        """A continued game: its earlier events go through `on_event` once the board has a view, in silence
        and without animation, so the log, the counters and the panels are as they were when it was left."""
        self.refresh()
        if not self.view:
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

    # ----- taking back -------------------------------------------------------------------
    @property
    def undo_offered(self) -> bool:
        """True when the seat at the controls may take back its last action now (the table lists undo)."""
        return self.active_seat is not None and not self.waiting and undo.offered(self.view)

    def undo(self) -> None:
        """Ctrl+Z or the button: take back one action, if the table offers it; what was held is dropped."""
        if not self.undo_offered:
            self.refuse("There is nothing you may take back now." if self.active_seat is not None
                        else self.not_your_move())
            return
        self.reset_input()
        self.send(dict(undo.UNDO))

    # ----- conceding ---------------------------------------------------------------------
    def ask_resign(self) -> None:
        """Ctrl+R: the card that asks before the seat on show resigns, or a notice saying why it cannot."""
        seat = self.shown_seat
        if seat is None or getattr(self.link, "replay", False):
            why = "You are watching this game." if seat is None else "This is a replay."
        elif self.over:
            why = "The game is over."
        elif self.pending_seq is not None:
            why = "Waiting for the table to answer…"
        else:
            why = resign.refusal(self.view)
        if why is not None:
            self.refuse(why)
            return
        sides = self.pub.get("sides") or []
        side = next((s["name"] for s in sides if seat in s["seats"]), None)
        name = self.seat_name(seat)
        self.confirm.ask(*resign.question(name if side in (None, name) else f"{name} ({side})"), self.resign)

    def ask_first(self, question: str, detail: str, yes: str, then) -> None:
        """Before what cannot be taken back (an end of phase, a card let go, a pass, a surrender): the card names
        the choice and what follows; Enter or its `yes` button calls `then()`, Esc keeps playing."""
        self.confirm.ask(question, detail, yes, then, for_this_turn=True)

    def enter_button(self):
        """The button Enter presses now (it shows the key): a dialog's own (`ok`) while one is up, else the
        board's main button (`main_enter_button`); None when Enter presses none."""
        modal = self.modal()
        if modal is not None:
            return getattr(modal, "ok", None)
        return self.main_enter_button()

    def main_enter_button(self):
        """The board's button Enter presses while no dialog is up, or None."""
        return None

    def resign(self) -> None:
        """The card's Resign: the seat on show concedes (engine.resign; the table says the rest)."""
        seat = self.shown_seat
        if seat is None or self.pending_seq is not None or self.over:
            return
        self.reset_input()
        self.act_for(seat, resign.action(seat))

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
        if self.esc_armed > 0 or self.over:
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
        return not self.game_over_shown and self.over and not getattr(self.link, "replay", False)

    def show_game_over(self, rows: list, colours=None) -> None:
        self.game_over_shown = True
        self.app.show_game_over(self.link, rows, colours)

    # ----- the frame --------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.covered:
            return self.cover.handle(event)
        if self.host_seats.handle(event):
            return True
        answer = self.help_card.answer(event)
        if answer is not None:
            return answer
        answer = self.confirm.answer(event)
        if answer is not None:
            return answer
        if event.type == pygame.KEYDOWN and event.key in HELP_KEYS:
            self.help_card.shown = True
            return True
        if resign.is_resign_key(event):
            self.ask_resign()
            return True
        if self.pace_key(event):
            return True
        if undo.is_undo_key(event) or (self.undo_offered and self.undo_button.handle(event)):
            if event.type == pygame.KEYDOWN:
                self.undo()
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
        return self.board_pointer(event)

    def pace_key(self, event) -> bool:
        """Space held while the window has no move of its own fast-forwards; X (or the HUD's button) keeps
        it on. Space goes to the board as usual on the player's own move."""
        if event.type == pygame.KEYUP and event.key == HOLD_KEY:
            was_held = self.pace.held
            self.pace.hold(False)
            return was_held
        if event.type != pygame.KEYDOWN:
            return self.pace_rect is not None and self.pace_button.handle(event)
        if event.key == TOGGLE_KEY:
            self.pace.toggle()
            return True
        if event.key == HOLD_KEY and (self.pace.held or (self.active_seat is None and not self.over)):
            self.pace.hold(True)   # key repeat while held never reaches the board (it would end a phase)
            return True
        return False

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
        if self.covered:
            self.cover.draw(surface)
            return
        if not self.view:
            surface.blit(theme.backdrop(surface.get_size()), (0, 0))
            theme.draw_text(surface, "Waiting for the table…", (640, 400), theme.SIZE_LARGE, anchor="center")
            return
        self.draw_board(surface)
        surface.blit(self._side_panel, self.side_rect)
        self.log.draw(surface, self.log_rect)
        text, keys = self.hint()
        surface.blit(self._hint.get((text, keys, theme.colours), text, keys), self.hint_rect)
        self.draw_panels(surface)
        self.advice.draw(surface)
        if self.undo_offered:
            self.undo_button.draw(surface)
        if self.pace_rect is not None:
            self.pace_button.label = self.pace.label()
            self.pace_button.primary = self.pace.fast
            self.pace_button.draw(surface)
        modal = self.modal()
        if modal is not None:
            modal.draw(surface)
        elif not self.confirm.shown:   # the card asks: nothing under the pointer speaks over it
            if not self.draw_rule_help(surface):
                self.draw_tooltip(surface)
        self.host_seats.draw(surface)
        self.help_card.draw(surface)
        self.confirm.draw(surface)

    def tooltip_avoid(self) -> pygame.Rect | None:
        """A screen area the tooltip should leave clear (a path being drawn), or None."""
        return None

    def draw_rule_help(self, surface) -> bool:
        """The help of the rule the log names under the pointer, beside it (the log sits at the window's edge: the
        box goes where it fits); False when the pointer rests on no rule."""
        mouse = self.app.mouse_pos
        rule = self.log.rule_at(mouse) if self.log_rect.collidepoint(mouse) else None
        if rule is None:
            return False
        tip = self._rule_help.get((rule, theme.colours), rule)
        rect = tip.get_rect(bottomright=(mouse[0] - 12, mouse[1] - 8))
        if rect.left < 0:
            rect.left = mouse[0] + 16
        rect.clamp_ip(surface.get_rect())
        surface.blit(tip, rect)
        return True

    def draw_tooltip(self, surface) -> None:
        lines = self.tooltip_lines()
        if not lines:
            return
        tip = self._tooltip.get((tuple(lines), theme.colours), lines)
        mx, my = self.app.mouse_pos
        avoid = self.tooltip_avoid()
        rect = None
        places = [("topleft", (mx + 18, my + 14)), ("bottomleft", (mx + 18, my - 14)),
                  ("topright", (mx - 18, my + 14)), ("bottomright", (mx - 18, my - 14))]
        if avoid is not None:   # clear of the area altogether: under it, over it, beside it
            places += [("midtop", (mx, avoid.bottom + 8)), ("midbottom", (mx, avoid.top - 8)),
                       ("midleft", (avoid.right + 8, my)), ("midright", (avoid.left - 8, my))]
        for anchor, at in places:
            here = tip.get_rect(**{anchor: at})
            here.clamp_ip(self.tooltip_bounds)
            if rect is None:
                rect = here   # below right of the pointer, unless that covers what must stay in sight
            if avoid is None or not here.colliderect(avoid):
                rect = here
                break
        surface.blit(tip, rect)
