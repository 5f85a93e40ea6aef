"""Tactics (1954) bots' battles: the odds a bot expects of one battle by the rules' table, and the spread of
its attackers over the battles a phase must fight (the battle plan of every level; the expert's worth of a
position reads the same odds, bots/ah_tactics_worth.py)."""
from functools import lru_cache

from engine import legal as shape
from engine.ah_tactics import queries

# Turns of a side's in a row with no unit lost after which its bot fights the battles it need not (across
# rivers, out of the mountains) and hides nobody in reserve, so that a game ends
LONG_LULL = 3


# ----- the odds a bot expects ------------------------------------------------------------
@lru_cache(maxsize=4096)
def expected(attack_halves: int, defence_halves: int, attack_factors: int, defence_factors: int):
    """(expected enemy factors lost, expected own factors lost) of one battle, by the rules' table (a fall-back
    counted as three tenths of the loser's factors)."""
    gain = loss = 0.0
    for chance, r in queries.outcome_faces(attack_halves / 2, defence_halves / 2):
        w = float(chance)
        if r.kind == queries.EXCHANGE:
            gain += w
            loss += w
        elif r.kind == queries.ELIM:
            if r.loser == queries.DEFENDER:
                gain += w * defence_factors
            else:
                loss += w * attack_factors
        else:
            if r.loser == queries.DEFENDER:
                gain += w * 0.3 * defence_factors
            else:
                loss += w * 0.3 * attack_factors
    return gain, loss




def spread(attackers: dict, defenders: dict, fits: dict, must, level: str, rng=None, across=None):
    """A battle plan for `attackers` {id: factor} against the `must` defenders {id: factor}:
    [(attackers, defenders)], and its expected value (enemy factors lost minus own, own weighted
    by caution). `fits[a]` is the set of defenders attacker a may attack. Every must-defender is
    covered when possible (most constrained first); spare attackers go where they add the most."""
    caution = 1.0
    across = across or set()

    def halves(group):
        given = [(attackers[a], (a, d) in across) for a in group[0] for d in group[1][:1]]
        return queries.battle_halves(given, [max(1, defenders[d]) for d in group[1]])

    def value(group):
        a, d = halves(group)
        if a <= 0:
            return -9.0
        gain, loss = expected(a, d, sum(attackers[x] for x in group[0]), sum(defenders[x] for x in group[1]))
        return gain - caution * loss

    battles = []
    free = set(attackers)
    order = list(must)
    if rng is not None:
        rng.shuffle(order)
    else:
        order.sort(key=lambda d: (sum(1 for a in attackers if d in fits.get(a, ())), d))
    for d in order:
        if any(d in b[1] for b in battles):
            continue
        options = [a for a in free if d in fits.get(a, ())]
        if options:
            a = min(options, key=lambda x: (len(fits[x] & set(must)), attackers[x], x))
            battles.append(([a], [d]))
            free.discard(a)
            continue
        for b in battles:
            if all(d in fits[a] for a in b[0]):
                b[1].append(d)
                break
    if rng is None:
        while free:
            best = None
            for a in sorted(free):
                for i, b in enumerate(battles):
                    if all(d in fits[a] for d in b[1]):
                        gain = value((b[0] + [a], b[1])) - value(b)
                        if best is None or gain > best[0]:
                            best = (gain, a, i)
            if best is None or best[0] <= 0:
                break
            _, a, i = best
            battles[i][0].append(a)
            free.discard(a)
    else:
        for a in sorted(free):
            for b in battles:
                if all(d in fits[a] for d in b[1]) and rng.random() < 0.5:
                    b[0].append(a)
                    break
    return battles, sum(value(b) for b in battles)




class BattlePlanner:
    """Spreads attackers over the battles that must be fought, for the best expected exchange."""

    def __init__(self, bot, public, legal):
        self.bot = bot
        self.units = {u["id"]: u for u in public["units"]}
        acts, _ = shape.of_type(legal, "assign")
        self.fits = {}
        for a in acts:
            self.fits.setdefault(a["attacker"], set()).add(a["defender"])
        self.must = list(public["must_engage"])
        if getattr(bot, "_lull", 0) >= LONG_LULL:
            # a long lull: fight the battles it need not (across rivers, out of the mountains) as well
            self.must = sorted({d for a in self.fits for d in self.fits[a]})
        self.board = bot.board

    def plan(self) -> list[dict]:
        attackers = {a: queries.printed_factor(self.units[a]["kind"]) for a in self.fits}
        defenders = {d: max(1, queries.printed_factor(self.units[d]["kind"])) for a in self.fits for d in self.fits[a]}
        across = {(a, d) for a in self.fits for d in self.fits[a]
                  if self.board.separated(tuple(self.units[a]["at"]), tuple(self.units[d]["at"]))}
        rng = self.bot.random if self.bot.level == "easy" else None
        battles, _ = spread(attackers, defenders, self.fits, self.must, self.bot.level, rng, across)
        steps = []
        for group, targets in battles:
            steps.append(self.assign(group[0], targets[0]))
            for d in targets[1:]:
                steps.append({"type": "combine", "defender": d, "with": targets[0]})
            for a in group[1:]:
                steps.append(self.assign(a, targets[0]))
        steps.append({"type": "confirm_battles"})
        return steps

    def assign(self, attacker: int, defender: int) -> dict:
        return {"type": "assign", "attacker": attacker, "defender": defender,
                "factors": queries.printed_factor(self.units[attacker]["kind"])}
