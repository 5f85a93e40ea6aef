"""The rules of the Civil War Game that events and refusals name (engine.why), each explained in the game's
help (game/help/rules/civil_war.toml, with the rulebook's section where it has one)."""
from engine.why import declared

TURN_ORDER = "turn_order"          # a side's turn, and the steps a battle or a lost city owes
MUST_MOVE = "must_move"            # at least one piece moves each turn
MOVEMENT = "movement"              # how far each kind goes, each piece once a turn, stacks
TERRAIN = "terrain"                # soldiers on land, boats on water, infantry and the mountains
RAILROADS = "railroads"            # infantry rides three squares; cut sections
GUNBOATS = "gunboats"              # infantry at sea aboard gunboats, two a boat
LARGER_FORCE = "larger_force"      # A: the larger force chooses the losses
EVEN_BATTLE = "even_battle"        # A: a coin decides an even battle
SACRIFICE = "sacrifice"            # A: a single piece against more disables them
RETREAT = "retreat"                # A: beaten survivors move off at once
KEY_CITIES = "key_cities"          # B: a key city taken costs its side pieces
CAPITALS = "capitals"              # C: the capitals' garrisons and their fall
FORTIFICATIONS = "fortifications"  # B: doubling a key city's troops
VICTORY = "victory"                # eliminating the enemy, surrender, stalemate, the turn limit

ALL = declared(globals())
