"""A player's turn: reinforce (and trade cards), attack, fortify, draw a card.

Each function here is called only after `legal.check` accepted the action, so
it only changes state and reports events.
"""
from engine.risk import combat, rule_ids as why
from engine.risk.board import load
from engine.risk.cards import TERRITORY_BONUS, card_info, set_value, symbols_of
from engine.risk.state_ops import set_phase, territories_of
from engine.why import RULE

NEUTRAL = -1
MIN_REINFORCEMENT = 3
TERRITORIES_PER_ARMY = 3
FORCED_TRADE_AT_TURN_START = 5    # holding this many when the turn begins forces a trade
FORCED_TRADE_AFTER_TAKING = 6     # ...and this many after taking an eliminated player's cards
HAND_LIMIT_AFTER_TRADING = 4      # forced trading goes on until the hand is this small


def reinforcements(state: dict, seat: int) -> tuple[int, dict]:
    """(armies from territories, {continent: bonus}) due to `seat` at the start of a turn."""
    return reinforcements_of(state, [seat])[seat]


def reinforcements_of(state: dict, seats) -> dict:
    """seat -> its `reinforcements`, for each of `seats`, the board read once for them all (an evaluation asks it
    of every seat at the end of every playout)."""
    board = load()
    terr = state["territories"]
    held = dict.fromkeys(seats, 0)
    for v in terr.values():
        if v["owner"] in held:
            held[v["owner"]] += 1
    bonuses = {seat: {} for seat in seats}
    for c, members in board.continent_members.items():
        owner = terr[members[0]]["owner"]
        if owner in bonuses and all(terr[t]["owner"] == owner for t in members):
            bonuses[owner][c] = board.continents[c]["bonus"]
    return {seat: (max(MIN_REINFORCEMENT, held[seat] // TERRITORIES_PER_ARMY), bonuses[seat]) for seat in seats}


def begin_turn(state: dict, seat: int, events: list) -> None:
    state["current"] = seat
    state["turn_number"] += 1
    state["conquered_this_turn"] = False
    state["territory_bonus_given"] = False
    state["mid_turn"] = False
    state["pending"] = None
    from_territories, bonuses = reinforcements(state, seat)
    total = from_territories + sum(bonuses.values())
    state["armies_to_place"] = total
    state["must_trade"] = len(state["hands"][seat]) >= FORCED_TRADE_AT_TURN_START
    events.append({"type": "turn", "seat": seat, "turn_number": state["turn_number"]})
    events.append({"type": "reinforcements", "seat": seat, "armies": total,
                   "territories": from_territories, "continents": bonuses, RULE: why.REINFORCEMENTS})
    set_phase(state, "reinforce", events)


def _leave_reinforce_if_done(state: dict, events: list) -> None:
    if state["armies_to_place"] == 0 and not state["must_trade"]:
        state["mid_turn"] = False
        set_phase(state, "attack", events)


def place(state: dict, seat: int, territory: str, count: int, events: list) -> None:
    state["territories"][territory]["armies"] += count
    state["armies_to_place"] -= count
    events.append({"type": "placed", "seat": seat, "territory": territory, "count": count, "owner": seat})
    _leave_reinforce_if_done(state, events)


def trade(state: dict, seat: int, card_ids: list[int], events: list) -> None:
    hand = state["hands"][seat]
    value = set_value(symbols_of(card_ids), state["sets_traded"], state["options"]["card_values"])
    for i in card_ids:
        hand.remove(i)
        state["discards"].append(i)
    state["sets_traded"] += 1
    state["armies_to_place"] += value
    bonus_territory = None
    if not state["territory_bonus_given"]:
        # The first traded card (in the order given) showing a territory the trader holds earns its bonus.
        for i in card_ids:
            t = load().cards[i]["territory"]
            if t is not None and state["territories"][t]["owner"] == seat:
                bonus_territory = t
                state["territories"][t]["armies"] += TERRITORY_BONUS
                state["territory_bonus_given"] = True
                break
    state["must_trade"] = state["must_trade"] and len(hand) > HAND_LIMIT_AFTER_TRADING
    events.append({"type": "traded", "seat": seat, "cards": [card_info(i) for i in card_ids], "armies": value,
                   "bonus_territory": bonus_territory,
                   "bonus_armies": TERRITORY_BONUS if bonus_territory else 0, RULE: why.CARD_SETS})
    _leave_reinforce_if_done(state, events)


def attack(state: dict, seat: int, src: str, dst: str, dice: int, rng, events: list) -> None:
    defender = state["territories"][dst]["owner"]
    defending = state["territories"][dst]["armies"]
    most = combat.max_defend_dice(defending)
    # The defender is asked only when there is a real choice and a person (not the neutral) to make it.
    if state["options"]["defender_dice"] == "choose" and defender != NEUTRAL and most > 1:
        state["pending"] = {"from": src, "to": dst, "attacker_dice": dice, "attacker": seat, "defender": defender}
        set_phase(state, "defend", events)
        return
    _battle(state, src, dst, dice, most, rng, events)


def defend(state: dict, dice: int, rng, events: list) -> None:
    p = state["pending"]
    state["pending"] = None
    _battle(state, p["from"], p["to"], p["attacker_dice"], dice, rng, events)


def _battle(state: dict, src: str, dst: str, attack_dice: int, defend_dice: int, rng, events: list) -> None:
    terr = state["territories"]
    attacker, defender = terr[src]["owner"], terr[dst]["owner"]
    a, d = combat.roll(rng, attack_dice, defend_dice)
    a_loss, d_loss = combat.compare(a, d)
    terr[src]["armies"] -= a_loss
    terr[dst]["armies"] -= d_loss
    conquered = terr[dst]["armies"] == 0
    battle = {"type": "battle", "from": src, "to": dst, "attacker": attacker, "defender": defender,
              "attacker_dice": a, "defender_dice": d, "attacker_losses": a_loss, "defender_losses": d_loss,
              "conquered": conquered, RULE: why.DICE}
    events.append(battle)
    state["last_battle"] = dict(battle)
    if not conquered:
        set_phase(state, "attack", events)
        return
    _conquer(state, attacker, defender, src, dst, attack_dice, events)


def _conquer(state, attacker, defender, src, dst, dice_rolled, events) -> None:
    terr = state["territories"]
    state["conquered_this_turn"] = True
    # The fewest allowed (the dice last rolled) move in at once, so no territory is ever empty;
    # `occupy` then settles the final number.
    terr[dst]["owner"] = attacker
    terr[dst]["armies"] = dice_rolled
    most = terr[src]["armies"] - 1
    terr[src]["armies"] -= dice_rolled
    if defender != NEUTRAL and not territories_of(terr, defender):
        _eliminate(state, defender, attacker, events)
    if _check_victory(state, events):
        return
    if most > dice_rolled:
        state["pending"] = {"from": src, "to": dst, "min": dice_rolled, "max": most}
        set_phase(state, "occupy", events)
    else:
        finish_occupy(state, dice_rolled, events, pending={"from": src, "to": dst, "min": dice_rolled})


def finish_occupy(state: dict, count: int, events: list, pending: dict | None = None) -> None:
    p = pending or state["pending"]
    extra = count - p["min"]
    state["territories"][p["from"]]["armies"] -= extra
    state["territories"][p["to"]]["armies"] += extra
    state["pending"] = None
    seat = state["current"]
    events.append({"type": "occupied", "seat": seat, "from": p["from"], "to": p["to"], "count": count})
    if state["trade_after_occupy"]:
        state["trade_after_occupy"] = False
        state["mid_turn"] = True
        state["must_trade"] = True
        set_phase(state, "reinforce", events)
    else:
        set_phase(state, "attack", events)


def _eliminate(state: dict, loser: int, winner: int, events: list) -> None:
    state["eliminated"].append(loser)
    taken = state["hands"][loser]
    state["hands"][loser] = []
    state["hands"][winner].extend(taken)
    events.append({"type": "eliminated", "seat": loser, "by": winner, "cards_taken": len(taken),
                   "cards": [card_info(i) for i in taken], RULE: why.ELIMINATION})
    if len(state["hands"][winner]) >= FORCED_TRADE_AFTER_TAKING:
        state["trade_after_occupy"] = True


def _check_victory(state: dict, events: list) -> bool:
    alive = [s for s in range(state["n_seats"]) if s not in state["eliminated"]]
    if len(alive) != 1:
        return False
    winner = alive[0]
    held_all = all(v["owner"] == winner for v in state["territories"].values())
    state["winners"] = [winner]
    state["reason"] = "held all 42 territories" if held_all else "last player standing"
    state["pending"] = None
    state["must_trade"] = False
    state["armies_to_place"] = 0
    set_phase(state, "over", events)
    events.append({"type": "game_over", "winners": [winner], RULE: why.VICTORY})
    return True


def end_attack(state: dict, events: list) -> None:
    set_phase(state, "fortify", events)


def fortify(state: dict, seat: int, src: str, dst: str, count: int, rng, events: list) -> None:
    state["territories"][src]["armies"] -= count
    state["territories"][dst]["armies"] += count
    events.append({"type": "fortified", "seat": seat, "from": src, "to": dst, "count": count})
    end_turn(state, seat, rng, events)


def _draw_card(state: dict, rng) -> int | None:
    if not state["deck"] and state["discards"]:
        state["deck"] = state["discards"]
        state["discards"] = []
        rng.shuffle(state["deck"])
    return state["deck"].pop() if state["deck"] else None


def end_turn(state: dict, seat: int, rng, events: list) -> None:
    """Draw the card earned by a conquest, then hand the turn to the next player still in the game."""
    if state["conquered_this_turn"]:
        card = _draw_card(state, rng)
        if card is not None:
            state["hands"][seat].append(card)
            events.append({"type": "card_drawn", "seat": seat, "card": card_info(card), RULE: why.CARD_FOR_CONQUEST})
    n = state["n_seats"]
    nxt = next(s for s in ((seat + k) % n for k in range(1, n + 1)) if s not in state["eliminated"])
    begin_turn(state, nxt, events)
