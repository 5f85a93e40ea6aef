"""Lobby: the seats of a LAN table filling in live, names, chat; the host starts the game.

Both the hosting player and a joining player wait here; when the table's phase
becomes `play` the lobby gives way to the game's board.
"""
import socket

import pygame

from engine import games
from game import boards, sound, tables, theme
from game.board_kit.departures import HostSeats
from game.gui import GuiScene, TextField
from game.scene import Scene
from game.widgets import Button

CHAT_LINES = 12


def lan_address() -> str:
    """This machine's address on the LAN, for telling friends where to join (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def opener(app):
    """What a scene joining a table does once it is welcomed (game.joining's `on_joined`): open its lobby."""
    return lambda link, address: app.push(LobbyScene(app, link, address=address))


class LobbyScene(GuiScene, Scene):
    def __init__(self, app, link, *, host=None, address: tuple[str, int] | None = None):
        super().__init__(app)
        self.link = link
        self.host = host  # a HostHandle when this window hosts the table
        if host is not None:
            app.hosted = host
        app.active_link = link
        port = host.address[1] if host is not None else (address[1] if address else None)
        self.address = f"{lan_address() if host is not None else address[0]}:{port}" if port else ""
        self.chat_log: list[tuple[str, str, int | None]] = []  # (who, text, seat)
        self.init_gui(app)
        self.chat_field = TextField(self.gui, (700, 636, 504, 44), placeholder="Say something and press Enter",
                                    max_length=200, on_submit=self.send_chat)
        self.fields.append(self.chat_field)
        self.back_button = Button((80, 724, 200, 52), "Leave", self.back)
        self.start_button = Button((1000, 724, 200, 52), "Start game", self.start, primary=True,
                                   hotkey=pygame.K_F5, hotkey_label="F5")
        self.start_button.enabled = host is not None
        self.host_seats = HostSeats(app, hosting=lambda: self.host is not None)
        self.failed = None
        self._shown = None   # what the seats and the connection looked like when last drawn
        self._rated_seats = None   # who sat where when the seats' ratings were last asked (a club table)

    # ----- actions ---------------------------------------------------------------------
    def send_chat(self, text: str) -> None:
        text = text.strip()
        if text and self.link.status == "connected":
            self.link.chat(text[:500])
            sound.play("click")
        self.chat_field.text = ""

    def start(self) -> None:
        if self.host is None:
            return
        try:
            self.host.start_game()
        except Exception as e:  # the host thread refused or died: say so, keep the window alive
            self.app.notify(f"The game could not start: {e}", warning=True)

    def back(self) -> None:
        if self.app.active_link is self.link:
            self.app.active_link = None
        if self.app.hosted is self.host:
            self.app.hosted = None
        tables.close_in_background(self.link, self.host)
        self.app.pop()

    # ----- frame ----------------------------------------------------------------------
    def handle(self, event):
        if self.host_seats.handle(event) or self.gui_handle(event):
            return True
        return self.back_button.handle(event) or self.start_button.handle(event)

    def update(self, dt):
        self.gui_update(dt)
        for msg in self.link.poll():
            self.app.redraw()
            if msg.get("t") == "chat":
                self.chat_log.append((str(msg.get("from") or "?"), str(msg.get("text", "")), msg.get("seat")))
                del self.chat_log[:-CHAT_LINES]
            elif msg.get("t") == "status" and msg.get("status") == "closed":
                self.failed = msg.get("msg") or self.link.error or "The connection was closed."
                sound.play("error")
        if self.link.phase != "connecting":
            self.host_seats.step(self.link.seats)
            seated = [s.get("name") for s in self.link.seats]
            if seated != self._rated_seats and hasattr(self.link, "ask_ratings"):   # a club table: who is how strong
                self._rated_seats = seated
                self.link.ask_ratings()
        if self.failed is None and self.link.status == "closed":
            self.failed = self.link.error or "The connection was closed."
        shown = (self.link.phase, self.link.status, repr(self.link.seats), tuple(self.link.my_seats), self.failed,
                 repr(getattr(self.link, "seat_ratings", None)))
        if shown != self._shown:
            self._shown = shown
            self.app.redraw()   # a seat filled, a line of chat, the connection
        if self.failed is None and self.link.phase in ("play", "over") and self.link.view(None) is not None:
            sound.play("turn")
            self.app.replace(boards.board_scene(self.app, self.link))

    def seat_colour(self, seat: int) -> tuple:
        """The colour `seat` plays at this table: its game's own (Blue is the first seat of Tactics (1954)), as
        the new-game form showed it, else the theme's."""
        game_id = getattr(self.link, "game", None)
        return boards.seat_colour(game_id, seat) if game_id in games.available() else theme.seat_colour(seat)

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        title = getattr(self.link, "table_name", None) or "LAN table"
        theme.draw_title(surface, title, 64)
        game_id = getattr(self.link, "game", None)
        subtitle = games.rules(game_id).TITLE if game_id in games.available() else ""
        if self.address:
            subtitle += f"  ·  friends join at {self.address}"
        theme.draw_text(surface, subtitle, (640, 116), theme.SIZE_BODY, c.text_dim, anchor="center")
        # seats
        theme.draw_panel(surface, (56, 150, 600, 550))
        theme.draw_text(surface, "SEATS", (80, 164), theme.SIZE_SMALL, c.accent)
        seats = self.link.seats if self.link.phase != "connecting" else []
        mine = set(self.link.my_seats)
        for i, seat in enumerate(seats):
            y = 214 + i * 64
            row = pygame.Rect(76, y - 24, 560, 52)
            pygame.draw.rect(surface, c.panel_light if i in mine else c.panel, row, border_radius=8)
            theme.draw_seat_badge(surface, (106, y + 2), i, 16, label=str(i + 1), colour=self.seat_colour(i))
            kind = seat.get("kind")
            name = seat.get("name") or ("open seat" if kind == "open" else f"Seat {i + 1}")
            theme.draw_text(surface, name + ("  (you)" if i in mine else ""), (136, y + 2), theme.SIZE_BODY,
                            c.text if kind != "open" else c.text_dim, anchor="midleft")
            status = ("waiting for a player…" if kind == "open" else "computer" if kind == "bot" else
                      "here" if seat.get("connected") else "away")
            rating = getattr(self.link, "seat_ratings", {}).get(i) if kind != "open" else None
            if rating:   # a club table: the seat's rating in this game
                status = f"rating {rating}  ·  {status}"
            colour = c.good if status in ("here", "computer") else c.text_dim
            theme.draw_text(surface, status, (row.right - 16, y + 2), theme.SIZE_SMALL, colour, anchor="midright")
        if not seats:
            theme.draw_text(surface, "Connecting…", (356, 400), theme.SIZE_LARGE, c.text_dim, anchor="center")
        # chat
        theme.draw_panel(surface, (680, 150, 544, 550))
        theme.draw_text(surface, "CHAT", (704, 164), theme.SIZE_SMALL, c.accent)
        y = 200
        for who, text, seat in self.chat_log:
            for j, line in enumerate(theme.wrap_text(f"{who}: {text}", 490, theme.SIZE_SMALL)):
                if y > 610:
                    break
                theme.draw_text(surface, line, (704, y), theme.SIZE_SMALL,
                                self.seat_colour(seat) if j == 0 and seat is not None else c.text, shadow=False)
                y += 24
        if self.failed:
            box = pygame.Rect(0, 0, 760, 120)
            box.center = (640, 400)
            theme.draw_panel(surface, box, border=c.bad, alpha=250)
            theme.draw_text(surface, "Could not join this table", (640, box.y + 30), theme.SIZE_LARGE - 4, c.bad,
                            anchor="center", bold=True)
            for j, line in enumerate(theme.wrap_text(self.failed, 700, theme.SIZE_BODY)[:2]):
                theme.draw_text(surface, line, (640, box.y + 68 + j * 26), theme.SIZE_BODY, c.text, anchor="center")
        self.back_button.draw(surface)
        if self.host is not None:
            self.start_button.draw(surface)
        else:
            starts = ("The game starts when every seat is taken" if getattr(self.link, "starts_when_full", False)
                      else "The host starts the game")   # a club table has no host in a window
            theme.draw_text(surface, starts, (1200, 750), theme.SIZE_BODY, c.text_dim, anchor="midright")
        self.gui_draw(surface)
        self.host_seats.draw(surface)
        theme.draw_hint(surface, "Enter sends chat  ·  F5 starts (host)  ·  Esc leaves")
