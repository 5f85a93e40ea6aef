"""What each seat sees: everything on the table, plus its own cards; events redacted to match."""
from engine.risk.board import load
from engine.risk.cards import card_info, escalating_value

# Copied from the state as they are (ints, strs, bools, None, or lists of ints).
_PLAIN_FIELDS = ("phase", "first", "current", "turn_number", "armies_to_place", "neutral_pool", "setup_step",
                 "setup_own_left", "sets_traded", "conquered_this_turn", "must_trade", "mid_turn", "neutral",
                 "n_seats", "territory_bonus_given", "trade_after_occupy")


def _stats(territories: dict, n_seats: int) -> list[dict]:
    board = load()
    stats = [{"territories": 0, "armies": 0, "continents": []} for _ in range(n_seats)]
    for v in territories.values():
        owner = v["owner"]
        if owner is not None and owner >= 0:
            stats[owner]["territories"] += 1
            stats[owner]["armies"] += v["armies"]
    for c, members in board.continent_members.items():
        owners = {territories[t]["owner"] for t in members}
        if len(owners) == 1:
            (owner,) = owners
            if owner is not None and owner >= 0:
                stats[owner]["continents"].append(c)
    return stats


def view(state: dict, seat: int | None) -> dict:
    public = {k: state[k] for k in _PLAIN_FIELDS}
    public["territories"] = {t: {"owner": v["owner"], "armies": v["armies"]} for t, v in state["territories"].items()}
    public["hand_counts"] = [len(h) for h in state["hands"]]
    public["setup_pools"] = list(state["setup_pools"])
    public["eliminated"] = list(state["eliminated"])
    public["deck_count"] = len(state["deck"])
    public["next_set_value"] = (escalating_value(state["sets_traded"])
                                if state["options"]["card_values"] == "escalating" else None)
    public["pending"] = dict(state["pending"]) if state["pending"] else None
    public["options"] = dict(state["options"])
    public["first_rolls"] = [[list(roll) for roll in rolls] for rolls in state["first_rolls"]]
    lb = state["last_battle"]
    public["last_battle"] = {**lb, "attacker_dice": list(lb["attacker_dice"]),
                             "defender_dice": list(lb["defender_dice"])} if lb else None
    public["stats"] = _stats(state["territories"], state["n_seats"])
    return {"public": public, "private": private_view(state, seat)}


def private_view(state: dict, seat: int | None) -> dict:
    """The part of `view` only `seat` sees: the cards in its hand."""
    return {"cards": [card_info(i) for i in state["hands"][seat]]} if seat is not None else {}


def redact(event: dict, seat: int | None) -> dict:
    """Drawn cards are seen by their drawer only; an eliminated player's cards by their taker only."""
    kind = event["type"]
    if kind == "card_drawn" and seat != event["seat"]:
        return {k: v for k, v in event.items() if k != "card"}
    if kind == "eliminated" and seat != event["by"]:
        return {k: v for k, v in event.items() if k != "cards"}
    return event
