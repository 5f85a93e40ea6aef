"""A seat resigned: the Session's own action, the same for every game (docs/games.md, "Resigning").

    {"type": "resign", "seat": S}      acted by seat S itself (a player concedes, at any time), or by the
                                       table (seat None) for any seat, e.g. a missed move deadline

The seat's camp (its side and the sides allied with it) loses, the other camp wins, and the game is
over for every view (`public.result`). Every seat and spectator sees `{"type": "resigned", "seat": S}`.
Accepted, it is logged and saved like any action, so a replay ends the game the same way.

Only a game of two camps can end so: with three or more, the rulebooks say nothing of a player who
leaves mid-game (who takes its pieces, its cards, its turn), so it is refused and a table keeps
such a game going another way (a bot plays the seat's move).
"""
from engine.errors import BAD_ACTION, RuleError

RESIGN = "resign"      # the action's type
RESIGNED = "resigned"  # the event every seat and spectator sees


def checked_seat(action: dict, n_seats: int) -> int:
    """The seat `action` resigns, or RuleError bad_action when it is not exactly {"type", "seat"}."""
    seat = action.get("seat")
    if set(action) != {"type", "seat"} or isinstance(seat, bool) or not isinstance(seat, int) \
            or not 0 <= seat < n_seats:
        raise RuleError(BAD_ACTION, f"A resignation is {{'type': 'resign', 'seat': 0..{n_seats - 1}}} and "
                                    "nothing else.")
    return seat


def camps(sides: list[dict]) -> list[list[int]]:
    """The seats of each camp: sides joined with the sides they are allied with (engine.sides), in side order."""
    camp_of = list(range(len(sides)))

    def root(i):
        while camp_of[i] != i:
            i = camp_of[i]
        return i

    for i, side in enumerate(sides):
        for ally in side["allies"]:
            camp_of[root(ally)] = root(i)
    out: dict[int, list[int]] = {}
    for i, side in enumerate(sides):
        out.setdefault(root(i), []).extend(side["seats"])
    return [sorted(seats) for seats in out.values()]


def refusal(sides: list[dict]) -> str | None:
    """None when a seat may be resigned in a game with these sides, else why not (a sentence)."""
    n = len(camps(sides))
    if n != 2:
        return (f"A seat can be resigned only in a game of two camps, and this one has {n} now: with more, "
                "the rulebook says nothing of a player who leaves mid-game.")
    return None


def result(sides: list[dict], n_seats: int, seat: int, loser_name: str, by_table: bool = True) -> dict:
    """The game's result once `seat` resigned (by the table, or by itself): the other camp wins (scores: 1 a
    winner, 0 a loser)."""
    winners = next(c for c in camps(sides) if seat not in c)
    reason = f"{loser_name} forfeits: the table resigned the seat." if by_table else f"{loser_name} resigns."
    return {"winners": winners, "scores": [int(s in winners) for s in range(n_seats)], "reason": reason}
