"""The fast paths of the Tactics (1940) hard bot's look-ahead and of the rules it asks, held to the plain code
they replaced, over positions of seeded bot games: the forecast of a move (`queries.after_move`, which settles
traps only beside another battleship, and takes the caller's occupancy), the Judge's scores (the war score read
from a table of the pieces' roles, the dangers gathered in the same pass, a neutral's pieces by id, a forecast's
occupancy and war terms made from the position before it, a neutral's score and dangers likewise), the hard bot's
look-ahead stopped short, and a Surprise
Maneuver's squares (what is the same for every transport found once, a way out sought only until one is found, the
last few positions' answers kept), a move's check and the blockade test.
Each test also checks its positions reach the case its fast path skips work in, so a wrong skip would show."""
from functools import lru_cache
import itertools
import random

import pytest

from bots import tactics1940 as bot
from engine import Session, legal as listing
from engine.errors import ILLEGAL, RuleError
from engine.tactics1940 import blockade, cards, deck, diplomacy, queries, turns
from engine.tactics1940.board import LAND, OCEAN, SAFETY, SEAPORT, load
from engine.tactics1940.moves import crosses, jumps, piece_moves
from engine.tactics1940.pieces import NORTH, SOUTH, occupancy as state_occupancy, opposite
from engine.tactics1940.queries import AIRPLANE, BATTLESHIP, TRANSPORT, VALUE, occupancy
from tests.tactics1940.helpers import cleared, put
from tests.tactics1940.test_bots import bot_game

FAR, LINES, WIN = bot.FAR, bot.LINES, bot.WIN
EVERY = 8      # a position every this many actions of each game
JUDGED_EVERY = 3   # of those, the Judge's every score and reply are held to the plain scoring at every third (the
                   # reference look-ahead is the slowest thing here; the counts of what was met stay checked)
ROUNDING = {"material": 0.3, "enemy_mouth": 0.7}
GAMES = ((["hard", "normal", "hard", "normal"], 0), (["hard", "hard"], 1), (["normal", "hard", "hard", "normal"], 4))


def sampled():
    """(seat, action, session) at every EVERY-th action of GAMES: the action the seat took there and the game
    replayed up to it (it moves on once the caller has read it)."""
    for levels, seed in GAMES:
        played = bot_game(levels, seed, checked=False)
        replay = Session("tactics1940", len(levels), seed=seed)
        for i, (seat, action) in enumerate(played.log):
            if i % EVERY == 0:
                yield seat, action, replay
            replay.apply(seat, action)


@lru_cache(maxsize=None)
def positions() -> tuple:
    """(seat, position) for every seat, every EVERY actions of GAMES, as each seat's bot rebuilds it."""
    return tuple((s, queries.position(replay.view(s), s))
                 for _, _, replay in sampled() for s in range(replay.n_seats))


def forecasts():
    """(position, piece, path, captured) for every move of every seat of every position."""
    for _, pos in positions():
        for seat in range(pos["n"]):
            for p, path, captured in queries.moves_of(pos, seat):
                yield pos, p, path, captured


def standing(pos) -> list:
    """Where every piece of `pos` stands (a forecast must leave its position as it was)."""
    return [None if q["at"] is None else tuple(q["at"]) for q in pos["pieces"]]


def settled_always(pos, p, path, captured):
    """`after_move` as it was: every battleship move's traps settled by traps.resolve."""
    fast_check = queries._may_trap
    queries._may_trap = lambda *_: True
    try:
        return queries.after_move(pos, p, path, captured)
    finally:
        queries._may_trap = fast_check


def test_a_forecast_is_the_same_whether_or_not_its_traps_are_settled_everywhere():
    trapped = 0
    for pos, p, path, captured in forecasts():
        expected = settled_always(pos, p, path, captured)
        trapped += any(q["kind"] == BATTLESHIP for q in expected[1])
        before = standing(pos)
        for occ in (None, occupancy(pos["pieces"])):
            for worked_out in (captured, None):
                sim, destroyed = queries.after_move(pos, p, path, worked_out, occ)
                assert (sim, destroyed) == expected, (p, path)
                assert standing(pos) == before, "the forecast changed the position it was made from"
    assert trapped, "no forecast in these games sank a battleship: the trap check went untested"


def test_a_forecast_among_crowded_battleships_is_the_same_as_settling_every_trap():
    """Battleships of both camps strewn at random over the middle of the board, so that traps come straight
    and diagonal, by the mover and of the mover: every move of either side forecast both ways."""
    pick = random.Random(1940)
    water = [sq for sq, kind in load().kinds.items() if kind != LAND and 3 <= sq[0] <= 12 and 3 <= sq[1] <= 12]
    sank = beside_own = 0
    links = load().links
    for _ in range(150):
        pos = cleared()
        for seat, sq in zip((0, 1) * 4, pick.sample(water, 8)):
            put(pos, seat, BATTLESHIP, sq)
        for seat in (0, 1):
            for p, path, captured in queries.moves_of(pos, seat):
                expected = settled_always(pos, p, path, captured)
                sank += bool(expected[1])
                owners = {q["owner"] for q in pos["pieces"] if q["at"] is not None and q is not p
                          and tuple(q["at"]) in links[path[-1]].values()}
                beside_own += owners == {seat}      # only its own ships beside its end: no trap is looked for
                before = standing(pos)
                assert queries.after_move(pos, p, path, captured, occupancy(pos["pieces"])) == expected, (p, path)
                assert standing(pos) == before, "the forecast changed the position it was made from"
    assert sank > 20, f"only {sank} forecasts sank anything: the trap check went untested"
    assert beside_own > 20, f"only {beside_own} moves ended beside their own ships alone: the skip went untested"


class ReferenceJudge(bot.Judge):
    """The Judge's scoring and look-ahead as they were before its tables and its occupancies made from the one
    before (kept here as the reference)."""

    def score(self, sim) -> float:
        if self.camp is None:
            return self._neutral_score(sim)
        occ = occupancy(sim["pieces"])
        if queries.is_blockaded(sim, self.enemy_seat, occ):
            return WIN
        if self.own_seat is not None and queries.is_blockaded(sim, self.own_seat, occ):
            return -WIN
        return self._war_score(sim, occ)

    def worst_reply(self, sim, score: float, base: float) -> float:
        """The lowest score the enemy belligerent can leave us with by a tactical reply to `sim`
        (`score` is what the move scored, submarine risk and noise included; `base` what `sim` scores)."""
        if self.enemy_seat is None:
            return score
        worst = base
        occ = occupancy(sim["pieces"])
        watch = self.own_home.vicinity if self.own_home is not None else frozenset()
        mine = {sq for sq, p in occ.items() if p["owner"] == self.seat}
        links = self.board.links
        for p, path, captured in queries.moves_of(sim, self.enemy_seat, occ):
            end = path[-1]
            if not (end in watch or captured or (p["kind"] == BATTLESHIP and any(
                    n in mine for n in links[end].values()))):
                continue
            worst = min(worst, self.score(self._reference_play(sim, p, path, captured)))
        return score - base + worst

    def _reference_play(self, state, p, path, captured) -> dict:
        sim, destroyed = queries.after_move(state, p, path, captured)
        sim["neutral_losses"] = sum(1 for q in destroyed if state["camp"][q["owner"]] is None
                                    and q["owner"] != p["owner"])
        return sim

    def _war_score(self, sim, occ) -> float:
        w = self.w
        camp, seat = self.camp, self.seat
        enemy_home, own_home = self.enemy_home, self.own_home
        camps = sim["camp"]
        material = w["material"]
        score = 0.0
        mine, theirs = [], []
        for sq, p in occ.items():
            owner_camp = camps[p["owner"]]
            kind = p["kind"]
            if owner_camp == camp:
                if material:
                    score += VALUE[kind] * (material if p["owner"] == seat else material * 0.5)
                if kind == AIRPLANE or p["owner"] != seat:
                    continue
                if sq in enemy_home.open:
                    score += 6.0
                elif sq in enemy_home.front:
                    score += 4.0 if kind == BATTLESHIP else 3.0
                else:
                    mine.append(self.to_target[kind].get(sq, FAR))
            elif owner_camp is not None:
                if material:
                    score -= VALUE[kind] * material
                if kind == AIRPLANE or own_home is None or not w["enemy_mouth"]:
                    continue
                if sq in own_home.open:
                    score -= 6.0 * w["enemy_mouth"]
                elif sq in own_home.front:
                    score -= 4.0 * w["enemy_mouth"]
                else:
                    theirs.append(self.to_home[kind].get(sq, FAR))
        mine.sort()
        for weight, d in zip(w["approach"], mine):
            score -= weight * d
        if w["enemy_approach"]:
            theirs.sort()
            for weight, d in zip((0.6, 0.4, 0.2), theirs):
                score += weight * w["enemy_approach"] * min(d, 12)
        if w["danger"]:
            score -= w["danger"] * self._reference_dangers(sim, occ)
            # Each neutral piece destroyed draws a protest and pushes that neutral towards the enemy.
            score -= sim.get("neutral_losses", 0) * 3.0
        return score

    def _reference_dangers(self, sim, occ) -> float:
        """Own pieces the other camp could take on its next move: a trap of a battleship, a jump of a transport
        (the squares found as first written, from every piece; what they stand to lose counted as the bot does)."""
        camp, camps, board = self.camp, sim["camp"], self.board
        links, kinds = board.links, board.kinds
        enemy_ships = set()
        exposed = set()
        for sq, q in occ.items():
            if q["kind"] == BATTLESHIP and camps[q["owner"]] is not None and camps[q["owner"]] != camp \
                    and kinds[sq] != SAFETY:
                enemy_ships.add(sq)
                for n in links[sq].values():
                    o = occ.get(n)
                    if o is not None and o["owner"] == self.seat and o["kind"] != AIRPLANE and kinds[n] != SAFETY:
                        exposed.add(n)
        return self._exposed_total(occ, enemy_ships, exposed)

    def _neutral_score(self, sim) -> float:
        careful = self.bot.careful
        score = sim["coins"][self.seat] * 4.0
        home = self.home
        for p in sim["pieces"]:
            if p["at"] is None or p["owner"] != self.seat:
                continue
            sq = (p["at"][0], p["at"][1])
            if careful:
                score += VALUE[p["kind"]]
            if p["kind"] == TRANSPORT:
                score -= 0.4 * self.to_target[TRANSPORT].get(sq, FAR)
            elif p["kind"] == BATTLESHIP:
                if sq in home.open:
                    score -= 2.0
                elif self.board.kinds[sq] == SAFETY:
                    score += 1.0
                else:
                    score += 0.3 - 0.05 * self.to_safety.get(sq, FAR)
        if careful:
            score -= self._reference_neutral_dangers(sim)
        return score

    def _reference_neutral_dangers(self, sim) -> float:
        occ = occupancy(sim["pieces"])
        links, kinds = self.board.links, self.board.kinds
        total = 0.0
        for sq, p in occ.items():
            if p["owner"] != self.seat or p["kind"] != TRANSPORT or kinds[sq] == SAFETY:
                continue
            for d, mid in links[sq].items():
                q = occ.get(mid)
                if q is None or q["kind"] != BATTLESHIP or q["owner"] == self.seat:
                    continue
                land = links[sq].get((-d[0], -d[1]))
                if land is not None and land not in occ and kinds[land] in (OCEAN, SEAPORT):
                    total += 0.5
                    break
        return total


def test_the_judge_scores_every_move_and_reply_as_the_plain_scoring_did():
    seen = {"ally": 0, "danger": 0, "neutral danger": 0, "terms made from the last": 0,
            "a neutral's terms made from the last": 0, "a neutral's danger changed by its move": 0}
    for seat, pos in positions()[::JUDGED_EVERY]:
        # every level, and weights whose sums round (no war terms made from the last position's there)
        for level, weights in [(level, None) for level in bot.LEVELS] + [("hard", ROUNDING)]:
            player = bot.Bot(level, seat, 0, weights)
            judge, reference = bot.Judge(player, pos), ReferenceJudge(player, pos)
            assert weights is None or judge.terms is None or judge.camp is None
            for p, path, captured in queries.moves_of(pos, seat):
                action = {"type": "move", "piece": p["id"], "path": [list(sq) for sq in path]}
                sim, sim_occ, terms = judge.forecast(action)
                assert sim == reference._reference_play(pos, p, list(path), None)
                assert sim_occ == occupancy(sim["pieces"])
                if terms is not None and judge.camp is None:
                    seen["a neutral's terms made from the last"] += 1
                    afloat = [tuple(q["at"]) for q in sim["pieces"] if q["owner"] == seat and q["at"] is not None
                              and q["kind"] == TRANSPORT and load().kinds[tuple(q["at"])] != SAFETY]
                    assert terms[1] * 0.5 == reference._reference_neutral_dangers(sim)
                    assert terms[1] == sum(judge._jumpable(sq, sim_occ) for sq in afloat)
                elif terms is not None:
                    seen["terms made from the last"] += 1
                    total, mine, theirs, foe_ships, ships = judge._war_terms(sim)
                    assert terms == (total, terms[1], terms[2], foe_ships, ships)
                    assert (sorted(terms[1]), sorted(terms[2])) == (sorted(mine), sorted(theirs))
                value = judge.score(sim, sim_occ, terms)
                assert value == judge.score(sim) == reference.score(sim), (level, seat, p, path)
                assert judge.move_bonus(action) == -player.sub_risk(pos, path[-1]) * VALUE[p["kind"]] * player.w["sub_risk"]
                if level == "hard" and judge.enemy_seat is not None:
                    assert judge.worst_reply(sim, value, value, sim_occ, terms) == \
                        reference.worst_reply(sim, value, value)
                occ = occupancy(sim["pieces"])
                if judge.camp is not None:
                    seen["danger"] += reference._reference_dangers(sim, occ) > 0
                    seen["ally"] += sum(1 for q in sim["pieces"] if q["owner"] != seat and q["at"] is not None
                                        and sim["camp"][q["owner"]] == judge.camp)
                elif player.careful:
                    seen["neutral danger"] += reference._reference_neutral_dangers(sim) > 0
                    seen["a neutral's danger changed by its move"] += terms is not None and terms[1] != judge.terms[1]
    assert all(seen.values()), seen


def reference_maneuver_squares(board, state, p) -> list:
    """`cards.maneuver_squares` as it was: every way out listed, for each transport afresh."""
    fronts = {sq for h in board.homes.values() for sq in h.front}
    occ = state_occupancy(state)
    origin = (p["at"][0], p["at"][1])
    vacated = {sq: q for sq, q in occ.items() if sq != origin}
    squares = [sq for sq, kind in board.kinds.items() if kind in (OCEAN, SAFETY) and sq not in occ and sq not in fronts]
    banned = set()
    for other in range(state["n"]):
        if other == p["owner"]:
            continue
        home = board.homes[state["powers"][other]]
        if not cards._ways_out(board, occ, other, home):
            continue
        landings = {sq for _, path in cards._ways_out(board, vacated, other, home) for sq in path}
        for sq in landings:
            if sq in banned or sq in occ or sq in fronts:
                continue
            trial = dict(vacated)
            trial[sq] = p
            if not cards._ways_out(board, trial, other, home):
                banned.add(sq)
    return sorted((sq for sq in squares if sq not in banned), key=lambda s: (s[1], s[0]))


def test_a_surprise_maneuver_offers_the_squares_it_offered_before():
    board = load()
    card = next(c["id"] for c in deck.cards_of(board) if c["kind"] == deck.SURPRISE_MANEUVER)
    banning = 0
    for seat, pos in positions():
        expected = {}
        for p in pos["pieces"]:
            if p["owner"] == seat and p["kind"] == TRANSPORT and p["at"] is not None:
                squares = reference_maneuver_squares(board, pos, p)
                assert cards.maneuver_squares(board, pos, p) == squares
                if squares:
                    expected[p["id"]] = squares
                free = sum(1 for sq, kind in board.kinds.items() if kind in (OCEAN, SAFETY)
                           and sq not in state_occupancy(pos) and sq not in cards._fronts(board))
                banning += len(squares) < free
        assert cards.choices(board, pos, seat, card)["maneuver"] == expected
        for squares in cards.choices(board, pos, seat, card)["maneuver"].values():
            squares.clear()     # asked again, the position's answer is kept: a caller's changes must not reach it
        assert cards.choices(board, pos, seat, card)["maneuver"] == expected
    assert banning, "no maneuver in these games was kept off a square: the way-out test went untested"


def test_a_face_up_card_is_shown_as_a_copy_of_every_field():
    board = load()
    for c in deck.cards_of(board):
        shown = deck.public(board, c["id"])
        assert shown == {k: (list(v) if isinstance(v, list) else v) for k, v in c.items()}   # as it was made
        assert shown is not c and all(shown[k] is not v for k, v in c.items() if isinstance(v, list))


def reference_move_check(board, state, seat, action):
    """`turns.check_turn_action` of a move as it was: found among every move the seat may make."""
    p = turns._own_piece(state, seat, action["piece"])
    path = [tuple(sq) for sq in action["path"]]
    found = [m for m in turns.mover_moves(board, state, seat) if m[0] is p and m[1] == path]
    if not found:
        raise RuleError(ILLEGAL, "not among the moves")
    return found[0]


def test_a_move_is_checked_as_it_was_against_every_move_the_seat_may_make():
    """A move is looked for among its own piece's moves unless a demand restricts the seat; every move of
    every piece and a few that are not (a step too far, a square off the board), with and without demands."""
    board = load()
    demanded = 0
    for seat, pos in positions():
        demanded += bool(blockade.standing_demands(board, pos, seat))
        for p in pos["pieces"]:
            if p["owner"] != seat or p["at"] is None:
                continue
            x, y = p["at"]
            tries = [[list(sq) for sq in path] for path, _ in piece_moves(board, occupancy(pos["pieces"]), p)]
            tries += [[[x + 2, y]], [[x, y + 1]], [[x - 1, y - 1]], [[-1, y]]]
            for path in tries:
                action = {"type": "move", "piece": p["id"], "path": path}
                try:
                    expected = reference_move_check(board, pos, seat, action)
                except RuleError:
                    with pytest.raises(RuleError):
                        turns.check_turn_action(board, pos, seat, action)
                else:
                    assert turns.check_turn_action(board, pos, seat, action) == expected
    assert demanded, "no seat of these games stood under a demand: the restricted case went untested"


def reference_blockaded(board, state, seat) -> bool:
    """`blockade.blockaded` as it was: the passages, the mouth and every defender's moves read in the pieces'
    order, the neutrals always set aside."""
    home = board.homes[state["powers"][seat]]
    occ = state_occupancy(state)
    if any(not any(sq in occ for sq in passage) for passage in home.passages):
        return False
    camp = state["camp"][seat]
    friends = set(diplomacy.camp_seats(state, camp))
    foes = set(diplomacy.camp_seats(state, opposite(camp)))
    for passage in home.passages:
        if any(sq in occ and occ[sq]["owner"] in foes for sq in passage):
            continue
        front = next(sq for sq in passage if sq in home.front)
        if front in occ and occ[front]["owner"] in friends and \
                any(n in occ and occ[n]["owner"] in foes for n in board.links[front].values()):
            continue
        return False
    occ = {sq: p for sq, p in occ.items() if p["owner"] in friends or p["owner"] in foes}
    ends = set(home.open) | set(home.front)
    for sq, p in occ.items():
        if p["owner"] not in friends:
            continue
        if sq in home.front and piece_moves(board, occ, p):
            return False
        moves = piece_moves(board, occ, p) if sq in ends else jumps(board, occ, p)
        if any(crosses(home, sq, path) for path, _ in moves):
            return False
    return True


def test_the_blockade_test_answers_as_it_did_after_every_move_of_the_games():
    """After every move of every seat in the games' positions (many with a mouth all but shut), both
    belligerents' seaports, with the occupancy passed and without."""
    board = load()
    shut, searched = 0, 0
    for pos, p, path, captured in forecasts():
        sim, _ = queries.after_move(pos, p, path, captured)
        occ = occupancy(sim["pieces"])
        for seat in (sim["powers"].index(power) for power in (NORTH, SOUTH)):
            expected = reference_blockaded(board, sim, seat)
            assert blockade.blockaded(board, sim, seat) == blockade.blockaded(board, sim, seat, occ) == expected
            home = board.homes[sim["powers"][seat]]
            searched += all(a in occ or b in occ for a, b in home.passages)
            shut += expected
    assert shut and searched > 100, (shut, searched)


def test_a_surprise_maneuver_is_chosen_as_before(monkeypatch):
    """The hard bot's pick of a maneuver (its submarine risks looked up once a square, the squares read from the
    card's listing, not each made into an action) against the plain loop over the listing's first actions, all
    of them and only a few (CARD_ACTIONS cut short)."""
    board = load()
    card = next(c["id"] for c in deck.cards_of(board) if c["kind"] == deck.SURPRISE_MANEUVER)
    chosen = cut = 0
    for (seat, pos), limit in itertools.product(positions()[::3], (bot.CARD_ACTIONS, 7)):
        monkeypatch.setattr(bot, "CARD_ACTIONS", limit)
        player = bot.Bot("hard", seat, 0)
        legal = listing.listing([{"type": "choose_player", "seat": seat}, {"type": "decline"}], [
            {"type": "maneuver", "piece": pid, "to": listing.one_of([list(sq) for sq in squares])}
            for pid, squares in cards.choices(board, pos, seat, card)["maneuver"].items()])
        table = bot.distances(TRANSPORT, player.targets(pos))
        best, best_gain = {"type": "decline"}, 0.5
        for a in listing.all_actions(legal, limit):
            if a["type"] != "maneuver":
                continue
            p = pos["pieces"][a["piece"]]
            gain = table.get(tuple(p["at"]), FAR) - table.get(tuple(a["to"]), FAR) - player.sub_risk(pos, a["to"]) * 3
            if gain > best_gain:
                best, best_gain = a, gain
        player.unseen = None
        assert player._maneuver(pos, legal) == best
        chosen += best["type"] == "maneuver"
        cut += limit < listing.size(legal) and best != player._maneuver(pos, dict(legal, actions=[]))
    assert chosen and cut, "no position offered a maneuver worth making, or none was cut short"


@lru_cache(maxsize=None)
def move_views() -> tuple:
    """(seat, view) of every EVERY-th action of GAMES where a seat is to make a move."""
    return tuple((seat, replay.view(seat)) for seat, action, replay in sampled()
                 if seat is not None and action["type"] in ("move", "pass", "demand"))


def test_the_hard_bot_s_look_ahead_stopped_short_chooses_and_ranks_as_the_full_one(monkeypatch):
    """A move's reply search stops once the move cannot be chosen; the choice, the ranking `shortlist` finishes
    when asked, and the draws of the bot's rng are those of every search run to its end."""
    full_reply = bot.Judge.worst_reply
    stopped = []

    def counted(judge, *args, **kwargs):
        answer = full_reply(judge, *args, **kwargs)
        stopped.append(answer is None)
        return answer
    for (seat, view), weights in itertools.product(move_views(), (None, {"noise": 0.0, "sub_risk": 0.0})):  # ties
        monkeypatch.setattr(bot.Judge, "worst_reply", lambda judge, *args, floor=None: full_reply(judge, *args))
        full = bot.Bot("hard", seat, 7, weights)
        expected = (full.choose(view), full.shortlist(16), full.random.getstate())
        monkeypatch.setattr(bot.Judge, "worst_reply", counted)
        fast = bot.Bot("hard", seat, 7, weights)
        chosen = fast.choose(view)
        assert fast.random.getstate() == expected[2] and chosen == expected[0]
        assert fast.shortlist(16) == expected[1] and fast.shortlist(3) == expected[1][:3]
    assert sum(stopped) > 50, "few reply searches stopped short: the early stop went untested"
    # a move only reaching the best so far is out when it comes later in the moves (the tie the max breaks)
    assert bot._short(1.0, (1.0, True)) and not bot._short(1.0, (1.0, False)) and bot._short(0.5, (1.0, False))


def test_a_path_crosses_a_coast_as_the_pairwise_test_found():
    """`moves.crosses` (the first square on the other side of the coast from the start) against every pair of
    neighbouring squares of the path, for every move of the games' positions and every home area."""
    crossing = 0
    for pos, p, path, _ in forecasts():
        start = (p["at"][0], p["at"][1])
        squares = [start] + list(path)
        for home in load().homes.values():
            expected = any((a in home.squares) != (b in home.squares) for a, b in zip(squares, squares[1:]))
            assert crosses(home, start, path) == expected
            crossing += expected
    assert crossing, "no move crossed a coast: the test went untested"
