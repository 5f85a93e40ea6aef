"""The club's lobby: open tables, your tables (those waiting for your move first), create, join.

Joining or creating opens the table through a `game.club_link.ClubLink`, and from there the same
seats screen and boards a LAN table opens (game.scenes.lobby): the window never knows which it has.
The lists come from the club's lobby requests (club/lobby.py), asked again on Refresh (F5), every
few seconds, and on coming back here.
"""
import pygame

from engine import games
from game import boards, sound, tables, theme
from game.scenes import lobby
from game.scenes.lan_browser import game_title
from game.scene import Scene
from game.widgets import Button, Cycler, RowList

OPEN_COLUMNS = [("Table", 290), ("Game", 210), ("Seats", 130), ("State", 90)]
MINE_COLUMNS = [("Table", 290), ("Game", 210), ("Seat", 90), ("", 130)]
REFRESH_EVERY = 5.0


def seats_cell(seats: list[dict]) -> str:
    open_ = sum(1 for s in seats if s.get("kind") == "open")
    return f"{open_} open of {len(seats)}" if open_ else f"{len(seats)}, full"


class ClubLobbyScene(Scene):
    def __init__(self, app, account):
        super().__init__(app)
        self.account = account
        self.open_list = RowList((56, 170, 740, 250), OPEN_COLUMNS, row_height=40, on_pick=self.join_key)
        self.mine_list = RowList((56, 480, 740, 210), MINE_COLUMNS, row_height=40, on_pick=self.join_key)
        self.lists = [self.mine_list, self.open_list]
        self.active = self.open_list   # the list Up/Down and Join use: the one clicked last
        self.game_ids = [g for g in games.available() if boards.has_board(g)] or games.available()
        last = app.settings.last_game
        self.game_cycler = Cycler((836, 206, 384, 48), "Game", self.game_ids, format_value=game_title,
                                  index=self.game_ids.index(last) if last in self.game_ids else 0,
                                  on_change=lambda _: self._build_counts())
        self._build_counts()
        self.create_button = Button((836, 400, 384, 52), "Create and sit", self.create)
        self.join_button = Button((1010, 724, 210, 52), "Join table", self.join_selected, primary=True)
        self.refresh_button = Button((616, 128, 180, 36), "Refresh", self.refresh, hotkey=pygame.K_F5,
                                     hotkey_label="F5", size=theme.SIZE_SMALL)
        self.back_button = Button((70, 724, 200, 52), "Sign out", self.back)
        self.open_tables: dict[int, dict] = {}
        self.my_tables: dict[int, dict] = {}
        self.asking: dict[str, object] = {}   # verb -> Future of the lobby request on its way
        self.opening = None                   # a ClubLink not yet welcomed
        self.error: str | None = None
        self.since_refresh = 0.0
        self.refresh()

    def _build_counts(self) -> None:
        r = games.rules(self.game_cycler.value)
        counts = list(range(max(2, r.MIN_SEATS), r.MAX_SEATS + 1)) or [r.MIN_SEATS]
        default = max(counts[0], min(counts[-1], getattr(r, "DEFAULT_SEATS", 2)))
        self.seat_count = Cycler((836, 266, 384, 48), "Players", counts, index=counts.index(default),
                                 on_change=lambda _: self._build_bots())
        self._build_bots()

    def _build_bots(self) -> None:
        bots = list(range(0, self.seat_count.value))   # at least one seat is yours
        self.bot_count = Cycler((836, 326, 384, 48), "Of them bots", bots, index=len(bots) - 1)

    @property
    def widgets(self):
        return [self.game_cycler, self.seat_count, self.bot_count, self.create_button, self.join_button,
                self.refresh_button, self.back_button]

    # ----- asking the club ------------------------------------------------------------
    def refresh(self) -> None:
        self.since_refresh = 0.0
        for verb in ("list", "mine"):
            if verb not in self.asking:
                self.asking[verb] = self.account.request(verb)

    def create(self) -> None:
        if "create" in self.asking or self.opening is not None:
            return
        game = self.game_cycler.value
        self.asking["create"] = self.account.request("create", {
            "game": game, "seats": self.seat_count.value, "bots": ["normal"] * self.bot_count.value,
            "name": f"{self.account.name}'s {game_title(game)}"})
        self.app.settings.last_game = game
        self.app.redraw()

    def _answers(self) -> None:
        for verb, future in list(self.asking.items()):
            if not future.done():
                continue
            del self.asking[verb]
            self.app.redraw()
            if future.exception() is not None:
                self._failed(str(future.exception()))
                continue
            answer = future.result()
            if verb == "list":
                self.open_tables = {t["id"]: t for t in answer}
                self.open_list.set_rows([(t["id"], [t["name"], game_title(t["game"]), seats_cell(t["seats"]),
                                                    t["state"]]) for t in answer])
            elif verb == "mine":
                self.my_tables = {t["id"]: t for t in answer}
                self.mine_list.set_rows([(t["id"], [t["name"], game_title(t["game"]), str(t["seat"] + 1),
                                                     "your move" if t["your_move"] else t["state"]])
                                         for t in answer])
            elif verb == "create":
                self.open_table(answer)
        self.join_button.enabled = self.active.selected_key is not None and self.opening is None

    def _failed(self, text: str) -> None:
        self.error = text
        sound.play("error")

    # ----- joining ------------------------------------------------------------------
    def join_key(self, table_id) -> None:
        if table_id is not None:
            self.open_table(table_id)

    def join_selected(self) -> None:
        self.join_key(self.active.selected_key)

    def open_table(self, table_id: int) -> None:
        """Sit at the table once it has welcomed us (its seats screen, then its board); a refusal is a sentence."""
        if self.opening is None:
            self.error = None
            self.opening = self.account.table(table_id)
            self.app.redraw()

    def _step_opening(self) -> None:
        link = self.opening
        if link is None or link.status == "connecting":
            return
        self.opening = None
        if link.status == "closed":
            self._failed(f"Could not sit at table {link.table_id}. {link.error or ''}".strip())
            tables.close_in_background(link)
            return
        self.app.push(lobby.LobbyScene(self.app, link))

    def on_enter(self) -> None:
        self.refresh()   # back from a table: its state and whose move it is have changed

    def back(self) -> None:
        if self.opening is not None:
            tables.close_in_background(self.opening)
            self.opening = None
            return
        self.app.pop()

    def on_exit(self) -> None:
        if self.opening is not None:
            tables.close_in_background(self.opening)
            self.opening = None
        self.account.close()

    # ----- frame ----------------------------------------------------------------------
    def handle(self, event):
        for row_list in self.lists:
            if event.type == pygame.MOUSEBUTTONDOWN and row_list.rect.collidepoint(event.pos):
                self.active = row_list
        if self.active.handle(event):
            return True
        return any(w.handle(event) for w in self.widgets)

    def update(self, dt):
        self._answers()
        self._step_opening()
        self.since_refresh += dt
        if self.since_refresh >= REFRESH_EVERY:
            self.refresh()

    def frame_rate(self) -> float:
        return 10.0 if self.asking or self.opening is not None else 1.0

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "The club", 64)
        theme.draw_text(surface, f"Signed in as {self.account.name} at {self.account.url}", (640, 112),
                        theme.SIZE_BODY, c.text_dim, anchor="center")
        theme.draw_text(surface, "OPEN TABLES", (60, 140), theme.SIZE_SMALL, c.accent)
        self.open_list.draw(surface, empty_text="No open tables. Create one: friends see it here.")
        theme.draw_text(surface, "YOUR TABLES (your move first)", (60, 450), theme.SIZE_SMALL, c.accent)
        self.mine_list.draw(surface, empty_text="You sit at no table yet.", cell_colour=self._mine_colour)
        theme.draw_panel(surface, (816, 150, 424, 320))
        theme.draw_text(surface, "NEW TABLE", (836, 166), theme.SIZE_SMALL, c.accent)
        for w in self.widgets:
            w.draw(surface)
        status = ("Sitting down…" if self.opening is not None else "Creating the table…" if "create" in self.asking
                  else None)
        if status:
            theme.draw_text(surface, status, (1028, 500), theme.SIZE_BODY, c.text_dim, anchor="center")
        elif self.error:
            for j, line in enumerate(theme.wrap_text(self.error, 400, theme.SIZE_SMALL)[:6]):
                theme.draw_text(surface, line, (836, 490 + j * 24), theme.SIZE_SMALL, c.bad, shadow=False)
        theme.draw_hint(surface, "Click a table, then Join (or double-click)  ·  F5 refreshes  ·  Esc signs out")

    def _mine_colour(self, key, column):
        t = self.my_tables.get(key)
        if t is not None and column == 3 and t["your_move"]:
            return theme.colours.good
        return None
