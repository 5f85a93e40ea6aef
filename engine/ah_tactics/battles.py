"""The battle plan (rule F): at the end of his movement the attacker matches his units against
every enemy unit in contact, and sees the odds before he confirms.

"RED may divide up his factor superiority anyway he wants so long as he is dealing with all
adjacent units": the rulebook's example has three armored divisions on a straight front attack
two infantry divisions at 3-1 each, the middle armor giving one factor to each battle. So a plan
is a list of battles {"attackers": {unit id (str): factors}, "defenders": [ids]}: each attacker
gives whole factors of its own to one or more battles (never more than it has in all), each
defender is in one battle, every attacker must be able to attack every defender of each battle
it fights in (next to it; not a mountain division in the mountains unless the attacker is one
too), and every enemy unit that must be engaged (contact.must_engage, fixed when movement ends)
is in some battle. Built a step at a time — assign factors of an attacker to a defender's
battle, combine a defender into a battle, take a unit out — and confirmed by the commander.

A factor given across a river (no bridge) counts half (rule E1). Only one unit can attack across
a bridge at a time; with one unit to a square this holds by itself: a bridge edge touches one
square on each bank.
"""
from engine.ah_tactics import rule_ids as why
from engine.ah_tactics import contact, crt
from engine.ah_tactics.state import attack_factor, defence_factor
from engine.ah_tactics.units import ROSTER
from engine.why import Refusal


def attackers_of(battle: dict) -> list[int]:
    return sorted(int(a) for a in battle["attackers"])


def battle_with_defender(plan: list, uid: int):
    for i, b in enumerate(plan):
        if uid in b["defenders"]:
            return i
    return None


def battles_of_attacker(plan: list, uid: int) -> list[int]:
    return [i for i, b in enumerate(plan) if str(uid) in b["attackers"]]


def committed(plan: list, uid: int) -> int:
    """Factors of `uid` already given to battles."""
    return sum(b["attackers"].get(str(uid), 0) for b in plan)


def in_plan(plan: list, uid: int) -> bool:
    return battle_with_defender(plan, uid) is not None or bool(battles_of_attacker(plan, uid))


def fits(board, state, attacker: int, defenders) -> bool:
    return all(contact.attack_terms(board, state, attacker, d) is not None for d in defenders)


def assign_problem(board, state, side: int, attacker: int, defender: int, factors: int) -> Refusal | None:
    plan = state["plan"]
    if attack_factor(state, attacker) <= 0 or ROSTER[attacker].side != side:
        return Refusal(why.BATTLE_PLAN, "Only your divisions on the board attack (HQs never do).")
    if defence_factor(state, defender) <= 0 or ROSTER[defender].side == side:
        return Refusal(why.BATTLE_PLAN, "That is not an enemy unit that can be attacked.")
    if factors < 1 or committed(plan, attacker) + factors > attack_factor(state, attacker):
        return Refusal(why.BATTLE_PLAN, f"The {ROSTER[attacker].name} has "
                                        f"{attack_factor(state, attacker) - committed(plan, attacker)} combat factors "
                                        "left to give.")
    i = battle_with_defender(plan, defender)
    if i is not None and str(attacker) in plan[i]["attackers"]:
        return Refusal(why.BATTLE_PLAN, "That unit already fights in that battle.")
    targets = plan[i]["defenders"] if i is not None else [defender]
    if not fits(board, state, attacker, targets):
        sheltered = any(contact.in_mountains(board, state, d) for d in targets) \
            and ROSTER[attacker].kind != "mountain"
        return Refusal(why.MOUNTAIN_SHELTER if sheltered else why.BATTLE_PLAN,
                       "The attacker must be next to every defender of its battle (and may not attack a mountain "
                       "division in the mountains unless it is one).")
    return None


def assign(state: dict, attacker: int, defender: int, factors: int) -> None:
    plan = state["plan"]
    i = battle_with_defender(plan, defender)
    if i is None:
        plan.append({"attackers": {str(attacker): factors}, "defenders": [defender]})
    else:
        plan[i]["attackers"][str(attacker)] = factors


def combine_problem(board, state, side: int, defender: int, other: int) -> Refusal | None:
    plan = state["plan"]
    if defence_factor(state, defender) <= 0 or ROSTER[defender].side == side:
        return Refusal(why.BATTLE_PLAN, "That is not an enemy unit that can be attacked.")
    if battle_with_defender(plan, defender) is not None:
        return Refusal(why.BATTLE_PLAN, "That defender already has a battle.")
    i = battle_with_defender(plan, other)
    if i is None:
        return Refusal(why.BATTLE_PLAN, "Name a defender already in a battle to combine with.")
    if not all(fits(board, state, a, [defender]) for a in attackers_of(plan[i])):
        return Refusal(why.BATTLE_PLAN, "Every attacker of that battle must be able to attack the added defender.")
    return None


def combine(state: dict, defender: int, other: int) -> None:
    i = battle_with_defender(state["plan"], other)
    state["plan"][i]["defenders"].append(defender)
    state["plan"][i]["defenders"].sort()


def unassign(state: dict, uid: int) -> None:
    """Take a unit out of the plan: a defender from its battle, an attacker from every battle."""
    plan = state["plan"]
    for b in plan:
        b["attackers"].pop(str(uid), None)
        if uid in b["defenders"]:
            b["defenders"].remove(uid)
    plan[:] = [b for b in plan if b["attackers"] and b["defenders"]]


def unengaged(state: dict) -> list[int]:
    """Units that must be engaged and are in no battle yet."""
    return [d for d in state["must"] if battle_with_defender(state["plan"], d) is None]


def battle_halves(given, defence) -> tuple[int, int]:
    """(attack, defence) in half factors of `given` [(factors, across a river)] against the `defence`
    factors: a factor given across a river counts half (rule E1)."""
    return sum(f if across else 2 * f for f, across in given), sum(2 * f for f in defence)


def halves(board, state, battle: dict) -> tuple[int, int]:
    """(attack, defence) of a battle in half factors."""
    given = [(f, any(contact.attack_terms(board, state, int(a), d) for d in battle["defenders"]))
             for a, f in battle["attackers"].items()]
    return battle_halves(given, [defence_factor(state, d) for d in battle["defenders"]])


def odds(board, state, battle: dict) -> crt.Odds:
    return crt.odds(*halves(board, state, battle))
