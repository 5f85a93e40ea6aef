"""The thinking Civil War bot: weighs every action `legal` offers by what it expects to follow.

Each action is valued as the change it makes to the bot's picture of the war:
  - pieces: a piece is worth more to the side that has fewer (the log of the ratio of
    pieces, so trades help the side ahead and hurt the side behind);
  - danger: what each own stack and city could lose in the enemy's next turn, from the
    largest group the enemy can bring to its square (picture.reach) against its strength;
  - stakes: cities taken or exposed, at the pieces the rulebook makes their owner give up;
  - progress: each unit's pull towards what it could take (enemy cities, weaker stacks) and
    what it must hold (own cities in danger), fading with the turns it needs to get there.
A turn is played one action at a time, always the best; the turn ends when nothing left
is worth doing. `Style` holds what sets the levels apart (how much danger counts, noise).

A war nobody loses pieces in must still end (the rulebook has no turn limit): the longer
no piece falls, the bolder the general grows, until it seeks out the enemy's stacks and
takes even battles (a coin decides them, and they end wars quickly).
"""
import marshal
import math
import random
from dataclasses import dataclass
from functools import lru_cache

import numpy

from engine import legal as listing
from bots.civil_war.picture import (CAVALRY, GROUND, GUNBOAT, INFANTRY, KINDS, Picture, empty, full, plus,
                                    size)

PIECE_SCALE = 20.0     # value of material: PIECE_SCALE * ln(mine / theirs)
FADE = 0.7             # a target's pull per turn of distance
END_TURN_AT = 0.02     # an action must be worth at least this to be taken rather than ending the turn
RAID_FAITH = 0.5       # how much of a city's stake a general fears to lose to a raid two turns away
COIN_RISK = 0.3        # what a general fears, in pieces, from a stack the enemy could meet in an even battle
QUIET_TURNS = 8        # side-turns without a piece lost before a general starts to grow bold
SACRIFICE_FAITH = 0.7  # how much of the danger a sacrifice stops a general counts on (the blow may not come)
SACRIFICE_MARGIN = 2.5  # ...and it must stop at least this many of its own pieces' worth
DESPERATE_TURNS = 40   # side-turns without a piece lost that make a standoff
BOLD_TURNS = 16        # ...and how many more until it is as bold as it gets
_FADES = tuple(FADE ** t for t in range(64))  # a target's pull at t turns, worked out once
KIND_WORTH = {INFANTRY: 0.0, CAVALRY: 0.15, GUNBOAT: -0.1}  # tie-breaks when losing or killing units


@dataclass(frozen=True)
class Style:
    danger: float = 1.0        # weight of what the enemy could do next turn (0: blind to it)
    sacrifice: bool = True     # weighs sacrifices by the danger they stop (else never one)
    noise: float = 0.0         # random spread added to every action's value
    progress: float = 1.0      # weight of the pull towards targets
    guard: float = 1.0         # pull towards own cities in danger
    raids: bool = True         # sees raids on its cities two turns ahead
    blunder: float = 0.0       # chance that a move is picked at random among those offered (a lapse)
    caution: float = 0.0       # > 0: material is judged as tanh(ln ratio / caution), which shuns coin tosses
                               # when ahead and seeks them when behind (0: the plain log of the ratio)


HARD = Style(caution=1.0)
NORMAL = Style(caution=1.0, blunder=0.3)
EASY = Style(danger=0.0, sacrifice=False, noise=0.5, guard=0.0, raids=False, blunder=0.5)


class General:
    pace = 0.0

    def __init__(self, seat: int, seed: int, style: Style):
        self.seat, self.style = seat, style
        self.random = random.Random(seed)
        self._last_loss = (None, 1)   # (pieces on the board, side-turn when that count was first seen)
        self._ranked = []             # (value, action) of every action weighed in the last choice (None: `_unranked`)
        # A style that draws nothing chooses by its view and `_last_loss` alone: its choices are remembered for
        # every general of the style (a searcher's playouts meet a third of their positions again).
        self.remembers = not style.noise and not style.blunder
        self._choices = _CHOICES.setdefault(style, {}) if self.remembers else None
        self._unranked = None         # (view, `_last_loss` before) of a remembered last choice: weighed if asked

    def choose(self, view: dict):
        legal = view["private"].get("legal")
        self._ranked = []
        if not listing.size(legal):
            return None
        if not self.remembers:
            return self.decide(view, legal)
        try:   # the listing as bytes (equal bytes, equal listings; kept, they cost the garbage collector nothing)
            listed = marshal.dumps(legal, 2)
        except ValueError:   # not plain data: weighed afresh
            return self.decide(view, legal)
        key = (self.seat, self._last_loss, position_key(view["public"]), listed)
        known = self._choices.get(key)
        if known is not None:
            self._last_loss = known[1]
            self._ranked, self._unranked = None, (view, key[1])
            return marshal.loads(known[0])
        action = self.decide(view, legal)
        if len(self._choices) >= CHOICES_KEPT:   # a bound on the memory a long-lived process gives it
            self._choices.clear()
        self._choices[key] = (marshal.dumps(action, 2), self._last_loss)
        return action

    def decide(self, view: dict, legal: dict):
        """The choice weighed afresh (`legal`: the view's listing, not empty)."""
        self._ranked = []
        self.pic = Picture(view, self.seat)
        self.legal = legal
        kinds = listing.types(legal)
        if "battle" in kinds:
            return self.best(listing.of_type(legal, "battle")[0], self.battle_value)
        self._prepare()
        if "choose_losses" in kinds:
            return self.best(listing.of_type(legal, "choose_losses")[0], self.loss_value)
        if "retreat" in kinds:
            return self.best(list(considered(legal, "retreat")), self.retreat_value)
        return self.turn()

    # ----- the position's numbers -----------------------------------------------------------
    def _prepare(self):
        pic = self.pic
        total, turn = sum(pic.pieces), pic.pub["turn_number"]
        if total != self._last_loss[0]:
            self._last_loss = (total, turn)
        quiet = turn - self._last_loss[1]
        self.boldness = min(1.0, max(0.0, (quiet - QUIET_TURNS) / BOLD_TURNS))
        # Past DESPERATE_TURNS the war is a standoff (armies sitting in their capitals, say): the
        # general stops guarding and goes for whatever the enemy has, so that someone gives.
        self.desperate = quiet >= DESPERATE_TURNS
        self.danger_weight = 0.0 if self.desperate else self.style.danger * (1 - 0.5 * self.boldness)
        self._prepare_light()
        self.threat = pic.reach(pic.foe)
        self.raid = pic.raids(pic.foe, pic.cities_of(pic.me)) if self.style.raids else {}
        self.pull = self._pulls()

    def danger(self, sq, comp: dict, threat=None) -> float:
        """Value the enemy could take from my stack `comp` (or my city) on `sq` next turn."""
        if threat is not None:
            return self._danger(sq, comp, threat)
        # Weighing a turn's actions asks the same squares and stacks again and again: remembered until
        # the picture or the worth of a piece changes (`_prepare_light`).
        mine = sq in self.pic.fortified[self.pic.me]
        key = (sq[0], sq[1], comp[INFANTRY], comp[CAVALRY], comp[GUNBOAT], mine) if comp else (sq[0], sq[1], mine)
        known = self._dangers.get(key)
        if known is None:
            known = self._dangers[key] = self._danger(sq, comp, self.threat)
        return known

    def _danger(self, sq, comp: dict, threat) -> float:
        pic = self.pic
        stake = pic.stakes[pic.me].get(sq, 0)   # (pic.stake)
        n = size(comp) if comp else 0
        if not n and not stake:
            return 0.0
        enemy = threat.get(sq, 0)
        if not enemy and not stake:   # nothing to fear there, whatever the strength
            return 0.0
        held = pic.strength(sq, pic.me, comp if n else empty())
        if not enemy:
            return RAID_FAITH * stake * self.my_piece if stake and self.raid.get(sq, 0) > held else 0.0
        if enemy > held:
            if pic.is_city(sq):
                # Every defender goes; the attacker loses one fewer than the strength it destroyed.
                return n * self.my_piece + stake * self.my_piece - (held - 1) * self.their_piece
            return self.my_piece
        if enemy == held and n:
            return (0.5 * stake + COIN_RISK) * self.my_piece
        if stake and self.raid.get(sq, 0) > held:
            return RAID_FAITH * stake * self.my_piece
        return 0.0

    def _pulls(self) -> dict:
        """kind -> square -> how much a unit of that kind on that square is worth for where it can go."""
        pic, style = self.pic, self.style
        targets = []   # (square, value)
        for sq in pic.cities_of(pic.foe):
            held = pic.strength(sq, pic.foe)
            targets.append((sq, pic.stake(sq, pic.foe) * self.their_piece / (1 + held)))
        for sq, comp in pic.units[pic.foe].items():
            if self.desperate or not pic.is_city(sq):
                hunt = 0.5 + 3 * self.boldness
                targets.append((sq, hunt * self.their_piece / (1 + 0.3 * size(comp))))
        for sq in pic.cities_of(pic.me):
            held = pic.strength(sq, pic.me)
            if self.threat.get(sq, 0) >= held and self.threat.get(sq, 0):
                targets.append((sq, style.guard * pic.stake(sq, pic.me) * self.my_piece))
            elif self.raid.get(sq, 0) >= held and self.raid.get(sq, 0):
                targets.append((sq, RAID_FAITH * style.guard * pic.stake(sq, pic.me) * self.my_piece))
        targets = tuple((tuple(sq), value) for sq, value in targets if value > 0)  # the rest pull nothing
        return {kind: _field(pic.mobility, kind, targets) for kind in KINDS}

    def progress(self, comp: dict, frm, to) -> float:
        pull = self.pull
        return self.style.progress * sum([n * (pull[k].get(to, 0.0) - pull[k].get(frm, 0.0))
                                          for k, n in comp.items() if n])

    def material(self, killed: int, lost: int) -> float:
        """What `killed` enemy pieces for `lost` of mine change in the worth of the war to me."""
        return self.worth(self.mine - lost, self.theirs - killed) - self.worth(self.mine, self.theirs)

    def worth(self, mine: int, theirs: int) -> float:
        if theirs <= 0:
            return PIECE_SCALE * 10
        if mine <= 0:
            return -PIECE_SCALE * 10
        ratio = math.log(mine / theirs)
        caution = self.style.caution
        return PIECE_SCALE * (caution * math.tanh(ratio / caution) if caution else ratio)

    # ----- choosing ----------------------------------------------------------------------------
    def best(self, actions, value):
        noise = self.style.noise
        scored = [(value(a) + (self.random.uniform(-noise, noise) if noise else 0.0), i)
                  for i, a in enumerate(actions)]
        self._ranked = [(v, actions[i]) for v, i in scored]
        return actions[max(scored)[1]]

    def shortlist(self, k: int) -> list:
        """The `k` actions the last choice valued most, best first (ending the turn at what it takes to
        be chosen over moving): a searcher's likeliest contenders."""
        if self._ranked is None:   # the last choice was remembered: weighed again as it was, for its ranking
            view, last_loss = self._unranked
            after, self._last_loss = self._last_loss, last_loss
            self.decide(view, view["private"]["legal"])
            self._last_loss = after
        ranked = sorted(enumerate(self._ranked), key=lambda e: (-e[1][0], e[0]))
        return [a for _, (v, a) in ranked[:k]]

    def turn(self):
        moves = list(considered_moves(self.legal, "move"))   # (action, from, group), the group one per template
        actions = [a for a, _, _ in moves]
        actions += listing.of_type(self.legal, "fortify")[0] + listing.of_type(self.legal, "unfortify")[0]
        may_end = {"type": "end_turn"} in self.legal.get("actions", ())
        if not actions:
            return {"type": "end_turn"}
        self.hostile = {tuple(sq) for sq in self.legal.get("hostile", ())}
        self._leaving = {}   # (square left, the group leaving) -> `leave`
        self._spots = {}     # square offered -> `spot`
        self._relief = {}    # enemy square -> what a sacrifice there spares (attack_value)
        if self.style.blunder and self.random.random() < self.style.blunder:
            return self.random.choice(actions + ([{"type": "end_turn"}] if may_end else []))
        noise = self.style.noise
        best, best_value = None, None
        ranked = self._ranked = [(END_TURN_AT, {"type": "end_turn"})] if may_end else []
        group = leaving = None
        for i, a in enumerate(actions):
            if i < len(moves):
                if moves[i][2] is not group:   # the next template's group
                    frm, group = moves[i][1], moves[i][2]
                    leaving = self.leave(frm, group)
                value = self.move_value(frm, group, tuple(a["to"]), leaving)
            else:
                value = self.turn_value(a)
            v = value + (self.random.uniform(-noise, noise) if noise else 0.0)
            ranked.append((v, a))
            if best_value is None or v > best_value:
                best, best_value = a, v
        if may_end and best_value < END_TURN_AT:
            return {"type": "end_turn"}
        return best

    def turn_value(self, a) -> float:
        kind = a["type"]
        pic = self.pic
        if kind in ("fortify", "unfortify"):
            sq = tuple(a["at"])
            comp = pic.units[pic.me].get(sq, empty())
            before = self.danger(sq, comp)
            pic.fortified[pic.me].symmetric_difference_update({sq})
            after = self.danger(sq, comp)
            pic.fortified[pic.me].symmetric_difference_update({sq})
            ground = comp[INFANTRY] + comp[CAVALRY]
            # Fortified troops are locked in: a little is lost in what they could do elsewhere.
            mobility = -0.1 * ground if kind == "fortify" else 0.05 * ground
            return self.danger_weight * (before - after) + mobility
        frm, group = tuple(a["from"]), full(a["units"])
        return self.move_value(frm, group, tuple(a["to"]), self.leave(frm, group))

    def leave(self, frm, group: dict) -> tuple:
        """(what leaving `frm` changes there, what each kind of the group is pulled to there as
        (count, pull field, pull at `frm`)): the same for every square the group is offered (a turn's fifty
        moves come from a handful of stacks and groups), worked out once a choice."""
        key = (frm, group[INFANTRY], group[CAVALRY], group[GUNBOAT])
        known = self._leaving.get(key)
        if known is None:
            here = self.pic.units[self.pic.me].get(frm, empty())
            left = plus(here, group, -1)
            known = self._leaving[key] = (
                self.danger_weight * (self.danger(frm, here) - self.danger(frm, left)),
                [(n, self.pull[k], self.pull[k].get(frm, 0.0)) for k, n in group.items() if n])
        return known

    def move_value(self, frm, group: dict, to, leaving: tuple) -> float:
        """The value of moving `group` from `frm` to `to`; `leaving`: `leave(frm, group)`."""
        value, pulls = leaving
        spot = self._spots.get(to)
        if spot is None:
            spot = self._spots[to] = self.spot(to)
        there, danger_there, gain = spot
        if there is _HOSTILE:
            return value + self.attack_value(group, frm, to)
        if there is not None:   # (the stack a group joins there is seldom met again in a turn: not remembered)
            value += self.danger_weight * (danger_there - self._danger(to, plus(there, group), self.threat))
        else:   # out of the enemy's reach, no city of mine: no danger there, whoever stands there (the sum kept)
            value += self.danger_weight * 0.0
        if gain is not None:
            value += gain
        # (`progress`, with the pulls at `frm` read once)
        return value + self.style.progress * sum([n * (field.get(to, 0.0) - here) for n, field, here in pulls])

    def spot(self, to) -> tuple:
        """What `move_value` reads of the square `to`, whatever group goes there (a turn offers a square to
        several groups): (my stack there, _HOSTILE where arriving means a battle, None where no danger is
        looked for: out of the enemy's reach and no city of mine; the danger to that stack; what taking a city
        there gains, None for nothing)."""
        pic = self.pic
        if to in self.hostile:
            return _HOSTILE, None, None
        there = danger_there = gain = None
        if self.threat.get(to, 0) or pic.stakes[pic.me].get(to, 0):
            there = pic.units[pic.me].get(to, empty())
            danger_there = self.danger(to, there)
        stake = pic.stakes[pic.foe].get(to, 0)   # (pic.stake)
        if stake and not pic.units[pic.foe].get(to):
            gain = stake * self.their_piece
        return there, danger_there, gain

    def attack_value(self, group: dict, frm, to) -> float:
        pic = self.pic
        n = size(group)
        defenders = pic.units[pic.foe].get(to, empty())
        d = size(defenders)
        held = pic.strength(to, pic.foe)
        stake = pic.stake(to, pic.foe) * self.their_piece
        if n > held:
            options = [self.material(d, held - 1) + stake]          # destroy them all
            if not pic.is_city(to) and d > 1:
                options.append(self.material(1, 0))                 # or take one and keep every man
            gain = max(options)
            after = group if options[-1] == gain and len(options) > 1 else _shrink(group, held - 1)
            return gain - self.danger_weight * self.danger(to, after) + 0.5 * self.progress(after, frm, to)
        if n == held:
            win = self.material(d, n - 1) + stake
            lose = self.material(max(0, d - 1) if d else 0, n)
            return 0.5 * (win + lose) + 2 * self.boldness * self.my_piece
        # A sacrifice: one unit dies, the stack there cannot move in its next turn.
        if not self.style.sacrifice:
            return self.material(0, 1)
        # Worth it only to save a city: stacks in the open can step away instead.
        relief = self._relief.get(to)
        if relief is None:   # the same for every unit a turn could sacrifice there
            relief = self._relief[to] = self.relief(to)
        return self.material(0, 1) + relief if relief > SACRIFICE_MARGIN * self.my_piece else -self.my_piece

    def relief(self, to) -> float:
        """What disabling the enemy's stack on `to` spares my cities, as the general counts on it."""
        pic = self.pic
        cities = pic.cities_of(pic.me)
        spared = pic.reach(pic.foe, skip=to, only=cities)   # (asked only where it is read)
        relief = 0.0
        for sq in cities:
            comp = pic.units[pic.me].get(sq, empty())
            relief += self.danger(sq, comp) - self.danger(sq, comp, spared)
        return relief * (SACRIFICE_FAITH * self.danger_weight)

    # ----- steps ---------------------------------------------------------------------------------
    def battle_value(self, a) -> float:
        killed, lost = full(a["eliminate"]), full(a.get("lose", {}))
        self._prepare_light()
        worth = sum(n * KIND_WORTH[k] for k, n in killed.items()) - sum(n * KIND_WORTH[k] for k, n in lost.items())
        return self.material(size(killed), size(lost)) + worth

    def _prepare_light(self):
        pic = self.pic
        self.mine, self.theirs = max(pic.pieces[pic.me], 1), max(pic.pieces[pic.foe], 1)
        self._dangers = {}
        # What one piece is worth, to each side, in the units of `worth`.
        self.my_piece = -self.material(0, 1)
        self.their_piece = self.material(1, 0)

    def loss_value(self, a) -> float:
        """Higher for the piece whose loss hurts least (the position's numbers prepared)."""
        sq, kind = tuple(a["at"]), next(iter(a["units"]))
        comp = self.pic.units[self.pic.me].get(sq, empty())
        after = plus(comp, {kind: 1}, -1)
        worth = self.pull[kind].get(sq, 0.0) + KIND_WORTH[kind] + 0.05 * size(comp)
        return -(self.danger(sq, after) - self.danger(sq, comp)) - worth

    def retreat_value(self, a) -> float:
        pic = self.pic
        group, to = full(a["units"]), tuple(a["to"])
        there = pic.units[pic.me].get(to, empty())
        return (size(group) * 0.2 - self.danger(to, plus(there, group)) + self.danger(to, there)
                + self.progress(group, tuple(pic.pub["pending"][0]["at"]), to))


@lru_cache(maxsize=1024)
def _field(mobility, kind: str, targets: tuple) -> dict:
    """square -> the strongest pull of `targets` ((square, value), ...) on a unit of `kind` standing there (absent
    or 0.0: none). Remembered: within a turn (and across a searcher's playouts) the same targets come back step
    after step. Callers only read it (with `get`, 0.0 for none)."""
    table = _fade_table(mobility, kind)
    rows = [table.row(sq) for sq, _ in targets]
    if not rows:
        return {}
    # Each target's value times its fade at every square, the largest kept: the products and the maximum are
    # the very floats a walk over the targets' turns gives (tests/civil_war/test_bot_shortcuts.py).
    values = numpy.array([value for _, value in targets])
    return dict(zip(table.squares, (table.fades[rows] * values[:, None]).max(axis=0).tolist()))


class _FadeTable:
    """A kind's fades on a board, target square by target square: how much of a target's pull reaches each square
    (FADE to the turns a lone unit needs, 0 where it finds no way), filled in as targets are first asked."""

    def __init__(self, mobility, kind: str):
        self.mobility, self.kind = mobility, kind
        n = mobility.board.size
        self.squares = [(x, y) for y in range(n) for x in range(n)]
        self.index = {sq: i for i, sq in enumerate(self.squares)}
        self.fades = numpy.zeros((n * n, n * n))
        self.filled = [False] * (n * n)

    def row(self, target) -> int:
        """The row of `target`'s fades (filled on first asking)."""
        i = self.index[target]
        if not self.filled[i]:
            row = self.fades[i]
            for frm, t in self.mobility.turns_to(self.kind, target).items():
                row[self.index[frm]] = _FADES[t] if t < len(_FADES) else FADE ** t
            self.filled[i] = True
        return i


@lru_cache(maxsize=None)
def _fade_table(mobility, kind: str) -> _FadeTable:
    return _FadeTable(mobility, kind)


def position_key(public: dict) -> tuple:
    """The state's fields of a public view (views.STATE_KEYS but the outcome, none while a listing is offered) as one
    key: the rest of the view is worked out from them (a unit's every field, the units in their order)."""
    return (public["board"], public["turn"], public["turn_number"], public["turn_limit"], public["moved_any"],
            tuple([(u["id"], u["side"], u["kind"], u["at"][0], u["at"][1], u["moved"], u["disabled"])
                   for u in public["units"]]),
            tuple(public["fortified"].items()), tuple(public["flags"].items()),
            repr(public["pending"]) if public["pending"] else None)


_HOSTILE = object()   # (`General.spot`: arriving there means a battle)
_CHOICES: dict = {}   # style -> (seat, `_last_loss`, position_key, the listing) -> (the choice, `_last_loss` after)
CHOICES_KEPT = 2048   # a style's remembered choices (a search of one decision meets a few hundred positions)


def _shrink(group: dict, lost: int) -> dict:
    """The group after losing `lost` units, infantry first, then gunboats, cavalry last."""
    out = dict(group)
    for k in (INFANTRY, GUNBOAT, CAVALRY):
        take = min(out[k], lost)
        out[k] -= take
        lost -= take
    return out


def considered(legal, kind: str):
    """The moves (or retreats) a general weighs: of the many ways to split a stack only the whole of
    what may go, all of one kind, all but one, and one unit of a kind; each to every square offered."""
    for action, _, _ in considered_moves(legal, kind):
        yield action


def considered_moves(legal, kind: str):
    """`considered`'s actions as (action, the square left, the group moving: one composition, every kind
    present, shared by the actions of one template)."""
    templates = listing.of_type(legal, kind)[1]
    groups = [full(t["units"]) for t in templates]
    largest: dict = {}
    for t, units in zip(templates, groups):
        key = tuple(t.get("from") or ())
        if size(units) > size(largest.get(key, empty())):
            largest[key] = units
    for t, units in zip(templates, groups):
        frm = tuple(t.get("from") or ())
        have = largest[frm]
        kinds = [k for k in KINDS if units[k]]
        one_kind = len(kinds) == 1 and units[kinds[0]] in (1, have[kinds[0]])
        all_but_one = size(units) == size(have) - 1
        if units == have or one_kind or all_but_one:
            for action in listing.expand(t):
                yield action, frm, units
