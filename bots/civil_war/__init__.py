"""Bots for the Civil War Game, deciding from their own seat's view only.

Every action comes from `view["private"]["legal"]`; the bots read the public view
(units, stacks, garrisons, flags, cut rail links) and the static map, and judge with
a picture of their own (bots.civil_war.picture), never with the rules' functions.
All three levels are one general (bots.civil_war.general) with a different style:

  easy    blind to what the enemy could do next turn; half its moves are made at
          random, the rest go for open cities and fights it wins on numbers;
  normal  the full judgement (dangers to its stacks and cities, raids two turns ahead,
          sacrifices that stop a blow), but three moves in ten are lapses made at random;
  hard    the full judgement on every move.
"""
from bots.civil_war.general import EASY, HARD, NORMAL, General
from bots.settings import AnalysisSettings, ExpertSettings

STYLES = {"easy": EASY, "normal": NORMAL, "hard": HARD}
# The expert's playouts count a turn by the public `turn` (a retreat asked of the other seat is not its turn),
# and the hard general draws nothing, so a playout without chance is exact (docs/bots.md, "The Civil War
# Game's search"); it weighs 16 of the hard general's best (its exact playouts leave most of its second unspent
# at 8), and departs from the general's choice on 2.5 standard errors, not 1.5: with 15 rivals judged, one passes
# 1.5 by chance alone too often ("Wider at the root, and surer to depart"). Its exact look answers most decisions
# in under a tenth of a second: with the time left it looks again, a turn deeper, at its answer and best (4 at
# most) beside the general's choice ("The Civil War Game: a deeper look with the time left").
EXPERT_SETTINGS = ExpertSettings(deterministic_policy=True, turn_field="turn", max_candidates=16, evidence=2.5,
                                 deepen=4)
# The analysis of a finished game (docs/hint_and_analysis.md): the expert's exact playouts find the hard general
# up to 0.27 short of its best in one decision in six, so only a larger drop is a blunder.
ANALYSIS_SETTINGS = AnalysisSettings(inaccuracy=0.02, mistake=0.1, blunder=0.3)


def make(level: str, seat: int, seed: int = 0) -> General:
    return General(seat, seed, STYLES[level])
