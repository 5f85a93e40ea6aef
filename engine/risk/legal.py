"""What a seat may do, judged from public data alone (plus the seat's own card ids).

Every function here reads a "public" map: either the game state itself or
`view["public"]` as a client receives it — both hold the same fields
(phase, current, territories, armies_to_place, setup_step, pending, must_trade,
mid_turn, options). So the rules (to refuse actions) and the bots (to find
moves) share one statement of legality.

`listing` is what the host sends as `view.private.legal`: complete actions where
they are few (claims, attacks, trades), templates where counts run 1..n (placing
reinforcements, occupying, fortifying).
"""
import itertools

from engine import legal as shape
from engine.errors import BAD_ACTION, GAME_OVER, ILLEGAL, NOT_YOUR_TURN, RuleError
from engine.risk import rule_ids as why
from engine.risk.board import load
from engine.risk.cards import symbols_form_set, symbols_of, tradeable_sets
from engine.risk.combat import max_attack_dice, max_defend_dice
from engine.validate import action_type, field, int_list

NEUTRAL = -1
LEAST_TO_LEAVE_FROM = 2   # one army always stays behind: attacking or moving from a territory needs this many
TRADE_SIZE = 3


def actor(pub: dict) -> int | None:
    """The seat whose move it is (the defender while an attack awaits its answer)."""
    if pub["phase"] == "over":
        return None
    if pub["phase"] == "defend":
        return pub["pending"]["defender"]
    return pub["current"]


def may_trade(pub: dict) -> bool:
    """Trades happen while reinforcing: freely at the start of a turn, mid-turn only while forced."""
    return pub["phase"] == "reinforce" and (pub["must_trade"] or not pub["mid_turn"])


def reachable(pub: dict, seat: int, start: str, own_adjacent: dict | None = None) -> list[str]:
    """Own territories `start` may fortify into (without `start` itself), in a fixed order. `own_adjacent`: the
    seat's `own_neighbours`, where a caller asks for many starts (read once, not at every step of every search)."""
    adjacent = load().adjacent
    terr = pub["territories"]
    if own_adjacent is None:
        def own_next(here):
            return [t for t in adjacent[here] if terr[t]["owner"] == seat]
    else:
        own_next = own_adjacent.__getitem__
    if pub["options"]["fortify"] == "adjacent":
        return list(own_next(start))
    seen = {start}
    found = []
    frontier = [start]
    visit, keep, push, pop = seen.add, found.append, frontier.append, frontier.pop   # (a search a territory)
    while frontier:
        for t in own_next(pop()):
            if t not in seen:
                visit(t)
                keep(t)
                push(t)
    return found


def attack_options(terr: dict, seat: int) -> list[tuple[str, str, int]]:
    """(from, to, the most dice) of every attack `seat` may make, in the listing's order: from each of its
    territories with armies to leave (LEAST_TO_LEAVE_FROM) to each neighbour another holds."""
    adjacent = load().adjacent
    out = []
    for src, v in terr.items():
        if v["owner"] != seat:
            continue
        armies = v["armies"]
        if armies < LEAST_TO_LEAVE_FROM:
            continue
        most = max_attack_dice(armies)
        for dst in adjacent[src]:
            if terr[dst]["owner"] != seat:
                out.append((src, dst, most))
    return out


def own_neighbours(terr: dict, seat: int) -> dict:
    """Each of the seat's territories -> its neighbours the seat holds too, in the board's order."""
    adjacent = load().adjacent
    return {t: [n for n in adjacent[t] if terr[n]["owner"] == seat] for t, v in terr.items() if v["owner"] == seat}


# ----- refusing --------------------------------------------------------------------------

def _territory(action: dict, name: str) -> str:
    t = field(action, name, str)
    if t not in load().adjacent:
        raise RuleError(BAD_ACTION, f"There is no territory called {t!r}.")
    return t


def _count(action: dict, name: str, lo: int, hi: int, what: str, rule: str) -> int:
    n = field(action, name, int)
    if not lo <= n <= hi:
        span = f"exactly {lo}" if lo == hi else f"from {lo} to {hi}"
        raise RuleError(ILLEGAL, f"{what} must be {span}, not {n}.", rule)
    return n


def _need_phase(pub: dict, kind: str, *phases: str) -> None:
    if pub["phase"] not in phases:
        raise RuleError(ILLEGAL, f"You cannot {kind.replace('_', ' ')} now: the game is in the {pub['phase']} phase.",
                        why.SETUP if pub["phase"] in ("claim", "setup") else why.TURN_ORDER)


def _own(pub: dict, seat: int, t: str) -> None:
    if pub["territories"][t]["owner"] != seat:
        raise RuleError(ILLEGAL, f"{load().territories[t]['name']} is not yours.", why.OWN_TERRITORY)


def _check_claim(pub, cards, seat, action):
    _need_phase(pub, "claim", "claim")
    t = _territory(action, "territory")
    if pub["territories"][t]["owner"] is not None:
        raise RuleError(ILLEGAL, f"{load().territories[t]['name']} is already claimed.", why.SETUP)


def _check_place(pub, cards, seat, action):
    _need_phase(pub, "place", "setup", "reinforce")
    t = _territory(action, "territory")
    if pub["phase"] == "setup":
        _count(action, "count", 1, 1, "A starting placement", why.SETUP)
        if pub["setup_step"] == "neutral":
            if pub["territories"][t]["owner"] != NEUTRAL:
                raise RuleError(ILLEGAL, "This placement is for the neutral army: choose a neutral territory.",
                                why.SETUP)
        else:
            _own(pub, seat, t)
        return
    if pub["must_trade"]:
        raise RuleError(ILLEGAL, "You hold too many cards: trade a set before placing armies.", why.CARD_SETS)
    _own(pub, seat, t)
    _count(action, "count", 1, pub["armies_to_place"], "The number of armies to place", why.REINFORCEMENTS)


def _check_trade(pub, cards, seat, action):
    _need_phase(pub, "trade", "reinforce")
    if not may_trade(pub):
        raise RuleError(ILLEGAL, "After taking a player's cards you may trade only while you hold 5 or more.",
                        why.CARD_SETS)
    ids = int_list(action, "cards", max_len=TRADE_SIZE)
    if len(ids) != TRADE_SIZE or len(set(ids)) != TRADE_SIZE:
        raise RuleError(ILLEGAL, "A trade is three different cards.", why.CARD_SETS)
    if not all(i in cards for i in ids):
        raise RuleError(ILLEGAL, "You can only trade cards in your own hand.", why.CARD_SETS)
    if not symbols_form_set(symbols_of(ids)):
        raise RuleError(ILLEGAL, "Those cards are not a set: three alike, one of each, or two and a wild.",
                        why.CARD_SETS)


def _check_attack(pub, cards, seat, action):
    _need_phase(pub, "attack", "attack")
    src, dst = _territory(action, "from"), _territory(action, "to")
    _own(pub, seat, src)
    if dst not in load().adjacent[src]:
        raise RuleError(ILLEGAL, "You can only attack a territory next to the one you attack from.", why.ATTACK)
    if pub["territories"][dst]["owner"] == seat:
        raise RuleError(ILLEGAL, "You cannot attack your own territory.", why.ATTACK)
    armies = pub["territories"][src]["armies"]
    if armies < LEAST_TO_LEAVE_FROM:
        raise RuleError(ILLEGAL, f"Attacking needs at least {LEAST_TO_LEAVE_FROM} armies in the territory you "
                                 "attack from.", why.ATTACK)
    _count(action, "dice", 1, max_attack_dice(armies), "Attack dice", why.DICE)


def _check_defend(pub, cards, seat, action):
    _need_phase(pub, "defend", "defend")
    _count(action, "dice", 1, max_defend_dice(pub["territories"][pub["pending"]["to"]]["armies"]), "Defence dice",
           why.DICE)


def _check_occupy(pub, cards, seat, action):
    _need_phase(pub, "occupy", "occupy")
    p = pub["pending"]
    _count(action, "count", p["min"], p["max"], "Armies moved in", why.OCCUPY)


def _check_end_attack(pub, cards, seat, action):
    _need_phase(pub, "end_attack", "attack")


def _check_fortify(pub, cards, seat, action):
    _need_phase(pub, "fortify", "fortify")
    src, dst = _territory(action, "from"), _territory(action, "to")
    _own(pub, seat, src)
    _own(pub, seat, dst)
    if src == dst or dst not in reachable(pub, seat, src):
        how = "next to" if pub["options"]["fortify"] == "adjacent" else "connected through your territories to"
        raise RuleError(ILLEGAL, f"You can only fortify a territory {how} the one you move from.", why.FORTIFY)
    armies = pub["territories"][src]["armies"]
    if armies < LEAST_TO_LEAVE_FROM:
        raise RuleError(ILLEGAL, "One army must stay behind, so there is nothing to move from there.", why.FORTIFY)
    _count(action, "count", 1, armies - 1, "Armies moved", why.FORTIFY)


def _check_end_turn(pub, cards, seat, action):
    _need_phase(pub, "end_turn", "attack", "fortify")


CHECKS = {
    "claim": _check_claim, "place": _check_place, "trade": _check_trade, "attack": _check_attack,
    "defend": _check_defend, "occupy": _check_occupy, "end_attack": _check_end_attack,
    "fortify": _check_fortify, "end_turn": _check_end_turn,
}


def check(pub: dict, card_ids: list[int], seat: int, action) -> str:
    """Raise RuleError unless `seat` may take `action` now; return the action's type."""
    kind = action_type(action)
    if kind not in CHECKS:
        raise RuleError(BAD_ACTION, f"Unknown action {kind!r}; risk actions are {', '.join(CHECKS)}.")
    if pub["phase"] == "over":
        raise RuleError(GAME_OVER, "The game is over.")
    if seat != actor(pub):
        raise RuleError(NOT_YOUR_TURN, "It is not your turn.")
    CHECKS[kind](pub, card_ids, seat, action)
    return kind


# ----- listing ---------------------------------------------------------------------------

def listing(pub: dict, card_ids: list[int], seat: int) -> dict:
    """Everything `seat` may do now, in engine.legal's shape (what the host sends as legal)."""
    if actor(pub) != seat:
        return shape.nothing()
    phase = pub["phase"]
    terr = pub["territories"]
    actions: list[dict] = []
    templates: list[dict] = []
    if phase == "claim":
        actions = [{"type": "claim", "territory": t} for t, v in terr.items() if v["owner"] is None]
    elif phase == "setup":
        owner = NEUTRAL if pub["setup_step"] == "neutral" else seat
        actions = [{"type": "place", "territory": t, "count": 1} for t, v in terr.items() if v["owner"] == owner]
    elif phase == "reinforce":
        if may_trade(pub):
            # Every order of each set: the order names which card's territory earns the bonus armies.
            actions = [{"type": "trade", "cards": list(order)} for s in tradeable_sets(card_ids)
                       for order in itertools.permutations(s)]
        if not pub["must_trade"]:
            own = [t for t, v in terr.items() if v["owner"] == seat]
            templates.append({"type": "place", "territory": shape.one_of(own),
                              "count": shape.span(1, pub["armies_to_place"])})
    elif phase == "attack":
        # (listed at every roll of a playout: one append an attack)
        append = actions.append
        for src, dst, most in attack_options(terr, seat):
            for d in range(1, most + 1):
                append({"type": "attack", "from": src, "to": dst, "dice": d})
        actions += [{"type": "end_attack"}, {"type": "end_turn"}]
    elif phase == "defend":
        most = max_defend_dice(terr[pub["pending"]["to"]]["armies"])
        actions = [{"type": "defend", "dice": d} for d in range(1, most + 1)]
    elif phase == "occupy":
        p = pub["pending"]
        templates.append({"type": "occupy", "count": shape.span(p["min"], p["max"])})
    elif phase == "fortify":
        own_adjacent = own_neighbours(terr, seat)
        for src, v in terr.items():
            if v["owner"] == seat and v["armies"] >= LEAST_TO_LEAVE_FROM:
                targets = reachable(pub, seat, src, own_adjacent) if own_adjacent[src] else []
                if targets:
                    templates.append({"type": "fortify", "from": src, "to": shape.one_of(targets),
                                      "count": shape.span(1, v["armies"] - 1)})
        actions.append({"type": "end_turn"})
    return shape.listing(actions, templates)


def legal_actions(pub: dict, card_ids: list[int], seat: int) -> list[dict]:
    """`listing` written out as complete actions (for the bots until they read view.private.legal)."""
    return shape.all_actions(listing(pub, card_ids, seat))
