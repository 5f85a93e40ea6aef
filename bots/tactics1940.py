"""Bots for Tactics (1940), deciding from their own seat's view only.

A bot rebuilds a model of the table from its view (the public part, and its own
submarine cards; other hands and the deck order stay unknown), scores what `legal`
offers with the rules' own code (moves, traps, the blockade test) and sends one of
those actions. Every seat plays to end the war: a belligerent sails for the enemy
seaport and shuts its mouth while keeping its own open; a neutral sends its supply
ships to trade, parks its battleships in the safety zone, and once drawn into the war
plays for its camp. Levels differ in sense, not speed:
  easy    scores only its own progress (approach, captures, the blockade itself), with
          much noise and now and then any legal move; never looks at danger;
  normal  adds material, the enemy's progress, guards for its own port, ships and
          transports in danger, submarine risk, and sensible card and protest choices;
  hard    the same with little noise, plus a look at the enemy's tactical replies to its
          best few moves (captures, traps, moves onto its port's mouth, a blockade).
"""
import random

from engine import legal as listing
from engine.tactics1940 import blockade, diplomacy, traps
from engine.tactics1940.board import LAND, SAFETY, load
from engine.tactics1940.moves import seat_moves
from engine.tactics1940.pieces import (AIRPLANE, BATTLESHIP, NORTH, SOUTH, TRANSPORT, VALUE, opposite,
                                       seat_of_power)

LEVELS = ("easy", "normal", "hard")
NOISE = {"easy": 2.5, "normal": 0.25, "hard": 0.05}
RANDOM_MOVE = {"easy": 0.15, "normal": 0.0, "hard": 0.0}
LOOKAHEAD = {"easy": 0, "normal": 0, "hard": 6}
WIN = 10_000.0
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))


# ----- distances on the empty board (the board never changes, so once per process) ---------

_DISTANCES = {}


def distances(kind: str, targets: tuple) -> dict:
    """Fewest moves for a piece of `kind` from each square to the nearest of `targets` (empty board)."""
    key = (kind, targets)
    if key not in _DISTANCES:
        board = load()
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for sq in frontier:
                for prev in _predecessors(board, kind, sq):
                    if prev not in dist:
                        dist[prev] = dist[sq] + 1
                        nxt.append(prev)
            frontier = nxt
        _DISTANCES[key] = dist
    return _DISTANCES[key]


def _predecessors(board, kind, sq):
    for d, n in board.links[sq].items():
        if kind == BATTLESHIP:
            if board.kinds[n] != LAND:
                yield n
        elif n not in board.bases and (d in ORTHOGONAL or (board.kinds[n] == SAFETY and board.kinds[sq] != SAFETY)):
            yield n


FAR = 30


# ----- the model of the table a bot builds from its view -------------------------------------

def model(view: dict, seat: int) -> dict:
    """A state the rules' helpers accept, rebuilt from what `seat` sees (unknown parts left empty)."""
    pub = view["public"]
    mine = {str(c["card"]): list(c["square"]) for c in view["private"].get("submarines", [])}
    return {"board": pub["board"], "n": len(pub["powers"]), "powers": pub["powers"], "camp": list(pub["camps"]),
            "pieces": [dict(p) for p in pub["pieces"]], "coins": list(pub["coins"]), "reserve": pub["reserve"],
            "protest_cards": list(pub["protest_cards"]), "accepted": [list(r) for r in pub["accepted"]],
            "demands": list(pub["demands"]), "steps": [], "discard": [c["id"] for c in pub["discard"]],
            "deck": [], "hands": {str(seat): mine} if mine else {}, "turn": pub["turn"], "stage": pub["stage"],
            "outcome": None, "drawn": None}


def occupancy(pieces) -> dict:
    return {(p["at"][0], p["at"][1]): p for p in pieces if p["at"] is not None}


class Bot:
    pace = 0.0

    def __init__(self, level: str, seat: int, seed: int):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level, self.seat = level, seat
        self.random = random.Random(seed * 7919 + seat)
        self.board = load()
        self.careful = level != "easy"

    # ----- the one entry point -------------------------------------------------------------
    def choose(self, view: dict):
        pub = view["public"]
        if pub.get("result") is not None or self.seat not in pub.get("to_act", ()):
            return None
        legal = view["private"].get("legal")
        if not listing.size(legal):
            return None
        state = model(view, self.seat)
        step = pub["steps"][0] if pub["steps"] else None
        kind = step["step"] if step else "move"
        if kind == "window":
            return self._strike(state, step, legal)
        if kind == "move":
            return self._move(state, legal)
        if kind == "protest":
            return self._answer(state, step, legal)
        if kind == "pay":
            return self._sacrifice(state, legal)
        if kind == "join":
            return {"type": "choose_side", "side": self._favourite(state)}
        if kind == "return":
            return self._place(state, legal)
        return self._card(state, step, legal)

    # ----- who is who ------------------------------------------------------------------------
    def _camp(self, state):
        return state["camp"][self.seat]

    def _favourite(self, state) -> str:
        """The camp a neutral leans to: the stronger on the board (its jackpot is the prize)."""
        strength = {NORTH: 0.0, SOUTH: 0.0}
        for p in state["pieces"]:
            camp = state["camp"][p["owner"]]
            if p["at"] is not None and camp is not None:
                strength[camp] += VALUE[p["kind"]]
        return NORTH if strength[NORTH] >= strength[SOUTH] else SOUTH

    # ----- reactions and answers ---------------------------------------------------------------
    def _strike(self, state, step, legal):
        """Sink an enemy's piece; a neutral keeps its submarines for the day it is at war."""
        owner = state["pieces"][step["piece"]]["owner"]
        if diplomacy.at_war(state, self.seat, owner):
            return legal["actions"][0]
        return None

    def _answer(self, state, step, legal):
        """Pay rather than be drawn into a war one does not want; a belligerent keeps neutrals out."""
        can_pay = {"type": "answer_protest", "pay": True} in legal["actions"]
        accepted = state["accepted"][self.seat][step["victim"]]
        if not can_pay:
            return {"type": "answer_protest", "pay": False}
        if self.level == "easy":
            return {"type": "answer_protest", "pay": self.random.random() < 0.5}
        wants_war = False
        if diplomacy.is_neutral(state, self.seat):
            victim_camp = state["camp"][step["victim"]]
            wants_war = victim_camp is not None and opposite(victim_camp) == self._favourite(state)
        pay = not wants_war and (accepted >= 1 or state["coins"][self.seat] >= 4)
        return {"type": "answer_protest", "pay": pay}

    def _sacrifice(self, state, legal):
        pieces = [state["pieces"][a["piece"]] for a in legal["actions"]]
        return {"type": "choose_piece", "piece": min(pieces, key=lambda p: self._keep_value(state, p))["id"]}

    def _keep_value(self, state, p) -> float:
        """How much a piece is worth keeping: its points, and for a ship how near it is to the action."""
        value = VALUE[p["kind"]] * 10
        if p["kind"] == AIRPLANE:
            return value + 2
        target = self._target_squares(state)
        if target:
            value -= distances(p["kind"], target).get(tuple(p["at"]), FAR) * 0.2
        return value

    def _place(self, state, legal):
        """Put a returning or conscripted transport as near to the way out as possible."""
        squares = listing.values_of(legal, "place", "to")
        home = self.board.homes[state["powers"][self.seat]]
        near = distances(TRANSPORT, home.open)
        return {"type": "place", "to": min(squares, key=lambda sq: (near.get(tuple(sq), FAR), sq))}

    # ----- cards ----------------------------------------------------------------------------------
    def _card(self, state, step, legal):
        kind = step["card"]["kind"]
        actions = listing.all_actions(legal, 2000)
        if self.level == "easy":
            return self.random.choice(actions)
        if kind == "surprise_maneuver":
            return self._maneuver(state, actions)
        if kind == "conscription":
            return self._place(state, legal)
        scored = [(self._card_score(state, kind, a), i) for i, a in enumerate(actions)]
        return actions[max(scored)[1]]

    def _card_score(self, state, kind, action) -> float:
        if action["type"] == "decline":
            return 0.0
        if action["type"] == "choose_player":
            target = action["seat"]
            if kind == "diplomatic_incident":
                return self._protest_target_score(state, target)
            return 1.0 if diplomacy.at_war(state, self.seat, target) else -3.0
        p = state["pieces"][action["piece"]]
        if p["owner"] == self.seat:       # a loss of one's own: the least useful piece
            return -self._keep_value(state, p)
        score = VALUE[p["kind"]] * 2.0
        if not diplomacy.at_war(state, self.seat, p["owner"]):
            return score - 12.0           # aggression against a neutral: only when nothing else
        own = self._own_port(state)
        if own is not None:
            score += 6.0 - min(6.0, distances(p["kind"], own.open + own.front).get(tuple(p["at"]), FAR))
        return score

    def _protest_target_score(self, state, target) -> float:
        camp = self._camp(state)
        if camp is None:                  # a neutral protests to the camp it does not favour
            tcamp = state["camp"][target]
            return 2.0 if tcamp is not None and tcamp != self._favourite(state) else 0.5
        # A belligerent pushes the neutral closer to siding against it only when that neutral is weak.
        return 1.0 - state["coins"][target] * 0.05

    def _maneuver(self, state, actions):
        targets = self._target_squares(state)
        best, best_gain = {"type": "decline"}, 0.5
        for a in actions:
            if a["type"] != "maneuver":
                continue
            p = state["pieces"][a["piece"]]
            table = distances(TRANSPORT, targets)
            gain = table.get(tuple(p["at"]), FAR) - table.get(tuple(a["to"]), FAR) - self._sub_risk(state, a["to"]) * 3
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    # ----- moves ----------------------------------------------------------------------------------
    def _move(self, state, legal):
        actions = legal["actions"]
        demands = [a for a in actions if a["type"] == "demand"]
        if demands and self.careful:
            mouth = self._enemy_port(state)
            for a in demands:
                p = state["pieces"][a["piece"]]
                if mouth is not None and tuple(p["at"]) in mouth.open + mouth.front:
                    return a
        moves = [a for a in actions if a["type"] == "move"]
        if not moves:
            return actions[0]
        if self.random.random() < RANDOM_MOVE[self.level]:
            return self.random.choice(moves)
        view = Evaluator(self, state)
        scored = []
        for a in moves:
            sim = view.after(a)
            score = view.score(sim) + view.move_bonus(a) + self.random.gauss(0.0, NOISE[self.level])
            scored.append((score, len(scored), a, sim))
        scored.sort(key=lambda t: (-t[0], t[1]))
        depth = LOOKAHEAD[self.level]
        if depth and scored[0][0] < WIN / 2:
            rescored = []
            for score, i, a, sim in scored[:depth]:
                rescored.append((min(score, view.worst_reply(sim, score - view.score(sim))), i, a))
            rescored.sort(key=lambda t: (-t[0], t[1]))
            return rescored[0][2]
        return scored[0][2]

    # ----- places that matter ------------------------------------------------------------------------
    def _own_port(self, state):
        power = state["powers"][self.seat]
        return self.board.homes[power] if power in (NORTH, SOUTH) else None

    def _enemy_port(self, state):
        camp = self._camp(state)
        return None if camp is None else self.board.homes[opposite(camp)]

    def _target_squares(self, state) -> tuple:
        """Where this seat's ships are going: the enemy's mouth, or (a neutral) the other players' ports."""
        enemy = self._enemy_port(state)
        if enemy is not None:
            return tuple(enemy.open + enemy.front)
        return tuple(sq for s, power in enumerate(state["powers"]) if s != self.seat
                     for sq in self.board.homes[power].open)

    def _sub_risk(self, state, sq) -> float:
        """The chance that someone else holds a submarine card for `sq` (0 when it is face up or ours)."""
        sq = tuple(sq)
        for ocean, number, at in self.board.submarine_squares():
            if at == sq:
                break
        else:
            return 0.0
        mine = state["hands"].get(str(self.seat), {})
        if any(tuple(v) == sq for v in mine.values()):
            return 0.0
        from engine.tactics1940.deck import submarine_card_for
        if submarine_card_for(self.board, sq) in state["discard"]:
            return 0.0
        return 0.35


class Evaluator:
    """Scores positions for one decision of one bot; what does not change between moves is read once."""

    def __init__(self, bot: Bot, state: dict):
        self.bot, self.state, self.board = bot, state, bot.board
        self.seat = bot.seat
        self.camp = state["camp"][bot.seat]
        self.careful = bot.careful
        self.level = bot.level
        self.enemy_home = bot._enemy_port(state)
        self.own_home = bot._own_port(state)
        self.enemy_seat = seat_of_power(state, opposite(self.camp)) if self.camp else None
        self.targets = bot._target_squares(state)
        self.ship_to_target = distances(BATTLESHIP, self.targets)
        self.transport_to_target = distances(TRANSPORT, self.targets)
        if self.own_home is not None:
            mouth = self.own_home.open + self.own_home.front
            self.ship_to_home = distances(BATTLESHIP, mouth)
            self.transport_to_home = distances(TRANSPORT, mouth)
        home = self.board.homes[state["powers"][bot.seat]]
        self.my_home_squares = home.squares

    # ----- simulating ---------------------------------------------------------------------------
    def after(self, action) -> dict:
        """The model after one move (captures, trade coins and traps included; no card, no submarine)."""
        state = self.state
        pieces = [dict(p) for p in state["pieces"]]
        sim = dict(state)
        sim["pieces"] = pieces
        sim["steps"] = []
        sim["coins"] = list(state["coins"])
        p = pieces[action["piece"]]
        start = (p["at"][0], p["at"][1])
        end = tuple(action["path"][-1])
        p["at"] = list(end)
        occ = None
        if len(action["path"]) > 1 or max(abs(end[0] - start[0]), abs(end[1] - start[1])) > 1:
            occ = occupancy(state["pieces"])
            squares = [start] + [tuple(sq) for sq in action["path"]]
            for a, b in zip(squares, squares[1:]):
                mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                pieces[occ[mid]["id"]]["at"] = None
        if p["kind"] == TRANSPORT and self.camp is None and self.board.kinds.get(end) == "seaport" \
                and end not in self.my_home_squares:
            power = self.board.home_of[end]
            if seat_of_power(state, power) is not None:
                sim["coins"][self.seat] += 1
                p["at"] = list(min(self.my_home_squares - set(self.board.bases),
                                   key=lambda sq: (self.transport_to_home_or_zero(sq), sq)))
        if p["kind"] == BATTLESHIP:
            traps.resolve(self.board, sim, p, [])
        return sim

    def transport_to_home_or_zero(self, sq) -> int:
        home = self.board.homes[self.state["powers"][self.seat]]
        return distances(TRANSPORT, home.open).get(sq, FAR)

    def move_bonus(self, action) -> float:
        """What a move is worth beyond the position it leaves: the risk of a submarine where it ends."""
        if not self.careful:
            return 0.0
        p = self.state["pieces"][action["piece"]]
        return -self.bot._sub_risk(self.state, action["path"][-1]) * VALUE[p["kind"]] * 0.8

    # ----- the score of a position for this bot ----------------------------------------------------
    def score(self, sim) -> float:
        if self.camp is None:
            return self._neutral_score(sim)
        if self.enemy_seat is not None and blockade.blockaded(self.board, sim, self.enemy_seat):
            return WIN
        own_seat = seat_of_power(sim, opposite(opposite(self.camp)))
        if own_seat is not None and blockade.blockaded(self.board, sim, own_seat):
            return -WIN
        return self._war_score(sim)

    def _war_score(self, sim) -> float:
        camp = self.camp
        enemy_home, own_home = self.enemy_home, self.own_home
        score = 0.0
        mine_d, theirs_d = [], []
        occ = occupancy(sim["pieces"])
        for p in sim["pieces"]:
            if p["at"] is None:
                continue
            sq = (p["at"][0], p["at"][1])
            owner_camp = sim["camp"][p["owner"]]
            value = VALUE[p["kind"]]
            if owner_camp == camp:
                if self.careful:
                    score += value if p["owner"] == self.seat else value * 0.5
                if p["kind"] == AIRPLANE:
                    continue
                if sq in enemy_home.open:
                    score += 6.0
                elif sq in enemy_home.front:
                    score += 4.0 if p["kind"] == BATTLESHIP else 3.0
                elif p["owner"] == self.seat:
                    table = self.ship_to_target if p["kind"] == BATTLESHIP else self.transport_to_target
                    mine_d.append(table.get(sq, FAR))
                if own_home is not None and self.careful and sq in own_home.open:
                    score += 1.5 if p["kind"] == BATTLESHIP else 0.8
            elif owner_camp is not None:
                if self.careful:
                    score -= value
                    if p["kind"] == AIRPLANE:
                        continue
                    if own_home is not None:
                        if sq in own_home.open:
                            score -= 6.0
                        elif sq in own_home.front:
                            score -= 4.0
                        else:
                            table = self.ship_to_home if p["kind"] == BATTLESHIP else self.transport_to_home
                            theirs_d.append(table.get(sq, FAR))
                    if p["kind"] == BATTLESHIP:
                        score -= self._threat(sim, occ, p, sq) * 0.0
                elif p["kind"] == AIRPLANE:
                    continue
            else:
                if self.careful and p["owner"] != self.seat:
                    score += value * 0.0
        mine_d.sort()
        for weight, d in zip((1.0, 0.8, 0.5, 0.2), mine_d):
            score -= weight * d
        if self.careful:
            theirs_d.sort()
            for weight, d in zip((0.6, 0.4, 0.2), theirs_d):
                score += weight * min(d, 12)
            score -= self._dangers(sim, occ)
            score -= self._neutral_losses(sim) * 3.0
        return score

    def _neutral_losses(self, sim) -> int:
        """Neutral pieces this move destroyed (each draws a protest and pushes that neutral to the enemy)."""
        lost = 0
        for before, after in zip(self.state["pieces"], sim["pieces"]):
            if before["at"] is not None and after["at"] is None and sim["camp"][after["owner"]] is None:
                lost += 1
        return lost

    def _threat(self, sim, occ, p, sq) -> float:
        return 0.0

    def _dangers(self, sim, occ) -> float:
        """Own pieces the other camp could take on its next move: a trap of a battleship, a jump of a transport."""
        camp = self.camp
        board = self.board
        links = board.links
        total = 0.0
        for p in sim["pieces"]:
            if p["at"] is None or p["owner"] != self.seat or p["kind"] == AIRPLANE:
                continue
            sq = (p["at"][0], p["at"][1])
            if board.kinds[sq] == SAFETY:
                continue
            if p["kind"] == BATTLESHIP:
                for d in ((0, -1), (1, -1), (1, 0), (1, 1)):
                    a, c = links[sq].get(d), links[sq].get((-d[0], -d[1]))
                    if a is None or c is None:
                        continue
                    for one, other in ((a, c), (c, a)):
                        q = occ.get(one)
                        if q is None or q["kind"] != BATTLESHIP or board.kinds[one] == SAFETY:
                            continue
                        qc = sim["camp"][q["owner"]]
                        if qc is None or qc == camp or other in occ or board.kinds[other] == LAND:
                            continue
                        if any(r is not q and r["kind"] == BATTLESHIP and sim["camp"][r["owner"]] == qc
                               for r in (occ.get(n) for n in links[other].values()) if r is not None):
                            total += 3.0
                            break
            else:
                for d, mid in links[sq].items():
                    q = occ.get(mid)
                    if q is None or q["kind"] != BATTLESHIP or board.kinds[mid] == SAFETY:
                        continue
                    qc = sim["camp"][q["owner"]]
                    if qc is None or qc == camp:
                        continue
                    land = links[sq].get((-d[0], -d[1]))
                    if land is not None and land not in occ and board.kinds[land] in ("ocean", "seaport"):
                        total += 0.8
                        break
        return total

    def _neutral_score(self, sim) -> float:
        score = sim["coins"][self.seat] * 4.0
        home = self.board.homes[sim["powers"][self.seat]]
        occ = occupancy(sim["pieces"])
        for p in sim["pieces"]:
            if p["at"] is None or p["owner"] != self.seat:
                continue
            sq = (p["at"][0], p["at"][1])
            score += VALUE[p["kind"]] * (1.0 if self.careful else 0.0)
            if p["kind"] == TRANSPORT:
                score -= 0.4 * self.transport_to_target.get(sq, FAR)
            elif p["kind"] == BATTLESHIP:
                if sq in home.open:
                    score -= 2.0
                elif self.board.kinds[sq] == SAFETY:
                    score += 1.0
                else:
                    score += 0.3 - 0.05 * distances(BATTLESHIP, _safety_squares(self.board)).get(sq, FAR)
        if self.careful:
            score -= self._neutral_dangers(sim, occ)
        return score

    def _neutral_dangers(self, sim, occ) -> float:
        links = self.board.links
        total = 0.0
        for p in sim["pieces"]:
            if p["at"] is None or p["owner"] != self.seat or p["kind"] != TRANSPORT:
                continue
            sq = (p["at"][0], p["at"][1])
            if self.board.kinds[sq] == SAFETY:
                continue
            for d, mid in links[sq].items():
                q = occ.get(mid)
                if q is None or q["kind"] != BATTLESHIP or q["owner"] == self.seat:
                    continue
                land = links[sq].get((-d[0], -d[1]))
                if land is not None and land not in occ and self.board.kinds[land] in ("ocean", "seaport"):
                    total += 0.5
                    break
        return total

    # ----- the enemy's answer (hard) ----------------------------------------------------------------
    def worst_reply(self, sim, bonus: float) -> float:
        """The lowest score the enemy belligerent can leave us with by a tactical reply to `sim`."""
        if self.enemy_seat is None:
            return self.score(sim) + bonus
        base = self.score(sim)
        worst = base
        occ = occupancy(sim["pieces"])
        own = self.own_home
        mine = {sq for sq, p in occ.items() if p["owner"] == self.seat}
        watch = set(own.vicinity) if own is not None else set()
        for p, path, captured in seat_moves(self.board, occ, self.enemy_seat):
            end = path[-1]
            near = end in watch or captured or (p["kind"] == BATTLESHIP and any(
                n in mine for n in self.board.links[end].values()))
            if not near:
                continue
            reply = self._after_reply(sim, p, path, captured)
            worst = min(worst, self.score(reply))
        return worst + bonus

    def _after_reply(self, sim, p, path, captured) -> dict:
        pieces = [dict(q) for q in sim["pieces"]]
        out = dict(sim)
        out["pieces"] = pieces
        out["steps"] = []
        moved = pieces[p["id"]]
        moved["at"] = list(path[-1])
        for cid in captured:
            pieces[cid]["at"] = None
        if moved["kind"] == BATTLESHIP:
            traps.resolve(self.board, out, moved, [])
        return out


_SAFETY = {}


def _safety_squares(board) -> tuple:
    if board.name not in _SAFETY:
        _SAFETY[board.name] = tuple(sorted(sq for sq, k in board.kinds.items() if k == SAFETY))
    return _SAFETY[board.name]


def make(level: str, seat: int, seed: int = 0) -> Bot:
    return Bot(level, seat, seed)
