"""Bots: they choose only what their own view's legal listing allows, and their games end in a victory.
Replays: one seed and one action log give the same game."""
import pytest

from bots import make
from engine import Session, legal as shape
from engine.ah_tactics.units import ROSTER
from bots.ah_tactics_battles import LONG_LULL
from bots.ah_tactics_mover import SHELTER_GAIN
from bots.ah_tactics_threat import ALLOWANCE, threatened
from tests.ah_tactics.helpers import BLUE, BOARD, KEEPERS, RED, blank, put, reach, rear_in_reach, \
    through_reds_turn, uid
from tests.bot_games import bots_play

KEEP = {"1st Armd", "2nd Armd", "1st Inf", "2nd Inf", "3rd Inf", "4th Inf", "5th Inf", "IC HQ"}


def skirmish(seed: int, levels, n_seats: int = 2) -> Session:
    """A game past its set-up with each army cut down to one corps (a fast game to the end)."""
    s = Session("ah_tactics", n_seats, seed=seed)
    s.apply(0, {"type": "setup_done"})
    s.apply(1, {"type": "setup_done"})
    for uid, u in enumerate(s.state["units"]):
        if ROSTER[uid].name not in KEEP:
            u["at"], u["status"] = None, "eliminated"
    return s


def play(s: Session, levels, limit: int = 4000, check=None):
    players = [make("ah_tactics", levels[seat % len(levels)], seat, s.seed) for seat in range(s.n_seats)]
    bots_play(s, players, limit, check=check)
    return s


@pytest.mark.parametrize("levels", [("hard", "easy"), ("normal", "hard"), ("easy", "easy")])
def test_a_bot_game_ends_in_a_victory(levels):
    s = play(skirmish(7, levels), levels)
    result = s.result()
    assert result is not None and result["winners"]
    assert "eliminated" in result["reason"] or "city" in result["reason"]


def test_bots_play_a_team_game_to_the_end():
    """Four seats: the second player of each side moves units, the commander closes each phase."""
    s = play(skirmish(3, ("normal", "normal"), n_seats=4), ("normal", "normal", "easy", "easy"))
    assert s.result() is not None


def test_bots_see_only_their_own_secrets():
    """A bot is handed its own seat's view only: the other side's reserves are never in it."""
    seen = []

    def check(seat, view):
        seen.append(view["private"].get("side"))
        other = {"blue": 1, "red": 0}[view["private"]["side"]]
        assert all(r["unit"] // 44 != other for r in view["private"]["reserves"])

    play(skirmish(11, ("normal", "easy")), ("normal", "easy"), check=check)
    assert {"blue", "red"} <= set(seen)


def test_one_seed_and_one_log_give_the_same_game(tmp_path):
    """Determinism: replaying the log from the save reaches the same state hash; two runs agree."""
    a = play(Session("ah_tactics", 2, seed=4), ("easy", "easy"), limit=40)
    b = play(Session("ah_tactics", 2, seed=4), ("easy", "easy"), limit=40)
    assert a.state_hash() == b.state_hash() and a.log == b.log
    path = tmp_path / "game.sts"
    a.save(path)
    assert Session.load(path).state_hash() == a.state_hash()


def hq_moves_next_to_the_enemy(s: Session, seats, levels, limit: int) -> list:
    """Play `limit` actions with bots at `levels` (per seat); every HQ move that ended next to an enemy
    unit standing on the board at that moment: [(round, hq, square)]."""
    players = {seat: make("ah_tactics", levels[seat % len(levels)], seat, s.seed) for seat in seats}
    bad = []
    for _ in range(limit):
        if s.result():
            break
        seat = next((t for t in s.to_act() if t in players and shape.size(s.legal(t))), None)
        if seat is None:
            break
        view = s.view(seat)
        action = players[seat].choose(view)
        if action is None:
            break
        s.apply(seat, action)
        unit = action.get("unit")
        if action["type"] == "move" and ROSTER[unit].kind == "hq" and s.state["units"][unit]["at"] is not None:
            sq = tuple(s.state["units"][unit]["at"])
            if any(u["at"] is not None and ROSTER[i].side != ROSTER[unit].side and u["status"] == "active"
                   and max(abs(u["at"][0] - sq[0]), abs(u["at"][1] - sq[1])) == 1
                   for i, u in enumerate(s.state["units"])):
                bad.append((s.state["round"], ROSTER[unit].name, sq))
    return bad


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_never_moves_an_hq_next_to_an_enemy_unit(level):
    """Rule F: "HQs Units are eliminated when opposing forces are moved to their adjacent squares" — a bot's HQ
    moves keep out of contact: in a small position (Blue's corps HQ behind its two divisions, a Red division
    ahead and a Red HQ beside the way) and through a skirmish between two corps."""
    s = Session("ah_tactics", 2, seed=1)
    s.state = blank()
    hq = put(s.state, uid(BLUE, "IC HQ"), (20, 4))
    for name, sq in (("1st Inf", (19, 7)), ("2nd Inf", (21, 7))):
        put(s.state, uid(BLUE, name), sq)
    put(s.state, uid(RED, "1st Inf"), (20, 13))
    put(s.state, uid(RED, "IIC HQ"), (23, 9))
    assert hq_moves_next_to_the_enemy(s, [BLUE], [level, level], 40) == []
    assert s.state["units"][hq]["status"] == "active"
    game = skirmish(5, (level, level))
    assert hq_moves_next_to_the_enemy(game, [0, 1], [level, level], 300) == []


def test_normal_bots_keep_their_hqs_out_of_reach_of_the_enemy():
    """Rule F: an HQ "eliminated when opposing forces are moved to their adjacent squares" is lost for nothing
    when marched up to the front: in a whole game's first three rounds (seeded), two normal bots lose at most
    three of their fourteen HQs (marching them to three squares off the enemy, they lost six)."""
    s = Session("ah_tactics", 2, seed=3)
    players = [make("ah_tactics", "normal", seat, 3) for seat in range(2)]
    lost = 0
    while s.state["round"] <= 3 and s.result() is None:
        seat = next(t for t in s.to_act() if shape.size(s.legal(t)))
        events = s.apply(seat, players[seat].choose(s.view(seat)))
        lost += sum(1 for e in events if e["type"] == "eliminated" and ROSTER[e["unit"]].kind == "hq")
    assert lost <= 3


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_two_bots_of_one_side_deciding_from_the_same_view_seldom_reach_for_the_same_unit(level):
    """A: both seats of a side move from one allowance, each as its view shows the board. Two bots that see
    the same view at the same moment (a LAN table sends it to both) split the side's units, the commander
    taking its teammate's leftovers only at the end and from the other end of the list: they reach for the
    same unit at most once a movement phase, and every unit moved is moved by one of them."""
    s = Session("ah_tactics", 4, seed=5)
    for seat in (0, 1):
        s.apply(seat, {"type": "setup_done"})
    players = [make("ah_tactics", level, seat, s.seed) for seat in range(4)]
    pairs, clashes, phases, movers = 0, 0, set(), set()
    for _ in range(120):
        side = [seat for seat in (0, 2, 1, 3) if seat in s.to_act()]
        if s.result() is not None or not side:
            break
        public = s.view(None)["public"]
        choices = {seat: players[seat].choose(s.view(seat)) for seat in side[:2]}
        moves = [c["unit"] for c in choices.values() if c is not None and c["type"] in ("move", "drop")]
        if len(moves) == 2:
            pairs += 1
            phases.add((public["round"], public["active"]))
            clashes += moves[0] == moves[1]
        acted = False
        for seat, choice in choices.items():
            if choice is not None and shape.contains(s.view(seat)["private"]["legal"], choice):
                s.apply(seat, choice)
                acted = True
                if choice["type"] == "move":
                    movers.add(seat)
        if not acted:
            break
    assert pairs >= 10 and clashes <= len(phases), (pairs, clashes, phases)
    assert {2, 3} <= movers, "each second player moved units of its own"


def test_a_sheltering_bot_steps_a_division_back_to_where_the_enemy_pays_more_to_strike_it():
    """Rule C: a side moves on one allowance of 30 squares a turn, so what an enemy division must spend to
    come next to a division (rule C6: it stops there and must fight) measures how cheaply it can strike it.
    With the `shelter` knob (the expert's movement) a division not attacking steps back to where that costs
    the enemy more; without it (the ladder's levels) the same plan leaves it where it stands."""
    s = Session("ah_tactics", 2, seed=1)
    s.state = blank()
    infantry = put(s.state, uid(BLUE, "1st Inf"), (20, 7))
    put(s.state, uid(RED, "1st Inf"), (20, 13))
    enemy = [(20, 13), KEEPERS[RED]]

    def enemy_cost(sq):
        return threatened(BOARD, enemy, [sq, KEEPERS[BLUE]], []).get(sq, ALLOWANCE + 1)
    hard = make("ah_tactics", "hard", BLUE, 1)
    assert hard.variant({"advances": 0}).phase_plan(s.view(BLUE)) == [{"type": "end_movement"}]
    plan = hard.variant({"advances": 0, "shelter": 24}).phase_plan(s.view(BLUE))
    moves = [a for a in plan if a["type"] == "move"]
    assert [a["unit"] for a in moves] == [infantry]
    assert enemy_cost(tuple(moves[0]["to"])) > enemy_cost((20, 7)) + SHELTER_GAIN
    assert reach(s.state, BLUE, infantry)[tuple(moves[0]["to"])] <= 24


def test_a_bot_with_reserves_hides_a_division_the_enemy_could_strike_and_brings_it_back_next_turn():
    """Rule G: a side may take an infantry corps' worth off the board, behind its front line, where the enemy
    cannot attack it (an enemy unit that stumbles into contact with it stops there). With the `reserves` knob
    (the expert's movement) a division behind the front that the enemy could reach next turn goes into reserve
    at the end of the movement, and comes back on its square first thing in the next; the ladder's levels
    (no knob) leave it on the board."""
    s, rear = rear_in_reach()
    assert threatened(BOARD, [(20, 15), KEEPERS[RED]], [(20, 9), (20, 5), KEEPERS[BLUE]], []).get((20, 5)) \
        is not None, "the test's rear division is out of Red's reach: nothing to hide from"
    hard = make("ah_tactics", "hard", BLUE, 1)
    assert not [a for a in hard.variant({"advances": 0}).phase_plan(s.view(BLUE)) if a["type"] == "reserve"]
    plan = hard.variant({"advances": 0, "reserves": True}).phase_plan(s.view(BLUE))
    hidden = [a["unit"] for a in plan if a["type"] == "reserve"]
    assert rear in hidden and set(hidden) <= {rear, uid(BLUE, "25th Inf")}   # the front stays (and the keeper
    # far off may go: a Red landing could reach it)
    # after a long lull (three turns with no unit lost) nobody hides: the war must go on to its end
    lull = hard.variant({"advances": 0, "reserves": True}, eager=LONG_LULL).phase_plan(s.view(BLUE))
    assert not [a for a in lull if a["type"] == "reserve"]
    for action in plan:
        s.apply(BLUE, action)
    assert s.state["units"][rear]["status"] == "reserve"
    through_reds_turn(s)
    bot = hard.variant({"advances": 0, "reserves": True})
    back = []
    for _ in range(len(hidden) + 1):
        action = bot.choose(s.view(BLUE))
        if action["type"] != "reveal":
            break
        back.append(action["unit"])
        s.apply(BLUE, action)
    assert sorted(back) == sorted(hidden)
    assert s.state["units"][rear]["status"] == "active" and tuple(s.state["units"][rear]["at"]) == (20, 5)
    assert action["type"] in ("move", "reserve", "end_movement")   # the rest, planned with them on the board


def test_a_bot_holds_at_most_an_infantry_corps_in_reserve():
    """Rule G: "the equivalent of an infantry corps" at once — 7 units and 7 combat factors (an armored
    division counts 2)."""
    s = Session("ah_tactics", 2, seed=1)
    s.state = blank()
    behind = ["1st Armd", "2nd Armd", "1st Inf", "2nd Inf", "3rd Inf", "4th Inf", "5th Inf", "6th Inf", "7th Inf"]
    rear = []
    for n, x in enumerate(range(10, 28, 2)):
        put(s.state, uid(BLUE, f"{n + 10}th Inf"), (x, 9))    # the front
        rear.append(put(s.state, uid(BLUE, behind[n]), (x, 5)))
    for name, x in (("1st Inf", 12), ("2nd Inf", 20), ("3rd Inf", 26)):
        put(s.state, uid(RED, name), (x, 15))
    plan = make("ah_tactics", "hard", BLUE, 1).variant({"advances": 0, "reserves": True}).phase_plan(s.view(BLUE))
    hidden = [a["unit"] for a in plan if a["type"] == "reserve"]
    assert hidden and set(hidden) <= set(rear) | {uid(BLUE, "25th Inf")}
    assert len(hidden) <= 7 and sum(ROSTER[u].factor for u in hidden) <= 7
    for action in plan:
        s.apply(BLUE, action)   # every one accepted: the rules hold the same limit
    assert sum(1 for u in s.state["units"] if u["status"] == "reserve") == len(hidden)
