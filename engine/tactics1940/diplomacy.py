"""Diplomacy: camps, protests and war (Rules 7 and 15).

`state["camp"][seat]` is "North" or "South" for a seat at war (the belligerents from the
start, a neutral once drawn in) and None for a neutral. Two seats are at war when their
camps differ; seats of one camp are allies.

Aggression (destroying or damaging a piece) between two players not at war, at least one
of them neutral, is answered by the victim serving one protest card per piece on the
offender; the offender accepts it or pays the victim 1 coin instead. A protest step
{"step": "protest", "seat": offender, "victim": v, "count": n} waits for the offender's
answer, in or out of turn. Three accepted cards of one colour mean war: a neutral at war
joins the camp opposed to the player it is at war with; between two neutrals the victim
of the third aggression chooses a camp (a "join" step) and the other neutral takes the
other one. A neutral at war stops trading (its supply ships are transports from then on)
and traps battleships like any belligerent.
"""
from engine.tactics1940 import rule_ids as why
from engine.tactics1940.pieces import WAR_PROTESTS, opposite
from engine.why import RULE


def is_neutral(state, seat) -> bool:
    return state["camp"][seat] is None


def at_war(state, a, b) -> bool:
    ca, cb = state["camp"][a], state["camp"][b]
    return ca is not None and cb is not None and ca != cb


def friendly(state, a, b) -> bool:
    """One seat, or two seats of one camp."""
    return a == b or (state["camp"][a] is not None and state["camp"][a] == state["camp"][b])


def camp_seats(state, camp) -> list:
    return [s for s in range(state["n"]) if state["camp"][s] == camp]


def enemies(state, seat) -> list:
    camp = state["camp"][seat]
    return [] if camp is None else camp_seats(state, opposite(camp))


def protest_due(state, offender, victim) -> bool:
    """Rule 7: protests pass between players not in conflict when one of them is neutral
    (belligerents, allies included, never protest to one another)."""
    if offender == victim or offender is None:
        return False
    return is_neutral(state, offender) or is_neutral(state, victim)


def aggression(state, offender, victim, count: int, events: list) -> None:
    """`offender` destroyed or damaged `count` of `victim`'s pieces: queue the protests owed."""
    if count <= 0 or not protest_due(state, offender, victim) or state["protest_cards"][victim] == 0:
        return
    events.append({"type": "protest_served", "victim": victim, "offender": offender, "count": count,
                   RULE: why.PROTESTS})
    state["steps"].append({"step": "protest", "seat": offender, "victim": victim, "count": count})


def serve(state, victim, offender, events: list) -> None:
    """A protest served by card (Diplomatic Incident) rather than for a destroyed piece."""
    aggression(state, offender, victim, 1, events)


def answer(state, step: dict, pay: bool, events: list) -> None:
    """The offender accepts one protest card or pays 1 coin to the victim instead."""
    offender, victim = step["seat"], step["victim"]
    step["count"] -= 1
    if step["count"] == 0:
        state["steps"].remove(step)
    if pay:
        state["coins"][offender] -= 1
        state["coins"][victim] += 1
        events.append({"type": "protest_paid", "offender": offender, "victim": victim, RULE: why.PROTESTS})
        return
    state["protest_cards"][victim] -= 1
    state["accepted"][offender][victim] += 1
    events.append({"type": "protest_accepted", "offender": offender, "victim": victim,
                   "accepted": state["accepted"][offender][victim], RULE: why.PROTESTS})
    if state["accepted"][offender][victim] >= WAR_PROTESTS:
        _war(state, offender, victim, events)


def _war(state, offender, victim, events: list) -> None:
    events.append({"type": "war", "seats": sorted([offender, victim]), RULE: why.PROTESTS})
    co, cv = state["camp"][offender], state["camp"][victim]
    if co is not None and cv is None:
        join(state, victim, opposite(co), events)
    elif cv is not None and co is None:
        join(state, offender, opposite(cv), events)
    elif co is None and cv is None:
        # Two neutrals: the victim of the third aggression chooses its side (Rule 7).
        state["steps"].insert(0, {"step": "join", "seat": victim, "other": offender})


def join(state, seat, camp: str, events: list) -> None:
    state["camp"][seat] = camp
    state["demands"] = [d for d in state["demands"] if state["pieces"][d["piece"]]["owner"] != seat]
    events.append({"type": "joined", "seat": seat, "camp": camp, RULE: why.ALLIES})


def choose_side(state, step: dict, camp: str, events: list) -> None:
    """The victim of a war between neutrals picks its camp; the other neutral takes the other."""
    state["steps"].remove(step)
    join(state, step["seat"], camp, events)
    join(state, step["other"], opposite(camp), events)


def tidy(state) -> None:
    """Drop protest steps that are no longer owed (the two went to war, or the victim ran out of cards)."""
    state["steps"] = [s for s in state["steps"] if s["step"] != "protest"
                      or (protest_due(state, s["seat"], s["victim"]) and state["protest_cards"][s["victim"]] > 0)]


def opposite_camp(state, seat) -> str:
    return opposite(state["camp"][seat])
