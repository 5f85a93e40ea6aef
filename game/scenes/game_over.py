"""Game over: who won, the scores, a few statistics; play again or back to the menu.

Generic for every game: a board scene calls `show_game_over(app, link, stats)`
with the link's final result in its view and optional (label, per-seat values) rows.
"""
import math

import pygame

from engine import games
from game import boards, saved_games, sound, theme
from game.scene import SMOOTH, STILL, Scene
from game.widgets import ButtonColumn


CONFETTI_PIECES = 70
CONFETTI_SECONDS = 6.0   # confetti keeps coming this long; then the last of it falls away and the screen rests


def confetti_piece(i: int, t: float) -> tuple[float, float] | None:
    """Where confetti piece `i` is at `t` seconds, or None once it has fallen away for good."""
    speed = 40 + (i * 37) % 60
    start = (i * 97) % 800
    travelled = start + speed * (t + 2 * max(0.0, t - CONFETTI_SECONDS))   # the last of it falls faster
    if travelled // 820 > (start + CONFETTI_SECONDS * speed) // 820:
        return None   # it would come round again from the top: the celebration is over
    return (i * 181) % 1280 + 18 * math.sin(t * 1.5 + i), travelled % 820 - 20


def seat_label(seats: list[dict], seat: int) -> str:
    name = (seats[seat].get("name") if seat < len(seats) else None) or f"Seat {seat + 1}"
    return name


def show_game_over(app, link, stats: list[tuple[str, list]] | None = None, *, colours: list | None = None) -> None:
    """Replace the board on top with the game-over scene for `link`'s result.

    `colours`: one colour per seat where the game has its own (e.g. a race's side shades);
    by default each seat has its theme colour.
    A replay stays on its board at the end (its controls step back from there), so for a
    replay link this does nothing.
    """
    if getattr(link, "replay", False):
        return
    view = link.view(link.my_seats[0] if len(link.my_seats) == 1 else None) or {}
    result = view.get("public", {}).get("result") or {"winners": [], "scores": [], "reason": ""}
    saved_games.keep_seen(link)   # a guest at another machine's table keeps what it saw, to watch and analyse
    app.replace(GameOverScene(app, link, result, stats or [], again=_again_for(app, link),
                              replay=_replay_for(app, link), colours=colours))


def _replay_for(app, link):
    """The game just finished, watched again in the replay scene (and analysed there, A), where this window has it:
    a game played or hosted here by its save, a guest's by what it saw. None for a club game (the club lobby's
    finished games have Replay)."""
    table = getattr(link, "table", None)
    save = getattr(table, "save_path", None)
    kept = getattr(link, "seen_path", None)
    if save is None and kept is None:
        return None

    def replay():
        from engine.errors import SaveError
        from game.scenes.replays import ReplayScene
        try:
            watched = saved_games.replay_link(save if save is not None else kept)
        except (SaveError, ValueError) as e:
            sound.play("error")
            app.notify(f"That game cannot be replayed: {e}", warning=True)
            return
        app.push(ReplayScene(app, watched))
    return replay


def _again_for(app, link):
    """Local games can be played again with the same seats and options; LAN tables cannot."""
    session = getattr(link, "session", None)
    if session is None:
        return None

    def again():
        from game.local_play import start_local_table
        seats = [dict(s) for s in session.seats]
        link.close()   # the finished table's autosave is complete; the new game gets its own
        new = start_local_table(app, session.game_id, seats, dict(session.options))
        app.replace(boards.board_scene(app, new))
    return again


def rating_row(changes: list[dict], n_seats: int) -> tuple[str, list[str]]:
    """The results table's row for a rated game (the club's `rated`): each player's change and new rating,
    '14.1 (+1.8)' ('?' while provisional); a bot's seat, whose mark no game moves, is left blank."""
    values = [""] * n_seats
    for c in changes:
        if 0 <= c["seat"] < n_seats:
            values[c["seat"]] = f"{c['after']:.1f}" + ("?" if c.get("provisional") else "") + f" ({c['change']:+.1f})"
    return "Rating", values


def draw_crown(surface, midbottom) -> None:
    """A small brass crown over a winner's badge."""
    x, y = midbottom
    points = [(x - 16, y), (x - 18, y - 16), (x - 8, y - 7), (x, y - 20), (x + 8, y - 7), (x + 18, y - 16), (x + 16, y)]
    pygame.draw.polygon(surface, theme.darken(theme.colours.accent, 0.4), [(px + 1, py + 2) for px, py in points])
    pygame.draw.polygon(surface, theme.colours.accent, points)
    for px, py in points[1::2]:
        pygame.draw.circle(surface, theme.lighten(theme.colours.accent, 0.5), (px, py), 3)


class GameOverScene(Scene):
    def __init__(self, app, link, result: dict, stats: list[tuple[str, list]], *, again=None, replay=None,
                 colours: list | None = None):
        super().__init__(app)
        self.link = link
        self.colours = list(colours) if colours else None
        self.result = result
        self.stats = list(stats)
        self.seats = list(link.seats)
        items = []
        if again is not None:
            items.append(("Play again", again))
        if replay is not None:   # (a race in real time has no turns to analyse: game.scenes.replay_analysis)
            items.append(("Replay" if games.is_realtime(link.game) else "Replay and analyse", replay))
        items.append(("Main menu", self.back))
        top = {1: 660, 2: 620}.get(len(items), 600)
        self.menu = ButtonColumn.centred(items, 640, top, width=300, height=50 if len(items) < 3 else 46,
                                         gap=14 if len(items) < 3 else 10)
        self.time = 0.0
        # a rated club table: what its end did to each player's rating, shown as a row once the club answers
        self.rating_changes = link.rating_changes() if hasattr(link, "rating_changes") else None
        sound.music(None)
        mine = set(getattr(link, "my_seats", []))
        lost = bool(mine) and not (mine & set(result.get("winners") or []))
        sound.play("defeat" if lost else "victory")

    def seat_colour(self, seat) -> tuple:
        """A seat's colour here: the game's own if it gave them, else the theme's."""
        if self.colours and seat is not None and 0 <= seat < len(self.colours):
            return tuple(self.colours[seat])
        return theme.seat_colour(seat)

    def _draw_badge(self, surface, center, seat: int, radius: int) -> None:
        if not self.colours:
            theme.draw_seat_badge(surface, center, seat, radius)
            return
        colour = self.seat_colour(seat)
        pygame.draw.circle(surface, theme.darken(colour, 0.5), (center[0], center[1] + 2), radius)
        pygame.draw.circle(surface, colour, center, radius)
        pygame.draw.circle(surface, theme.lighten(colour, 0.4), center, radius, 2)

    def back(self):
        from game.scenes.title import TitleScene
        if self.app.active_link is self.link:
            self.app.active_link = None
        self.link.close()
        self.app.back_to(TitleScene)

    def handle(self, event):
        return self.menu.handle(event)

    def _draw_confetti(self, surface) -> None:
        """Winner-coloured confetti drifting down: a little celebration, made of rectangles."""
        winners = self.result.get("winners") or [None]
        for i in range(CONFETTI_PIECES):
            at = confetti_piece(i, self.time)
            if at is None:
                continue
            x, y = at
            colour = self.seat_colour(winners[i % len(winners)]) if i % 3 else theme.colours.accent
            w = 4 + i % 4
            pygame.draw.rect(surface, theme.darken(colour, 0.15 * (i % 3)), (int(x), int(y), w, w * 2))

    def frame_rate(self) -> float:
        falling = any(confetti_piece(i, self.time) is not None for i in range(CONFETTI_PIECES))
        return SMOOTH if falling else STILL

    def update(self, dt):
        self.time += dt
        self.link.poll()  # keep a LAN link drained (chat, the host saying goodbye)
        asked = self.rating_changes
        if asked is not None and asked.done():
            self.rating_changes = None
            changes = asked.result() if asked.exception() is None else []
            if changes:
                self.stats.append(rating_row(changes, len(self.seats)))
                self.app.redraw()

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        self._draw_confetti(surface)
        winners = self.result.get("winners") or []
        mine = set(getattr(self.link, "my_seats", []))
        if winners and len(mine) == 1 and winners[0] in mine:
            heading = "Victory!"
        elif winners:
            heading = " & ".join(seat_label(self.seats, w) for w in winners) + (" wins" if len(winners) == 1 else " win")
        else:
            heading = "Game over"
        theme.draw_title(surface, heading, 90, 64)
        if self.result.get("reason"):
            theme.draw_text(surface, self.result["reason"], (640, 150), theme.SIZE_BODY, c.text_dim, anchor="center")
        # the results table: a column per seat, winners crowned
        n = len(self.seats)
        rows = [("Score", self.result.get("scores") or [])] + list(self.stats)
        col_w = min(180, 900 // max(1, n))
        label_w = 220
        width = label_w + col_w * n + 40
        panel = pygame.Rect(0, 0, width, 130 + 44 * len(rows))
        panel.midtop = (640, 210)
        theme.draw_panel(surface, panel)
        x0 = panel.x + 20 + label_w
        for seat in range(n):
            cx = x0 + seat * col_w + col_w // 2
            if seat in winners:
                draw_crown(surface, (cx, panel.y + 14))
            self._draw_badge(surface, (cx, panel.y + 40), seat, 18)
            theme.draw_text(surface, seat_label(self.seats, seat), (cx, panel.y + 76), theme.SIZE_BODY,
                            c.accent if seat in winners else c.text, anchor="center")
        for r, (label, values) in enumerate(rows):
            y = panel.y + 120 + r * 44
            if r % 2 == 0:
                pygame.draw.rect(surface, c.panel_light, (panel.x + 10, y - 18, panel.w - 20, 38), border_radius=6)
            theme.draw_text(surface, label, (panel.x + 24, y), theme.SIZE_BODY, c.text_dim, anchor="midleft")
            for seat, value in enumerate(list(values)[:n]):
                theme.draw_text(surface, str(value), (x0 + seat * col_w + col_w // 2, y), theme.SIZE_BODY, c.text,
                                anchor="center")
        self.menu.draw(surface)
        theme.draw_hint(surface, "Enter chooses  ·  Esc back to the main menu")
