"""The rules of Tactics (1954) that events and refusals name (engine.why), each explained in the game's help
(game/help/rules/ah_tactics.toml, with the rulebook's section)."""
from engine.why import declared

COMMANDER = "commander"              # A: a side's commander decides for it
TURN_ORDER = "turn_order"            # C, F: each side moves, then fights, in its own turn
SETUP = "setup"                      # B: the secret set-up in the bivouac areas
OWN_UNITS = "own_units"              # A: a side moves and fights only its own units
OUT_OF_WAR = "out_of_war"            # units eliminated, captured or off the board do nothing
ALLOWANCE = "allowance"              # C: 30 squares a turn for the whole army
CONTACT_HALTS = "contact_halts"      # C6: a unit stops next to an enemy unit
ONE_TO_A_SQUARE = "one_to_a_square"  # C: one unit a square, units do not pass through each other
MOUNTAINS = "mountains"              # D1: only mountain divisions enter the mountains
FOREST = "forest"                    # D2: armor never enters a forest
AIR_MOVE = "air_move"                # D3: parachute divisions fly once a turn
SEA_MOVE = "sea_move"                # D4: by sea from a friendly port's dock
PORT_SEIZED = "port_seized"          # D4: a cleared port held by the enemy changes hands
RIVERS = "rivers"                    # E1: no contact across a river, half factors attacking over it
MOUNTAIN_SHELTER = "mountain_shelter"  # E2: a mountain division in the mountains chooses its fights
MUST_ENGAGE = "must_engage"          # F: every enemy unit in contact must be attacked
BATTLE_PLAN = "battle_plan"          # E, F: factors given to battles against adjacent enemies
CRT = "crt"                          # the Combat Results Table: odds and the die
EXCHANGE = "exchange"                # the table's Exchange: each side loses a combat factor
FALL_BACK = "fall_back"              # the table's "back N": the winner chooses where
NO_ROOM = "no_room"                  # a unit that cannot fall back is lost
HQ_CONTACT = "hq_contact"            # F: HQs (and refitting units) are lost on contact
RESERVES = "reserves"                # G: secret reserves behind the front line
CORPS = "corps"                      # B: corps keep their shape when divisions regroup
HQ_RANGE = "hq_range"                # H2: corps HQs within five squares of their corps
PRISONERS = "prisoners"              # J1: prisoners, guards, escape
LIBERATION = "liberation"            # J2: prisoners freed, refitting
ENCIRCLEMENT = "encirclement"        # J4: units cut off for two turns are captured
VICTORY = "victory"                  # A: the two ways to win

ALL = declared(globals())
