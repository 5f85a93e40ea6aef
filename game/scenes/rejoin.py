"""Rejoin: the LAN tables this window held a seat at (kept in its data folder), to take the seat back.

A window killed mid-game kept its seat's token and last seq (game.tables.join); picking a row here
presents the token, and the table gives the seat back, with everything that happened meanwhile.
"""
import time

from game import tables, theme
from game.joining import JoiningScreen, PendingJoin
from game.scenes import lobby
from game.scenes.lan_browser import game_title
from game.scene import Scene
from game.widgets import Button, RowList

COLUMNS = [("Table", 360), ("Game", 230), ("Seat", 90), ("Address", 240), ("Kept", 200)]


def ago(saved_at: float) -> str:
    minutes = max(0, int((time.time() - saved_at) // 60))
    return "just now" if minutes < 1 else f"{minutes} min ago" if minutes < 120 else f"{minutes // 60} h ago"


class RejoinScene(JoiningScreen, Scene):
    def __init__(self, app):
        super().__init__(app)
        self.list = RowList((70, 140, 1140, 500), COLUMNS, on_pick=self.rejoin)
        self.rejoin_button = Button((1010, 724, 200, 52), "Rejoin", self.rejoin_selected, primary=True)
        self.forget_button = Button((800, 724, 190, 52), "Forget", self.forget_selected)
        self.back_button = Button((70, 724, 200, 52), "Back", self.back)
        self.buttons = [self.rejoin_button, self.forget_button, self.back_button]
        self.kept: dict = {}
        self.joining: PendingJoin | None = None
        self.refresh()

    def refresh(self) -> None:
        seats = tables.seat_book().seats()
        self.kept = {k.key: k for k in seats}
        self.list.set_rows([(k.key, [k.table, game_title(k.game), str(k.seat + 1), f"{k.host}:{k.port}",
                                     ago(k.saved_at)]) for k in seats])
        self.rejoin_button.enabled = self.forget_button.enabled = self.list.selected_key is not None

    def rejoin(self, key) -> None:
        kept = self.kept.get(key)
        if kept is None or self.joining is not None:
            return
        self.joining = PendingJoin(self.app, kept.host, kept.port, token=kept.token, last_seq=kept.last_seq,
                                   expect={"game": kept.game, "table": kept.table}, on_joined=lobby.opener(self.app))

    def rejoin_selected(self) -> None:
        if self.list.selected_key is not None:
            self.rejoin(self.list.selected_key)

    def forget_selected(self) -> None:
        if self.list.selected_key is not None:
            tables.seat_book().forget(self.list.selected_key)
            self.refresh()

    def handle(self, event):
        if self.list.handle(event):
            self.rejoin_button.enabled = self.forget_button.enabled = self.list.selected_key is not None
            return True
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt):
        self.step_join()

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Rejoin a table", 64)
        status = self.joining.label if self.joining is not None else "Tables where this window holds a seat"
        theme.draw_text(surface, status, (640, 112), theme.SIZE_BODY, c.text_dim, anchor="center")
        self.list.draw(surface, empty_text="No seats kept.")
        for b in self.buttons:
            b.draw(surface)
        theme.draw_hint(surface, "Up/Down choose  ·  Enter rejoins  ·  Esc back")
