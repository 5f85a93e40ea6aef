"""Bots for Tactics (1940), deciding from their own seat's view only.

A bot rebuilds a position from its view (the public part, and its own submarine cards;
other hands and the deck order stay unknown) and scores what `legal` offers with the
rules' own answers, asked only through the package's documented queries
(`engine.tactics1940.queries`: moves, a move's forecast with its traps, the blockade test),
then sends one of those actions. No level spends a turn on a shuffle inside its own home
area that changes nothing while another move exists (issue 22). Every seat plays to end the war: a belligerent sails for the enemy
seaport and shuts its mouth while keeping its own open; a neutral sends its supply
ships to trade, parks its battleships in the safety zone, and once drawn into the war
plays for its camp. Levels differ in sense, not speed:
  easy    scores only its own progress (approach, the enemy mouth, the blockade itself)
          with noise and, one move in five, any legal move; ignores material and danger,
          picks cards at random and lets half its submarine chances go;
  normal  adds material, the enemy's progress on its own mouth, pieces in danger, the
          risk of a submarine, and sensible card, protest and strike choices, with much noise;
  hard    the same with little noise, counts the submarine cards it cannot see, and looks
          at the enemy's tactical replies to its best four moves (captures, traps, moves
          into its port's vicinity, a blockade).
For the expert (bots/expert.py) the module also offers the hard bot's ranking of its moves
(`Bot.shortlist`, the search's candidates) and `evaluate`, the worth its playouts are scored by.
"""
import itertools
import math
import random

from bots.settings import AnalysisSettings, ExpertSettings
from engine import legal as listing, undo
from engine.tactics1940 import queries
from engine.tactics1940.board import LAND, OCEAN, SAFETY, SEAPORT, load, per_board
from engine.tactics1940.queries import (AIRPLANE, BATTLESHIP, NORTH, SOUTH, TRANSPORT, VALUE, occupancy, opposite,
                                        seat_of_power)

LEVELS = ("easy", "normal", "hard")
WIN = 10_000.0
FAR = 30
CARD_ACTIONS = 2000     # a card's actions weighed at most (in the order its listing gives them)
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
LINES = ((0, -1), (1, -1), (1, 0), (1, 1))
MINE, ALLY, FOE = "mine", "ally", "foe"   # whose a piece is, to a belligerent bot (Judge._roles)

# What each level weighs: "approach" is the pull of the enemy mouth on a seat's nearest ships
# (nearest first); "enemy_mouth" and "enemy_approach" weigh the enemy's progress on one's own
# mouth; "danger" one's pieces open to a trap or a jump; "sub_risk" entering a square a hidden
# submarine may watch. Keeping battleships home as guards was measured and lost: attack is the
# better defence here, so no level keeps any.
WEIGHTS = {
    "easy": {"noise": 0.8, "random_move": 0.2, "lookahead": 0, "material": 0.0, "enemy_mouth": 0.0,
             "enemy_approach": 0.0, "danger": 0.0, "sub_risk": 0.5, "approach": (1.0, 0.8, 0.5, 0.2)},
    "normal": {"noise": 1.8, "random_move": 0.0, "lookahead": 0, "material": 1.0, "enemy_mouth": 1.0,
               "enemy_approach": 1.0, "danger": 1.0, "sub_risk": 0.8, "approach": (1.0, 0.8, 0.5, 0.2)},
    "hard": {"noise": 0.05, "random_move": 0.0, "lookahead": 4, "material": 1.0, "enemy_mouth": 1.0,
             "enemy_approach": 1.0, "danger": 1.0, "sub_risk": 0.8, "approach": (1.0, 0.8, 0.5, 0.2)},
}


distances = queries.step_distances


@per_board
def _beside(board) -> dict:
    """square -> the frozenset of the squares its links lead to."""
    return {sq: frozenset(near.values()) for sq, near in board.links.items()}


@per_board
def _linked_from(board) -> dict:
    """square -> the squares whose links lead to it."""
    found = {sq: [] for sq in board.links}
    for sq, near in board.links.items():
        for n in near.values():
            found.setdefault(n, []).append(sq)
    return {sq: tuple(froms) for sq, froms in found.items()}


@per_board
def safety_squares(board) -> tuple:
    """The safety zone's squares, in order (each of a bot's decisions asks)."""
    return tuple(sorted(sq for sq, k in board.kinds.items() if k == SAFETY))


class Bot:
    pace = 0.0

    def __init__(self, level: str, seat: int, seed: int, weights: dict | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level, self.seat = level, seat
        self.w = dict(WEIGHTS[level], **(weights or {}))
        self.random = random.Random(seed * 7919 + seat)
        self.board = load()
        self.careful = level != "easy"
        self.unseen = None       # submarine cards this bot cannot see (counted once per decision)
        self._ranked = []        # the last move decision's moves, best first (`shortlist`)

    # ----- the one entry point -------------------------------------------------------------
    def choose(self, view: dict):
        pub = view["public"]
        if pub.get("result") is not None or self.seat not in pub.get("to_act", ()):
            return None
        legal = undo.without(view["private"].get("legal"))  # a bot never takes back its own move
        if not listing.size(legal):
            return None
        state = queries.position(view, self.seat)
        self.unseen = None
        self._ranked = []
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
    def _favourite(self, state) -> str:
        """The camp a neutral leans to: the stronger on the board (its jackpot is the prize)."""
        strength = {NORTH: 0.0, SOUTH: 0.0}
        for p in state["pieces"]:
            camp = state["camp"][p["owner"]]
            if p["at"] is not None and camp is not None:
                strength[camp] += VALUE[p["kind"]]
        return NORTH if strength[NORTH] >= strength[SOUTH] else SOUTH

    def own_port(self, state):
        power = state["powers"][self.seat]
        return self.board.homes[power] if power in (NORTH, SOUTH) else None

    def enemy_port(self, state):
        camp = state["camp"][self.seat]
        return None if camp is None else self.board.homes[opposite(camp)]

    def targets(self, state) -> tuple:
        """Where this seat's ships are going: the enemy's mouth, or (a neutral) the other players' ports."""
        enemy = self.enemy_port(state)
        if enemy is not None:
            return tuple(enemy.open + enemy.front)
        return tuple(sq for s, power in enumerate(state["powers"]) if s != self.seat
                     for sq in self.board.homes[power].open)

    def sub_risk(self, state, sq) -> float:
        """The chance that someone else holds the submarine card for `sq` (0 when it is face up or ours).
        Hard counts: of the submarine cards it cannot see, the share the other players hold; the others
        guess a flat third."""
        card = queries.submarine_card(sq)
        mine = state["hands"].get(str(self.seat), {})
        if card is None or card in state["discard"] or str(card) in mine:
            return 0.0
        if self.level != "hard":
            return 0.35
        if self.unseen is None:
            face_up = sum(1 for c in state["discard"] if c < queries.SUBMARINE_CARDS)
            self.unseen = max(1, queries.SUBMARINE_CARDS - face_up - len(mine))
        held = sum(n for s, n in enumerate(state["held"]) if s != self.seat)
        return min(1.0, held / self.unseen)

    # ----- reactions and answers ---------------------------------------------------------------
    def _strike(self, state, step, legal):
        """Sink an enemy's piece; a neutral keeps its submarines for the day it is at war. An easy bot
        lets half its chances go by."""
        owner = state["pieces"][step["piece"]]["owner"]
        if queries.at_war(state, self.seat, owner) and (self.careful or self.random.random() < 0.5):
            return legal["actions"][0]
        return None

    def _answer(self, state, step, legal):
        """Pay rather than be drawn into a war one does not want."""
        if {"type": "answer_protest", "pay": True} not in legal["actions"]:
            return {"type": "answer_protest", "pay": False}
        if not self.careful:
            return {"type": "answer_protest", "pay": self.random.random() < 0.5}
        wants_war = False
        if queries.is_neutral(state, self.seat):
            victim_camp = state["camp"][step["victim"]]
            wants_war = victim_camp is not None and opposite(victim_camp) == self._favourite(state)
        accepted = state["accepted"][self.seat][step["victim"]]
        pay = not wants_war and (accepted >= 1 or state["coins"][self.seat] >= 4)
        return {"type": "answer_protest", "pay": pay}

    def _sacrifice(self, state, legal):
        pieces = [state["pieces"][a["piece"]] for a in legal["actions"]]
        return {"type": "choose_piece", "piece": min(pieces, key=lambda p: (self._keep_value(state, p), p["id"]))["id"]}

    def _keep_value(self, state, p) -> float:
        """How much a piece is worth keeping: its points, and for a ship how near it is to the action."""
        value = VALUE[p["kind"]] * 10.0
        if p["kind"] == AIRPLANE:
            return value + 2
        return value - distances(p["kind"], self.targets(state)).get(tuple(p["at"]), FAR) * 0.2

    def _place(self, state, legal):
        """Put a returning or conscripted transport as near to the way out as possible."""
        squares = listing.values_of(legal, "place", "to")
        home = self.board.homes[state["powers"][self.seat]]
        near = distances(TRANSPORT, home.open)
        return {"type": "place", "to": min(squares, key=lambda sq: (near.get(tuple(sq), FAR), sq))}

    # ----- cards ----------------------------------------------------------------------------------
    def _card(self, state, step, legal):
        kind = step["card"]["kind"]
        if self.careful and kind == queries.SURPRISE_MANEUVER:
            return self._maneuver(state, legal)
        if self.careful and kind == queries.CONSCRIPTION:
            return self._place(state, legal)
        actions = listing.all_actions(legal, CARD_ACTIONS)    # (a maneuver's or a transport's place: thousands)
        if not self.careful:
            return self.random.choice(actions)
        scored = [(self._card_score(state, kind, a), -i) for i, a in enumerate(actions)]
        return actions[-max(scored)[1]]

    def _card_score(self, state, kind, action) -> float:
        if action["type"] == "decline":
            return 0.0
        if action["type"] == "choose_player":
            target = action["seat"]
            if kind == queries.DIPLOMATIC_INCIDENT:
                return self._protest_target_score(state, target)
            return 1.0 if queries.at_war(state, self.seat, target) else -3.0
        p = state["pieces"][action["piece"]]
        if p["owner"] == self.seat:       # a loss of one's own: the least useful piece
            return -self._keep_value(state, p)
        score = VALUE[p["kind"]] * 2.0
        if not queries.at_war(state, self.seat, p["owner"]):
            return score - 12.0           # aggression against a neutral: only when nothing else
        own = self.own_port(state)
        if own is not None and p["kind"] != AIRPLANE:
            score += 6.0 - min(6.0, distances(p["kind"], own.open + own.front).get(tuple(p["at"]), FAR))
        return score

    def _protest_target_score(self, state, target) -> float:
        camp = state["camp"][self.seat]
        if camp is None:                  # a neutral protests to the camp it does not favour
            tcamp = state["camp"][target]
            return 2.0 if tcamp is not None and tcamp != self._favourite(state) else 0.5
        return 1.0 - state["coins"][target] * 0.05

    def _maneuver(self, state, legal):
        """The transport's move that gains most on the way to the targets, less the risk of a submarine where it
        ends (a decline unless one gains over half a step), among the first CARD_ACTIONS actions `legal` lists,
        in its order (the first of equal gains). A card's maneuvers come as one template a transport, whose
        squares are read as they stand, not each made into an action."""
        table = distances(TRANSPORT, self.targets(state))
        best, best_gain = {"type": "decline"}, 0.5
        risks = {}      # square -> sub_risk (each square is offered once for every transport)
        left = CARD_ACTIONS
        offers = [(a, None) for a in legal["actions"][:left]]
        left -= len(offers)
        for t in legal.get("templates", ()):
            if left <= 0:
                break
            if t["type"] == "maneuver" and [k for k, v in t.items() if listing.is_domain(v)] == ["to"]:
                squares = listing.domain_values(t["to"])[:left]
                offers.append((t, squares))
                left -= len(squares)
            else:
                listed = list(itertools.islice(listing.expand(t), left))
                offers += [(a, None) for a in listed]
                left -= len(listed)
        for offer, squares in offers:
            if offer["type"] != "maneuver":
                continue
            at = state["pieces"][offer["piece"]]["at"]
            here = table.get((at[0], at[1]), FAR)
            for to in ([offer["to"]] if squares is None else squares):
                sq = (to[0], to[1])
                if sq not in risks:
                    risks[sq] = self.sub_risk(state, sq)
                gain = here - table.get(sq, FAR) - risks[sq] * 3
                if gain > best_gain:
                    best, best_gain = (offer if squares is None else dict(offer, to=to)), gain
        return best

    # ----- moves ----------------------------------------------------------------------------------
    def _move(self, state, legal):
        actions = legal["actions"]
        if self.careful:
            mouth = self.enemy_port(state)
            for a in actions:
                if a["type"] == "demand" and mouth is not None and \
                        tuple(state["pieces"][a["piece"]]["at"]) in mouth.open + mouth.front:
                    return a
        moves = [a for a in actions if a["type"] == "move"]
        if not moves:
            return next(a for a in actions if a["type"] == "pass")
        judge = Judge(self, state)
        sims = [judge.forecast(a) for a in moves]   # (position, its occupancy, its war terms)
        values = [judge.score(*sim) for sim in sims]  # each position scored once (the look-ahead reads them again)
        keep = judge.not_idle(moves, values)
        moves, sims, values = [moves[i] for i in keep], [sims[i] for i in keep], [values[i] for i in keep]
        if self.w["random_move"] and self.random.random() < self.w["random_move"]:
            return self.random.choice(moves)
        noise = self.w["noise"]
        scored = []
        for i, (a, sim) in enumerate(zip(moves, sims)):
            score = values[i] + judge.move_bonus(a) + (self.random.gauss(0.0, noise) if noise else 0.0)
            scored.append((score, i, sim))
        scored.sort(key=lambda t: (-t[0], t[1]))
        order = [i for _, i, _ in scored]
        depth = self.w["lookahead"]
        if depth and scored[0][0] < WIN / 2:
            # The move kept is the best (value after the enemy's worst reply, -index). A move's reply search
            # stops once the move can no longer be it (its value only falls as replies are found); the full
            # ranking, which only `shortlist` reads, finishes those searches when it is asked for.
            looked = scored[:depth]
            keys = []       # (value, -index) of each looked-at move, None where its search stopped short
            best = None
            for score, i, sim in looked:
                value = judge.worst_reply(sim[0], score, values[i], *sim[1:],
                                          floor=best and (best[0], i > -best[1]))
                keys.append(None if value is None else (value, -i))
                if value is not None and (best is None or keys[-1] > best):
                    best = keys[-1]

            def ranking() -> list:
                replies = [key if key is not None else (judge.worst_reply(sim[0], score, values[i], *sim[1:]), -i)
                           for key, (score, i, sim) in zip(keys, looked)]
                return [moves[-i] for _, i in sorted(replies, reverse=True)] + [moves[i] for i in order[depth:]]
            self._ranked = ranking
            return moves[-best[1]]
        self._ranked = [moves[i] for i in order]
        return moves[scored[0][1]]

    def shortlist(self, k: int) -> list:
        """The `k` moves the last move decision ranked best, best first (the ones its look-ahead weighed
        by the enemy's reply, then the rest by the position they leave; never an idle shuffle): a
        searcher's likeliest contenders. Empty after any other decision."""
        if callable(self._ranked):      # the look-ahead's ranking, finished only when asked for
            self._ranked = self._ranked()
        return self._ranked[:k]


class Judge:
    """Scores positions for one decision of one bot; what does not change between moves is read once."""

    def __init__(self, bot: Bot, state: dict):
        self.bot, self.state, self.board, self.w = bot, state, bot.board, bot.w
        self.seat = bot.seat
        self.camp = state["camp"][bot.seat]
        self.enemy_home = bot.enemy_port(state)
        self.own_home = bot.own_port(state)
        self.enemy_seat = seat_of_power(state, opposite(self.camp)) if self.camp else None
        self.own_seat = seat_of_power(state, self.camp) if self.camp else None
        targets = bot.targets(state)
        self.to_target = {BATTLESHIP: distances(BATTLESHIP, targets), TRANSPORT: distances(TRANSPORT, targets)}
        if self.own_home is not None:
            mouth = self.own_home.open + self.own_home.front
            self.to_home = {BATTLESHIP: distances(BATTLESHIP, mouth), TRANSPORT: distances(TRANSPORT, mouth)}
        self.home = self.board.homes[state["powers"][bot.seat]]
        self.to_safety = distances(BATTLESHIP, safety_squares(self.board))
        self.own_ids = [p["id"] for p in state["pieces"] if p["owner"] == self.seat]
        self.occ = occupancy(state["pieces"])
        self.risks = {}     # square -> the bot's sub_risk there (moves of several pieces end on one square)
        self.terms = None   # `_war_terms` (a neutral's `_neutral_terms`) of `state`: a forecast's made from it
        if self.camp is None:
            self.terms = self._neutral_terms(state, self.occ)
        else:
            self.roles = self._roles(state)
            self.role_of = {role[0]: role for role in self.roles}
            if self._sums_exact():
                self.terms = self._war_terms(state)

    def _roles(self, state) -> list:
        """What `_war_score` reads of each belligerent's piece, worked out once, in the pieces' order (a
        neutral's piece counts for nothing there): its id, its side (MINE, ALLY or FOE), its material term
        (the same product the score adds; None when material is not weighed) and the table of its way to
        the mouth that concerns it (None for an airplane or where nobody's mouth is watched). A forecast
        changes neither owners, kinds nor camps."""
        material, camps = self.w["material"], state["camp"]
        watch_own = self.own_home is not None and self.w["enemy_mouth"]
        roles = []
        for p in state["pieces"]:
            kind, owner = p["kind"], p["owner"]
            owner_camp = camps[owner]
            if owner_camp == self.camp:
                side = MINE if owner == self.seat else ALLY
                worth = VALUE[kind] * (material if owner == self.seat else material * 0.5) if material else None
                table = self.to_target[kind] if side is MINE and kind != AIRPLANE else None
            elif owner_camp is not None:
                side, worth = FOE, (VALUE[kind] * material if material else None)
                table = self.to_home[kind] if watch_own and kind != AIRPLANE else None
            else:
                continue
            roles.append((p["id"], side, worth, kind, table))
        return roles

    def _sums_exact(self) -> bool:
        """Whether every term `_war_terms` sums is a multiple of 1/1024 of at most 1024: then no sum of them
        rounds, whatever their order, and a forecast's sum may be made from the sum before it."""
        enemy_mouth = self.w["enemy_mouth"]
        terms = [role[2] for role in self.roles if role[2] is not None] + [6.0, 4.0, 3.0, 6.0 * enemy_mouth,
                                                                          4.0 * enemy_mouth]
        return all(float(t * 1024).is_integer() and abs(t) <= 1024 for t in terms)

    # ----- simulating ---------------------------------------------------------------------------
    def after(self, action) -> dict:
        """The model after one move (captures, trade coins and traps included; no card, no submarine)."""
        return self.forecast(action)[0]

    def forecast(self, action) -> tuple:
        """(`after(action)`, its occupancy, its `_war_terms` or None)."""
        return self._play(self.state, self.state["pieces"][action["piece"]],
                          [tuple(sq) for sq in action["path"]], None, self.occ, self.terms)

    def _play(self, state, p, path, captured, occ, terms=None) -> tuple:
        """(the rules' forecast of one move, with how many neutral pieces of others it destroyed; its
        occupancy; its `_war_terms`, or None). `occ`: the occupancy of `state`, `terms` its `_war_terms` (or
        None). A move that destroys nothing and ends where it was going changes the occupancy by one piece,
        so the new one is made from `occ` (in another order, which no reader of it minds: they look squares
        up, or sort what they find by piece), and its terms from `terms`."""
        sim, destroyed = queries.after_move(state, p, path, captured, occ)
        moved = sim["pieces"][p["id"]]
        end = path[-1]
        if destroyed:
            sim["neutral_losses"] = sum(1 for q in destroyed if state["camp"][q["owner"]] is None
                                        and q["owner"] != p["owner"])
            return sim, occupancy(sim["pieces"]), None
        sim["neutral_losses"] = 0
        if moved["at"][0] != end[0] or moved["at"][1] != end[1]:   # a supply ship traded and sent home
            return sim, occupancy(sim["pieces"]), None
        start, end = (p["at"][0], p["at"][1]), (end[0], end[1])
        occ = dict(occ)
        del occ[start]
        occ[end] = moved
        if terms is None:
            return sim, occ, None
        if self.camp is None:
            return sim, occ, self._moved_neutral_terms(terms, p, start, end, occ)
        return sim, occ, self._moved_terms(terms, p, start, end)

    def not_idle(self, moves: list, values: list) -> list:
        """Indexes of the moves worth a turn: every move but the shuffles inside one's own home area
        (from the seaport to the seaport, or about the home land) that leave the position scoring what
        it scores now. Such a move spends the turn on nothing; any level picking it (by noise, or hard
        because its look-ahead finds every real move answered) was issue 22's blunder. Only when every
        move is such a shuffle does one of them stay."""
        home = self.home.squares
        base = None
        keep = []
        for i, (a, value) in enumerate(zip(moves, values)):
            p = self.state["pieces"][a["piece"]]
            if (p["at"][0], p["at"][1]) in home and tuple(a["path"][-1]) in home:
                if base is None:
                    base = self.score(self.state, self.occ, self.terms)
                if abs(value - base) < 1e-9:
                    continue
            keep.append(i)
        return keep or list(range(len(moves)))

    def move_bonus(self, action) -> float:
        """What a move is worth beyond the position it leaves: the risk of a submarine where it ends."""
        weight = self.w["sub_risk"]
        if not weight:
            return 0.0
        p = self.state["pieces"][action["piece"]]
        end = tuple(action["path"][-1])
        if end not in self.risks:
            self.risks[end] = self.bot.sub_risk(self.state, end)
        return -self.risks[end] * VALUE[p["kind"]] * weight

    # ----- the score of a position for this bot ----------------------------------------------------
    def score(self, sim, occ: dict | None = None, terms: tuple | None = None) -> float:
        """The worth of `sim` for this bot (`occ`: its occupancy, `terms` its `_war_terms` or a neutral's
        `_neutral_terms`, when the caller has them)."""
        if self.camp is None:
            return self._neutral_score(sim, occ, terms)
        if occ is None:
            occ = occupancy(sim["pieces"])
        if queries.is_blockaded(sim, self.enemy_seat, occ):
            return WIN
        if self.own_seat is not None and queries.is_blockaded(sim, self.own_seat, occ):
            return -WIN
        return self._war_score(sim, occ, terms if terms is not None else self._war_terms(sim))

    def _war_terms(self, sim) -> tuple:
        """What the war score adds up over the belligerents' pieces of `sim`: (the sum of their material and
        of their places on either mouth, the distances of this seat's ships to the enemy mouth, of the enemy's
        to its own, [(id, square)] of the enemy's battleships out of the safety zone, in the pieces' order, and
        the set of this seat's ships' squares out of the safety zone, which `_dangers` finds in reach)."""
        enemy_home = self.enemy_home
        enemy_open, enemy_front = enemy_home.open, enemy_home.front
        own_open, own_front = (self.own_home.open, self.own_home.front) if self.own_home is not None else ((), ())
        open_loss, front_loss = 6.0 * self.w["enemy_mouth"], 4.0 * self.w["enemy_mouth"]
        kinds, pieces = self.board.kinds, sim["pieces"]
        score = 0.0
        mine, theirs = [], []
        foe_ships, ships = [], set()
        for i, side, worth, kind, table in self.roles:   # in the order of the pieces, as the sum was always made
            at = pieces[i]["at"]
            if at is None:
                continue
            sq = (at[0], at[1])
            if side is MINE:
                if worth is not None:
                    score += worth
                if table is None:
                    continue
                if kinds[sq] != SAFETY:
                    ships.add(sq)
                if sq in enemy_open:
                    score += 6.0
                elif sq in enemy_front:
                    score += 4.0 if kind == BATTLESHIP else 3.0
                else:
                    mine.append(table.get(sq, FAR))
            elif side is ALLY:
                if worth is not None:
                    score += worth
            elif side is FOE:
                if worth is not None:
                    score -= worth
                if kind == BATTLESHIP and kinds[sq] != SAFETY:
                    foe_ships.append((i, sq))
                if table is None:
                    continue
                if sq in own_open:
                    score -= open_loss
                elif sq in own_front:
                    score -= front_loss
                else:
                    theirs.append(table.get(sq, FAR))
        return score, mine, theirs, foe_ships, ships

    def _place_term(self, role, sq) -> tuple:
        """(what a piece of `role` adds to `_war_terms`' sum for standing on `sq`, the distance it counts
        there, or None): the loop of `_war_terms`, for one piece."""
        _, side, _, kind, table = role
        if table is None:
            return 0.0, None
        if side is MINE:
            home = self.enemy_home
            if sq in home.open:
                return 6.0, None
            if sq in home.front:
                return (4.0 if kind == BATTLESHIP else 3.0), None
        else:
            home = self.own_home
            if sq in home.open:
                return -(6.0 * self.w["enemy_mouth"]), None
            if sq in home.front:
                return -(4.0 * self.w["enemy_mouth"]), None
        return 0.0, table.get(sq, FAR)

    def _moved_terms(self, terms: tuple, p: dict, start, end) -> tuple:
        """`_war_terms` of a position where only `p` moved, from `start` to `end`, since the one `terms` are of
        (nothing destroyed). Its sum is exact (`_sums_exact`), so the one piece's change is all there is."""
        role = self.role_of.get(p["id"])
        if role is None:
            return terms    # a neutral's piece: nothing of it is counted
        total, mine, theirs, foe_ships, ships = terms
        was, was_far = self._place_term(role, start)
        now, now_far = self._place_term(role, end)
        total = total - was + now
        side = role[1]
        if was_far != now_far:
            far = list(mine if side is MINE else theirs)
            if was_far is not None:
                far.remove(was_far)
            if now_far is not None:
                far.append(now_far)
            if side is MINE:
                mine = far
            else:
                theirs = far
        if side is FOE and role[3] == BATTLESHIP:
            foe_ships = [ship for ship in foe_ships if ship[0] != role[0]]
            if self.board.kinds[end] != SAFETY:
                foe_ships = sorted(foe_ships + [(role[0], end)])
        elif side is MINE and role[4] is not None:
            ships = set(ships)
            ships.discard(start)
            if self.board.kinds[end] != SAFETY:
                ships.add(end)
        return total, mine, theirs, foe_ships, ships

    def _war_score(self, sim, occ, terms) -> float:
        w = self.w
        score, mine, theirs, foe_ships, ships = terms
        mine = sorted(mine)
        for weight, d in zip(w["approach"], mine):
            score -= weight * d
        if w["enemy_approach"]:
            theirs = sorted(theirs)
            for weight, d in zip((0.6, 0.4, 0.2), theirs):
                score += weight * w["enemy_approach"] * min(d, 12)
        if w["danger"]:
            score -= w["danger"] * self._dangers(occ, [sq for _, sq in foe_ships], ships)
            # Each neutral piece destroyed draws a protest and pushes that neutral towards the enemy.
            score -= sim.get("neutral_losses", 0) * 3.0
        return score

    def _dangers(self, occ, foe_ships: list, ships: set) -> float:
        """Own pieces the other camp could take on its next move: a trap of a battleship, a jump of a transport.
        `foe_ships`: the squares of the other camp's battleships out of the safety zone, in the pieces' order;
        `ships`: this seat's ships' squares out of it."""
        links = self.board.links
        enemy_ships = set(foe_ships)
        exposed = set()     # filled in the pieces' order: `_exposed_total` sums in the set's order
        for sq in foe_ships:
            for n in links[sq].values():
                if n in ships:
                    exposed.add(n)
        return self._exposed_total(occ, enemy_ships, exposed)

    def _exposed_total(self, occ, enemy_ships: set, exposed: set) -> float:
        """What the own pieces on the `exposed` squares stand to lose to the other camp's battleships on
        `enemy_ships`: 3 for a battleship one of them could trap, 0.8 for a piece one could jump."""
        kinds, links = self.board.kinds, self.board.links
        total = 0.0
        for sq in exposed:
            near = links[sq]
            if occ[sq]["kind"] == BATTLESHIP:
                for d in LINES:
                    a, c = near.get(d), near.get((-d[0], -d[1]))
                    if a is None or c is None:
                        continue
                    for one, other in ((a, c), (c, a)):
                        if one in enemy_ships and other not in occ and kinds[other] != LAND and any(
                                n in enemy_ships and n != one for n in links[other].values()):
                            total += 3.0
                            break
            else:
                for d, mid in near.items():
                    if mid in enemy_ships:
                        land = near.get((-d[0], -d[1]))
                        if land is not None and land not in occ and kinds[land] in (OCEAN, SEAPORT):
                            total += 0.8
                            break
        return total

    def _neutral_score(self, sim, occ, terms: tuple | None = None) -> float:
        """A neutral's worth of `sim` (`occ`: its occupancy, or None; `terms` its `_neutral_terms`, when a
        forecast's were made from the Judge's position's)."""
        careful = self.bot.careful
        start = 0
        score = sim["coins"][self.seat] * 4.0
        if terms is not None and score == self.prefix[0]:   # (a supply ship's trade changes the coins)
            start = terms[0]
            score = self.prefix[start]  # the sum is made in the pieces' order: the same up to the moved one
        pieces = sim["pieces"]
        score = self._neutral_places(score, pieces, self.own_ids[start:] if start else self.own_ids)
        if careful:
            if terms is not None:
                score -= 0.5 * terms[1]     # a sum of halves, exact in any order
            else:
                kinds = self.board.kinds
                afloat = [(p["at"][0], p["at"][1]) for p in (pieces[i] for i in self.own_ids) if p["at"] is not None
                          and p["kind"] == TRANSPORT and kinds[(p["at"][0], p["at"][1])] != SAFETY]
                score -= self._neutral_dangers(sim, occ, afloat)
        return score

    def _neutral_places(self, score: float, pieces: list, ids, sums: list | None = None) -> float:
        """`score` with what the neutral's own pieces of `ids` (in that order) add for where they stand; `sums`,
        when given, gets the score after each."""
        careful = self.bot.careful
        home, kinds = self.home, self.board.kinds
        to_port = self.to_target[TRANSPORT]
        for i in ids:
            p = pieces[i]
            if p["at"] is not None:
                sq = (p["at"][0], p["at"][1])
                kind = p["kind"]
                if careful:
                    score += VALUE[kind]
                if kind == TRANSPORT:
                    score -= 0.4 * to_port.get(sq, FAR)
                elif kind == BATTLESHIP:
                    if sq in home.open:
                        score -= 2.0
                    elif kinds[sq] == SAFETY:
                        score += 1.0
                    else:
                        score += 0.3 - 0.05 * self.to_safety.get(sq, FAR)
            if sums is not None:
                sums.append(score)
        return score

    def _neutral_terms(self, state, occ) -> tuple:
        """What a neutral's score of `state` is made of, kept for the forecasts made from it: `self.prefix`, the
        score before each of its own pieces is added (and after the last), `self.jumped`, its transports out of
        the safety zone and whether another's battleship could jump each; returns (the number of own pieces,
        how many of those transports could be jumped): the terms of `state` itself."""
        kinds, pieces = self.board.kinds, state["pieces"]
        self.prefix = [state["coins"][self.seat] * 4.0]
        self._neutral_places(self.prefix[0], pieces, self.own_ids, self.prefix)
        self.jumped = {}
        for i in self.own_ids:
            p = pieces[i]
            if p["at"] is not None and p["kind"] == TRANSPORT and kinds[(p["at"][0], p["at"][1])] != SAFETY:
                sq = (p["at"][0], p["at"][1])
                self.jumped[sq] = self._jumpable(sq, occ)
        self.slot = {i: k for k, i in enumerate(self.own_ids)}
        return len(self.own_ids), sum(self.jumped.values())

    def _moved_neutral_terms(self, terms: tuple, p: dict, start, end, occ) -> tuple | None:
        """`_neutral_terms` of the position where only the neutral's own piece `p` moved, from `start` to `end`,
        since the Judge's position (`occ`: the occupancy after the move), or None for another's piece. Only a
        transport beside `start` or `end` (or the one moved) can be jumped where it could not, or the reverse."""
        k = self.slot.get(p["id"])
        if k is None or terms[0] != len(self.own_ids):
            return None
        count = terms[1]
        jumped = self.jumped
        beside = _beside(self.board)
        for sq, was in jumped.items():
            if sq == start:
                count -= was
            elif start in beside[sq] or end in beside[sq]:
                count += self._jumpable(sq, occ) - was
        if p["kind"] == TRANSPORT and self.board.kinds[end] != SAFETY:
            count += self._jumpable(end, occ)
        return k, count

    def _jumpable(self, sq, occ) -> bool:
        """Whether another's battleship beside the neutral's transport on `sq` could jump it (`occ`: the occupancy)."""
        links, kinds = self.board.links, self.board.kinds
        near = links[sq]
        for d, mid in near.items():
            q = occ.get(mid)
            if q is None or q["kind"] != BATTLESHIP or q["owner"] == self.seat:
                continue
            land = near.get((-d[0], -d[1]))
            if land is not None and land not in occ and kinds[land] in (OCEAN, SEAPORT):
                return True
        return False

    def _neutral_dangers(self, sim, occ, afloat: list) -> float:
        """Own transports (`afloat`: their squares, out of the safety zone) another's battleship could jump
        (`occ`: the occupancy of `sim`, or None)."""
        if not afloat:
            return 0.0
        if occ is None:
            occ = occupancy(sim["pieces"])
        total = 0.0
        for sq in afloat:
            if self._jumpable(sq, occ):
                total += 0.5
        return total

    # ----- the enemy's answer (hard) ----------------------------------------------------------------
    def worst_reply(self, sim, score: float, base: float, occ: dict | None = None, terms: tuple | None = None,
                    floor: tuple | None = None) -> float | None:
        """The lowest score the enemy belligerent can leave us with by a tactical reply to `sim`
        (`score` is what the move scored, submarine risk and noise included; `base` what `sim` scores;
        `occ` the occupancy of `sim` and `terms` its `_war_terms`, when the caller has them). With a `floor`,
        (a value, whether a move that only reaches it loses), None as soon as the answer is known to fall short
        of it: the answer only falls as replies are found, so no reply left could lift it back."""
        if self.enemy_seat is None:
            return score
        worst = base
        if floor is not None and _short(score - base + worst, floor):
            return None
        if occ is None:
            occ = occupancy(sim["pieces"])
        if terms is None and self.terms is not None:
            terms = self._war_terms(sim)    # each reply's made from it
        watch = self.own_home.vicinity if self.own_home is not None else frozenset()
        linked_from = _linked_from(self.board)
        beside_mine = set()     # the squares linked to one of ours
        for sq, p in occ.items():
            if p["owner"] == self.seat:
                beside_mine.update(linked_from[sq])
        for p, path, captured in queries.moves_of(sim, self.enemy_seat, occ):
            end = path[-1]
            if not (end in watch or captured or (p["kind"] == BATTLESHIP and end in beside_mine)):
                continue
            worst = min(worst, self.score(*self._play(sim, p, path, captured, occ, terms)))
            if floor is not None and _short(score - base + worst, floor):
                return None
        return score - base + worst


def _short(value: float, floor: tuple) -> bool:
    """Whether `value` falls short of `floor`: (a value, whether a move only reaching it loses the tie)."""
    return value < floor[0] or (value == floor[0] and floor[1])


def make(level: str, seat: int, seed: int = 0) -> Bot:
    return Bot(level, seat, seed)


# ----- the expert's worth of a position (EXPERT_SETTINGS, below) ----------------------------------------
# The worth of a position no move blockades now: the chance the side to move's camp wins, a logistic over
# `worth_terms` fitted to who won 1,200 hard-against-hard games, at the start of each move
# (tools/fit_tactics1940_worth.py; docs/bots.md, "Tactics (1940): a worth fitted to who won").
WORTH_BIAS = -1.522
WORTH_WEIGHTS = (3.04, 0.036, -0.496, 0.417, 1.075, 0.373, -0.334, -1.025, -0.422)   # one a term, in order
NEAREST_SHIPS = 3       # ships of each camp whose nearness to the enemy's mouth is a term
SHIP_FADE = 0.8         # a ship's nearness: SHIP_FADE to the power of its moves to the enemy's mouth ...
SHIP_FAR = 12           # ... counted up to this many
STRIKE = 0.5            # the share of the best capture the side to move has that counts as done
BLOCKADE_NEXT = 0.95    # the worth of a position whose side to move blockades on this move


def evaluate(state: dict, seat: int) -> float:
    """The seat's worth of a position, 0..1, with one move more seen: **the side to move strikes first**. A
    playout is scored where the searching seat is to move again, and what that move can take is not yet on the
    board. If the belligerent to move can shut the enemy seaport now — "the very moment this happens ... the
    game comes to an immediate end" (Rule 13) — the position is worth BLOCKADE_NEXT to its camp; else it is
    worth the chance its camp wins as fitted to hard games (WORTH_WEIGHTS over `worth_terms`), and the rest of
    it to the other camp. A neutral seat, or a step pending (a card, a window), is scored as the game scores it
    (queries.evaluate)."""
    camp = state["camp"][seat]
    mover = state["turn"]
    mover_camp = state["camp"][mover]
    if camp is None or mover_camp is None or state["steps"] or state.get("outcome") is not None:
        return queries.evaluate(state, seat)
    swing, blockades = _strike(state, mover, mover_camp)
    if blockades:
        return BLOCKADE_NEXT if mover_camp == camp else 1.0 - BLOCKADE_NEXT
    chance = worth_chance(worth_terms(state, mover_camp, swing))
    return chance if mover_camp == camp else 1.0 - chance


def worth_chance(terms: list[float]) -> float:
    """The chance the side to move's camp wins, from its `worth_terms`, as fitted (WORTH_BIAS, WORTH_WEIGHTS)."""
    return 1.0 / (1.0 + math.exp(-(WORTH_BIAS + sum(w * t for w, t in zip(WORTH_WEIGHTS, terms, strict=True)))))


def worth_terms(state: dict, side: str, swing: tuple = (0, 0)) -> list[float]:
    """What the worth weighs for the camp `side`, to move, whose best capture now takes `swing` (enemy value
    taken, own value lost: `_strike`): its share of both camps' Rule 18 value with that capture counted at
    STRIKE; the share of the enemy mouth's passages it stands on, and of its own mouth's the enemy stands on
    (Rule 13); then the nearness of its NEAREST_SHIPS ships nearest the enemy's mouth, and of the enemy's
    nearest its own (`_nearest_ships`)."""
    enemy = opposite(side)
    camps = state["camp"]
    value = {side: 0, enemy: 0}
    owner_at = {}
    for p in state["pieces"]:
        if p["at"] is not None:
            owner_at[(p["at"][0], p["at"][1])] = p["owner"]
            if camps[p["owner"]] in value:
                value[camps[p["owner"]]] += VALUE[p["kind"]]
    taken, lost = swing
    mine, foes = value[side] - STRIKE * lost, value[enemy] - STRIKE * taken
    board = load(state["board"])

    def stood_on(home, camp) -> float:
        passages = home.passages
        return sum(1 for passage in passages if any(camps[owner_at[sq]] == camp
                                                    for sq in passage if sq in owner_at)) / len(passages)
    return ([mine / (mine + foes) if mine + foes > 0 else 0.5,
             stood_on(board.homes[enemy], side), stood_on(board.homes[side], enemy)]
            + _nearest_ships(state, board, side) + _nearest_ships(state, board, enemy))


def _nearest_ships(state: dict, board, side: str) -> list[float]:
    """The camp's NEAREST_SHIPS ships (battleships and transports) nearest the enemy seaport's mouth, nearest
    first, each as SHIP_FADE to the power of the fewest moves it needs to stand on a passage across that coast
    (at most SHIP_FAR; a ship it lacks counts as that far)."""
    home = board.homes[opposite(side)]
    targets = home.open + home.front   # the squares of its passages (every open square faces every front one)
    camps = state["camp"]
    tables = {kind: queries.step_distances(kind, targets) for kind in (BATTLESHIP, TRANSPORT)}
    steps = sorted(min(SHIP_FAR, tables[p["kind"]].get((p["at"][0], p["at"][1]), SHIP_FAR))
                   for p in state["pieces"]
                   if p["at"] is not None and p["kind"] in (BATTLESHIP, TRANSPORT) and camps[p["owner"]] == side)
    steps += [SHIP_FAR] * NEAREST_SHIPS
    return [SHIP_FADE ** n for n in steps[:NEAREST_SHIPS]]


def _strike(state: dict, mover: int, mover_camp: str):
    """((enemy value taken, own value lost) by the mover's best capture, whether a move of the mover
    blockades the enemy seaport). Only the moves that can take something are forecast: a jump, or a
    battleship ending beside an enemy battleship (a trap needs one, Rule 10)."""
    board = load(state["board"])
    occ = occupancy(state["pieces"])
    camps = state["camp"]
    enemy = opposite(mover_camp)
    enemy_seat = seat_of_power(state, enemy)
    enemy_ships = {sq for sq, q in occ.items() if q["kind"] == BATTLESHIP and camps[q["owner"]] == enemy}
    vicinity = board.homes[enemy].vicinity
    links = board.links
    best = (0, 0)
    for p, path, captured in queries.moves_of(state, mover, occ):
        end = path[-1]
        trap = p["kind"] == BATTLESHIP and any(n in enemy_ships for n in links[end].values())
        near = end in vicinity
        if not (captured or trap or near):
            continue
        sim, destroyed = queries.after_move(state, p, path, captured, occ)
        if near and enemy_seat is not None and queries.is_blockaded(sim, enemy_seat):
            return best, True
        taken = sum(VALUE[q["kind"]] for q in destroyed if camps[q["owner"]] == enemy)
        lost = sum(VALUE[q["kind"]] for q in destroyed if camps[q["owner"]] == mover_camp)
        if taken - lost > best[0] - best[1]:
            best = (taken, lost)
    return best, False


# The expert's playouts scored with the side to move striking first (docs/bots.md, "Tactics (1940), a third look")
# It weighs 16 candidates (hard's ranked moves first): at 8 its search gave up most of its second; and it departs
# from hard's choice on 2.5 standard errors, not 1.5: with 15 rivals judged, one passes 1.5 by chance alone too
# often, and more time made it weaker (docs/bots.md, "Wider at the root, and surer to depart"). A playout counts a
# turn by the public `turn`: the window after a move (Rule 11, a submarine may strike) lists the other side too, and
# its playouts stopped there, before the move's traps, card and blockade were settled ("The window's blind spot").
# A playout is scored by the chance the side to move wins, fitted to hard games (`evaluate`; "a worth fitted to who won")
EXPERT_SETTINGS = ExpertSettings(evaluate="bots.tactics1940:evaluate", max_candidates=16, evidence=2.5, turn_field="turn")
# The analysis of a finished game (docs/hint_and_analysis.md): a transport is about 0.007 of the evaluation (0.005
# before the fitted worth: the planted cards thrown away are still marked, and as few of hard's decisions as before
# are blunders); a blockade the side to move can close counts 0.95, so the hard bot's missed ones fall up to 0.5 short.
ANALYSIS_SETTINGS = AnalysisSettings(inaccuracy=0.004, mistake=0.05, blunder=0.15)
