"""Known blunders planted in bot games, for the analysis (bots/analysis.py) to find: the test
(tests/bots/test_analysis.py) and the bench row (bench/analysis.py) share them.

A hard-bot game is played and recorded; its decisions (engine.decisions, folded by bots.analysis.units) are
looked through for a place where a blunder of a known kind can be made, and the decision is handed to the
analysis with the blunder as the action played:
  * **an HQ marched into the enemy's reach** (Tactics (1954), a movement phase): one of the seat's HQs, far
    from every enemy division, moved where an enemy division could come next to it for at most two squares'
    worth of allowance (bots/ah_tactics_threat.py, the hard bot's own reckoning), before the seat's own moves
    of the phase (none of which moves that HQ); rule F then loses it to a touch;
  * **an attack at 1-6** (Tactics (1954), a movement phase): a division the phase leaves alone marched where the
    enemy divisions it controls (and must attack, rule F) defend with six times its factor or more, and no
    other of the seat's divisions stands next to them to help;
  * **a card thrown away** (Tactics (1940), a plane card that can sink an enemy transport or destroy an enemy
    airplane): the card spent on no enemy piece (a neutral's, which only draws its protest; a coin from a player
    with none; or left unused).
"""
import bots
from bots import analysis
from bots.ah_tactics_threat import threatened
from engine import decisions, legal
from engine.ah_tactics import queries as aht
from engine.ah_tactics.board import load as aht_board
from engine.session import Session
from tests.bot_games import bot_step

FAR = 30    # thirds of allowance: an HQ the enemy needs more than this to touch is out of its easy reach
NEAR = 3    # ... and one it needs this much or less for (a step across open ground), within it


def hard_game(game_id: str, seed: int, actions: int, n_seats: int = 2) -> tuple[dict, list]:
    """(header, log) of a game of hard bots, `actions` long at most."""
    s = Session(game_id, n_seats, seed=seed)
    players = [bots.make(game_id, "hard", seat, seed * 10 + seat) for seat in range(n_seats)]
    while s.rev < actions and s.result() is None:
        bot_step(s, players)
    return s.header(), list(s.log)


def decision_units(game_id: str, header: dict, log: list, seat: int) -> list:
    return analysis.units(game_id, decisions.of_save(header, log, [seat]))


# ----- Tactics (1954) ---------------------------------------------------------------------------------------

def _sides(view):
    pub = view["public"]
    name = aht.SIDE_NAMES[aht.side_of(view)]
    on_board = [u for u in pub["units"] if u["at"] is not None and u["status"] == "active"]
    return [u for u in on_board if u["side"] == name], [u for u in on_board if u["side"] != name], pub


def _moved(plan) -> set:
    return {a["unit"] for a in plan if a.get("unit") is not None}


def hq_into_reach(unit) -> dict | None:
    """A move that marches an HQ far from the enemy to within its easy reach, or None."""
    mine, theirs, pub = _sides(unit.view)
    enemy = [tuple(u["at"]) for u in theirs if u["kind"] != aht.HQ_KIND]
    danger = threatened(aht_board(), enemy, [tuple(u["at"]) for u in mine if u["kind"] != aht.HQ_KIND],
                        [tuple(u["at"]) for u in mine + theirs if u["kind"] == aht.HQ_KIND],
                        [p for p, side in pub["ports"].items() if side != mine[0]["side"]],
                        [tuple(u["at"]) for u in theirs if u["kind"] == "amphibious"])
    best, moved = None, _moved(unit.played)
    for u in mine:
        if u["kind"] != aht.HQ_KIND or u["id"] in moved or danger.get(tuple(u["at"]), FAR + 1) <= FAR:
            continue
        for square, cost in aht.reach_costs(unit.view, u["id"]).items():
            near = danger.get(square)
            if near is not None and near <= NEAR and (best is None or (near, cost) < best[0]):
                best = ((near, cost), {"type": "move", "unit": u["id"], "to": list(square)})
    return None if best is None else best[1]


def attack_at_one_to_six(unit) -> dict | None:
    """A move that marches a division the phase leaves alone to where it must attack at 1-6 or worse, or None."""
    mine, theirs, _ = _sides(unit.view)
    enemy_at = {tuple(u["at"]): u for u in theirs if u["kind"] != aht.HQ_KIND}
    own_at = {tuple(u["at"]) for u in mine if u["kind"] != aht.HQ_KIND}
    moved = _moved(unit.played)
    best = None
    for u in mine:
        if u["kind"] == aht.HQ_KIND or u["id"] in moved:
            continue
        factor = aht.printed_factor(u["kind"])
        for square, cost in aht.reach_costs(unit.view, u["id"]).items():
            foes = [enemy_at[sq] for sq in aht.control(square, u["kind"]) if sq in enemy_at]
            defence = sum(aht.printed_factor(f["kind"]) for f in foes)
            if not foes or defence < 6 * factor or aht.in_mountains(u["id"], square):
                continue
            helpers = {sq for f in foes for sq in aht.control(tuple(f["at"])) if sq in own_at}
            if helpers - {tuple(u["at"])}:
                continue   # another division of ours next to them would join the battle
            if best is None or cost < best[0]:
                best = (cost, {"type": "move", "unit": u["id"], "to": list(square)})
    return None if best is None else best[1]


def planted_1954(units, kind) -> list:
    """Each planned movement decision of `units` with the blunder `kind` (a function of the unit giving the move,
    or None) played before the seat's own moves of the phase."""
    out = []
    for unit in units:
        if not unit.planned or unit.view["public"].get("round", 0) < 2:
            continue
        move = kind(unit)
        if move is not None and legal.contains(unit.view["private"]["legal"], move):
            out.append(analysis.Unit(unit.index, unit.seat, unit.view, [move] + unit.played, planned=True))
    return out


# ----- Tactics (1940) ---------------------------------------------------------------------------------------

def card_thrown_away(units) -> list:
    """Each card decision that could destroy an enemy piece, played as a card spent on no piece."""
    out = []
    for unit in units:
        listed = list(legal.all_actions(unit.view["private"]["legal"]))
        if not any(a["type"] == "choose_piece" for a in listed):
            continue
        pieces = {p["id"]: p for p in unit.view["public"]["pieces"]}
        camps = unit.view["public"]["camps"]
        mine = camps[unit.seat]

        def foe(seat):
            return mine is not None and camps[seat] is not None and camps[seat] != mine
        # a piece the card destroys (a battleship is only sent for repairs, which the evaluation cannot see)
        targets = [a for a in listed if a["type"] == "choose_piece" and foe(pieces[a["piece"]]["owner"])
                   and pieces[a["piece"]]["kind"] != "battleship"]
        wasted = [a for a in listed if a["type"] in ("choose_player", "decline") or
                  (a["type"] == "choose_piece" and camps[pieces[a["piece"]]["owner"]] is None)]
        if targets and wasted:
            out.append(analysis.Unit(unit.index, unit.seat, unit.view, [wasted[0]]))
    return out
