"""The Tactics board on screen: the printed art as the kit's terrain layer, with what changes
drawn into it in the powers' colours (so the colour-blind palette applies).

The art (tools/make_tactics1940_art.py) holds the sea, the numbers, the safety zone, the
homes' land, ports and bases, and the four empty cartouches. Drawn into the board's own
surface (game.wargame.terrain's composite, rebuilt only when what it shows changes): each
home area washed in its power's colour (grey for a power nobody plays), and what the four
holding areas hold — battleships in Davy Jones' Locker, transports and airplanes in the
Supply Base, the coins of the Gold Reserve, the chance deck and its face-up discards.
"""
import pygame

from game import theme
from game.tactics1940.geometry import ART_FILE, GRID, SQUARE, board, corner_rect, local_rect
from game.tactics1940.powers import Powers, power_colour
from game.tactics1940.sprites import Sprites
from game.wargame.terrain import TerrainLayer

INK = (58, 44, 30)
CARD_SIZE = (54, 74)


class MapLayer:
    def __init__(self, sprites: Sprites):
        self.board = board()
        self.sprites = sprites
        self.terrain = TerrainLayer(GRID, art=pygame.image.load(str(ART_FILE)).convert())

    @property
    def rebuilds(self) -> int:
        return self.terrain.rebuilds

    @staticmethod
    def key_of(pub: dict) -> tuple:
        """What the composite shows of a view: when this changes, the board surface is redrawn."""
        top = pub["discard"][-1] if pub.get("discard") else None
        return (tuple(pub.get("powers", ())), tuple(pub.get("davy_jones_locker", ())),
                tuple(pub.get("supply_base", ())), _supply_split(pub), pub.get("reserve"), pub.get("deck"),
                len(pub.get("discard", ())), top["id"] if top else None, id(theme.colours))

    def composite(self, pub: dict, key=None) -> pygame.Surface:
        """The board at zoom 1: the art, the homes in colour, the holding areas filled in (`key`: `key_of(pub)`,
        if the caller has it already)."""
        powers = Powers(pub.get("powers", []))

        def decorate(surf):
            self._homes(surf, powers)
            self._locker(surf, pub, powers)
            self._supply_base(surf, pub, powers)
            self._reserve(surf, pub)
            self._chance(surf, pub)
        return self.terrain.composite(key if key is not None else self.key_of(pub), decorate)

    # ----- homes --------------------------------------------------------------------------------
    def _homes(self, surf, powers: Powers) -> None:
        wash = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for home in self.board.homes.values():
            played = powers.played(home.power)
            colour = power_colour(home.power) if played else (120, 118, 112)
            for sq in home.land:
                if sq in home.bases:
                    continue
                pygame.draw.rect(wash, (*colour, 120 if played else 150), local_rect(sq))
            for sq in home.squares:   # a coloured edge inside the coast
                pygame.draw.rect(wash, (*colour, 200), local_rect(sq).inflate(-2, -2), 2)
        surf.blit(wash, (0, 0))
        for home in self.board.homes.values():
            if not powers.played(home.power):
                self._unplayed_note(surf, home)

    def _unplayed_note(self, surf, home) -> None:
        """A small 'not in play' note on a home nobody plays (it is only land and water now)."""
        xs = [s[0] for s in home.squares]
        ys = [s[1] for s in home.squares]
        box = pygame.Rect(min(xs) * SQUARE, min(ys) * SQUARE, (max(xs) - min(xs) + 1) * SQUARE,
                          (max(ys) - min(ys) + 1) * SQUARE)
        text = theme.font(13, True).render("not in play", True, (40, 36, 30))
        if box.h > box.w:
            text = pygame.transform.rotate(text, 90)
        plate = text.get_rect(center=box.center).inflate(10, 6)
        pygame.draw.rect(surf, (222, 214, 190), plate, border_radius=6)
        surf.blit(text, text.get_rect(center=box.center))

    # ----- the four holding areas ------------------------------------------------------------------
    def _area(self, name: str) -> pygame.Rect:
        """The inside of a holding area's cartouche, under its title."""
        r = corner_rect(self.board.corners[name]).inflate(-10, -10)
        return pygame.Rect(r.x + 10, r.y + 32, r.w - 20, r.h - 38)

    def _grid_cells(self, area: pygame.Rect, powers: Powers):
        """Where each seat's entry goes in a holding area: a 2x2 grid in seat order."""
        n = len(powers.of_seat)
        cols = 2 if n > 1 else 1
        rows = (n + cols - 1) // cols
        w, h = area.w // cols, area.h // max(1, rows)
        for seat in range(n):
            r, c = divmod(seat, cols)
            yield seat, pygame.Rect(area.x + c * w, area.y + r * h, w, h)

    def _locker(self, surf, pub, powers) -> None:
        area = self._area("davy_jones_locker")
        sunk = pub.get("davy_jones_locker") or []
        if not any(sunk):
            self._empty(surf, area, "no ship lost yet")
            return
        for seat, cell in self._grid_cells(area, powers):
            token = self.sprites.piece("battleship", powers.colour(seat), 30, seat=seat)
            self._entry(surf, cell, [token], [sunk[seat]])

    def _supply_base(self, surf, pub, powers) -> None:
        area = self._area("supply_base")
        lost = _supply_split(pub)
        if not any(t + a for t, a in lost):
            self._empty(surf, area, "nothing destroyed yet")
            return
        for seat, cell in self._grid_cells(area, powers):
            colour = powers.colour(seat)
            tokens = [self.sprites.piece("transport", colour, 30, seat=seat),
                      self.sprites.piece("airplane", colour, 30, seat=seat)]
            self._entry(surf, cell, tokens, list(lost[seat]))

    def _entry(self, surf, cell: pygame.Rect, tokens, counts) -> None:
        x = cell.x + 2
        f = theme.font(16, True)
        for token, count in zip(tokens, counts):
            faded = token if count else _faded(token)
            surf.blit(faded, faded.get_rect(midleft=(x, cell.centery)))
            x += faded.get_width() + 1
            label = f.render(f"{count}", True, INK if count else (150, 140, 120))
            surf.blit(label, label.get_rect(midleft=(x, cell.centery)))
            x += label.get_width() + 8

    def _empty(self, surf, area, text) -> None:
        label = theme.font(14).render(text, True, (130, 116, 92))
        surf.blit(label, label.get_rect(center=area.center))

    def _reserve(self, surf, pub) -> None:
        area = self._area("gold_reserve")
        coins = pub.get("reserve", 0)
        coin = self.sprites.coin(22)
        piles = min(4, (coins + 19) // 20)
        for p in range(piles):
            height = min(10, max(1, (coins - p * 20 + 1) // 2))
            for k in range(height):
                surf.blit(coin, coin.get_rect(center=(area.x + 22 + p * 16, area.bottom - 12 - k * 4 - (p % 2) * 3)))
        big = theme.font(34, True).render(str(coins), True, INK)
        surf.blit(big, big.get_rect(midright=(area.right - 8, area.centery - 6)))
        small = theme.font(13).render("coins" if coins != 1 else "coin", True, (120, 104, 80))
        surf.blit(small, small.get_rect(midtop=(area.right - 8 - big.get_width() // 2, area.centery + 14)))

    def _chance(self, surf, pub) -> None:
        area = self._area("chance_deck")
        w, h = CARD_SIZE
        deck = pub.get("deck", 0)
        back = self.sprites.card_back((w, h), label=str(deck))
        at = pygame.Rect(area.x + 6, area.y - 2, w, h)
        for k in range(min(3, deck // 12)):   # the pile's edges
            surf.blit(self.sprites.card_back((w, h)), at.move(3 - k, 3 - k))
        if deck:
            surf.blit(back, at)
        else:
            pygame.draw.rect(surf, (200, 186, 150), at, 2, border_radius=6)
        discard = pub.get("discard") or []
        spot = pygame.Rect(area.x + 6 + w + 18, area.y - 2, w, h)
        if discard:
            for k in range(min(2, (len(discard) - 1) // 6)):
                surf.blit(self.sprites.card_back((w, h)), spot.move(3 - k, 3 - k))
            surf.blit(self.sprites.card_face(discard[-1], (w, h), text=False), spot)
            label = f"{len(discard)} used"
        else:
            pygame.draw.rect(surf, (200, 186, 150), spot, 2, border_radius=6)
            label = "no discards"
        for i, line in enumerate(label.split(" ")):
            text = theme.font(13, i == 0).render(line, True, (120, 104, 80))
            surf.blit(text, text.get_rect(midleft=(spot.right + 8, spot.centery - 8 + 16 * i)))


def _supply_split(pub: dict) -> tuple:
    """(transports, airplanes) destroyed per seat, from the pieces (the view's supply_base counts both)."""
    n = len(pub.get("powers", ()))
    out = [[0, 0] for _ in range(n)]
    for p in pub.get("pieces", ()):
        if p["at"] is None and p["kind"] != "battleship" and 0 <= p["owner"] < n:
            out[p["owner"]][0 if p["kind"] == "transport" else 1] += 1
    return tuple(tuple(x) for x in out)


def _faded(token: pygame.Surface) -> pygame.Surface:
    out = token.copy()
    out.set_alpha(90)
    return out
