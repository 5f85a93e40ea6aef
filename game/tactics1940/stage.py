"""Where things are on the Tactics (1940) screen, for the animations (game.tactics1940.effects) and the board: a
square's centre and box at the camera's zoom, a piece's token, and the places a coin, a card or a plane flies
between (a seat's row in the powers' table, the gold reserve, the chance deck, a power's plane base)."""
import pygame

from game.tactics1940 import hud
from game.tactics1940.geometry import BOARD_RECT, corner_rect


class Stage:
    board_rect = BOARD_RECT

    def __init__(self, seats, pieces, view, sprites, board):
        """`pieces`: the board's Pieces; `view`: its MapView; `board`: the static board."""
        self.seats, self.pieces, self.view, self.sprites, self.board = seats, pieces, view, sprites, board

    @property
    def cell_px(self) -> float:
        return self.view.cell_px

    def centre(self, sq) -> tuple[int, int]:
        return self.view.centre(sq)

    def cell_rect(self, sq) -> pygame.Rect:
        return self.view.cell_rect(sq)

    def token(self, piece_id: int) -> pygame.Surface | None:
        p = self.pieces.by_id.get(piece_id)
        if p is None:
            return None
        trading = self.seats.pub.get("trading") or []
        supply = p["kind"] == "transport" and p["owner"] < len(trading) and trading[p["owner"]]
        return self.sprites.piece(p["kind"], self.pieces.powers.colour(p["owner"]), self.view.cell_px, supply=supply,
                                  seat=p["owner"])

    def place(self, anchor) -> tuple | None:
        name, value = anchor
        if name == "square":
            return self.view.centre(value)
        if name in ("seat", "protests", "accepted"):
            return hud.row_anchor(value, {"seat": "coins"}.get(name, name))
        if name == "card":
            return hud.CARD.center
        if name in ("reserve", "deck"):
            corner = self.board.corners["gold_reserve" if name == "reserve" else "chance_deck"]
            x, y = corner_rect(corner).center
            return self.view.camera.to_screen(x, y)
        if name == "base":
            planes = [p for p in self.seats.pub.get("pieces", ()) if p["owner"] == value and p["kind"] == "airplane"
                      and p["at"] is not None]
            if planes:
                return self.view.centre(planes[0]["at"])
            home = self.board.homes.get(self.pieces.powers.name(value))
            return self.view.centre(home.bases[0]) if home else None
        return None
