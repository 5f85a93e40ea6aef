"""What players see. Nothing in this game is hidden: the public view holds the state's fields
plus summaries for drawing (stacks, garrisons, cut rail links)."""
from engine.canonical import copy_plain
from engine.civil_war import battle, cities
from engine.civil_war.board import load
from engine.civil_war.pieces import GUNBOAT, compact, count, pieces
from engine.civil_war.railroads import cut_links
from engine.civil_war.turns import free_to_move

# The state's own fields; the view adds derived ones beside them.
STATE_KEYS = ("board", "turn", "turn_number", "turn_limit", "moved_any", "units", "fortified", "flags",
              "pending", "outcome")


def view(state, seat) -> dict:
    board = load(state["board"])
    public = {k: copy_plain(state[k]) for k in STATE_KEYS}
    public["pieces"] = [pieces(state, 0), pieces(state, 1)]
    public["stacks"] = stacks(board, state)
    public["garrisons"] = {c.name: cities.garrison(board, state, c.at, c.capital_side)
                           for c in board.cities.values() if c.capital_side is not None}
    public["cut_links"] = [cut_links(board, state, 0), cut_links(board, state, 1)]
    public["markers_left"] = {"disabled": battle.DISABLED_MARKERS - battle.disabled_markers_in_use(state),
                              "fortification": cities.FORTIFICATION_MARKERS - len(state["fortified"])}
    return {"public": public, "private": {}}


def stacks(board, state) -> list:
    """One entry per square and side: counts, how many can still move, disabled, fortified."""
    by_key = {}
    for u in state["units"]:
        by_key.setdefault((u["at"][1], u["at"][0], u["side"]), []).append(u)
    out = []
    for (y, x, side), units in sorted(by_key.items()):
        fortified = cities.fortified_by(board, state, (x, y)) == side
        # (free_to_move, the city's fortification read once a stack: its ground troops are locked in)
        ready = [u for u in units if not u["moved"] and not u["disabled"] and not (fortified and u["kind"] != GUNBOAT)]
        out.append({"at": [x, y], "side": side, "units": compact(count(units)), "ready": compact(count(ready)),
                    "disabled": any(u["disabled"] for u in units), "fortified": fortified})
    return out
