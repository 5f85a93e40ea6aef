"""Relay's board in the window: the track drawn from its board file, a pawn per seat, the seat's word, and
four orders (Step, Roll, Show word, Pass) offered as the seat's `legal` lists them. Everything else (seats,
cover, help card, log, hint line, undo, resigning, Esc, game over) is the board kit's frame, as on every board."""
import pygame

from game import theme
from game.board_kit import log as kit_log
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.widgets import Button
from tests.relay import board

ORDERS = (("step", "Step", pygame.K_s, "S"), ("roll", "Roll", pygame.K_r, "R"), ("show", "Show word", pygame.K_w, "W"),
          ("pass", "Pass", pygame.K_RETURN, "Enter"))
# What cannot be taken back is asked first, naming the choice (a step can: Ctrl+Z).
ASK_FIRST = {"roll": ("Roll the die?", "Your pawn moves one to three squares; a roll is never taken back.", "Roll"),
             "show": ("Show your word?", "Every seat sees it from now on.", "Show it"),
             "pass": ("Pass the turn?", "The next seat moves; your steps and roll this turn end.", "Pass")}
SQUARE_RADIUS = 26
WHY_NOT = {"step": "Your steps this turn are all taken.", "roll": "The die is rolled once a turn.",
           "show": "Your word is already shown.", "pass": "You may not pass now."}


# Each event's sentence (a step's merge into one line that counts them).
SENTENCES = {"rolled": "{who} rolls {die}.", "shown": "{who} shows the word {word}.",
             "passed": "{who} passes the turn.", "finished": "{who} reaches the end of the track and wins."}


class RelayLog(kit_log.EventLog):
    def __init__(self, width: int, seat_name):
        super().__init__(width)
        self.seat_name = seat_name

    def sentence(self, e: dict):
        who = self.seat_name(e.get("seat"))
        if e["type"] == "stepped":
            return f"{who} steps{{count}}.", e["seat"], ("stepped", e["seat"], 1)
        said = SENTENCES.get(e["type"])
        return None if said is None else (said.format(who=who, **e), e["seat"], None)

    def count_text(self, count: int) -> str:
        return "" if count == 1 else f" {count} times"


class BoardScene(BaseBoardScene):
    def __init__(self, app, link):
        super().__init__(app, link, cover=HotSeatCover(self.reveal))
        self.track = board.load()
        self.log = RelayLog(self.log_rect.w, self.seat_name)
        self.order_buttons = {kind: Button((1010, 300 + i * 46, 260, 40), label, lambda k=kind: self.order(k),
                                           hotkey_label=key, size=17)
                              for i, (kind, label, _, key) in enumerate(ORDERS)}
        self.buttons = list(self.order_buttons.values())

    def listed(self) -> set[str]:
        """The orders the seat at the controls may give now, as its legal lists them."""
        if self.active_seat is None or self.waiting:
            return set()
        return {a["type"] for a in (self.view["private"].get("legal") or {}).get("actions", [])}

    def order(self, kind: str) -> None:
        if self.active_seat is None:
            self.refuse(self.seats.not_your_move())
        elif kind not in self.listed():
            self.refuse(WHY_NOT[kind])
        elif kind in ASK_FIRST:
            self.ask_first(*ASK_FIRST[kind], lambda: self.send({"type": kind}))
        else:
            self.send({"type": kind})

    def main_enter_button(self):
        return self.order_buttons["pass"]

    def key_commands(self) -> dict:
        keys = {key: (lambda k=kind: self.order(k)) for kind, _, key, _ in ORDERS}
        keys[pygame.K_KP_ENTER] = keys[pygame.K_RETURN]
        return keys

    def board_pointer(self, event) -> bool:
        if any(button.handle(event) for button in self.buttons):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.square_at(event.pos) is not None:
            seat = self.active_seat
            if seat is not None and self.square_at(event.pos) == self.pub["pos"][seat] + 1:
                self.order("step")   # a click on the square ahead steps onto it
                return True
        return False

    def square_at(self, pos) -> int | None:
        end = self.pub.get("length", len(self.track.places) - 1)
        return next((sq for sq, (x, y) in enumerate(self.track.places[:end + 1])
                     if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= SQUARE_RADIUS ** 2), None)

    def move_hint(self) -> tuple[str, str]:
        return ("Step along, roll the die once, show your word, or pass the turn.",
                "S step  ·  R roll  ·  W word  ·  Enter pass  ·  H help")

    def game_over_rows(self) -> list:
        return [("Squares run", list(self.pub["pos"]))]

    def tooltip_lines(self) -> list | None:
        square = self.square_at(self.app.mouse_pos) if self.view else None
        return None if square is None else [(self.track.names[square], theme.colours.text)]

    def draw_board(self, surface) -> None:
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        pub = self.pub
        end = pub["length"]
        places = self.track.places[:end + 1]
        pygame.draw.lines(surface, theme.colours.panel_light, False, places, 6)
        for square, (x, y) in enumerate(places):
            pygame.draw.circle(surface, theme.colours.accent if square == end else theme.colours.panel, (x, y),
                               SQUARE_RADIUS)
            theme.draw_text(surface, self.track.names[square], (x, y + SQUARE_RADIUS + 12), 15,
                            theme.colours.text_dim, anchor="center")
        for seat, at in enumerate(pub["pos"]):
            x, y = places[at]
            pygame.draw.circle(surface, theme.seat_colour(seat), (x - 8 + 16 * (seat % 2), y - 8 + 16 * (seat // 2)), 9)

    def draw_panels(self, surface) -> None:
        pub, c = self.pub, theme.colours
        x = self.side_rect.x + 12
        theme.draw_text(surface, f"{self.seat_name(pub['turn'])} to move", (x, 60), 20, c.accent, bold=True)
        theme.draw_text(surface, f"Steps left: {pub['steps_left']}  ·  die {'rolled' if pub['rolled'] else 'to roll'}",
                        (x, 96), 17, c.text)
        word = (self.view.get("private") or {}).get("word")
        theme.draw_text(surface, f"Your word: {word}" if word else "Words shown: "
                        + (", ".join(w for w in pub["shown"] if w) or "none"), (x, 124), 17, c.text_dim)
        listed = self.listed()
        for kind, button in self.order_buttons.items():
            button.enabled = kind in listed
            button.draw(surface)
