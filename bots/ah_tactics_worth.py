"""Tactics (1954): a position's worth for the expert's playouts, with one strike more seen.

The game's `evaluate` query weighs what wins under rule A (the armies' shares, the cities held). A playout
is scored where a side is about to move, and in this game the side moving gains: it chooses its battles
(hard against hard, it loses about one division for every 3.5 it destroys, docs/bots.md). Scored there,
a plan that gives the enemy nothing to hit (no attacks, a cautious one) looks as good as one that leaves
our divisions in contacts we win next turn. So, as Tactics (1940)'s expert does (its bots'
`evaluate`): **the side to move strikes first**. At the start of a side's movement, every contact already
standing (its divisions next to enemy divisions) is fought in the mind, each enemy division by all the
free divisions next to it, by the rules' table (a battle expected to cost more than it brings left out), and STRIKE of the expected divisions destroyed and lost counts as done in
the armies' share. Only standing contacts are seen: what the mover brings up is left out, so it is a floor
of the mover's gain, not a forecast of its turn.

It reads the state through the public contract only: the rules' `view` of it and their documented
queries (the odds, the table, control, `evaluate`).
"""
from engine import games
from engine.ah_tactics import queries
from engine.ah_tactics.board import load
from bots.ah_tactics_battles import expected

STRIKE = 1.0   # the share of the standing contacts' expected exchange that counts as done: all of it, as what
               # the mover brings up besides is left out
ARMY_WEIGHT = 0.6   # as the game's own `evaluate` weighs the armies' share (rule A (a))
FIGHTING = ("active", "reserve", "refitting")   # statuses whose divisions count in an army (rule A)


def evaluate(state: dict, seat: int) -> float:
    """`queries.evaluate` with the armies' share moved by STRIKE of the exchange the side to move can fight
    from its standing contacts (a finished game, or a side not at its movement, as the game scores it)."""
    worth = queries.evaluate(state, seat)
    if state.get("result") is not None:
        return worth
    public = games.rules("ah_tactics").view(state, None)["public"]
    if public.get("phase") != "move":
        return worth
    if public.get("active") not in queries.SIDE_NAMES:
        return worth
    mover = queries.SIDE_NAMES.index(public["active"])
    side = queries.seat_side(seat)
    armies = [0, 0]
    for u in public["units"]:
        if u["kind"] != queries.HQ_KIND and u["status"] in FIGHTING:
            armies[queries.SIDE_NAMES.index(u["side"])] += 1
    if not sum(armies):
        return worth
    taken, lost = strike(public, mover)
    after = list(armies)
    after[1 - mover] -= STRIKE * taken
    after[mover] -= STRIKE * lost
    now_share = armies[side] / sum(armies)
    after_share = after[side] / sum(after) if sum(after) > 0 else 0.5
    return min(1.0, max(0.0, worth + ARMY_WEIGHT * (after_share - now_share)))


def strike(public: dict, mover: int) -> tuple[float, float]:
    """(enemy divisions, own divisions) the `mover` side is expected to destroy and to lose in the battles its
    standing contacts bring about; a battle expected to cost more than it brings is left out (the hard bot
    steps out of such a contact)."""
    board = load()
    name = queries.SIDE_NAMES[mover]
    at = {}
    for u in public["units"]:
        if u["at"] is not None and u["status"] == "active" and u["kind"] != queries.HQ_KIND:
            at[tuple(u["at"])] = u
    attackers, defenders, fits, across = {}, {}, {}, set()
    for sq, u in at.items():
        if u["side"] != name:
            continue
        for n in queries.control(sq, u["kind"]):
            d = at.get(tuple(n))
            if d is None or d["side"] == name:
                continue
            attackers[u["id"]] = queries.printed_factor(u["kind"])
            defenders[d["id"]] = max(1, queries.printed_factor(d["kind"]))
            fits.setdefault(u["id"], set()).add(d["id"])
            if board.separated(sq, tuple(n)):
                across.add((u["id"], d["id"]))
    if not defenders:
        return 0.0, 0.0
    taken = lost = 0.0
    free = set(attackers)
    # each defender in turn (the most surrounded first) against every free division next to it: the table
    # rewards odds, and hard's own `spread` adds attackers one at a time, each step judged alone
    for d in sorted(defenders, key=lambda d: (-sum(1 for a in free if d in fits[a]), d)):
        group = sorted(a for a in free if d in fits[a])
        if not group:
            continue
        given = [(attackers[a], (a, d) in across) for a in group]
        a_halves, d_halves = queries.battle_halves(given, [defenders[d]])
        if a_halves <= 0:
            continue
        gain, loss = expected(a_halves, d_halves, len(group), 1)
        if gain > loss:   # a contact that would cost more than it brings is stepped out of, not fought
            taken, lost = taken + gain, lost + loss
            free.difference_update(group)
    return taken, lost
