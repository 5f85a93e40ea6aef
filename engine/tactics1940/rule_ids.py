"""The rules of Tactics (1940) that events and refusals name (engine.why), each explained in the game's help
(game/help/rules/tactics1940.toml, with the rulebook's rule number). Every chance card is a rule of its own,
its id the card's kind."""
from engine.tactics1940.deck import (ALL_QUIET, CONSCRIPTION, DIPLOMATIC_INCIDENT, PLANE_ATTACK,  # noqa: F401
                                     PLANE_RAID, PLANE_VS_BATTLESHIP, SABOTAGE, STORM_AT_SEA, SUBMARINE,
                                     SURPRISE_MANEUVER, WAR_EXPENSES, WAR_LOAN)
from engine.why import declared

TURN_ORDER = "turn_order"      # 8: a turn is one move, then a chance card acted upon
MOVEMENT = "movement"          # 9: one square at a time, one piece to a square, through the seaport's centre
JUMPS = "jumps"                # 10: battleships jump other players' transports
TRAPS = "traps"                # 10: a battleship between two enemy belligerent battleships is lost
CHANCE_CARDS = "chance_cards"  # 6: a card after every move
PROTESTS = "protests"          # 7: protests for aggression; three accepted mean war
BLOCKADE = "blockade"          # 13: a belligerent's seaport shut ends the game; neutrals ordered aside
TRADE = "trade"                # 14: a neutral's supply ship in another's port earns a coin each
ALLIES = "allies"              # 15: a neutral at war joins the other camp
CARD_FORFEITS = "card_forfeits"  # 16: a card's loss you cannot take costs a coin
SACRIFICE = "sacrifice"        # 17: a debt you cannot pay in coins is paid with a piece
SCORING = "scoring"            # 19: the jackpot and the final scores

ALL = declared(globals())
