"""What the seat at the controls may do on the Tactics board, read from the host's `legal`.

Legality is the host's, always: every action the board offers comes from the seat's
`view.private.legal` (engine.legal's shape, docs/tactics1940.md "Legal"). A move there is
listed complete, one per path, every prefix of a jump chain included, so the board lights
the next landing squares of a chain from the listed paths and knows a chain may stop
wherever a shorter path is listed. Card choices, sacrifices and a trading ship's way home
are listed pieces and squares; the board lights exactly those.
"""
from engine import legal as listing


def square(value) -> tuple:
    return (int(value[0]), int(value[1]))


class Orders:
    """What one seat may do at one revision, as the host listed it in the seat's view."""

    def __init__(self, view: dict, seat: int):
        self.seat = seat
        self.view = view   # the view these orders were read from (a scripted player decides from the same)
        self.legal = view.get("private", {}).get("legal") or listing.nothing()
        steps = view["public"].get("steps") or []
        self.step = steps[0] if steps else None
        self.moves: dict[int, list[tuple]] = {}
        for a in listing.of_type(self.legal, "move")[0]:
            self.moves.setdefault(a["piece"], []).append(tuple(square(sq) for sq in a["path"]))

    # ----- generic --------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        """What is asked: "move" (the turn), or the pending step's kind ("window", "card", "protest", ...)."""
        return self.step["step"] if self.step else "move"

    def can(self, action: dict) -> bool:
        return listing.contains(self.legal, action)

    def of_type(self, kind: str) -> list[dict]:
        actions, templates = listing.of_type(self.legal, kind)
        return actions + [a for t in templates for a in listing.expand(t)]

    @property
    def empty(self) -> bool:
        return listing.size(self.legal) == 0

    # ----- moves -----------------------------------------------------------------------------
    def sources(self) -> set[int]:
        """Pieces with a listed move."""
        return set(self.moves)

    def next_squares(self, piece: int, prefix: tuple = ()) -> set[tuple]:
        """The squares a listed path of `piece` enters after `prefix`."""
        n = len(prefix)
        return {path[n] for path in self.moves.get(piece, ()) if len(path) > n and path[:n] == prefix}

    def is_move(self, piece: int, path: tuple) -> bool:
        return path in self.moves.get(piece, ())

    def continues(self, piece: int, path: tuple) -> bool:
        """True when a listed jump chain goes on from `path`."""
        return bool(self.next_squares(piece, path))

    def move_action(self, piece: int, path: tuple) -> dict:
        return {"type": "move", "piece": piece, "path": [list(sq) for sq in path]}

    def demandable(self) -> set[int]:
        return {a["piece"] for a in self.of_type("demand")}

    @property
    def may_pass(self) -> bool:
        return self.can({"type": "pass"})

    # ----- steps -----------------------------------------------------------------------------
    def strikes(self) -> list[int]:
        """The submarine cards this seat may expose in the open window (none for most seats)."""
        return [a["card"] for a in self.of_type("strike")]

    def pieces_to_choose(self) -> set[int]:
        return {a["piece"] for a in self.of_type("choose_piece")}

    def players_to_choose(self) -> list[int]:
        return [a["seat"] for a in self.of_type("choose_player")]

    def sides_to_choose(self) -> list[str]:
        return [a["side"] for a in self.of_type("choose_side")]

    def place_squares(self) -> set[tuple]:
        return {square(v) for v in listing.values_of(self.legal, "place", "to")}

    def maneuver_pieces(self) -> set[int]:
        return {t["piece"] for t in listing.of_type(self.legal, "maneuver")[1]} | \
            {a["piece"] for a in listing.of_type(self.legal, "maneuver")[0]}

    def maneuver_squares(self, piece: int) -> set[tuple]:
        return {square(v) for v in listing.values_of(self.legal, "maneuver", "to", piece=piece)}

    @property
    def may_decline(self) -> bool:
        return self.can({"type": "decline"})

    def protest_answers(self) -> list[bool]:
        """The `pay` values listed for a protest: False (accept the card), True (pay 1 coin) if affordable."""
        return [a["pay"] for a in self.of_type("answer_protest")]
