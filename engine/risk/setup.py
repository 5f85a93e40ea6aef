"""The opening: who starts, territories dealt or claimed, then starting armies placed one at a time.

Every player rolls a die and the highest roll starts (ties roll again among
themselves): that player claims or places first and plays the first turn, and
play passes from seat to seat from there (option first_player=first_seat: seat 0
always starts). Two players share the board with a neutral army (owner -1) that
only defends; each of their placement turns is two armies of their own, then one
neutral.
"""
from engine.risk.board import load
from engine.risk.state_ops import set_phase
from engine.risk.turns import begin_turn

NEUTRAL = -1
STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
NEUTRAL_ARMIES = 40
OWN_PLACEMENTS_PER_TURN_TWO_PLAYER = 2


def roll_for_first(n_seats: int, rng) -> tuple[int, list]:
    """The seat that starts, and the rolls that chose it: rounds of [[seat, die], ...], the tied
    highest rolling again until one is highest."""
    contenders, rounds = list(range(n_seats)), []
    while True:
        rolls = [[seat, rng.die()] for seat in contenders]
        rounds.append(rolls)
        best = max(die for _, die in rolls)
        contenders = [seat for seat, die in rolls if die == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def new_state(options: dict, n_seats: int, rng) -> dict:
    board = load()
    neutral = n_seats == 2
    if options["first_player"] == "dice":
        first, first_rolls = roll_for_first(n_seats, rng)
    else:
        first, first_rolls = 0, []
    start = STARTING_ARMIES[n_seats]
    deck = [c["id"] for c in board.cards]
    rng.shuffle(deck)
    state = {
        "n_seats": n_seats,
        "options": dict(options),
        "neutral": neutral,
        "phase": "setup",
        "first": first,
        "first_rolls": first_rolls,
        "current": first,
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
        # Dealt round the table from the starter's left, so where 42 does not share out evenly the
        # spare territories do not also go to the player who moves first.
        holders = [(first + 1 + i) % n_seats for i in range(n_seats)] + ([NEUTRAL] if neutral else [])
        for i, t in enumerate(order):
            _occupy_from_pool(state, holders[i % len(holders)], t)
        _begin_placement(state, first)
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
    begin_turn(state, state["first"], events)
