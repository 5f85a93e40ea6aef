"""Tactics (1954) bots' movement: a phase planned whole from the bot's view (attacks worth making first, then
the cities when the war stalls, disengaging, HQ kills, shelter, the line brought up, reserves, the HQs last),
by the knobs of its level (bots/ah_tactics.py, KNOBS)."""
from engine import grid, legal as shape
from engine.ah_tactics import queries
from bots.ah_tactics_battles import LONG_LULL, spread
from bots.ah_tactics_threat import ALLOWANCE, open_sides, threatened

SIDE_NAMES, HQ = queries.SIDE_NAMES, queries.HQ_KIND
# A step back must raise what the enemy pays to strike the division by more than two squares across country:
# smaller steps spend the side's allowance for little
SHELTER_GAIN = 6


class Picture:
    """The board as the bot sees it: who stands where."""

    def __init__(self, bot, public):
        self.board = bot.board
        self.side = SIDE_NAMES[bot.side]
        self.units = {u["id"]: u for u in public["units"]}
        self.at = {}
        for u in public["units"]:
            if u["at"] is not None:
                self.at[tuple(u["at"])] = u
        self.mine = [u for u in public["units"] if u["at"] is not None and u["side"] == self.side
                     and u["status"] in ("active", "refitting")]
        self.theirs = [u for u in public["units"] if u["at"] is not None and u["side"] != self.side
                       and u["status"] == "active"]
        self.enemy_divisions = [u for u in self.theirs if u["kind"] != HQ]
        self.enemy_distance = self._distances([tuple(u["at"]) for u in self.enemy_divisions])

    def _distances(self, squares) -> dict:
        """King distance from the nearest of `squares` for every square (one pass of rings)."""
        g = self.board.grid
        reached = g.of(squares)
        out = {}
        ring, d = reached, 0
        while ring:
            for sq in g.squares(ring):
                out[sq] = d
            grown = g.dilate(reached)
            ring = grown & ~reached
            reached = grown
            d += 1
        return out

    def free(self, sq) -> bool:
        return sq not in self.at and self.board.land(sq)




def _moved(uid: int, sq, used: set, taken: set) -> dict:
    """The move step of a plan sending `uid` to `sq`, marking the unit used and the square taken."""
    used.add(uid)
    taken.add(sq)
    return {"type": "move", "unit": uid, "to": list(sq)}



class Mover:
    """Plans a movement phase: attacks worth making first, then the rest brought up."""

    def __init__(self, bot, public, private, legal):
        self.bot, self.level = bot, bot.level
        self.pic = Picture(bot, public)
        self.board = bot.board
        self.allowance = legal.get("allowance", 0)
        self.reach = {}
        for t in shape.of_type(legal, "move")[1]:
            self.reach[t["unit"]] = shape.square_costs(legal, "move", t["unit"])
        self.public, self.legal = public, legal
        self.eager = bot.eagerness(public)
        self.knobs = bot.planning_knobs()
        self.engage_map = {}
        for e in self.pic.enemy_divisions:
            esq = tuple(e["at"])
            if queries.in_mountains(e["id"], esq):
                continue
            for n in grid.neighbours(esq, self.board.width, self.board.height):
                if not self.board.separated(esq, n):
                    self.engage_map.setdefault(n, []).append(e["id"])
        self._closing = {}   # closing_on's answers, per enemy division
        self.standing = {u["id"]: tuple(u["at"]) for u in self.pic.mine if u["kind"] != HQ and u["status"] == "active"}

    def plan(self) -> list[dict]:
        if self.level == "easy":
            return self.plan_easy()
        if self.knobs["reserves"] and self.turn_unbegun():
            back, _ = shape.of_type(self.legal, "reveal")
            if back:
                return back   # the rest is planned once they stand on the board again
        used, taken = set(), set()
        steps, budget = self.plan_attacks(used, taken, self.allowance)
        if self.stalled():
            grab, budget = self.plan_cities(used, taken, budget)
            steps += grab
        if self.knobs["disengage"]:
            away, budget = self.plan_disengage(used, taken, budget)
            steps += away
        kills, budget = self.plan_hq_kills(used, taken, budget)
        steps += kills
        if self.knobs["shelter"]:
            away, budget = self.plan_shelter(steps, used, taken, budget)
            steps += away
        advance, budget = self.plan_advance(used, taken, budget)
        steps += advance
        if self.knobs["reserves"] and self.eager < LONG_LULL:
            # after a long lull nobody is hidden: two armies each waiting for the other to show itself
            # would never end the war
            steps += self.plan_reserves(steps, used)
        steps += self.plan_hqs(steps, taken, budget)
        steps.append({"type": "end_movement"})
        return steps

    def turn_unbegun(self) -> bool:
        """Nothing done yet this movement, so the reserves held are last turn's, to bring back first: no unit
        moved, and every reserve's return listed (the expert leaves out a return to a position the seat stood in
        this turn, bots/cycles.py: a unit sent into reserve this turn is not brought back at once)."""
        held = self.public["reserves"][self.pic.side]
        back = {a["unit"] for a in shape.of_type(self.legal, "reveal")[0]}
        return not self.public.get("moved") and set(held) <= back

    # -- easy: a handful of units straight at the enemy
    def plan_easy(self) -> list[dict]:
        used, taken = set(), set()
        steps, budget = self.plan_cities(used, taken, self.allowance) if self.stalled() else ([], self.allowance)
        units = [u for u in self.reach if self.pic.units[u]["kind"] != HQ and u not in used]
        self.bot.random.shuffle(units)
        for uid in units[:8]:
            options = [(self.pic.enemy_distance.get(sq, 99), c, sq) for sq, c in self.reach[uid].items() if c <= budget]
            if not options:
                continue
            d, c, sq = min(options, key=lambda o: (o[0], o[1]))
            here = self.pic.enemy_distance.get(tuple(self.pic.units[uid]["at"]), 99)
            if d < here:
                steps.append({"type": "move", "unit": uid, "to": list(sq)})
                budget -= c
        steps.append({"type": "end_movement"})
        return steps

    # -- when the war stalls: the enemy's cities (holding them all for a complete turn wins)
    def stalled(self) -> bool:
        return self.eager >= 2 or len(self.pic.enemy_divisions) <= 4

    def plan_cities(self, used, taken, budget):
        board = self.board
        enemy = 1 - SIDE_NAMES.index(self.pic.side)
        steps = []
        divisions = [u for u in self.pic.mine if u["kind"] != HQ and u["status"] == "active"]
        if len(divisions) < len(board.cities_of(enemy)):
            return steps, budget  # too few to hold them all at once: the war is won by fighting
        for name in board.cities_of(enemy):
            squares = board.cities[name].squares
            holders = [u["id"] for u in self.pic.mine if tuple(u["at"]) in squares and u["kind"] != HQ]
            if holders:
                used.update(holders)  # hold it
                continue
            distance = self.pic._distances(squares)
            best = None
            for u in self.pic.mine:
                uid = u["id"]
                if uid in used or u["kind"] == HQ or u["status"] != "active" or uid not in self.reach:
                    continue
                here = distance.get(tuple(u["at"]), 99)
                for sq, c in self.reach[uid].items():
                    if c <= budget and sq not in taken:
                        d = distance.get(sq, 99)
                        if d < here and (best is None or (d, c) < best[0]):
                            best = ((d, c), uid, sq, c)
            if best:
                _, uid, sq, c = best
                budget -= c
                steps.append(_moved(uid, sq, used, taken))
        return steps, budget

    # -- the fights a group would bring about
    def engaged(self, square) -> list:
        """Enemy divisions a unit on `square` would have to engage."""
        return self.engage_map.get(square, ())

    def forecast(self, placed: dict) -> float:
        """Expected value of the battles fought with own units placed {unit: square} (and every other
        own division where it stands), against every enemy division they touch."""
        positions = dict(self.standing)
        positions.update(placed)
        attackers, fits, must = {}, {}, set()
        for uid, sq in positions.items():
            touched = self.engaged(sq)
            if touched:
                attackers[uid] = queries.printed_factor(self.pic.units[uid]["kind"])
                fits[uid] = set(touched)
                must.update(touched)
        if not must:
            return 0.0
        defenders = {d: queries.printed_factor(self.pic.units[d]["kind"]) for d in must}
        _, value = spread(attackers, defenders, fits, sorted(must), self.level)
        return value

    # -- attacks: gather units around one enemy division at a time while the forecast improves
    def plan_attacks(self, used, taken, budget):
        steps = []
        base = self.forecast({})
        placed = {}
        limit = self.knobs["attacks"]
        for _ in range(limit):
            best = None
            for d in self.pic.enemy_divisions:
                option = self.gather(d, used, taken, budget, placed, base)
                if option is not None and (best is None or option[0] > best[0]):
                    best = option
            if best is None:
                break
            gain, group, cost, value = best
            for uid, sq, c in group:
                placed[uid] = sq
                steps.append(_moved(uid, sq, used, taken))
            budget -= cost
            base = value
        self.placed = placed
        return steps, budget

    def closing_on(self, d: int, dsq) -> list:
        """[(unit, -its factor, [(cost, square) next to d it may stand on, cheapest first])] for every own
        division that can come next to enemy division `d` (on `dsq`) this turn; worked out once a plan, as
        the attacks' rounds ask again and again (the squares taken meanwhile are the caller's to skip)."""
        known = self._closing.get(d)
        if known is None:
            board = self.board
            squares = [n for n in grid.neighbours(dsq, board.width, board.height)
                       if n not in self.pic.at and board.land(n) and not board.separated(n, dsq)]
            known = []
            for u in self.pic.mine:
                uid = u["id"]
                if u["kind"] == HQ or u["status"] != "active" or uid not in self.reach:
                    continue
                reach = self.reach[uid]
                options = sorted((reach[sq], sq) for sq in squares if sq in reach and queries.may_stand(uid, sq))
                if options:
                    known.append((uid, -queries.printed_factor(u["kind"]), options))
            self._closing[d] = known
        return known

    def gather(self, d, used, taken, budget, placed, base):
        """(gain, [(unit, square, cost)], cost, forecast) of the best group closing on `d`."""
        dsq = tuple(d["at"])
        if queries.in_mountains(d["id"], dsq):
            return None
        offers = []
        for uid, weight, options in self.closing_on(d["id"], dsq):
            if uid in used:
                continue
            cheapest = next((o for o in options if o[1] not in taken), None)
            if cheapest is not None:
                offers.append((cheapest[0], weight, uid, cheapest[1]))
        offers.sort()
        group, cost, best = [], 0, None
        for c, _, uid, sq in offers[:10]:
            if cost + c > budget or any(sq == g[1] for g in group):
                continue
            group.append((uid, sq, c))
            cost += c
            trial = dict(placed)
            trial.update({g[0]: g[1] for g in group})
            value = self.forecast(trial)
            gain = value - base - cost / 90 * self.knobs["thrift"]
            if best is None or gain > best[0]:
                best = (gain, list(group), cost, value)
            if len(group) >= 7:
                break
        if best is None or best[0] <= 0.05 - 0.1 * self.eager:
            return None
        return best

    # -- enemy HQs are lost to any division that comes next to them
    def plan_hq_kills(self, used, taken, budget):
        steps = []
        for h in self.pic.theirs:
            if h["kind"] != HQ:
                continue
            hsq = tuple(h["at"])
            best = None
            around = [sq for sq in grid.neighbours(hsq, self.board.width, self.board.height)
                      if sq not in taken and not self.board.separated(sq, hsq) and not self.engaged(sq)]
            for u in self.pic.mine:
                if u["id"] in used or u["kind"] == HQ or u["id"] not in self.reach:
                    continue
                reach = self.reach[u["id"]]
                for sq in around:
                    c = reach.get(sq)
                    if c is not None and c <= budget and (best is None or c < best[0]):
                        best = (c, u["id"], sq)
            if best and best[0] <= 24:
                c, uid, sq = best
                budget -= c
                steps.append(_moved(uid, sq, used, taken))
        return steps, budget

    # -- hard: step out of contacts that would cost more than they bring
    def plan_disengage(self, used, taken, budget):
        """Units in contact whose forced battles cost more than they bring step back out of it."""
        steps = []
        placed = dict(self.placed)
        value = self.forecast(placed)
        for u in self.pic.mine:
            uid = u["id"]
            if uid in used or uid not in self.reach or u["kind"] == HQ or not self.engaged(tuple(u["at"])):
                continue
            away = [(c, sq) for sq, c in self.reach[uid].items() if c <= min(budget, 15) and sq not in taken
                    and self.pic.enemy_distance.get(sq, 99) >= 2]
            if not away:
                continue
            c, sq = min(away)
            trial = dict(placed)
            trial[uid] = sq
            better = self.forecast(trial)
            if better > value + 0.1:
                placed, value = trial, better
                budget -= c
                steps.append(_moved(uid, sq, used, taken))
        return steps, budget

    # -- `shelter` (off at every level; an option for the expert's movement): out of the enemy's first strike
    def plan_shelter(self, steps, used, taken, budget):
        """Divisions the enemy could strike next turn, most exposed first, step back (for at most the
        `shelter` knob's thirds each) to where an enemy division would pay most to come next to them, out of
        its reach if they can. In this game the side that strikes loses about one division for 3.5 it
        destroys, so a division left where the enemy can cheaply reach it hands it the first strike."""
        _, divisions, danger = self.danger_after(steps)
        cap = self.knobs["shelter"]
        safe = ALLOWANCE + 1
        order = sorted((danger[sq], uid) for uid, sq in divisions.items()
                       if uid not in used and uid in self.reach and sq in danger and not self.engaged(sq))
        out = []
        for now, uid in order:
            best = None
            for sq, c in self.reach[uid].items():
                if c > min(budget, cap) or sq in taken or self.engaged(sq):
                    continue
                key = (-danger.get(sq, safe), c)
                if best is None or key < best[0]:
                    best = (key, sq, c)
            if best and -best[0][0] > now + SHELTER_GAIN:
                _, sq, c = best
                budget -= c
                out.append(_moved(uid, sq, used, taken))
        return out, budget

    # -- the rest: up to a line two squares off the enemy (one when pressing), HQs behind
    def openness(self, sq, taken) -> int:
        """Open sides of a square: neighbours an attacker could stand on (free land, not planned for)."""
        board = self.board
        return sum(1 for n in grid.neighbours(sq, board.width, board.height)
                   if board.land(n) and n not in self.pic.at and n not in taken)

    def plan_advance(self, used, taken, budget):
        cohesion = self.knobs["cohesion"]
        dist = self.pic.enemy_distance
        rings = {}
        for sq, d in dist.items():
            rings.setdefault(d, []).append(sq)
        moves = []
        for u in self.pic.mine:
            uid = u["id"]
            if uid in used or uid not in self.reach or u["kind"] == HQ:   # HQs: plan_hqs
                continue
            here = tuple(u["at"])
            standoff = 1 if self.eager >= 3 else 2
            now = dist.get(here, 60)
            if now == standoff:
                continue
            reach = self.reach[uid]
            best = None
            # the nearest ring at the stand-off distance or beyond that the unit reaches: its cheapest
            # square (hard: weighing how open the square is to attack)
            for d in range(standoff, max(standoff, now)):
                for sq in rings.get(d, ()):
                    c = reach.get(sq)
                    if c is None or sq in taken:
                        continue
                    weight = c + (self.openness(sq, taken) * 3 * cohesion if cohesion else 0)
                    if best is None or weight < best[2]:
                        best = (c, sq, weight)
                if best:
                    gain = abs(now - standoff) - abs(d - standoff)
                    break
            if best is None and now < standoff:  # too close: step back out of reach
                for sq, c in reach.items():
                    if dist.get(sq, 60) >= standoff and sq not in taken and (best is None or c < best[0]):
                        best = (c, sq)
                gain = standoff - now
            if best and gain > 0:
                moves.append((gain, best[0], uid, best[1]))
        moves.sort(key=lambda m: -m[0] / (m[1] + 3))
        steps = []
        for gain, c, uid, sq in moves[:self.knobs["advances"]]:
            if c > budget or sq in taken:
                continue
            budget -= c
            steps.append(_moved(uid, sq, used, taken))
        return steps, budget

    # -- `reserves`: off the board, out of the enemy's strike (rule G)
    def plan_reserves(self, steps, used) -> list[dict]:
        """Units the enemy could strike next turn that may go into reserve where they stand (the listing's, not
        moved by the plan), those it reaches soonest first, up to an infantry corps' worth (rule G): a reserve
        cannot be attacked, and an enemy unit that runs into one stops there."""
        pos, _, danger = self.danger_after(steps)   # a unit not yet used stands where it stood
        held = [self.pic.units[uid] for uid in self.public["reserves"][self.pic.side]]
        units, factors = len(held), sum(queries.printed_factor(u["kind"]) for u in held)
        most_units, most_factors = queries.RESERVE_LIMIT
        order = sorted((danger[pos[a["unit"]]], a["unit"]) for a in shape.of_type(self.legal, "reserve")[0]
                       if a["unit"] not in used and a["unit"] in pos and pos[a["unit"]] in danger)
        out = []
        for _, uid in order:
            f = queries.printed_factor(self.pic.units[uid]["kind"])
            if units + 1 > most_units or factors + f > most_factors:
                continue
            units, factors = units + 1, factors + f
            used.add(uid)
            out.append({"type": "reserve", "unit": uid})
        return out

    # -- where the enemy can strike next turn, the divisions standing as the plan leaves them
    def danger_after(self, steps):
        """({unit: square} of own units once `steps` are made, {division: square} of the active divisions,
        {square: the least allowance an enemy division spends to come next to it}): the threat search
        (bots/ah_tactics_threat.py) with every other unit, ours and the enemy's HQs, in the way."""
        board, pic = self.board, self.pic
        pos = {u["id"]: tuple(u["at"]) for u in pic.mine}
        for step in steps:
            if step["type"] == "move":
                pos[step["unit"]] = tuple(step["to"])
            elif step["type"] == "reserve":
                del pos[step["unit"]]
        divisions = {u["id"]: pos[u["id"]] for u in pic.mine if u["kind"] != HQ and u["status"] == "active"
                     and u["id"] in pos}
        others = [sq for uid, sq in pos.items() if uid not in divisions]
        others += [tuple(u["at"]) for u in pic.theirs if u["kind"] == HQ]
        enemy_ports = [name for name, side in self.public["ports"].items() if side != pic.side]
        danger = threatened(board, [tuple(u["at"]) for u in pic.enemy_divisions], list(divisions.values()), others,
                            enemy_ports, [tuple(u["at"]) for u in pic.enemy_divisions if u["kind"] == "amphibious"])
        return pos, divisions, danger

    # -- HQs last, behind the divisions as they will stand: out of every enemy division's reach
    def plan_hqs(self, steps, taken, budget):
        """An HQ is lost the moment an enemy division comes next to it (rule F), so HQs stand only where
        no enemy division can come next turn — escorted, behind the divisions' screen — as near their
        formation as that allows, with as little open ground around them as may be (parachute drops);
        never next to an enemy unit. One already safe and near its formation stays."""
        board, pic = self.board, self.pic
        pos, divisions, danger = self.danger_after(steps)
        near_enemy = {n for u in pic.theirs for n in grid.neighbours(tuple(u["at"]), board.width, board.height)}
        occupied = set(pos.values()) | set(pic.at)
        out = []
        for u in pic.mine:
            uid = u["id"]
            if u["kind"] != HQ or uid not in self.reach or uid not in pos:
                continue
            led = [sq for d, sq in divisions.items() if self._led_by(u, pic.units[d])] or list(divisions.values())
            if not led:
                continue
            cx = sum(x for x, _ in led) / len(led)
            cy = sum(y for _, y in led) / len(led)
            here = pos[uid]

            def key(sq, cost):
                far = max(0.0, max(abs(sq[0] - cx), abs(sq[1] - cy)) - 4)
                # safe first; else where an enemy would spend half its allowance and more to come next to it,
                # near the formation, then the costlier for the enemy (not off to a far corner)
                reach_cost = danger.get(sq, ALLOWANCE + 1)
                tier = 0 if sq not in danger else (1 if reach_cost >= ALLOWANCE // 2 else 2)
                return (tier, far, -reach_cost, open_sides(board, sq, occupied - {here}), cost)
            options = [(key(here, 0), here, 0)] if here not in near_enemy else []
            options += [(key(sq, c), sq, c) for sq, c in self.reach[uid].items()
                        if c <= budget and sq not in taken and sq not in near_enemy]
            if not options:
                continue
            _, sq, c = min(options)
            if sq != here:
                taken.add(sq)
                occupied.discard(here)
                occupied.add(sq)
                budget -= c
                out.append({"type": "move", "unit": uid, "to": list(sq)})
        return out

    @staticmethod
    def _led_by(hq, division) -> bool:
        """The division belongs to the HQ's formation: its corps, its army, or (the army group) any."""
        if hq["hq"] == "corps":
            return division["corps"] == hq["corps"]
        if hq["hq"] == "army":
            return division["army"] == hq["army"]
