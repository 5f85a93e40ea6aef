"""LAN browser: tables found on the network, live; join one, or type HOST:PORT.

Each advert is its own row (instance, address, port): adverts are hints that anyone can send, so a
row is joined only if the table that answers is the game and table the row showed (game.joining).
"""

from engine import games
from net import address
from game import tables, theme
from game.joining import JoiningScreen, PendingJoin
from game.scenes import lobby
from game.gui import GuiScene, TextField
from game.scene import Scene
from game.widgets import Button, RowList

COLUMNS = [("Table", 330), ("Game", 230), ("Open seats", 140), ("Phase", 120), ("Address", 240)]
REFRESH_SECONDS = 0.25


def game_title(game_id: str) -> str:
    return games.rules(game_id).TITLE if game_id in games.available() else game_id


class LanBrowserScene(JoiningScreen, GuiScene, Scene):
    def __init__(self, app):
        super().__init__(app)
        self.browser = tables.browser()
        self.list = RowList((70, 140, 1140, 420), COLUMNS, on_pick=self.join_listed)
        self.init_gui(app)
        self.address = TextField(self.gui, (70, 620, 460, 46), caption="Or join by address (HOST:PORT)",
                                 placeholder="for example 192.168.1.20:7777", max_length=64,
                                 on_submit=lambda _: self.join_typed())
        self.fields.append(self.address)
        self.join_address_button = Button((546, 617, 160, 52), "Join", self.join_typed)
        self.join_button = Button((1010, 724, 200, 52), "Join table", self.join_selected, primary=True)
        self.back_button = Button((70, 724, 200, 52), "Back", self.back)
        self.buttons = [self.join_address_button, self.join_button, self.back_button]
        self.found: dict = {}
        self._shown_error = None
        self.since_refresh = REFRESH_SECONDS
        self.joining: PendingJoin | None = None

    # ----- the list -------------------------------------------------------------------
    def refresh(self) -> None:
        listed = self.browser.tables() if self.browser is not None else []
        self.found = {t.key: t for t in listed}
        rows = [(t.key, [t.table, game_title(t.game), f"{t.open_seats} of {t.seats}", t.phase,
                         f"{t.host}:{t.port}"]) for t in listed]
        error = self.browser.error if self.browser is not None else None
        if rows != self.list.rows or error != self._shown_error:
            self._shown_error = error
            self.app.redraw()   # a table came, went or changed; discovery failed
        self.list.set_rows(rows)
        self.join_button.enabled = self.list.selected_key is not None

    # ----- joining --------------------------------------------------------------------
    def join_listed(self, key) -> None:
        row = self.found.get(key)
        if row is not None:
            self.join_at(row.host, row.port, expect={"game": row.game, "table": row.table})

    def join_selected(self) -> None:
        if self.list.selected_key is not None:
            self.join_listed(self.list.selected_key)

    def join_typed(self) -> None:
        try:
            host, port = address.parse(self.address.text)
        except ValueError as e:  # the sentence says what a good address looks like
            self.app.notify(str(e), warning=True)
            return
        self.join_at(host, port)

    def join_at(self, host: str, port: int, expect: dict | None = None) -> None:
        """Join once the table has answered (the lobby opens then); a failure is a sentence, and we stay."""
        if self.joining is not None:
            return
        try:
            self.joining = PendingJoin(self.app, host, port, expect=expect, on_joined=lobby.opener(self.app))
        except (OSError, ValueError) as e:
            self.app.notify(f"Could not join {host}:{port}: {e}", warning=True)

    def on_exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    # ----- frame ----------------------------------------------------------------------
    def handle(self, event):
        if self.gui_handle(event):
            return True
        if self.list.handle(event):
            self.join_button.enabled = self.list.selected_key is not None
            return True
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt):
        self.gui_update(dt)
        self.step_join()
        self.since_refresh += dt
        if self.since_refresh >= REFRESH_SECONDS:
            self.since_refresh = 0.0
            self.refresh()

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Join a table", 64)
        status = (self.joining.label if self.joining is not None else
                  self.browser.error or "Looking for tables on your network…")
        theme.draw_text(surface, status, (640, 112), theme.SIZE_BODY, c.text_dim, anchor="center")
        self.list.draw(surface, empty_text="No tables found yet. Host one from the main menu, or run `serve`.",
                       cell_colour=self._cell_colour)
        for b in self.buttons:
            b.draw(surface)
        self.gui_draw(surface)
        theme.draw_hint(surface, "Up/Down choose  ·  Enter or double-click joins  ·  Esc back")

    def _cell_colour(self, key, column):
        t = self.found.get(key)
        if t is None:
            return None
        if column == 2:
            return theme.colours.good if t.open_seats else theme.colours.text_dim
        if column == 3 and t.phase != "lobby":
            return theme.colours.text_dim
        return None
