"""The rules of world conquest that events and refusals name (engine.why), each explained in the game's help
(game/help/rules/risk.toml)."""
from engine.why import declared

TURN_ORDER = "turn_order"          # a turn: reinforce, attack, fortify
SETUP = "setup"                    # claiming the world and placing the starting armies
OWN_TERRITORY = "own_territory"    # armies are placed, attack and move from your own territories
REINFORCEMENTS = "reinforcements"  # a third of your territories, continents' bonuses
CARD_SETS = "card_sets"            # trading sets of three cards for armies
CARD_FOR_CONQUEST = "card_for_conquest"  # a card at the end of a turn that conquered
ATTACK = "attack"                  # attacking a neighbour from a territory of two armies or more
DICE = "dice"                      # dice compared highest first, ties to the defender
OCCUPY = "occupy"                  # moving into a conquered territory
ELIMINATION = "elimination"        # a player beaten: his cards go to the victor
FORTIFY = "fortify"                # one move of armies at the end of the turn
VICTORY = "victory"                # the last player standing wins

ALL = declared(globals())
