"""The club's lobby: open tables, your tables (those waiting for your move first), finished games, create,
join, leave, replay.

Joining takes a seat with the lobby's `join` request, then opens the table through a
`game.club_link.ClubLink`, and from there the same seats screen and boards a LAN table opens
(game.scenes.lobby): the window never knows which it has. Create makes a table with the game's
default options and sits at it; More options opens the New Game form (the game's options, each seat
open or a bot, the table's name, a move deadline and what happens when it passes). A correspondence
table shows its deadline ('1 day · bot'), and in your tables the time your move has left. Leave gives back
a seat at a table not yet started. A finished game
replays in the replay scene, as a save does (game.recorded_replay). A table is casual or rated (the New Table
panel's Rated; with bots, a rated game against bots, labelled so); Ratings shows the chosen game's leaderboard
with the bots' marks among the players, and the panel under New Table the player's own rating in that game and a
small chart of it (docs/club.md, "Ratings"). The lists come from the club's
lobby requests (club/lobby.py), asked again on Refresh (F5), every few seconds, and on coming back here.
"""
import pygame

from engine import games
from game import boards, sound, tables, theme
from game.club_link import rating_text
from game.scenes import lobby
from game.scenes.lan_browser import game_title
from game.scenes.new_game import NewGameScene, duration_text, humanise
from game.scene import Scene
from game.widgets import Button, Cycler, RowList

OPEN_COLUMNS = [("Table", 170), ("Game", 140), ("Seats", 105), ("Options", 80), ("Deadline", 100), ("Rated", 80),
                ("State", 65)]
RATING_COLUMNS = [("#", 50), ("Player", 330), ("Rating", 120), ("Rated games", 140), ("", 100)]
FINISHED_COLUMNS = [("Table", 230), ("Game", 190), ("Result", 320)]
MINE_COLUMNS = [("Table", 250), ("Game", 190), ("Seat", 60), ("", 220)]
REFRESH_EVERY = 5.0
FINISHED_PAGE = 20   # games over asked at a time (the club gives at most 50 a page)


def options_text(game: str, options: dict | None) -> str:
    """The options a table differs from the rulebook in, as the New Game form names them ('' when none)."""
    try:
        rules = games.rules(game)
    except (KeyError, ValueError):
        return ""
    titles, labels = getattr(rules, "OPTION_TITLES", {}), getattr(rules, "OPTION_LABELS", {})
    changed = [(k, v) for k, v in (options or {}).items()
               if v != getattr(rules, "OPTION_CHOICES", {}).get(k, [v])[0]]
    return ", ".join(f"{titles.get(k) or humanise(k)}: {labels.get(k, {}).get(v, humanise(v))}" for k, v in changed)


def seat_text(s: dict, *, rated: bool = False) -> str:
    """Who sits at a seat ('ada', 'Bot 2 (hard)', 'open'), with the rating the club gave it if `rated`
    ('ada 12.3', 'Bot 2 (hard 26.4)')."""
    rating = rating_text(s) if rated else ""
    if s.get("kind") == "open":
        return "open"
    if s.get("kind") == "bot":
        return f"{s.get('name') or 'Bot'} ({s.get('level')}{' ' + rating if rating else ''})"
    return (s.get("player") or s.get("name") or "a player") + (f" {rating}" if rating else "")


def seats_text(seats: list[dict]) -> str:
    """Who sits where, with ratings where the club gave them: '1 ada 12.3 · 2 Bot 2 (hard 26.4) · 3 open'."""
    return " · ".join(f"{s.get('seat', i) + 1} {seat_text(s, rated=True)}" for i, s in enumerate(seats))


def result_text(table: dict) -> str:
    result, seats = table.get("result") or {}, table.get("seats") or []
    names = [seat_text(seats[w]) if 0 <= w < len(seats) else f"seat {w + 1}" for w in result.get("winners") or []]
    return f"won by {', '.join(names)}" if names else "no winner"


def deadline_text(table: dict) -> str:
    """A correspondence table's move deadline and what happens when it passes: '1 day · bot' ('' when live)."""
    if table.get("move_deadline") is None:
        return ""
    return f"{duration_text(table['move_deadline'])} · {table.get('on_deadline') or 'bot'}"


def time_left_text(seconds: float) -> str:
    """How long a move deadline leaves: '3 days left', '20 h left', '45 min left', 'due now'."""
    if seconds >= 2 * 86400:
        return f"{int(seconds // 86400)} days left"
    if seconds >= 3600:
        return f"{int(seconds // 3600)} h left"
    if seconds >= 60:
        return f"{int(seconds // 60)} min left"
    return "due now"


def mine_state_text(table: dict) -> str:
    """YOUR TABLES' last column: 'your move', with the time left at a correspondence table ('your move · 20 h
    left'), else the table's state."""
    if not table.get("your_move"):
        return table.get("state", "")
    left = table.get("deadline_left")
    return "your move" if left is None else f"your move · {time_left_text(left)}"


def rated_text(table: dict) -> str:
    """'rated', 'v bots' (a rated game against bots, whose marks do not move), or '' for a casual table."""
    if not table.get("rated"):
        return ""
    return "v bots" if table.get("bots") else "rated"


def leaderboard_rows(board: dict, me: str) -> list[tuple[object, list[str]]]:
    """The players of the club's `ratings` answer, best first, with each bot level's mark among them at its
    rating (a row of its own, keyed by the level)."""
    rows = [(r["rating"], 0, r["player"], [str(r["place"]), r["player"] + ("  (you)" if r["player"] == me else ""),
                                           rating_text(r), str(r["games"]), "provisional" if r["provisional"] else ""])
            for r in board.get("players") or []]
    rows += [(m["rating"], 1, ("bot", level), ["", f"{level} bot: its fixed mark", rating_text(m), "", "bot"])
             for level, m in (board.get("marks") or {}).items()]
    return [(key, cells) for _rating, _bot, key, cells in sorted(rows, key=lambda r: (-r[0], r[1]))]


def like_text(mine: dict) -> str:
    """Where a player stands among the bots: 'about as strong as hard' (the level whose mark is nearest)."""
    return f"about as strong as the {mine['like']} bot" if mine.get("like") else "no bot measured here"


def seats_cell(seats: list[dict]) -> str:
    open_ = sum(1 for s in seats if s.get("kind") == "open")
    return f"{open_} open of {len(seats)}" if open_ else f"{len(seats)}, full"


class ClubLobbyScene(Scene):
    def __init__(self, app, account):
        super().__init__(app)
        self.account = account
        self.open_list = RowList((56, 170, 740, 250), OPEN_COLUMNS, row_height=40, on_pick=self.join_key)
        self.finished_list = RowList((56, 170, 740, 250), FINISHED_COLUMNS, row_height=40, on_pick=self.replay_key)
        self.ratings_list = RowList((56, 170, 740, 250), RATING_COLUMNS, row_height=40)
        self.mine_list = RowList((56, 480, 740, 210), MINE_COLUMNS, row_height=40, on_pick=self.join_key)
        self.showing_finished = False
        self.showing_ratings = False
        self.active = self.open_list   # the list Up/Down and Join use: the one clicked last
        self.game_ids = [g for g in games.available() if boards.has_board(g)] or games.available()
        last = app.settings.last_game
        self.game_cycler = Cycler((836, 196, 384, 44), "Game", self.game_ids, format_value=game_title,
                                  index=self.game_ids.index(last) if last in self.game_ids else 0,
                                  on_change=lambda _: self._game_changed())
        self._build_counts()
        self.rated_cycler = Cycler((836, 346, 384, 44), "Rated", [False, True],
                                   format_value=lambda rated: "rated" if rated else "casual")
        self.create_button = Button((836, 400, 384, 44), "Create and sit", self.create)
        self.more_button = Button((836, 452, 384, 36), "More options…", self.create_with_options, size=theme.SIZE_SMALL)
        self.join_button = Button((1010, 724, 210, 52), "Join table", self.join_selected, primary=True)
        self.leave_button = Button((616, 446, 180, 30), "Leave seat", self.leave_selected, size=theme.SIZE_SMALL)
        self.replay_button = Button((1010, 724, 210, 52), "Replay", self.replay_selected, primary=True)
        self.finished_button = Button((420, 128, 186, 36), "Finished games", self.toggle_finished,
                                      size=theme.SIZE_SMALL)
        self.ratings_button = Button((236, 128, 176, 36), "Ratings", self.toggle_ratings, size=theme.SIZE_SMALL)
        # the games over come 50 a page (club.replays), newest first
        self.newer_button = Button((236, 128, 84, 36), "Newer", lambda: self.page_finished(-1), size=theme.SIZE_SMALL)
        self.older_button = Button((328, 128, 84, 36), "Older", lambda: self.page_finished(+1), size=theme.SIZE_SMALL)
        self.finished_skip = 0
        self.refresh_button = Button((616, 128, 180, 36), "Refresh", self.refresh, hotkey=pygame.K_F5,
                                     hotkey_label="F5", size=theme.SIZE_SMALL)
        self.back_button = Button((70, 724, 200, 52), "Sign out", self.back)
        self.open_tables: dict[int, dict] = {}
        self.my_tables: dict[int, dict] = {}
        self.finished_tables: dict[int, dict] = {}
        self.my_rating: dict | None = None    # the club's `rating` of this player in the chosen game
        self.asking: dict[str, object] = {}   # verb -> Future of the lobby request on its way
        self._replaying = None   # the finished table whose game is being fetched to replay
        self.opening = None                   # a ClubLink not yet welcomed
        self.made_by_form = None              # the New Game form's create: sit at the table it makes
        self.error: str | None = None
        self.since_refresh = 0.0
        self.refresh()

    def _build_counts(self) -> None:
        r = games.rules(self.game_cycler.value)
        counts = list(range(max(2, r.MIN_SEATS), r.MAX_SEATS + 1)) or [r.MIN_SEATS]
        default = max(counts[0], min(counts[-1], getattr(r, "DEFAULT_SEATS", 2)))
        self.seat_count = Cycler((836, 246, 384, 44), "Players", counts, index=counts.index(default),
                                 on_change=lambda _: self._build_bots())
        self._build_bots()

    def _build_bots(self) -> None:
        bots = list(range(0, self.seat_count.value))   # at least one seat is yours
        self.bot_count = Cycler((836, 296, 384, 44), "Of them bots", bots, index=len(bots) - 1)

    def _game_changed(self) -> None:
        self._build_counts()
        self.my_rating = None
        self.ask_ratings()

    @property
    def widgets(self):
        # the finished games' list has Replay where the open tables' has Join
        return [self.game_cycler, self.seat_count, self.bot_count, self.rated_cycler, self.create_button,
                self.more_button, self.replay_button if self.active is self.finished_list else self.join_button,
                self.leave_button, self.finished_button, self.refresh_button, self.back_button] \
            + ([self.newer_button, self.older_button] if self.showing_finished else [self.ratings_button])

    @property
    def top_list(self) -> RowList:
        return (self.finished_list if self.showing_finished else self.ratings_list if self.showing_ratings
                else self.open_list)

    @property
    def lists(self) -> list[RowList]:
        return [self.mine_list, self.top_list]

    def selected_table(self) -> dict | None:
        if self.active is self.ratings_list:
            return None
        key = self.active.selected_key
        tables_ = (self.my_tables if self.active is self.mine_list else
                   self.finished_tables if self.active is self.finished_list else self.open_tables)
        return tables_.get(key)

    # ----- asking the club ------------------------------------------------------------
    def refresh(self) -> None:
        self.since_refresh = 0.0
        for verb in ("list", "mine") + (("finished",) if self.showing_finished else ()):
            if verb not in self.asking:
                self.asking[verb] = self.account.request(verb, {"skip": self.finished_skip, "limit": FINISHED_PAGE} if verb == "finished" else None)
        self.ask_ratings()

    def ask_ratings(self) -> None:
        """The player's rating in the chosen game, and that game's leaderboard while it is shown."""
        game = self.game_cycler.value
        for verb in ("rating",) + (("ratings",) if self.showing_ratings else ()):
            if verb not in self.asking:
                self.asking[verb] = _then(self.account.request(verb, {"game": game}), lambda answer: (game, answer))

    def page_finished(self, step: int) -> None:
        """The next page of older games over (+1), or of newer ones (-1)."""
        self.finished_skip = max(0, self.finished_skip + step * FINISHED_PAGE)
        self.asking.pop("finished", None)   # an answer for the page left is no longer wanted
        self.refresh()

    def toggle_ratings(self) -> None:
        """The upper list shows the chosen game's leaderboard (the bots' marks among the players), or the open
        tables again."""
        self.showing_ratings = not self.showing_ratings
        self.ratings_button.label = "Open tables" if self.showing_ratings else "Ratings"
        self.active = self.top_list
        self.refresh()

    def toggle_finished(self) -> None:
        self.showing_ratings = False
        self.ratings_button.label = "Ratings"
        self.showing_finished = not self.showing_finished
        self.finished_button.label = "Open tables" if self.showing_finished else "Finished games"
        self.active = self.top_list
        self.refresh()

    def create(self) -> None:
        game = self.game_cycler.value
        self._create({"game": game, "seats": self.seat_count.value, "bots": ["normal"] * self.bot_count.value,
                      "name": f"{self.account.name}'s {game_title(game)}", "rated": self.rated_cycler.value})
        self.app.settings.last_game = game

    def create_with_options(self) -> None:
        """The New Game form, made for the club: the game's options, each seat open or a bot, the table's name."""
        self.app.push(NewGameScene(self.app, lan=True, club=self.create_from_form))

    def create_from_form(self, game: str, seats: list[dict], options: dict, name: str, *, move_deadline=None,
                         on_deadline=None):
        """The form's create, answered to the form (a refusal is its sentence there); once made, we sit there."""
        kinds = ["open" if s["kind"] in ("human", "open") else s.get("level", "normal") for s in seats]
        body = {"game": game, "seats": len(seats), "seat_kinds": kinds, "options": options, "name": name,
                "rated": self.rated_cycler.value}
        if move_deadline is not None:
            body.update(move_deadline=move_deadline, on_deadline=on_deadline or "bot")
        self.error = None
        self.made_by_form = self.account.request("create", body)
        return self.made_by_form

    def _create(self, body: dict) -> None:
        if "create" in self.asking or "join" in self.asking or self.opening is not None:
            return
        self.error = None
        self.asking["create"] = self.account.request("create", body)
        self.app.redraw()

    def _answers(self) -> None:
        made = self.made_by_form
        if made is not None and made.done():
            self.made_by_form = None
            if made.exception() is None:
                self.join_key(made.result())
            else:   # told under the form too; said here as well in case the form was left before the answer
                self._failed(str(made.exception()))
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
                                                    "house" if options_text(t["game"], t.get("options"))
                                                    else "rulebook", deadline_text(t) or "none", rated_text(t),
                                                    t["state"]])
                                        for t in answer])
            elif verb == "finished":
                self.finished_tables = {t["id"]: t for t in answer}
                self.finished_list.set_rows([(t["id"], [t["name"], game_title(t["game"]), result_text(t)])
                                             for t in answer])
            elif verb == "mine":
                self.my_tables = {t["id"]: t for t in answer}
                self.mine_list.set_rows([(t["id"], [t["name"], game_title(t["game"]), str(t["seat"] + 1),
                                                     mine_state_text(t)]) for t in answer])
            elif verb in ("rating", "ratings"):
                game, answer = answer
                if game != self.game_cycler.value:
                    continue   # an answer for the game chosen before
                if verb == "rating":
                    self.my_rating = answer
                else:
                    self.ratings_list.set_rows(leaderboard_rows(answer, self.account.name))
            elif verb == "create":
                self.join_key(answer)
            elif verb == "join":
                self.open_table(answer["table"])
            elif verb == "leave":
                self.refresh()
            elif verb == "replay":
                self._watch(answer, self._replaying)
        busy = self.opening is not None or "join" in self.asking
        chosen = self.selected_table()
        self.join_button.enabled = (chosen is not None and not busy and self.active is not self.finished_list
                                    and self.active is not self.ratings_list)
        self.leave_button.enabled = (chosen is not None and self.active is self.mine_list and chosen["state"] == "lobby"
                                     and "leave" not in self.asking)
        self.replay_button.enabled = (chosen is not None and self.active is self.finished_list
                                      and "replay" not in self.asking)
        self.newer_button.enabled = self.finished_skip > 0
        self.older_button.enabled = len(self.finished_tables) >= FINISHED_PAGE

    def _failed(self, text: str) -> None:
        self.error = text
        sound.play("error")

    # ----- joining ------------------------------------------------------------------
    def join_key(self, table_id) -> None:
        """Take a seat (the lobby's `join`; a seat already ours comes back as it is), then sit down."""
        if table_id is None or "join" in self.asking or self.opening is not None:
            return
        self.error = None
        future = self.account.request("join", {"table": table_id})
        self.asking["join"] = _then(future, lambda seat: dict(seat, table=table_id))
        self.app.redraw()

    def leave_selected(self) -> None:
        """Give back a seat at a table not started yet (the lobby's `leave`)."""
        chosen = self.selected_table()
        if chosen is not None and "leave" not in self.asking:
            self.asking["leave"] = self.account.request("leave", {"table": chosen["id"]})

    # ----- replaying a finished game ---------------------------------------------------
    def replay_selected(self) -> None:
        if self.active is self.finished_list:
            self.replay_key(self.active.selected_key)

    def replay_key(self, table_id) -> None:
        if table_id is not None and "replay" not in self.asking:
            self.error = None
            self.asking["replay"] = self.account.fetch_game(table_id)
            self._replaying = table_id
            self.app.redraw()

    def _watch(self, record: dict, table_id: int) -> None:
        from game.recorded_replay import RecordedReplayLink
        from game.scenes.replays import ReplayScene
        account = self.account
        try:   # its analysis asks the club for the player's own decisions there (a seat's holder only)
            self.app.push(ReplayScene(self.app, RecordedReplayLink(record, lambda: account.fetch_decisions(table_id))))
        except (ImportError, ValueError, KeyError) as e:
            self._failed(f"That game cannot be shown here: {e}")

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
        heading = "FINISHED GAMES" if self.showing_finished else "RATINGS" if self.showing_ratings else "OPEN TABLES"
        theme.draw_text(surface, heading, (60, 140), theme.SIZE_SMALL, c.accent)
        if self.showing_finished:
            self.finished_list.draw(surface, empty_text="No finished games yet.")
        elif self.showing_ratings:
            self.ratings_list.draw(surface, empty_text=f"No rated {game_title(self.game_cycler.value)} game yet.",
                                   cell_colour=self._rating_colour)
        else:
            self.open_list.draw(surface, empty_text="No open tables. Create one: friends see it here.")
        chosen = self.selected_table()
        if self.showing_ratings:
            line = (f"{game_title(self.game_cycler.value)}, the game chosen under New Table  ·  a bot's mark is fixed: "
                    "a rated game against it moves only your rating")
            theme.draw_text(surface, theme.fit_text(line, 740, theme.SIZE_SMALL), (60, 423), theme.SIZE_SMALL,
                            c.text_dim, shadow=False)
        elif chosen is not None:
            told = options_text(chosen["game"], chosen.get("options")) or "the rulebook's options"
            deadline = deadline_text(chosen)
            line = (f"{chosen['name']}: {told}  ·  " + (f"deadline {deadline}  ·  " if deadline else "")
                    + f"seats {seats_text(chosen.get('seats') or [])}")
            theme.draw_text(surface, theme.fit_text(line, 740, theme.SIZE_SMALL), (60, 423), theme.SIZE_SMALL,
                            c.text_dim, shadow=False)
        theme.draw_text(surface, "YOUR TABLES (your move first)", (60, 450), theme.SIZE_SMALL, c.accent)
        self.mine_list.draw(surface, empty_text="You sit at no table yet.", cell_colour=self._mine_colour)
        theme.draw_panel(surface, (816, 150, 424, 346))
        theme.draw_text(surface, "NEW TABLE", (836, 166), theme.SIZE_SMALL, c.accent)
        for w in self.widgets:
            w.draw(surface)
        status = ("Sitting down…" if self.opening is not None or "join" in self.asking else
                  "Creating the table…" if "create" in self.asking else
                  "Fetching the game…" if "replay" in self.asking else None)
        if status:
            theme.draw_text(surface, status, (1028, 526), theme.SIZE_BODY, c.text_dim, anchor="center")
        elif self.error:
            for j, line in enumerate(theme.wrap_text(self.error, 400, theme.SIZE_SMALL)[:6]):
                theme.draw_text(surface, line, (836, 516 + j * 24), theme.SIZE_SMALL, c.bad, shadow=False)
        elif self.my_rating is not None:
            draw_my_rating(surface, pygame.Rect(816, 506, 424, 200), self.my_rating,
                           game_title(self.game_cycler.value))
        theme.draw_hint(surface, "Click a table, then Join or Replay (or double-click)  ·  F5 refreshes  ·  "
                                 "Esc signs out")

    def _rating_colour(self, key, column):
        if isinstance(key, tuple):   # a bot's mark
            return theme.colours.text_dim
        return theme.colours.accent if key == self.account.name else None

    def _mine_colour(self, key, column):
        t = self.my_tables.get(key)
        if t is not None and column == 3 and t["your_move"]:
            return theme.colours.good
        return None


def draw_my_rating(surface, rect: pygame.Rect, mine: dict, title: str) -> None:
    """The player's rating in a game, where it stands among the bots, and a small chart of it over its rated
    games (the club's `rating`: its history, oldest first)."""
    c = theme.colours
    theme.draw_panel(surface, rect)
    theme.draw_text(surface, f"YOUR RATING · {title.upper()}", (rect.x + 20, rect.y + 16), theme.SIZE_SMALL, c.accent)
    games_text = ("no rated game yet" if not mine["games"] else
                  f"{mine['games']} rated game{'s' if mine['games'] != 1 else ''}"
                  + (", provisional" if mine["provisional"] else ""))
    theme.draw_text(surface, rating_text(mine) or "0.0", (rect.x + 20, rect.y + 52), theme.SIZE_LARGE, c.text,
                    anchor="midleft", bold=True)
    for j, words in enumerate((games_text, like_text(mine))):
        theme.draw_text(surface, theme.fit_text(words, rect.w - 130, theme.SIZE_SMALL), (rect.x + 110, rect.y + 42 + j * 22),
                        theme.SIZE_SMALL, c.text_dim, anchor="midleft", shadow=False)
    chart = pygame.Rect(rect.x + 20, rect.y + 80, rect.w - 40, rect.h - 96)
    draw_rating_chart(surface, chart, [h["rating"] for h in mine.get("history") or []])


def draw_rating_chart(surface, rect: pygame.Rect, ratings: list[float]) -> None:
    """A line of the rating after each rated game (the first point: where every player starts, 0), its lowest and
    highest values written at the left."""
    c = theme.colours
    pygame.draw.rect(surface, c.panel_light, rect, border_radius=6)
    points = [0.0] + list(ratings)
    if len(points) < 2:
        theme.draw_text(surface, "Your rated games draw a line here.", rect.center, theme.SIZE_SMALL, c.text_dim,
                        anchor="center", shadow=False)
        return
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    inner = rect.inflate(-56, -20).move(22, 0)
    xy = [(inner.x + i * inner.w / (len(points) - 1), inner.bottom - (v - low) / span * inner.h)
          for i, v in enumerate(points)]
    pygame.draw.lines(surface, c.accent, False, xy, 2)
    for x, y in xy[1:]:
        pygame.draw.circle(surface, c.accent, (round(x), round(y)), 3)
    theme.draw_text(surface, f"{high:.0f}", (rect.x + 6, inner.y), theme.SIZE_SMALL - 2, c.text_dim,
                    anchor="midleft", shadow=False)
    theme.draw_text(surface, f"{low:.0f}", (rect.x + 6, inner.bottom), theme.SIZE_SMALL - 2, c.text_dim,
                    anchor="midleft", shadow=False)


def _then(future, change):
    """A concurrent Future of `change(result)` once `future` has its result (its exception passed on)."""
    from concurrent.futures import Future
    out = Future()

    def done(f):
        if f.cancelled():   # the account closed while it was asked (the lobby left)
            out.cancel()
        elif f.exception() is not None:
            out.set_exception(f.exception())
        else:
            out.set_result(change(f.result()))
    future.add_done_callback(done)
    return out
