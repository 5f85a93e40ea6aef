"""Turn flow (Rule 8): whose move it is, pending steps, applying and listing actions, the end.

A turn is a move and a chance card acted upon. `state["stage"]` says what comes next
once no step is pending: "move" (the player's move), "card" (draw and act on a card),
"end" (the move is complete: look for a blockade, then play passes to the left).
`state["steps"]` holds what must be settled first, oldest first: a reaction window, a
protest to answer, a forfeit to pay by sacrifice, a side to choose, a trading ship to
send home, a card awaiting its drawer's choice. Each names the seat asked (a window asks
every seat but the mover), who may therefore act out of turn.
"""
from engine import legal as listing
from engine.errors import GAME_OVER, ILLEGAL, NOT_YOUR_TURN, RuleError
from engine.tactics1940 import blockade, cards, deck, diplomacy, payments, scoring, submarines, trade, traps
from engine.tactics1940 import rule_ids as why
from engine.tactics1940.board import load
from engine.tactics1940.moves import piece_moves, seat_moves, why_not
from engine.tactics1940.pieces import AIRPLANE, BATTLESHIP, NORTH, SOUTH, destroy, occupancy, piece
from engine.why import RULE, Refusal

CAMPS = (NORTH, SOUTH)


def board_of(state):
    return load(state["board"])


def current_step(state):
    return state["steps"][0] if state["steps"] else None


def to_act(state) -> set:
    if state["outcome"] is not None:
        return set()
    step = current_step(state)
    if step is None:
        return {state["turn"]}
    if step["step"] == "window":
        return {s for s in range(state["n"]) if s != step["mover"]}
    return {step["seat"]}


def timer(state):
    step = current_step(state)
    if state["outcome"] is None and step is not None and step["step"] == "window":
        return {"after": state["reaction_seconds"], "action": {"type": "close_window"}}
    return None


# ----- the mover's choices ------------------------------------------------------------

def mover_moves(board, state, seat) -> list:
    """(piece, path, captured) for every move `seat` may make now (standing demands applied)."""
    return blockade.restrict(board, state, seat, seat_moves(board, occupancy(state), seat))


def move_action(p, path) -> dict:
    return {"type": "move", "piece": p["id"], "path": [list(sq) for sq in path]}


# ----- legal ------------------------------------------------------------------------------

def legal(state, seat) -> dict:
    if state["outcome"] is not None or seat not in to_act(state):
        return listing.nothing()
    board = board_of(state)
    step = current_step(state)
    if step is None:
        moves = mover_moves(board, state, seat)
        actions = [move_action(p, path) for p, path, _ in moves]
        actions += [{"type": "demand", "piece": p["id"]} for p in blockade.demandable(board, state, seat)]
        if not moves:
            actions.append({"type": "pass"})
        return listing.listing(actions)
    kind = step["step"]
    if kind == "window":
        return listing.listing([{"type": "strike", "card": c} for c in submarines.strikes(state, step, seat)])
    if kind == "protest":
        actions = [{"type": "answer_protest", "pay": False}]
        if state["coins"][seat] > 0:
            actions.append({"type": "answer_protest", "pay": True})
        return listing.listing(actions)
    if kind == "pay":
        return listing.listing([{"type": "choose_piece", "piece": p["id"]}
                                for p in payments.sacrifice_choices(state, step)])
    if kind == "join":
        return listing.listing([{"type": "choose_side", "side": camp} for camp in CAMPS])
    if kind == "return":
        squares = trade.home_squares(board, state, seat)
        return listing.listing(templates=[{"type": "place", "to": listing.one_of([list(sq) for sq in squares])}])
    return _card_legal(board, state, seat, step)


def _card_legal(board, state, seat, step) -> dict:
    c = cards.choices(board, state, seat, step["card"])
    actions = [{"type": "choose_piece", "piece": pid} for pid in c["pieces"]]
    actions += [{"type": "choose_player", "seat": s} for s in c["players"]]
    if c["decline"]:
        actions.append({"type": "decline"})
    templates = []
    if c["squares"]:
        templates.append({"type": "place", "to": listing.one_of([list(sq) for sq in c["squares"]])})
    for pid, squares in c["maneuver"].items():
        templates.append({"type": "maneuver", "piece": pid, "to": listing.one_of([list(sq) for sq in squares])})
    return listing.listing(actions, templates)


# ----- applying -----------------------------------------------------------------------------

def apply(state, seat, action, rng) -> list:
    if state["outcome"] is not None:
        raise RuleError(GAME_OVER, "The game is over.")
    board = board_of(state)
    kind = action["type"]
    step = current_step(state)
    events = []
    if seat is None:
        if kind != "close_window" or step is None or step["step"] != "window":
            raise RuleError(ILLEGAL, "The table only closes reaction windows, and none is open.", why.SUBMARINE)
        submarines.close(board, state, step, events)
    elif kind == "close_window":
        raise RuleError(ILLEGAL, "Reaction windows close by themselves when their time is up.", why.SUBMARINE)
    elif seat not in to_act(state):
        raise RuleError(NOT_YOUR_TURN, "It is not your turn.")
    elif step is None:
        _turn_action(board, state, seat, action, events)
    else:
        _step_action(board, state, seat, step, action, events)
    advance(board, state, rng, events)
    return events


def _expect(kind, allowed, what) -> None:
    if kind not in allowed:
        raise RuleError(ILLEGAL, f"Now is the time to {what}, not to {kind!r}.", why.TURN_ORDER)


def _own_piece(state, seat, piece_id):
    p = piece(state, piece_id)
    if p is None or p["owner"] != seat or p["at"] is None:
        raise RuleError(ILLEGAL, f"You have no piece {piece_id} on the board.", why.MOVEMENT)
    return p


def check_turn_action(board, state, seat, action):
    """Raise the rules' RuleError when `seat` may not make the turn's `action` (a move, a pass or a
    demand) now; else what it needs: the demanded piece, or (piece, path, captured) for a move. Changes
    nothing (the window asks it for a refused click's reason through queries.refusal)."""
    kind = action["type"]
    _expect(kind, ("move", "pass", "demand"), "move a piece")
    if kind == "pass":
        if mover_moves(board, state, seat):
            raise RuleError(ILLEGAL, "You may pass only when none of your pieces can move.", why.TURN_ORDER)
        return None
    if kind == "demand":
        p = piece(state, action["piece"])
        if p is None or p not in blockade.demandable(board, state, seat):
            raise RuleError(ILLEGAL, "You may order aside only a neutral piece near your enemy's seaport, once.",
                            why.BLOCKADE)
        return p
    p = _own_piece(state, seat, action["piece"])
    path = [tuple(sq) for sq in action["path"]]
    if blockade.standing_demands(board, state, seat):
        moves = mover_moves(board, state, seat)
    else:   # no demand restricts the seat (blockade.restrict keeps every move): the piece's own moves suffice
        moves = [(p, way, captured) for way, captured in piece_moves(board, occupancy(state), p)]
    found = [m for m in moves if m[0] is p and m[1] == path]
    if not found:
        if any(m[0] is p and m[1] == path for m in seat_moves(board, occupancy(state), seat)):
            if p["id"] in blockade.standing_demands(board, state, seat):
                raise RuleError(ILLEGAL, "That piece was ordered out of the way of a blockade: move it nearer "
                                         "the open sea if it can go, and never into the blockaded seaport.",
                                why.BLOCKADE)
            raise RuleError(ILLEGAL, "A belligerent ordered one of your pieces out of the way: move that "
                                     "piece first.", why.BLOCKADE)
        raise RuleError(ILLEGAL, why_not(board, occupancy(state), p, path))
    return found[0]


def why_piece_stuck(board, state, seat, p) -> str | None:
    """Why `seat`'s piece `p` has no move this turn, in words, or None when it has one."""
    if any(m[0] is p for m in mover_moves(board, state, seat)):
        return None
    if p["kind"] == AIRPLANE:
        return Refusal(why.MOVEMENT, "Airplanes never move; they act only when a chance card sends them (Rule 9).")
    if any(m[0] is p for m in seat_moves(board, occupancy(state), seat)):
        return Refusal(why.BLOCKADE, "A belligerent ordered one of your pieces out of the way: move that piece first.")
    return Refusal(why.MOVEMENT, "Every square that piece could move to is taken or closed to it (Rule 9).")


def _turn_action(board, state, seat, action, events) -> None:
    found = check_turn_action(board, state, seat, action)
    kind = action["type"]
    if kind == "pass":
        events.append({"type": "passed", "seat": seat, RULE: why.TURN_ORDER})
        state["stage"] = "card"
        return
    if kind == "demand":
        blockade.demand(board, state, seat, found, events)
        return
    p, path, captured = found
    _move(board, state, p, path, captured, events)
    state["stage"] = "card"


def _move(board, state, p, path, captured, events) -> None:
    start = (p["at"][0], p["at"][1])
    end = path[-1]
    seat = p["owner"]
    p["at"] = list(end)
    events.append({"type": "moved", "seat": seat, "piece": p["id"], "from": list(start),
                   "path": [list(sq) for sq in path], "captured": list(captured)})
    victims = {}
    for cid in captured:
        victim = state["pieces"][cid]
        victims[victim["owner"]] = victims.get(victim["owner"], 0) + 1
        destroy(state, victim, seat, "jumped", events, why.JUMPS)
    for owner, count in sorted(victims.items()):
        diplomacy.aggression(state, seat, owner, count, events)
    partner = trade.partner(board, state, p, start, end)
    if partner is not None:
        trade.trade(board, state, p, partner, events)
    if submarines.needs_window(board, state, end):
        submarines.open_window(state, p, end, p["kind"] == BATTLESHIP, events)
    elif p["kind"] == BATTLESHIP:
        traps.resolve(board, state, p, events)


def _step_action(board, state, seat, step, action, events) -> None:
    kind = action["type"]
    which = step["step"]
    if which == "window":
        _expect(kind, ("strike",), "expose a submarine card or let the window close")
        if action["card"] not in submarines.strikes(state, step, seat):
            raise RuleError(ILLEGAL, "You hold no submarine card for that square.", why.SUBMARINE)
        submarines.strike(board, state, step, seat, action["card"], events)
    elif which == "protest":
        _expect(kind, ("answer_protest",), "accept the protest card or pay 1 coin")
        if action["pay"] and state["coins"][seat] < 1:
            raise RuleError(ILLEGAL, "You have no coin to pay instead of accepting the protest.", why.PROTESTS)
        diplomacy.answer(state, step, action["pay"], events)
    elif which == "pay":
        _expect(kind, ("choose_piece",), "choose a piece to sacrifice")
        p = piece(state, action["piece"])
        if p is None or p not in payments.sacrifice_choices(state, step):
            raise RuleError(ILLEGAL, "Choose one of your pieces on the board worth what you owe.", why.SACRIFICE)
        payments.sacrifice(state, step, p, events)
    elif which == "join":
        _expect(kind, ("choose_side",), "choose the belligerent you join")
        diplomacy.choose_side(state, step, action["side"], events)
    elif which == "return":
        _expect(kind, ("place",), "choose a square of your home area for the supply ship")
        sq = tuple(action["to"])
        if sq not in trade.home_squares(board, state, seat):
            raise RuleError(ILLEGAL, "The supply ship goes home to a free square of your home area.", why.TRADE)
        trade.return_home(state, step, sq, events)
    else:
        _card_action(board, state, seat, step, action, events)


def _card_action(board, state, seat, step, action, events) -> None:
    kind = action["type"]
    _expect(kind, ("choose_piece", "choose_player", "place", "maneuver", "decline"), "act on your card")
    c = cards.choices(board, state, seat, step["card"])
    card_id = step["card"]
    rule = deck.card(board, card_id)["kind"]   # each card is a rule of its own (rule_ids)
    if kind == "choose_piece":
        if action["piece"] not in c["pieces"]:
            raise RuleError(ILLEGAL, "That piece is not one this card lets you choose.", rule)
        cards.finish_step(state, step)
        cards.choose_piece(board, state, seat, card_id, state["pieces"][action["piece"]], events)
    elif kind == "choose_player":
        if action["seat"] not in c["players"]:
            raise RuleError(ILLEGAL, "That player is not one this card lets you choose.", rule)
        cards.finish_step(state, step)
        cards.choose_player(board, state, seat, card_id, action["seat"], events)
    elif kind == "place":
        sq = tuple(action["to"])
        if sq not in c["squares"]:
            raise RuleError(ILLEGAL, "The transport comes back to a free square of your home area.", rule)
        cards.finish_step(state, step)
        cards.place(board, state, seat, card_id, sq, events)
    elif kind == "maneuver":
        sq = tuple(action["to"])
        if sq not in c["maneuver"].get(action["piece"], ()):
            raise RuleError(ILLEGAL, "A Surprise Maneuver cannot put that transport there.", rule)
        cards.finish_step(state, step)
        cards.maneuver(board, state, seat, card_id, state["pieces"][action["piece"]], sq, events)
    else:
        if not c["decline"]:
            raise RuleError(ILLEGAL, "This card must be carried out: you have an enemy to pick on.", rule)
        cards.finish_step(state, step)
        events.append({"type": "declined", "seat": seat, "card": card_id, RULE: rule})


# ----- the flow between actions ------------------------------------------------------------

def advance(board, state, rng, events) -> None:
    """Carry the game forward until someone must act: draw the card, end the turn."""
    for _ in range(8):
        diplomacy.tidy(state)
        blockade.tidy_demands(board, state)
        if state["outcome"] is not None or state["steps"]:
            return
        if state["stage"] == "card":
            state["stage"] = "end"
            cards.draw(board, state, state["turn"], rng, events)
        elif state["stage"] == "end":
            _end_turn(board, state, events)
            return
        else:
            return


def _end_turn(board, state, events) -> None:
    shut = blockade.blockaded_seats(board, state)
    if shut:
        loser = _loser(state, shut)
        winners = diplomacy.opposite_camp(state, loser)
        events.append({"type": "blockade", "seat": loser, "by": winners, RULE: why.BLOCKADE})
        scoring.finish(board, state, loser, f"{winners} blockaded {state['powers'][loser]}'s seaport", events)
        return
    limit = state["turn_limit"]
    if limit and state["turn_number"] >= limit * state["n"]:
        scoring.finish(board, state, None, f"the turn limit ({limit} rounds) was reached with no blockade", events)
        return
    state["turn"] = (state["turn"] + 1) % state["n"]
    state["turn_number"] += 1
    state["stage"] = "move"
    events.append({"type": "turn", "seat": state["turn"], "turn_number": state["turn_number"],
                   "round": round_of(state)})


def round_of(state) -> int:
    """The round under way, from 1: a round is every seat moving once, from the first player (turn_limit counts
    rounds)."""
    return (state["turn_number"] - 1) // state["n"] + 1


def _loser(state, shut: list):
    """The blockaded seat; when both seaports close at once the camp of the last player at war to move wins."""
    if len(shut) == 1:
        return shut[0]
    n = state["n"]
    for back in range(n):
        camp = state["camp"][(state["turn"] - back) % n]
        if camp is not None:
            return next(s for s in shut if state["camp"][s] != camp)
    return shut[0]
