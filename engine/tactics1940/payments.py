"""Paying forfeits (Rules 16 and 17): coins first, then a piece sacrificed, with change.

A forfeit goes to another player or to the Gold Reserve (`to` None). A player short of
coins pays what he has, then must sacrifice one of his pieces on the board worth at least
what is still owed (a battleship 5, anything else 1): the piece goes to Davy Jones' Locker
or the Supply Base, and the value is drawn from the Gold Reserve: the debt to the payee,
the change to the payer. Which piece is the payer's choice, a "pay" step
{"step": "pay", "seat": payer, "to": payee or None, "owed": n} asked in or out of turn.
A player with nothing left on the board cannot pay and owes nothing more. Coins come only
from the reserve: when it runs dry, the payee is paid first and the rest is lost.
"""
from engine.tactics1940 import rule_ids as why
from engine.tactics1940.pieces import VALUE, destroy, on_board
from engine.why import RULE


def forfeit(state, payer, to, amount: int, reason: str, events: list, rule: str) -> None:
    """`payer` owes `amount` coins to `to` (None: the Gold Reserve) for `reason`, under `rule` (engine.why)."""
    paid = min(state["coins"][payer], amount)
    if paid:
        state["coins"][payer] -= paid
        if to is None:
            state["reserve"] += paid
        else:
            state["coins"][to] += paid
        events.append({"type": "forfeit", "seat": payer, "to": to, "coins": paid, "reason": reason, RULE: rule})
    rest = amount - paid
    if rest <= 0:
        return
    if on_board(state, payer):
        state["steps"].append({"step": "pay", "seat": payer, "to": to, "owed": rest, "reason": reason})
        events.append({"type": "sacrifice_owed", "seat": payer, "to": to, "owed": rest, "reason": reason,
                       RULE: why.SACRIFICE})
    else:
        events.append({"type": "forfeit_unpaid", "seat": payer, "to": to, "coins": rest, "reason": reason,
                       RULE: why.SACRIFICE})


def sacrifice_choices(state, step) -> list:
    """The pieces the payer may sacrifice: those worth the debt, or any piece when none is."""
    mine = on_board(state, step["seat"])
    enough = [p for p in mine if VALUE[p["kind"]] >= step["owed"]]
    return enough or mine


def sacrifice(state, step, p, events: list) -> None:
    state["steps"].remove(step)
    payer, to, owed = step["seat"], step["to"], step["owed"]
    destroy(state, p, payer, "sacrificed", events, why.SACRIFICE)
    value = VALUE[p["kind"]]
    if to is None:
        change = min(max(value - owed, 0), state["reserve"])
        debt = 0
    else:
        drawn = min(value, state["reserve"])
        debt = min(owed, drawn)
        change = drawn - debt
        state["coins"][to] += debt
    state["reserve"] -= debt + change
    state["coins"][payer] += change
    events.append({"type": "sacrifice_settled", "seat": payer, "to": to, "piece": p["id"], "paid": debt,
                   "change": change, "reason": step["reason"], RULE: why.SACRIFICE})
