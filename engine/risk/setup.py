"""The opening: territories dealt or claimed, then starting armies placed one at a time.

Two players share the board with a neutral army (owner -1) that only defends;
each of their placement turns is two armies of their own, then one neutral.
"""
from engine.risk.board import load
from engine.risk.state_ops import set_phase
from engine.risk.turns import begin_turn

NEUTRAL = -1
STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
NEUTRAL_ARMIES = 40
OWN_PLACEMENTS_PER_TURN_TWO_PLAYER = 2


def new_state(options: dict, n_seats: int, rng) -> dict:
    board = load()
    neutral = n_seats == 2
    start = STARTING_ARMIES[n_seats]
    deck = [c["id"] for c in board.cards]
    rng.shuffle(deck)
    state = {
        "n_seats": n_seats,
        "options": dict(options),
        "neutral": neutral,
        "phase": "setup",
        "current": 0,
        "turn_number": 0,
        "territories": {t: {"owner": None, "armies": 0} for t in board.territory_ids},
        "hands": [[] for _ in range(n_seats)],
        "deck": deck,
        "discards": [],
        "sets_traded": 0,
        "armies_to_place": 0,
        "setup_pools": [start] * n_seats,
        "neutral_pool": NEUTRAL_ARMIES if neutral else 0,
        "setup_step": None,
        "setup_own_left": 0,
        "conquered_this_turn": False,
        "must_trade": False,
        "mid_turn": False,
        "territory_bonus_given": False,
        "trade_after_occupy": False,
        "pending": None,
        "eliminated": [],
        "last_battle": None,
        "winners": None,
        "reason": None,
    }
    order = list(board.territory_ids)
    rng.shuffle(order)
    if options["territories"] == "dealt":
        holders = list(range(n_seats)) + ([NEUTRAL] if neutral else [])
        for i, t in enumerate(order):
            _occupy_from_pool(state, holders[i % len(holders)], t)
        _begin_placement(state, 0)
    else:
        if neutral:
            # The neutral cannot choose, so its third of the board is dealt at random first.
            for t in order[: len(order) // 3]:
                _occupy_from_pool(state, NEUTRAL, t)
        state["phase"] = "claim"
    return state


def _take_from_pool(state: dict, holder: int, count: int) -> None:
    if holder == NEUTRAL:
        state["neutral_pool"] -= count
    else:
        state["setup_pools"][holder] -= count


def _occupy_from_pool(state: dict, holder: int, territory: str) -> None:
    state["territories"][territory] = {"owner": holder, "armies": 1}
    _take_from_pool(state, holder, 1)


def claim(state: dict, seat: int, territory: str, events: list) -> None:
    _occupy_from_pool(state, seat, territory)
    events.append({"type": "claimed", "seat": seat, "territory": territory})
    if any(v["owner"] is None for v in state["territories"].values()):
        state["current"] = (seat + 1) % state["n_seats"]
        return
    _begin_placement(state, (seat + 1) % state["n_seats"], events)


def place(state: dict, seat: int, territory: str, events: list) -> None:
    """One starting army on `territory` (a neutral one in the two-player neutral step)."""
    owner = state["territories"][territory]["owner"]
    state["territories"][territory]["armies"] += 1
    _take_from_pool(state, owner, 1)
    events.append({"type": "placed", "seat": seat, "territory": territory, "count": 1, "owner": owner})
    if state["setup_step"] == "own" and state["neutral"]:
        state["setup_own_left"] -= 1
        if state["setup_own_left"] > 0 and state["setup_pools"][seat] > 0:
            return
        if state["neutral_pool"] > 0:
            state["setup_step"] = "neutral"
            state["setup_own_left"] = 0
            return
    _begin_placement(state, (seat + 1) % state["n_seats"], events)


def _begin_placement(state: dict, first_candidate: int, events: list | None = None) -> None:
    """Hand the next placement to the first seat from `first_candidate` with armies left to place."""
    events = events if events is not None else []
    n = state["n_seats"]
    for k in range(n):
        seat = (first_candidate + k) % n
        own = state["setup_pools"][seat]
        if own > 0 or (state["neutral"] and state["neutral_pool"] > 0):
            state["current"] = seat
            if own > 0:
                state["setup_step"] = "own"
                state["setup_own_left"] = min(OWN_PLACEMENTS_PER_TURN_TWO_PLAYER, own) if state["neutral"] else 1
            else:
                state["setup_step"] = "neutral"
                state["setup_own_left"] = 0
            set_phase(state, "setup", events)
            return
    state["setup_step"] = None
    state["setup_own_left"] = 0
    begin_turn(state, 0, events)
