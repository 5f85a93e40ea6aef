"""The rules of Situation 4 that events and refusals name (engine.why), each explained in the game's help
(game/help/rules/situation4.toml)."""
from engine.why import declared

FITTING = "fitting"            # each piece fits one space, and a space takes one piece
BUILDING = "building"          # from the base line, interlocking with your own pieces
TANK_GUARD = "tank_guard"      # an enemy tank guards the spaces around its piece
BASES = "bases"                # a completed base brings its tanks or paratroopers
PARATROOPERS = "paratroopers"  # a landing on an enemy piece and a foothold beside it
TANKS = "tanks"                # tanks on your own land linked to your base line
BRIDGES = "bridges"            # two bridges a side, 100 points each
FLAGS = "flags"                # flag an objective at once, or the opponent may
SQUARES = "squares"            # a square wholly of your pieces scores 50
TALLY = "tally"                # the final count when the board is full

ALL = declared(globals())
