"""What a game *is*, declared once by each rules module as `GAME_TYPE` (after OpenSpiel's GameType).

The table, the window and the conformance suite read this instead of asking the
game's id: a real-time game gets racing bots and no turn banner, a game with
reactions gets a prompt bar, a game with hidden information gets the hot-seat
cover, a game with teams shows its sides.
"""
from dataclasses import dataclass

SEQUENTIAL = "sequential"        # one side acts at a time (reactions may still come out of turn)
SIMULTANEOUS = "simultaneous"    # several seats act in the same step and the step resolves when all have
REALTIME = "realtime"            # every seat acts at any moment; the host applies in arrival order
DYNAMICS = (SEQUENTIAL, SIMULTANEOUS, REALTIME)

DETERMINISTIC = "deterministic"  # no dice, no deck
CHANCE = "chance"                # the rules draw from the session's seeded RNG
CHANCES = (DETERMINISTIC, CHANCE)

PERFECT = "perfect"              # every seat's view is the whole state
IMPERFECT = "imperfect"          # some of the state is in private views only (or in nobody's)
INFORMATION = (PERFECT, IMPERFECT)


@dataclass(frozen=True)
class GameType:
    dynamics: str = SEQUENTIAL
    chance: str = CHANCE
    information: str = PERFECT
    reactions: bool = False          # a seat may be asked to act out of turn (view.public.prompt says why)
    teams: bool = False              # several seats may play one side, one of them its commander
    alliances_change: bool = False   # sides may become allies (or enemies) during the game
    hidden_on_board: bool = False    # pieces whose position is known only to their owner
    timed: bool = False              # the rules ask the host for timed steps (`timer(state)`)

    def __post_init__(self):
        if self.dynamics not in DYNAMICS:
            raise ValueError(f"dynamics must be one of {DYNAMICS}, not {self.dynamics!r}")
        if self.chance not in CHANCES:
            raise ValueError(f"chance must be one of {CHANCES}, not {self.chance!r}")
        if self.information not in INFORMATION:
            raise ValueError(f"information must be one of {INFORMATION}, not {self.information!r}")
        if self.hidden_on_board and self.information != IMPERFECT:
            raise ValueError("hidden pieces on the board make the information imperfect")

    @property
    def realtime(self) -> bool:
        return self.dynamics == REALTIME

    @property
    def secret(self) -> bool:
        """True when a seat's view holds something another seat must not see (hot-seat needs a cover)."""
        return self.information == IMPERFECT

    def as_dict(self) -> dict:
        return {"dynamics": self.dynamics, "chance": self.chance, "information": self.information,
                "reactions": self.reactions, "teams": self.teams, "alliances_change": self.alliances_change,
                "hidden_on_board": self.hidden_on_board, "timed": self.timed}
