"""Acting on a chance card (Rules 6, 12, 16, 17): what the drawer may choose, and the effects.

After his move the player draws the top card and follows it; his turn is not over until
he has. A card that leaves him nothing to choose is carried out at once; otherwise a
{"step": "card", "seat": drawer, "card": id} step waits for his choice:
  choose_piece  a target (an enemy battleship, transport or airplane) or one of his own to lose
  choose_player a player who has none of the pieces a plane card goes for (he pays 1 coin),
                or the player a Diplomatic Incident protest is served on
  place         where a conscripted transport comes back
  maneuver      the transport a Surprise Maneuver moves and where to
  decline       leave an optional card unused
Cards speak of "enemy" pieces: a player at war picks on the other camp, or on a neutral
if he chooses (that is aggression and draws a protest); a neutral has no enemy, so for
him an attack is optional and any target is aggression. Plane cards need at least one
of the drawer's airplanes still on its base. Pieces in the safety zone are safe from attack.
"""
from engine.hidden import secret_event
from engine.package import per_board
from engine.tactics1940 import deck, diplomacy, payments, rule_ids as why, submarines
from engine.tactics1940.board import LAND, OCEAN, SAFETY
from engine.tactics1940.moves import crosses, piece_moves
from engine.tactics1940.pieces import AIRPLANE, BATTLESHIP, TRANSPORT, destroy, occupancy, on_board
from engine.why import RULE

ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
TARGET_KIND = {deck.PLANE_VS_BATTLESHIP: BATTLESHIP, deck.PLANE_ATTACK: TRANSPORT, deck.PLANE_RAID: AIRPLANE}
OWN_LOSS_KIND = {deck.STORM_AT_SEA: TRANSPORT, deck.SABOTAGE: AIRPLANE}


# ----- what the drawer may choose -------------------------------------------------------

def choices(board, state, seat, card_id) -> dict:
    """{"pieces": [ids], "players": [seats], "squares": [sq], "maneuver": {id: [sq]}, "decline": bool}."""
    kind = deck.card(board, card_id)["kind"]
    out = {"pieces": [], "players": [], "squares": [], "maneuver": {}, "decline": False}
    if kind in TARGET_KIND:
        if not on_board(state, seat, AIRPLANE):
            return out
        target_kind = TARGET_KIND[kind]
        pieces = [p for p in state["pieces"] if p["at"] is not None and p["kind"] == target_kind
                  and _victim(state, seat, p["owner"]) and not board.in_safety(tuple(p["at"]))]
        if kind == deck.PLANE_VS_BATTLESHIP:
            occ = occupancy(state)
            pieces = [p for p in pieces if repair_berth(board, state, p, occ) is not None]
        players = []
        if kind != deck.PLANE_VS_BATTLESHIP:
            players = [s for s in range(state["n"]) if _victim(state, seat, s) and not on_board(state, s, target_kind)]
        out["pieces"] = [p["id"] for p in pieces]
        out["players"] = players
        foes = set(diplomacy.enemies(state, seat))
        out["decline"] = not any(p["owner"] in foes for p in pieces) and not (set(players) & foes)
    elif kind in OWN_LOSS_KIND:
        out["pieces"] = [p["id"] for p in on_board(state, seat, OWN_LOSS_KIND[kind])]
    elif kind == deck.CONSCRIPTION:
        if any(p["at"] is None for p in _own(state, seat, TRANSPORT)):
            out["squares"] = free_home_squares(board, state, seat)
    elif kind == deck.DIPLOMATIC_INCIDENT:
        if state["protest_cards"][seat] > 0:
            out["players"] = [s for s in range(state["n"]) if diplomacy.protest_due(state, s, seat)]
    elif kind == deck.SURPRISE_MANEUVER:
        out["maneuver"] = _maneuvers(board, state, seat)
        out["decline"] = True
    return out


# A drawn Surprise Maneuver's choices are asked for three times (when it is drawn, listed and acted on) in one
# position, and each costs a search of every other home's ways out for each transport: the last few are kept.
_MANEUVERS = {}     # (board, seat, powers, every piece's owner, kind and square) -> {transport id: squares}
MANEUVERS_KEPT = 64


def _maneuvers(board, state, seat) -> dict:
    """{id: squares} for each of `seat`'s transports a Surprise Maneuver may move (`maneuver_squares`)."""
    key = (board.name, seat, tuple(state["powers"]),
           tuple((p["owner"], p["kind"], None if p["at"] is None else (p["at"][0], p["at"][1]))
                 for p in state["pieces"]))
    found = _MANEUVERS.get(key)
    if found is None:
        found = {}
        ground = _maneuver_ground(board, state, seat)   # the same for each of the seat's transports
        for p in on_board(state, seat, TRANSPORT):
            squares = maneuver_squares(board, state, p, ground)
            if squares:
                found[p["id"]] = squares
        if len(_MANEUVERS) >= MANEUVERS_KEPT:
            _MANEUVERS.clear()
        _MANEUVERS[key] = found
    return {pid: list(squares) for pid, squares in found.items()}


def _victim(state, seat, other) -> bool:
    """May `seat`'s attack cards pick on `other`'s pieces? (anyone but himself and his allies)"""
    return other != seat and not diplomacy.friendly(state, seat, other)


def _own(state, seat, kind) -> list:
    return [p for p in state["pieces"] if p["owner"] == seat and p["kind"] == kind]


def option_count(c: dict) -> int:
    return (len(c["pieces"]) + len(c["players"]) + len(c["squares"]) + sum(len(v) for v in c["maneuver"].values())
            + (1 if c["decline"] else 0))


def free_home_squares(board, state, seat) -> list:
    home = board.homes[state["powers"][seat]]
    occ = occupancy(state)
    return sorted((sq for sq in home.squares if sq not in occ and sq not in home.bases), key=lambda s: (s[1], s[0]))


def repair_berth(board, state, ship, occ=None):
    """Where a damaged battleship goes for repairs: (berth, transport to move aside or None, its new square),
    or None when it cannot go (it is in its own seaport already, or the seaport is full of ships). `occ`: the
    occupancy, when the caller has it."""
    home = board.homes[state["powers"][ship["owner"]]]
    if tuple(ship["at"]) in home.seaport:
        return None
    occ = occ if occ is not None else occupancy(state)
    berths = (home.seaport[0], home.seaport[3], home.seaport[1], home.seaport[2])  # the quiet ends first
    for berth in berths:
        if berth not in occ:
            return berth, None, None
    for berth in berths:
        p = occ[berth]
        if p["kind"] == TRANSPORT:
            aside = _closest_free_land(board, home, occ, berth)
            if aside is not None:
                return berth, p, aside
    return None


def _closest_free_land(board, home, occ, origin):
    """The free land square of `home` fewest straight steps from `origin` (ties: board order)."""
    seen, frontier = {origin}, [origin]
    while frontier:
        found = sorted((sq for sq in frontier if sq != origin and sq not in occ and board.kinds[sq] == LAND
                        and sq not in home.bases), key=lambda s: (s[1], s[0]))
        if found:
            return found[0]
        nxt = []
        for sq in frontier:
            for d in ORTHOGONAL:
                n = board.links[sq].get(d)
                if n is not None and n in home.squares and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return None


def maneuver_squares(board, state, p, ground=None) -> list:
    """Squares a Surprise Maneuver may put transport `p` on (Rule 6): open water, but never a square that
    would leave another player no way out of his home area. `ground`: `_maneuver_ground` of this state for
    `p`'s owner, when a caller asks for several of his transports."""
    occ, water, open_homes = ground if ground is not None else _maneuver_ground(board, state, p["owner"])
    fronts = _fronts(board)
    origin = (p["at"][0], p["at"][1])
    vacated = {sq: q for sq, q in occ.items() if sq != origin}
    banned = set()
    for other, home in open_homes:
        landings = {sq for _, path in _ways_out(board, vacated, other, home) for sq in path}
        for sq in landings:
            if sq in banned or sq in occ or sq in fronts:
                continue
            trial = dict(vacated)
            trial[sq] = p
            if not _has_way_out(board, trial, other, home):
                banned.add(sq)
    return sorted((sq for sq in water if sq not in banned), key=lambda s: (s[1], s[0]))


def _maneuver_ground(board, state, owner) -> tuple:
    """What `maneuver_squares` reads the same for each of `owner`'s transports: (the occupancy, the free
    ocean and safety-zone squares off the front squares, [(seat, home)] of the other players who have a
    way out of their home area now)."""
    occ = occupancy(state)
    fronts = _fronts(board)
    water = [sq for sq, kind in board.kinds.items() if kind in (OCEAN, SAFETY) and sq not in occ and sq not in fronts]
    open_homes = []
    for other in range(state["n"]):
        home = board.homes[state["powers"][other]]
        if other != owner and _has_way_out(board, occ, other, home):
            open_homes.append((other, home))
    return occ, water, open_homes


@per_board
def _fronts(board) -> frozenset:
    """Every home's front squares (a maneuver never lands on one)."""
    return frozenset(sq for h in board.homes.values() for sq in h.front)


def _ways_out(board, occ, seat, home) -> list:
    """Moves of `seat`'s pieces inside `home` that take them out of it: [(piece, path)]."""
    return list(_each_way_out(board, occ, seat, home))


def _has_way_out(board, occ, seat, home) -> bool:
    """Whether `_ways_out` finds any, stopping at the first."""
    return next(_each_way_out(board, occ, seat, home), None) is not None


def _each_way_out(board, occ, seat, home):
    """`_ways_out`'s moves, one at a time."""
    for sq, q in occ.items():
        if q["owner"] == seat and sq in home.squares:
            start = (q["at"][0], q["at"][1])
            for path, _ in piece_moves(board, occ, q):
                if crosses(home, start, path):
                    yield q, path


# ----- drawing and carrying out ---------------------------------------------------------

def draw(board, state, seat, rng, events: list) -> None:
    card_id = deck.draw(state, rng, events)
    state["drawn"] = None if card_id is None else {"seat": seat, "card": card_id}
    if card_id is None:
        events.append({"type": "deck_empty", "seat": seat, RULE: why.CHANCE_CARDS})
        return
    c = deck.card(board, card_id)
    if c["kind"] == deck.SUBMARINE:
        events.append(secret_event({"type": "drew", "seat": seat, "card": {"kind": deck.SUBMARINE,
                                                                           "title": deck.SUBMARINE_TITLE},
                                    RULE: why.SUBMARINE}, [seat], card=deck.public(board, card_id)))
        submarines.hands(state).hide(seat, card_id, list(c["square"]))
        return
    events.append({"type": "drew", "seat": seat, "card": deck.public(board, card_id), RULE: c["kind"]})
    options = choices(board, state, seat, card_id)
    count = option_count(options)
    if count == 0:
        _automatic(board, state, seat, c, events)
        _discard(state, card_id)
    elif count == 1 and not options["decline"]:
        _only_choice(board, state, seat, card_id, options, events)
    else:
        state["steps"].append({"step": "card", "seat": seat, "card": card_id})


def _discard(state, card_id) -> None:
    state["discard"].append(card_id)


def _automatic(board, state, seat, c, events: list) -> None:
    """A card with nothing to choose."""
    kind = c["kind"]
    if kind in OWN_LOSS_KIND:
        payments.forfeit(state, seat, None, 1, c["title"], events, why.CARD_FORFEITS)   # Rule 16: no such piece left
    elif kind == deck.WAR_LOAN:
        if state["reserve"] > 0:
            state["reserve"] -= 1
            state["coins"][seat] += 1
            events.append({"type": "loan", "seat": seat, "coins": 1, RULE: why.WAR_LOAN})
    elif kind == deck.WAR_EXPENSES:
        payments.forfeit(state, seat, None, 1, c["title"], events, why.WAR_EXPENSES)
    else:
        events.append({"type": "no_effect", "seat": seat, "card": c["id"],
                       "reason": why_no_effect(board, state, seat, c), RULE: kind})


def why_no_effect(board, state, seat, c) -> str:
    """Why a drawn card leaves nothing to do, in words for every player (the `no_effect` event's reason)."""
    kind = c["kind"]
    if kind in TARGET_KIND:
        if not on_board(state, seat, AIRPLANE):
            return "no airplane of the drawer is left on its base to carry it out"
        what = {BATTLESHIP: "no enemy battleship can be sent home for repairs (none outside the safety zone and "
                            "its own seaport with a berth free there)",
                TRANSPORT: "every enemy transport is in the safety zone",
                AIRPLANE: "no enemy airplane can be reached"}
        return what[TARGET_KIND[kind]]
    if kind == deck.CONSCRIPTION:
        if not any(p["at"] is None for p in _own(state, seat, TRANSPORT)):
            return "none of the drawer's transports has been destroyed"
        return "the drawer's home area has no free square for it"
    if kind == deck.DIPLOMATIC_INCIDENT:
        if state["protest_cards"][seat] == 0:
            return "the drawer has no protest cards left"
        return "there is nobody to serve a protest on (belligerents never protest to one another)"
    if kind == deck.ALL_QUIET:
        return "all is quiet"
    return "nothing on the board answers it"


def _only_choice(board, state, seat, card_id, options, events: list) -> None:
    if options["pieces"]:
        choose_piece(board, state, seat, card_id, state["pieces"][options["pieces"][0]], events)
    elif options["players"]:
        choose_player(board, state, seat, card_id, options["players"][0], events)
    elif options["squares"]:
        place(board, state, seat, card_id, options["squares"][0], events)
    else:
        pid, squares = next(iter(options["maneuver"].items()))
        maneuver(board, state, seat, card_id, state["pieces"][pid], squares[0], events)
    _discard(state, card_id)


def finish_step(state, step) -> None:
    state["steps"].remove(step)
    _discard(state, step["card"])


def choose_piece(board, state, seat, card_id, p, events: list) -> None:
    kind = deck.card(board, card_id)["kind"]
    if kind == deck.PLANE_VS_BATTLESHIP:
        _repair(board, state, seat, p, events)
        diplomacy.aggression(state, seat, p["owner"], 1, events)
    elif kind in TARGET_KIND:
        destroy(state, p, seat, "plane", events, kind)
        diplomacy.aggression(state, seat, p["owner"], 1, events)
    else:
        destroy(state, p, seat, kind, events, kind)


def _repair(board, state, seat, ship, events: list) -> None:
    berth, aside, aside_to = repair_berth(board, state, ship)
    if aside is not None:
        events.append({"type": "moved_aside", "piece": aside["id"], "from": aside["at"], "to": list(aside_to),
                       RULE: why.PLANE_VS_BATTLESHIP})
        aside["at"] = list(aside_to)
    events.append({"type": "damaged", "piece": ship["id"], "owner": ship["owner"], "by": seat,
                   "from": ship["at"], "to": list(berth), RULE: why.PLANE_VS_BATTLESHIP})
    ship["at"] = list(berth)


def choose_player(board, state, seat, card_id, target, events: list) -> None:
    c = deck.card(board, card_id)
    if c["kind"] == deck.DIPLOMATIC_INCIDENT:
        diplomacy.serve(state, seat, target, events)
    else:
        # Rule 16: he has no such piece
        payments.forfeit(state, target, seat, 1, c["title"], events, why.CARD_FORFEITS)


def place(board, state, seat, card_id, sq, events: list) -> None:
    p = next(p for p in _own(state, seat, TRANSPORT) if p["at"] is None)
    p["at"] = list(sq)
    events.append({"type": "conscripted", "seat": seat, "piece": p["id"], "to": list(sq), RULE: why.CONSCRIPTION})


def maneuver(board, state, seat, card_id, p, sq, events: list) -> None:
    events.append({"type": "maneuvered", "seat": seat, "piece": p["id"], "from": p["at"], "to": list(sq),
                   RULE: why.SURPRISE_MANEUVER})
    p["at"] = list(sq)
    if submarines.needs_window(board, state, sq):
        submarines.open_window(state, p, sq, False, events)
