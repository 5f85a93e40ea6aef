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
