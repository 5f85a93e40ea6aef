"""The Civil War bots' remembered answers give what asking afresh gives: a strength counted once per square,
side, composition, fortification and fall (bots/civil_war/picture.py) is the rules' count over the whole
position, whatever else stands on the board; and every value a general gives an action in its turn is the
value worked out afresh, as first written (no danger, leaving, relief or quiet square remembered); a pull field
is the field walked target by target; and a choice remembered for a position is the choice weighed afresh."""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bots import make as make_bot
from bots.civil_war.general import (COIN_RISK, DESPERATE_TURNS, FADE, KIND_WORTH, RAID_FAITH, SACRIFICE_FAITH,
                                    SACRIFICE_MARGIN, _field, _shrink, considered, position_key)
from bots.civil_war.picture import CAVALRY, GUNBOAT, INFANTRY, KINDS, Picture, empty, full, mobility, plus, size
from engine import Session, civil_war as cw, legal as listing
from engine.civil_war.board import load
from engine.civil_war.views import STATE_KEYS
from tests.civil_war import helpers
from tests.civil_war.helpers import NORTH, SOUTH

BOARD = load()
# Squares where the count differs most: both capitals (garrisons, falls), key cities of each side (fortified
# or not), a town and open ground.
PLACES = ("Washington", "Richmond", "Baltimore", "Nashville", "Atlanta", None)
comps = st.fixed_dictionaries({k: st.integers(0, 2) for k in KINDS})


def square(name):
    return BOARD.cities[name].at if name else (10, 6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stands=st.lists(st.tuples(st.sampled_from(PLACES), st.sampled_from((SOUTH, NORTH)), comps), max_size=6),
       fortified=st.dictionaries(st.sampled_from(PLACES[:5]), st.sampled_from((SOUTH, NORTH)), max_size=3),
       fallen=st.dictionaries(st.sampled_from(PLACES[:5]), st.sampled_from((SOUTH, NORTH)), max_size=2),
       asked=comps, toggled=st.sampled_from(PLACES[:5]))
def test_a_remembered_strength_or_stake_is_the_rules_count_over_the_whole_position(stands, fortified, fallen, asked, toggled):
    state = helpers.empty()
    for name, side, comp in stands:
        helpers.place(state, side, square(name), **comp)
    state["fortified"] = dict(fortified)
    state["flags"] = dict(fallen)
    for me in (SOUTH, NORTH):
        pic = Picture(cw.view(state, me), me)
        for trial in (False, True):
            if trial:   # a general trying out a fortification of its own
                pic.fortified[me].symmetric_difference_update({square(toggled)})
            for name in PLACES:
                sq = square(name)
                for side in (SOUTH, NORTH):
                    assert pic.strength(sq, side) == pic.strength_asked(sq, side, None)
                    assert pic.strength(sq, side, asked) == pic.strength_asked(sq, side, asked)
        for sq in BOARD.squares:   # the stakes, read once a picture: none but at a side's cities at stake
            assert pic.is_city(sq) == cw.queries.must_destroy_all(BOARD, sq)
            for side in (SOUTH, NORTH):
                assert pic.stake(sq, side) == cw.queries.stake(BOARD, pic.position, sq, side)


# ----- a turn's values as the general weighed them before it remembered anything ----------------------------
# The reference: `General.turn_value` as first written, every danger worked out afresh with the strengths
# asked of the rules over the whole position (no remembered dangers, leavings, reliefs or quiet squares).

def reference_danger(g, sq, comp, threat):
    pic = g.pic
    stake = pic.stake(sq, pic.me)
    n = size(comp) if comp else 0
    if not n and not stake:
        return 0.0
    enemy = threat.get(sq, 0)
    held = pic.strength_asked(sq, pic.me, comp if n else empty())
    if not enemy:
        return RAID_FAITH * stake * g.my_piece if stake and g.raid.get(sq, 0) > held else 0.0
    if enemy > held:
        if pic.is_city(sq):
            return n * g.my_piece + stake * g.my_piece - (held - 1) * g.their_piece
        return g.my_piece
    if enemy == held and n:
        return (0.5 * stake + COIN_RISK) * g.my_piece
    if stake and g.raid.get(sq, 0) > held:
        return RAID_FAITH * stake * g.my_piece
    return 0.0


def reference_progress(g, comp, frm, to):
    return g.style.progress * sum(n * (g.pull[k].get(to, 0.0) - g.pull[k].get(frm, 0.0))
                                  for k, n in comp.items() if n)


def reference_turn_value(g, a):
    pic = g.pic
    danger = lambda sq, comp, threat=None: reference_danger(g, sq, comp, g.threat if threat is None else threat)
    if a["type"] in ("fortify", "unfortify"):
        sq = tuple(a["at"])
        comp = pic.units[pic.me].get(sq, empty())
        before = danger(sq, comp)
        pic.fortified[pic.me].symmetric_difference_update({sq})
        after = danger(sq, comp)
        pic.fortified[pic.me].symmetric_difference_update({sq})
        ground = comp[INFANTRY] + comp[CAVALRY]
        mobility = -0.1 * ground if a["type"] == "fortify" else 0.05 * ground
        return g.danger_weight * (before - after) + mobility
    frm, to = tuple(a["from"]), tuple(a["to"])
    group = full(a["units"])
    here = pic.units[pic.me].get(frm, empty())
    left = plus(here, group, -1)
    value = g.danger_weight * (danger(frm, here) - danger(frm, left))
    if to in g.hostile:
        return value + reference_attack_value(g, danger, group, frm, to)
    there = pic.units[pic.me].get(to, empty())
    joined = plus(there, group)
    value += g.danger_weight * (danger(to, there) - danger(to, joined))
    stake = pic.stake(to, pic.foe)
    if stake and not pic.units[pic.foe].get(to):
        value += stake * g.their_piece
    return value + reference_progress(g, group, frm, to)


def reference_attack_value(g, danger, group, frm, to):
    pic = g.pic
    n = size(group)
    defenders = pic.units[pic.foe].get(to, empty())
    d = size(defenders)
    held = pic.strength_asked(to, pic.foe, None)
    stake = pic.stake(to, pic.foe) * g.their_piece
    if n > held:
        options = [g.material(d, held - 1) + stake]
        if not pic.is_city(to) and d > 1:
            options.append(g.material(1, 0))
        gain = max(options)
        after = group if options[-1] == gain and len(options) > 1 else _shrink(group, held - 1)
        return gain - g.danger_weight * danger(to, after) + 0.5 * reference_progress(g, after, frm, to)
    if n == held:
        win = g.material(d, n - 1) + stake
        lose = g.material(max(0, d - 1) if d else 0, n)
        return 0.5 * (win + lose) + 2 * g.boldness * g.my_piece
    if not g.style.sacrifice:
        return g.material(0, 1)
    spared = pic.reach(pic.foe, skip=to)
    relief = 0.0
    for sq in pic.cities_of(pic.me):
        comp = pic.units[pic.me].get(sq, empty())
        relief += danger(sq, comp) - danger(sq, comp, spared)
    relief *= SACRIFICE_FAITH * g.danger_weight
    return g.material(0, 1) + relief if relief > SACRIFICE_MARGIN * g.my_piece else -g.my_piece


def reference_loss_value(g, a):
    """`General.loss_value` as first written, the position's numbers prepared afresh for each piece."""
    g._prepare()
    sq, kind = tuple(a["at"]), next(iter(a["units"]))
    comp = g.pic.units[g.pic.me].get(sq, empty())
    after = plus(comp, {kind: 1}, -1)
    worth = g.pull[kind].get(sq, 0.0) + KIND_WORTH[kind] + 0.05 * size(comp)
    return -(reference_danger(g, sq, after, g.threat) - reference_danger(g, sq, comp, g.threat)) - worth


@pytest.mark.parametrize("seed", [0, 1])
def test_every_value_of_a_turn_is_the_value_worked_out_afresh(seed):
    """Over two seeded games of hard generals, every move and fortification a general weighs in its turn is
    valued exactly (to the last bit) as the reference above values it, in its choice and asked one by one; and
    so is every piece it could give up for a city lost."""
    session = Session("civil_war", 2, seed=seed)
    generals = [make_bot("civil_war", "hard", seat, seed) for seat in (0, 1)]
    for g in generals:   # (what a general holds after a choice is read: none remembered)
        g.remembers = False
    weighed = losses = 0
    while session.result() is None and session.rev < 400:
        seat = next(iter(session.to_act()))
        view = session.view(seat)
        g = generals[seat]
        action = g.choose(view)
        legal = view["private"]["legal"]
        if "choose_losses" in listing.types(legal):
            for v, a in g._ranked:
                assert v == reference_loss_value(g, a), (session.rev, a)
                losses += 1
        if not {"battle", "choose_losses", "retreat"} & set(listing.types(legal)):
            actions = list(considered(legal, "move"))
            actions += listing.of_type(legal, "fortify")[0] + listing.of_type(legal, "unfortify")[0]
            ranked = [(v, a) for v, a in g._ranked if a["type"] != "end_turn"] if actions else []
            assert [a for _, a in ranked] == actions
            for (v, a) in ranked:   # as weighed in the choice, and asked again one by one
                assert v == g.turn_value(a) == reference_turn_value(g, a), (session.rev, a)
                weighed += 1
        session.apply(seat, action)
    assert weighed > 1000 and losses


def reference_reach(pic, side, skip=None):
    """`Picture.reach` as first written: every stack's moves walked again for each question."""
    out = {}
    blocked = frozenset(pic.units[1 - side])
    mob = pic.mobility
    for at, comp in pic.movers[side].items():
        if at == skip:
            continue
        inf, cav, boats = comp[INFANTRY], comp[CAVALRY], comp[GUNBOAT]
        if inf:
            ground = inf + cav
            for b in mob.steps[at]:
                if mob.foot_step(at, b) and out.get(b, 0) < ground:
                    out[b] = ground
            for b in mob.ride(at, pic.cut[side], blocked):
                if out.get(b, 0) < inf:
                    out[b] = inf
        if cav:
            for b in mob.moves[CAVALRY][at]:
                if out.get(b, 0) < cav and not pic._through(at, b, blocked):
                    out[b] = cav
        if boats:
            for b in mob.moves[GUNBOAT][at]:
                if out.get(b, 0) < boats:
                    out[b] = boats
    return out


def test_the_reach_of_every_stack_and_of_all_but_one_is_the_reach_walked_afresh():
    """Over a seeded game of hard generals, for both sides, the largest group each square could see next turn,
    of every stack or of all but one (a sacrifice's stack), and asked of the cities only, is the reach walked
    afresh; and so it is with every rail link cut (a stack's strike is remembered by what it reads)."""
    session = Session("civil_war", 2, seed=4)
    generals = [make_bot("civil_war", "hard", seat, 4) for seat in (0, 1)]
    every_link = [[list(a), list(b)] for a, links in BOARD.rail.items() for b in links]
    while session.result() is None and session.rev < 200:
        seat = next(iter(session.to_act()))
        view = session.view(seat)
        cut = {**view, "public": {**view["public"], "cut_links": [every_link, every_link]}}   # (no ride open)
        for pic in (Picture(view, seat), Picture(cut, seat)):
            for side in (0, 1):
                cities = pic.cities_of(1 - side)
                for skip in [None, *pic.movers[side]]:
                    whole = reference_reach(pic, side, skip)
                    assert pic.reach(side, skip) == whole
                    assert pic.reach(side, skip, only=cities) == {sq: whole[sq] for sq in cities if sq in whole}
        session.apply(seat, generals[seat].choose(view))


def reference_field(mob, kind, targets):
    """`general._field` as first written: every target's turns walked, its value faded by them, the largest kept."""
    field = {}
    for sq, value in targets:
        for frm, t in mob.turns_to(kind, sq).items():
            v = value * FADE ** t
            if v > field.get(frm, 0.0):
                field[frm] = v
    return field


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS),
       targets=st.lists(st.tuples(st.sampled_from(sorted(BOARD.squares)),
                                  st.floats(min_value=1e-3, max_value=50.0, allow_nan=False)), max_size=12))
def test_a_pull_field_is_the_field_walked_target_by_target(kind, targets):
    """The pull on every square, from the fades tabled target by target, is to the bit the largest of the targets'
    values faded by the turns walked to each (none where no target is reached)."""
    mob = mobility(BOARD.name)
    field = _field.__wrapped__(mob, kind, tuple(targets))
    walked = reference_field(mob, kind, targets)
    for sq in BOARD.squares:
        assert field.get(sq, 0.0) == walked.get(sq, 0.0), (sq, field.get(sq), walked.get(sq))


# ----- a choice remembered -------------------------------------------------------------------------------------

def without(legal: dict, action: dict) -> dict:
    """`legal` less `action` (a move's or a retreat's whole template): as a searcher may offer a general less."""
    same_template = lambda t: all(t.get(f) == action.get(f) for f in ("type", "from", "units"))
    return {**legal, "actions": [a for a in legal.get("actions", ()) if a != action],
            "templates": [t for t in legal.get("templates", ()) if not same_template(t)]}


def test_a_remembered_choice_is_the_choice_weighed_afresh():
    """Hard generals that remember their choices (over three seeded games, two of one seed: the second meets every
    position again, the other its openings) choose at every step what a twin weighing afresh chooses, keep the
    same count of quiet turns and rank the same shortlist; a remembered choice is a copy, not the one kept; and a
    position offered with less in its listing, or to a general grown desperate, is a choice of its own (asked
    twice: weighed, then remembered), often another."""
    remembered, departed = 0, [0, 0]   # (choices other than the general's, with less offered / desperate)
    for seed in (0, 1, 0):
        session = Session("civil_war", 2, seed=seed)
        generals = [make_bot("civil_war", "hard", seat, seed) for seat in (0, 1)]
        twins = [make_bot("civil_war", "hard", seat, seed) for seat in (0, 1)]
        for twin in twins:
            twin.remembers = False
        while session.result() is None and session.rev < 300:
            seat = next(iter(session.to_act()))
            g, twin = generals[seat], twins[seat]
            view = session.view(seat)
            action = g.choose(view)
            remembered += g._ranked is None
            assert action == twin.choose(session.view(seat)), session.rev
            assert g._last_loss == twin._last_loss
            assert g.shortlist(16) == twin.shortlist(16)
            legal = view["private"]["legal"]
            desperate = (sum(view["public"]["pieces"]), view["public"]["turn_number"] - DESPERATE_TURNS)
            for case, (offered, last_loss) in enumerate(((without(legal, action), g._last_loss), (legal, desperate))):
                if not listing.size(offered):
                    continue
                asked = {**view, "private": {**view["private"], "legal": offered}}
                choices = []
                for remembers in (True, True, False):
                    other = make_bot("civil_war", "hard", seat, seed)
                    other.remembers, other._last_loss = remembers, last_loss
                    choices.append(other.choose(asked))
                assert choices[0] == choices[1] == choices[2], session.rev
                departed[case] += choices[0] != action
            action["mark"] = True   # a caller's change to its action is not remembered
            session.apply(seat, {k: v for k, v in action.items() if k != "mark"})
    assert remembered > 100 and min(departed) > 20


def test_the_position_key_tells_apart_every_field_of_the_state():
    """Two views that differ in any of the state's fields (a unit's every field, and the order of the units)
    have different keys: a remembered choice is never taken for another position's."""
    session = Session("civil_war", 2, seed=0)
    bots = [make_bot("civil_war", "hard", seat, 0) for seat in (0, 1)]
    while session.rev < 40:
        seat = next(iter(session.to_act()))
        session.apply(seat, bots[seat].choose(session.view(seat)))
    state = session.state
    state["fortified"] = {"Richmond": SOUTH}
    state["flags"] = {"Nashville": NORTH}
    state["pending"] = [{"step": "retreat", "seat": SOUTH, "at": [3, 4], "units": [1]}]
    key = position_key(cw.view(state, SOUTH)["public"])
    changed = {"board": "elsewhere", "turn": 1 - state["turn"], "turn_number": state["turn_number"] + 1,
               "turn_limit": 100, "moved_any": not state["moved_any"], "units": state["units"][::-1],
               "fortified": {"Richmond": NORTH}, "flags": {"Nashville": SOUTH},
               "pending": [{"step": "retreat", "seat": SOUTH, "at": [3, 4], "units": [2]}]}
    assert set(changed) == set(STATE_KEYS) - {"outcome"}   # (no listing is offered once the war is over)
    for name, value in changed.items():
        public = dict(cw.view(state, SOUTH)["public"], **{name: value})
        assert position_key(public) != key, name
    unit = state["units"][0]
    for name, value in unit.items():
        other = {**unit, name: [value[0] + 1, value[1]] if name == "at" else 1 - value if name == "side" else
                 next(k for k in KINDS if k != value) if name == "kind" else
                 not value if isinstance(value, bool) else value + 1}
        public = cw.view(dict(state, units=[other, *state["units"][1:]]), SOUTH)["public"]
        assert position_key(public) != key, name
