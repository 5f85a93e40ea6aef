"""Conceding the game from the window: Ctrl+R asks, and Enter (or the Resign button) resigns the seat on show.

The table decides (engine.resign): a seat may resign itself at any time, its turn or not, in a game of two
camps; its camp loses and the game ends for everyone. Nothing after it can be undone, so the window asks
first, in the board's card that asks before anything final (board_kit.confirm). A game of more camps says
why not at once, in the engine's own words.
"""
import pygame

from engine import resign

KEY = pygame.K_r


def is_resign_key(event) -> bool:
    """Ctrl+R (either Ctrl; Cmd+R on a Mac)."""
    return (event.type == pygame.KEYDOWN and event.key == KEY
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))


def action(seat: int) -> dict:
    return {"type": resign.RESIGN, "seat": seat}


def refusal(view: dict | None) -> str | None:
    """Why the seat on show cannot resign in this game (the engine's sentence), or None."""
    sides = ((view or {}).get("public") or {}).get("sides")
    return resign.refusal(sides) if sides else None


def question(side: str) -> tuple[str, str, str]:
    """What the card asks before `side` (its name, as the board calls it) resigns: question, detail, button."""
    return ("Resign the game?", f"{side} concedes: the other side wins, and the game ends for every player. "
            "It cannot be taken back.", "Resign")


class Resigning:
    """Ctrl+R on a board: the card that asks before the seat on show resigns (`confirm`, the board's ConfirmCard),
    or a notice saying why it cannot; `drop_picks()` lets go of what the board held before the seat concedes."""

    def __init__(self, seats, confirm, drop_picks):
        self.seats, self.confirm, self.drop_picks = seats, confirm, drop_picks

    def _why_not(self, seat) -> str | None:
        seats = self.seats
        if seat is None or getattr(seats.link, "replay", False):
            return "You are watching this game." if seat is None else "This is a replay."
        if seats.over:
            return "The game is over."
        if seats.pending_seq is not None:
            return "Waiting for the table to answer…"
        return refusal(seats.view)

    def ask(self) -> None:
        seats = self.seats
        seat = seats.shown_seat
        why = self._why_not(seat)
        if why is not None:
            seats.refuse(why)
            return
        sides = seats.pub.get("sides") or []
        side = next((s["name"] for s in sides if seat in s["seats"]), None)
        name = seats.seat_name(seat)
        self.confirm.ask(*question(name if side in (None, name) else f"{name} ({side})"), self.resign)

    def resign(self) -> None:
        """The card's Resign: the seat on show concedes (engine.resign; the table says the rest)."""
        seats = self.seats
        seat = seats.shown_seat
        if seat is None or seats.pending_seq is not None or seats.over:
            return
        self.drop_picks()
        seats.act_for(seat, action(seat))

    def handle(self, event) -> bool:
        if is_resign_key(event):
            self.ask()
            return True
        return False
