"""Every move a side may make now, as action dicts (bots and move highlighting use this)."""
from engine.situation4 import legality
from engine.situation4.board import Board
from engine.situation4.legality import PARATROOP, TANK
from engine.situation4.play import flag_problem
from engine.situation4.state import side_of


def legal_actions(board: Board, state: dict, seat: int) -> list:
    if state["result"] is not None:
        return []
    side = side_of(seat)
    owner, forces = state["owner"], state["forces"]
    actions = []
    candidates = ([state["flag_window"][side]] if state["flag_window"][side] is not None else []) \
        + state["open_objectives"]
    actions += [{"type": "flag", "slot": s} for s in candidates if flag_problem(board, state, side, s) is None]
    actions += [{"type": "bridge", "position": p} for p in range(len(board.bridge_positions))
                if legality.bridge_problem(board, owner, state["bridges"], side,
                                           state["in_hand"]["bridge"][side], p) is None]
    if state["in_hand"][TANK][side] > 0:
        land = state["tank_land"][side]
        actions += [{"type": "tank", "slot": s} for s in range(board.n)
                    if land[s] and forces[s] is None and owner[s] == side]
    scan = legality.force_scan(board, forces, side)  # shared by paradrops and placements
    actions += [{"type": "paradrop", "target": t, "piece": s, "slot": s}
                for t, s in legality.paradrop_moves(board, owner, forces, side, state["in_hand"][PARATROOP][side],
                                                    scan)]
    actions += [{"type": "place", "piece": s, "slot": s}
                for s in legality.placeable_slots(board, owner, forces, side, scan)]
    return actions
