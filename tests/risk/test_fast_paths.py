"""The playouts' fast paths held to the code they replaced (issue 44: faster, never otherwise): the rules' listing of
attacks and fortifications, and the hard bot's reading of the board, each against its plainer reference kept here,
over random boards (hypothesis) in every phase they serve. Each comparison is shown able to fail."""
import itertools
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bots.risk import HardBot, Rollout, conquest_odds, HARD_MIN_CONQUEST_ODDS, NEUTRAL
from engine import legal as shape, undo
import engine.risk.legal
from engine.risk.board import load
from engine.risk.cards import tradeable_sets
from engine.risk.combat import max_attack_dice, max_defend_dice
from engine.risk.turns import MIN_REINFORCEMENT, TERRITORIES_PER_ARMY, reinforcements, reinforcements_of
from tests.risk.helpers import TERRITORIES, finish_opening, new

rules_legal = sys.modules["engine.risk.legal"]   # (engine.risk's own `legal` is the listing function)

BOARD = load()
EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----- the references: the code as it was before the fast paths ------------------------------------------------

def reference_reachable(pub, seat, start):
    adjacent = BOARD.adjacent
    terr = pub["territories"]
    if pub["options"]["fortify"] == "adjacent":
        return [t for t in adjacent[start] if terr[t]["owner"] == seat]
    seen, found, frontier = {start}, [], [start]
    while frontier:
        here = frontier.pop()
        for t in adjacent[here]:
            if t not in seen and terr[t]["owner"] == seat:
                seen.add(t)
                found.append(t)
                frontier.append(t)
    return found


def reference_listing(pub, card_ids, seat):
    """engine/risk/legal.py `listing` as it was (the attack and fortify phases are the ones made faster)."""
    if rules_legal.actor(pub) != seat:
        return shape.nothing()
    phase, terr, adjacent = pub["phase"], pub["territories"], BOARD.adjacent
    actions, templates = [], []
    if phase == "claim":
        actions = [{"type": "claim", "territory": t} for t, v in terr.items() if v["owner"] is None]
    elif phase == "setup":
        owner = NEUTRAL if pub["setup_step"] == "neutral" else seat
        actions = [{"type": "place", "territory": t, "count": 1} for t, v in terr.items() if v["owner"] == owner]
    elif phase == "reinforce":
        if rules_legal.may_trade(pub):
            actions = [{"type": "trade", "cards": list(order)} for s in tradeable_sets(card_ids)
                       for order in itertools.permutations(s)]
        if not pub["must_trade"]:
            own = [t for t, v in terr.items() if v["owner"] == seat]
            templates.append({"type": "place", "territory": shape.one_of(own),
                              "count": shape.span(1, pub["armies_to_place"])})
    elif phase == "attack":
        for src, v in terr.items():
            if v["owner"] != seat or v["armies"] < rules_legal.LEAST_TO_LEAVE_FROM:
                continue
            for dst in adjacent[src]:
                if terr[dst]["owner"] != seat:
                    actions += [{"type": "attack", "from": src, "to": dst, "dice": d}
                                for d in range(1, max_attack_dice(v["armies"]) + 1)]
        actions += [{"type": "end_attack"}, {"type": "end_turn"}]
    elif phase == "defend":
        most = max_defend_dice(terr[pub["pending"]["to"]]["armies"])
        actions = [{"type": "defend", "dice": d} for d in range(1, most + 1)]
    elif phase == "occupy":
        p = pub["pending"]
        templates.append({"type": "occupy", "count": shape.span(p["min"], p["max"])})
    elif phase == "fortify":
        for src, v in terr.items():
            if v["owner"] == seat and v["armies"] >= rules_legal.LEAST_TO_LEAVE_FROM:
                targets = reference_reachable(pub, seat, src)
                if targets:
                    templates.append({"type": "fortify", "from": src, "to": shape.one_of(targets),
                                      "count": shape.span(1, v["armies"] - 1)})
        actions.append({"type": "end_turn"})
    return shape.listing(actions, templates)


def reference_reinforcements(state, seat):
    """engine/risk/turns.py `reinforcements` as it was: a pass over the board for each seat."""
    terr = state["territories"]
    held = len([t for t, v in terr.items() if v["owner"] == seat])
    continents = [c for c, members in BOARD.continent_members.items() if all(terr[t]["owner"] == seat for t in members)]
    return max(MIN_REINFORCEMENT, held // TERRITORIES_PER_ARMY), {c: BOARD.continents[c]["bonus"] for c in continents}


class ReferenceHard(HardBot):
    """The hard bot's readings as they were: a pass over the board for each, every attack scored."""

    def enemy_neighbours(self, t):
        owner = self.terr[t]["owner"]
        return [n for n in self.adjacent[t] if self.terr[n]["owner"] != owner]

    def attacks(self):
        out = {}
        for a in shape.of_type(self.legal, "attack")[0]:
            key = (a["from"], a["to"])
            out[key] = max(out.get(key, 0), a["dice"])
        return out

    def count_span(self, kind):
        counts = shape.values_of(self.legal, kind, "count")
        return min(counts), max(counts)

    def place_options(self):
        _, templates = shape.of_type(self.legal, "place")
        if templates:
            t = templates[0]
            return list(shape.domain_values(t["territory"])), max(shape.domain_values(t["count"]))
        return super().place_options()

    def fortify_moves(self):
        return {t["from"]: (list(shape.domain_values(t["to"])), max(shape.domain_values(t["count"])))
                for t in shape.of_type(self.legal, "fortify")[1]}

    def target_continent(self, survey=None):
        def score(c):
            members = self.board.continent_members[c]
            owned = sum(1 for t in members if self.terr[t]["owner"] == self.seat)
            enemy_armies = sum(self.terr[t]["armies"] for t in members if self.terr[t]["owner"] != self.seat)
            bonus = self.board.continents[c]["bonus"]
            return (owned / len(members)) * 3 + bonus / (1 + enemy_armies / 4) - len(members) / 6
        return max(self.board.continent_members, key=score)

    def attack(self):
        goal = self.target_continent()
        hand_counts = self.pub["hand_counts"]
        enemy_continents = {c for c, members in self.board.continent_members.items()
                            if len({self.terr[t]["owner"] for t in members}) == 1
                            and self.terr[next(iter(members))]["owner"] not in (self.seat, NEUTRAL)}
        territory_counts = {}
        for v in self.terr.values():
            territory_counts[v["owner"]] = territory_counts.get(v["owner"], 0) + 1

        def worth(src, dst, armies):
            odds = conquest_odds(armies - 1, self.terr[dst]["armies"])
            if odds < HARD_MIN_CONQUEST_ODDS:
                return None
            owner = self.terr[dst]["owner"]
            value = 1.0
            cont = self.board.territories[dst]["continent"]
            if cont == goal:
                value += 2.0
            if cont in enemy_continents:
                value += 1.5
            if owner != NEUTRAL and territory_counts.get(owner, 0) <= 2 and hand_counts[owner] > 0:
                value += 2.0
            if not self.pub["conquered_this_turn"]:
                value += 1.0
            return odds * value
        return self.best_attack(worth)


# ----- random boards --------------------------------------------------------------------------------------------

SEATS = 4
BOARDS = st.fixed_dictionaries({
    # owners drawn from few seats (and the neutral) so whole continents are held and eliminations come near
    "owners": st.lists(st.sampled_from([0, 0, 1, 2, 3, NEUTRAL]), min_size=len(TERRITORIES),
                       max_size=len(TERRITORIES)),
    "armies": st.lists(st.integers(1, 12) | st.integers(1, 120), min_size=len(TERRITORIES),
                       max_size=len(TERRITORIES)),
    "phase": st.sampled_from(["attack", "fortify", "occupy", "reinforce"]),
    "fortify": st.sampled_from(["connected", "adjacent"]),
    "conquered": st.booleans(),
    "hands": st.lists(st.integers(0, 3), min_size=SEATS, max_size=SEATS),
})


def board_session(drawn):
    """A 4-seat game past its opening, its board redrawn, seat 0 to act in the drawn phase."""
    s = finish_opening(new(SEATS, 3, fortify=drawn["fortify"], territories="dealt"))
    state = s.state
    for t, owner, armies in zip(TERRITORIES, drawn["owners"], drawn["armies"]):
        state["territories"][t] = {"owner": owner, "armies": armies}
    state["territories"][TERRITORIES[0]]["owner"] = 0   # seat 0 holds something
    state["eliminated"] = [seat for seat in range(SEATS) if seat not in drawn["owners"] and seat]
    deck = state["deck"] + state["discards"] + [c for hand in state["hands"] for c in hand]
    state["hands"] = [[deck.pop() for _ in range(n)] for n in drawn["hands"]]
    state["deck"], state["discards"] = deck, []
    state.update(current=0, phase=drawn["phase"], conquered_this_turn=drawn["conquered"], must_trade=False,
                 mid_turn=drawn["phase"] == "reinforce" and not drawn["hands"][0], armies_to_place=5)
    if drawn["phase"] == "occupy":
        src = next((t for t in TERRITORIES if state["territories"][t]["owner"] == 0), TERRITORIES[0])
        dst = BOARD.adjacent[src][0]
        state["territories"][src]["armies"] = max(4, state["territories"][src]["armies"])
        state["territories"][dst] = {"owner": 0, "armies": 1}
        state["pending"] = {"from": src, "to": dst, "min": 1, "max": state["territories"][src]["armies"] - 1}
    return s


@EXAMPLES
@given(drawn=BOARDS)
def test_the_listing_is_the_reference_listing_on_random_boards(drawn):
    s = board_session(drawn)
    for seat in range(SEATS):
        assert rules_legal.listing(s.state, s.state["hands"][seat], seat) == \
            reference_listing(s.state, s.state["hands"][seat], seat)


@EXAMPLES
@given(drawn=BOARDS)
def test_the_reinforcements_of_every_seat_read_at_once_are_each_seats_own(drawn):
    state = board_session(drawn).state
    seats = list(range(SEATS))
    assert reinforcements_of(state, seats) == {seat: reference_reinforcements(state, seat) for seat in seats}
    assert [reinforcements(state, seat) for seat in seats] == [reference_reinforcements(state, seat) for seat in seats]


@EXAMPLES
@given(drawn=BOARDS)
def test_the_hard_bot_and_its_rollout_choose_as_the_reference_on_random_boards(drawn):
    s = board_session(drawn)
    view = s.view(0)
    expected = ReferenceHard(0, 7).choose(view)
    assert HardBot(0, 7).choose(view) == expected
    assert Rollout(0, 7).choose(s.state, rules_legal.listing(s.state, s.state["hands"][0], 0)) == expected


def test_the_hard_bots_attacks_read_off_the_state_are_the_listings_on_random_boards():
    """The rollout's hopeful attacks (read off the state) are the hard bot's (read off the listing), attack by attack
    and in order, at every attack decision of whole seeded games."""
    compared = 0
    for seed in range(3):
        s = finish_opening(new(SEATS, seed))
        players = [HardBot(seat, seat) for seat in range(SEATS)]
        while s.result() is None and s.rev < 900:
            seat = s.to_act()[0]
            if s.state["phase"] == "attack":
                hard, fast = HardBot(seat, 0), Rollout(seat, 0)
                hard.decide(s.view(seat)["public"], undo.without(s.legal(seat)), [])
                fast.decide(s.state, s.legal(seat), [])
                assert list(fast.hopeful_attacks().items()) == list(hard.hopeful_attacks().items())
                compared += 1
            s.apply(seat, players[seat].choose(s.view(seat)))
    assert compared > 200


def test_the_comparisons_can_fail():
    """A listing that forgets the dice count, and a bot that weighs its plan by armies, are told apart."""
    drawn = {"owners": [0, 1, 2, 3, NEUTRAL, 0] * 7, "armies": [2, 5, 7, 1, 3, 9] * 7, "phase": "attack",
             "fortify": "connected", "conquered": False, "hands": [0, 1, 2, 3]}
    s = board_session(drawn)
    listed = rules_legal.listing(s.state, [], 0)
    assert listed == reference_listing(s.state, [], 0)
    one_die = dict(listed, actions=[a for a in listed["actions"] if a.get("dice", 1) == 1])
    assert one_die != reference_listing(s.state, [], 0)

    class Careless(HardBot):
        def target_continent(self, survey=None):
            return min(self.board.continent_members, key=lambda c: sum(self.terr[t]["armies"]
                                                                         for t in self.board.continent_members[c]))
    differs = 0
    for seed in range(40):
        drawn = dict(drawn, owners=[[0, 1, 2, 3, NEUTRAL][(seed * 7 + i * i) % 5] for i in range(42)],
                     armies=[1 + (seed + i * 5) % 11 for i in range(42)])
        view = board_session(drawn).view(0)
        differs += Careless(0, 7).choose(view) != ReferenceHard(0, 7).choose(view)
    assert differs


@pytest.mark.parametrize("fortify", ["connected", "adjacent"])
def test_reachable_alone_and_with_the_seats_neighbours_read_once_agree(fortify):
    drawn = {"owners": [0, 0, 1, 0, 2, 0, 0] * 6, "armies": [3] * 42, "phase": "fortify", "fortify": fortify,
             "conquered": False, "hands": [0, 0, 0, 0]}
    state = board_session(drawn).state
    own = rules_legal.own_neighbours(state["territories"], 0)
    for t in own:
        assert rules_legal.reachable(state, 0, t) == rules_legal.reachable(state, 0, t, own) == \
            reference_reachable(state, 0, t)
