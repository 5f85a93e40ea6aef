"""New game: pick the game, the seats (human / bot level / open for LAN) and the game's options."""
import pygame

import bots
from engine import games
from engine.session import Session
from game import boards, sound, tables, theme
from net import names
from game.gui import GuiScene, TextField
from game.scene import Scene
from game.local_play import start_local_table, too_many_racers
from game.widgets import Button, Cycler

BOT_LEVELS = ("easy", "normal", "hard")
LOCAL_KINDS = ["human"] + [f"bot {lv}" for lv in BOT_LEVELS]
LAN_KINDS = ["open"] + [f"bot {lv}" for lv in BOT_LEVELS]
OPTION_TOP = 322       # the first option's chooser
OPTION_HEIGHT = 42     # an option's chooser; under it, its sentence, wrapped
HELP_SIZE = 16
HELP_LINE = 19
HELP_WIDTH = 496   # inside the help area, with its margins
OPTION_GAP = 10
OPTION_PITCH = OPTION_HEIGHT + 6   # rows closed up when the sentences go to the help area
MIN_OPTION_HEIGHT = 32
OPTIONS_PANEL = pygame.Rect(56, 140, 568, 570)
OPTIONS_BOTTOM = OPTIONS_PANEL.bottom - 12
SEATS_PANEL = pygame.Rect(656, 140, 568, 570)
TABLE_NAME_RECT = (680, 650, 520, 44)   # the LAN table's name, at the foot of the seats
# A club table's move deadline, above its name (correspondence play, docs/club.md "Clocks"); None: a live table
MOVE_DEADLINES = [None, 3600, 86400, 3 * 86400, 7 * 86400]
WHEN_IT_PASSES = {"bot": "a bot moves for the seat", "forfeit": "the seat forfeits"}
DEADLINE_HELP = "How long a seat may take over its move; none keeps the table live."
WHEN_IT_PASSES_HELP = "A bot makes that one move, or the late seat loses (games of two sides only)."
DEADLINE_TOP = 480
DEADLINE_PITCH = 68   # a chooser and its sentence


def humanise(text) -> str:
    """'card_values' -> 'Card values'."""
    text = str(text).replace("_", " ")
    return text[:1].upper() + text[1:]


def duration_text(seconds) -> str:
    """3600 -> '1 hour', 259200 -> '3 days', 604800 -> '1 week', 90 -> '90 seconds'."""
    seconds = int(seconds)
    for unit, size in (("week", 604800), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def seat_entry(kind: str, name: str | None) -> dict:
    """The seat dict a table takes, from a kind label of LOCAL_KINDS / LAN_KINDS."""
    if kind.startswith("bot "):
        level = kind.split(" ", 1)[1]
        return {"kind": "bot", "level": level, "name": None}
    return {"kind": kind, "name": name if kind == "human" else None}


class NewGameScene(GuiScene, Scene):
    def __init__(self, app, *, lan: bool, club=None):
        """`club`: a club lobby's create, called with (game_id, seats, options, table name, move_deadline=,
        on_deadline=) instead of hosting on the LAN, answering a Future of the table's id: the same form (open
        seats, bots, the game's options) makes a club table, with a move deadline, and stays up with the club's
        sentence under it when the club refuses."""
        super().__init__(app)
        self.lan = lan or club is not None
        self.club = club
        lan = self.lan
        self.init_gui(app)
        self.game_ids = [g for g in games.available() if boards.has_board(g)] or games.available()
        last = app.settings.last_game
        self.game_cycler = Cycler((80, 190, 520, 48), "Game", self.game_ids, on_change=lambda _: self._build_game(),
                                  format_value=lambda g: games.rules(g).TITLE,
                                  index=self.game_ids.index(last) if last in self.game_ids else 0)
        self.table_name = None
        if lan:
            self.table_name = TextField(self.gui, TABLE_NAME_RECT,
                                        caption="Table name (shown in the club)" if club else "Table name (shown on the LAN)",
                                        text=f"{app.settings.player_name}'s table", max_length=32)
            self.fields.append(self.table_name)
        self.deadline = self.when_it_passes = None
        self.creating = None        # the club's create on its way
        self.error: str | None = None
        if club is not None:
            self.deadline = Cycler((680, DEADLINE_TOP, 520, 40), "Move deadline", MOVE_DEADLINES,
                                   format_value=lambda s: "none (live)" if s is None else duration_text(s),
                                   on_change=lambda _: self._build_focus())
            self.when_it_passes = Cycler((680, DEADLINE_TOP + DEADLINE_PITCH, 520, 40), "When it passes",
                                         list(WHEN_IT_PASSES), format_value=WHEN_IT_PASSES.get)
        self.back_button = Button((80, 724, 200, 52), "Back", self.back)
        self.start_button = Button((1000, 724, 200, 52), "Create" if club else "Host" if lan else "Start", self.start,
                                   primary=True)
        self.focus = None
        self._build_game()

    # ----- building the form -----------------------------------------------------------
    @property
    def rules(self):
        return games.rules(self.game_cycler.value)

    def _build_game(self) -> None:
        r = self.rules
        counts = list(range(r.MIN_SEATS, r.MAX_SEATS + 1))
        self.seat_count = Cycler((80, 250, 520, 48), "Players", counts, index=counts.index(max(r.MIN_SEATS, min(r.MAX_SEATS, getattr(r, "DEFAULT_SEATS", 2)))),
                                 on_change=lambda _: self._build_seats())
        self._build_options()
        self._build_seats()

    def _build_options(self) -> None:
        """Each option's sentence under its chooser while they all fit the panel; when they do not (Tactics
        (1954) has five, some of three lines), the choosers close up and one help area under them tells
        about the option in focus or under the pointer."""
        r = self.rules
        choices = getattr(r, "OPTION_CHOICES", {})
        labels = getattr(r, "OPTION_LABELS", {})
        titles = getattr(r, "OPTION_TITLES", {})
        self.option_lines = {key: theme.wrap_text(self.option_help(key), HELP_WIDTH, HELP_SIZE)
                             if self.option_help(key) else [] for key in choices}
        inline = sum(OPTION_HEIGHT + 4 + HELP_LINE * len(lines) + OPTION_GAP for lines in self.option_lines.values())
        self.help_area = None
        if OPTION_TOP + inline - OPTION_GAP <= OPTIONS_BOTTOM:
            pitches = [OPTION_HEIGHT + 4 + HELP_LINE * len(self.option_lines[key]) + OPTION_GAP for key in choices]
            height = OPTION_HEIGHT
        else:
            help_lines = max([len(lines) for lines in self.option_lines.values()] + [2])
            help_height = 12 + 22 + HELP_LINE * help_lines
            room = OPTIONS_BOTTOM - help_height - 8 - OPTION_TOP
            pitch = min(OPTION_PITCH, room // max(1, len(choices)))
            height = max(MIN_OPTION_HEIGHT, pitch - 6)
            pitches = [pitch] * len(choices)
            self.help_area = pygame.Rect(80, OPTION_TOP + pitch * len(choices) + 2, 520, help_height)
        self.option_cyclers = []
        y = OPTION_TOP
        for (key, values), pitch in zip(choices.items(), pitches):
            named = labels.get(key, {})
            title = titles.get(key) or humanise(key)
            self.option_cyclers.append((key, Cycler((80, y, 520, height), title, values,
                                                    format_value=lambda v, named=named: named.get(v, humanise(v)))))
            y += pitch

    def option_told(self) -> tuple[str, list[str]] | None:
        """The option the help area tells about: the one in focus, else the one under the pointer."""
        focused = self.focusables[self.focus] if self.focus is not None else None
        for wanted in (lambda c: c is focused, lambda c: c.hovered):
            for key, cycler in self.option_cyclers:
                if wanted(cycler):
                    return cycler.label, self.option_lines[key]
        return None

    def option_help(self, key: str) -> str:
        """The rules module's sentence about an option (OPTION_HELP), and which value is the rulebook's."""
        return getattr(self.rules, "OPTION_HELP", {}).get(key, "")

    def _side_names(self, n: int) -> list[str]:
        """What each seat is called in this game: its side where the game has named sides (Orange, Union),
        else the colour it plays."""
        try:
            sides = Session(self.game_cycler.value, n, seed=0).sides()
        except ValueError:   # a seat count the game refuses (Situation 4 for 3): colours, until it is changed
            sides = []
        named = {seat: s["name"] for s in sides for seat in s["seats"] if not s["name"].startswith("Seat ")}
        return [named.get(seat) or theme.seat_colour_name(seat) for seat in range(n)]

    def _build_seats(self) -> None:
        n = self.seat_count.value
        old = [c.value for c in getattr(self, "seat_cyclers", [])]
        # The levels past the ladder the game offers (bots.levels: the expert, in turn-based games only).
        more = [f"bot {lv}" for lv in bots.levels(self.game_cycler.value) if lv not in BOT_LEVELS]
        kinds = (LAN_KINDS if self.lan else LOCAL_KINDS) + more
        self.seat_cyclers = []
        bottom = ((DEADLINE_TOP - 10) if self.club is not None else (TABLE_NAME_RECT[1] - 34) if self.lan
                  else SEATS_PANEL.bottom - 10)
        pitch = min(60, (bottom - 190) // max(1, n))   # many seats close up, above the table name
        for i in range(n):
            rect = (740, 190 + i * pitch, 440, min(48, pitch - 4))
            if i == 0:
                values = ["you"] if self.lan else kinds
                default = values[0]
            else:
                values = kinds
                default = "open" if self.lan else "bot normal"
            value = old[i] if i < len(old) and old[i] in values else default
            self.seat_cyclers.append(Cycler(rect, "", values, index=values.index(value)))
        self._build_focus()

    def deadline_fields(self) -> list:
        """A club table's move deadline, and what happens when it passes once there is one."""
        if self.deadline is None:
            return []
        return [self.deadline] + ([self.when_it_passes] if self.deadline.value is not None else [])

    def _build_focus(self) -> None:
        focused = self.focusables[self.focus] if self.focus is not None else None
        self.focusables = ([self.game_cycler, self.seat_count] + [c for _, c in self.option_cyclers] + self.seat_cyclers
                           + self.deadline_fields() + [self.back_button, self.start_button])
        # Focus stays where it was (the game just picked, the player count just changed); a new form starts on
        # Start, so Enter plays and Left/Right never changes the game by surprise.
        self.focus = self.focusables.index(focused) if focused in self.focusables else \
            self.focusables.index(self.start_button)
        self._sync_focus()

    def _sync_focus(self) -> None:
        for i, w in enumerate(self.focusables):
            w.focused = i == self.focus

    # ----- actions ---------------------------------------------------------------------
    def seats(self) -> list[dict]:
        out = []
        bots = names.bot_names(len(self.seat_cyclers), avoid=[self.app.settings.player_name])
        for i, cycler in enumerate(self.seat_cyclers):
            kind = "human" if cycler.value == "you" else cycler.value
            name = self.app.settings.player_name if i == 0 else f"Player {i + 1}"
            entry = seat_entry(kind, name)
            if entry["kind"] == "bot":
                entry["name"] = bots[i]
            out.append(entry)
        return out

    def options(self) -> dict:
        return {key: c.value for key, c in self.option_cyclers}

    def start(self) -> None:
        game_id = self.game_cycler.value
        n = self.seat_count.value
        if self.app.settings.last_game != game_id:   # the form opens on this game next time
            self.app.settings.last_game = game_id
            self.app.save_settings()
        try:
            options = self.rules.validate_options(self.options(), n)
        except ValueError as e:
            self.app.notify(str(e), warning=True)
            return
        if self.club is not None:
            if self.creating is None:
                name = (self.table_name.text.strip() or f"{self.app.settings.player_name}'s table")[:32]
                deadline = self.deadline.value
                self.error = None
                self.creating = self.club(game_id, self.seats(), options, name, move_deadline=deadline,
                                          on_deadline=self.when_it_passes.value if deadline is not None else None)
            return
        try:
            if self.lan:
                from game.scenes.lobby import LobbyScene
                name = (self.table_name.text.strip() or f"{self.app.settings.player_name}'s table")[:32]
                handle, link = tables.host_lan(game_id, self.seats(), options, table_name=name,
                                               player_name=self.app.settings.player_name,
                                               bot_delay=tables.BOT_DELAY * self.app.settings.animation_factor(),
                                               bot_factory=self.app.bot_factory,
                                               countdown=games.start_countdown(game_id)
                                               * self.app.settings.animation_factor())
                self.app.replace(LobbyScene(self.app, link, host=handle))
            else:
                if too_many_racers(game_id, self.seats()):
                    self.app.notify("A race has no turns to share one screen: make the other seats bots, "
                                    "or host it on the LAN.", warning=True)
                    return
                link = start_local_table(self.app, game_id, self.seats(), options)
                self.app.replace(boards.board_scene(self.app, link))
        except (OSError, ValueError, ImportError) as e:
            self.app.notify(f"The game could not start: {e}", warning=True)

    @staticmethod
    def _draw_seat_badge(surface, centre, colour, label: str) -> None:
        """A seat's number on the colour it plays in this game (its side's shade where it has sides)."""
        pygame.draw.circle(surface, theme.darken(colour, 0.5), (centre[0], centre[1] + 2), 16)
        pygame.draw.circle(surface, colour, centre, 16)
        pygame.draw.circle(surface, theme.lighten(colour, 0.4), centre, 16, 2)
        theme.draw_text(surface, label, centre, 20, theme.text_on(colour), anchor="center", shadow=False, bold=True)

    def _draw_help_area(self, surface) -> None:
        c = theme.colours
        area = self.help_area
        theme.draw_panel(surface, area, c.background, radius=8, border_width=1)
        told = self.option_told()
        if told is None:
            theme.draw_text(surface, "Point at an option, or reach it with Tab, to read what it does.",
                            (area.x + 12, area.y + 8), HELP_SIZE, c.text_dim, shadow=False)
            return
        title, lines = told
        theme.draw_text(surface, title, (area.x + 12, area.y + 6), theme.SIZE_SMALL, c.accent, shadow=False)
        for j, line in enumerate(lines):
            theme.draw_text(surface, line, (area.x + 12, area.y + 28 + j * HELP_LINE), HELP_SIZE, c.text_dim,
                            shadow=False)

    def _draw_club_footer(self, surface) -> None:
        """The move deadline's choosers with a sentence each, and the club's answer between Back and Create."""
        c = theme.colours
        for field, help_text in zip(self.deadline_fields(), (DEADLINE_HELP, WHEN_IT_PASSES_HELP)):
            field.draw(surface)
            theme.draw_text(surface, help_text, (field.rect.x + 6, field.rect.bottom + 4), HELP_SIZE, c.text_dim,
                            shadow=False)
        if self.creating is not None:
            theme.draw_text(surface, "Creating the table…", (640, 750), theme.SIZE_BODY, c.text_dim, anchor="center")
        elif self.error:
            for j, line in enumerate(theme.wrap_text(self.error, 680, theme.SIZE_SMALL)[:2]):
                theme.draw_text(surface, line, (640, 736 + j * 24), theme.SIZE_SMALL, c.bad, anchor="center",
                                shadow=False)

    # ----- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.gui_update(dt)
        future = self.creating
        if future is None or not future.done():
            return
        self.creating = None
        self.app.redraw()
        if future.exception() is not None:   # the club's own sentence (a forfeit at a game of three camps, ...)
            self.error = str(future.exception())
            sound.play("error")
        else:
            self.app.pop()   # the club lobby sits at the new table

    def frame_rate(self) -> float:
        return 10.0 if self.creating is not None else super().frame_rate()

    def handle(self, event):
        if self.gui_handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
                step = -1 if event.key == pygame.K_UP or (event.mod & pygame.KMOD_SHIFT) else 1
                self.focus = (self.focus + step) % len(self.focusables)
                self._sync_focus()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                target = self.focusables[self.focus]
                (target if isinstance(target, Button) else self.start_button).fire()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for i, w in enumerate(self.focusables):
                if w.rect.collidepoint(event.pos):
                    self.focus = i
                    self._sync_focus()
        return any(w.handle(event) for w in self.focusables)

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Create a club table" if self.club else "Host a table on the LAN" if self.lan
                         else "New game", 70)
        theme.draw_panel(surface, OPTIONS_PANEL)
        theme.draw_panel(surface, SEATS_PANEL)
        theme.draw_text(surface, "GAME AND OPTIONS", (80, 154), theme.SIZE_SMALL, c.accent)
        theme.draw_text(surface, "SEATS", (680, 154), theme.SIZE_SMALL, c.accent)
        for w in [self.game_cycler, self.seat_count]:
            w.draw(surface)
        for key, cycler in self.option_cyclers:
            cycler.draw(surface)
            if self.help_area is None:
                for j, line in enumerate(self.option_lines[key]):
                    theme.draw_text(surface, line, (cycler.rect.x + 6, cycler.rect.bottom + 4 + j * HELP_LINE),
                                    HELP_SIZE, c.text_dim, shadow=False)
        if self.help_area is not None:
            self._draw_help_area(surface)
        game_id = self.game_cycler.value
        sides = self._side_names(len(self.seat_cyclers))
        entries = self.seats()
        for i, cycler in enumerate(self.seat_cyclers):
            self._draw_seat_badge(surface, (706, cycler.rect.centery), boards.seat_colour(game_id, i), str(i + 1))
            cycler.draw(surface)
            value = cycler.value
            who = (self.app.settings.player_name if i == 0 and value in ("you", "human") else
                   "hot-seat player" if value == "human" else "waits for a player" if value == "open" else
                   f"{entries[i]['name']}, computer")
            theme.draw_text(surface, theme.fit_text(f"{sides[i]} · {who}", 250, theme.SIZE_SMALL),
                            (cycler.rect.x + 14, cycler.rect.centery), theme.SIZE_SMALL, c.text_dim, anchor="midleft")
        if self.club is not None:
            self._draw_club_footer(surface)
        self.back_button.draw(surface)
        self.start_button.draw(surface)
        self.gui_draw(surface)
        theme.draw_hint(surface, "Tab/Up/Down choose  ·  Left/Right or click change  ·  Enter starts  ·  Esc back")
