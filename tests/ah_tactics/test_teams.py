"""Two persons a side (rule A): what the commander alone decides and what his second player may do, in every
phase; the side's secrets are shared by both its seats. And rule F's "all combat at the END of the
attacker's turn": once the battle plan begins, nothing moves."""
from engine import Session, ah_tactics as game, legal
from engine.rng import Rng
from tests.ah_tactics.helpers import BLUE, RED, act, blank, end_movement, put, refused, uid

SECOND_BLUE = 2   # seats 0 and 2 are Blue (0 commands), 1 and 3 Red (1 commands)


def kinds(lg: dict) -> set:
    return {a["type"] for a in lg.get("actions", [])} | {t["type"] for t in lg.get("templates", [])}


def test_in_the_set_up_the_second_player_arranges_and_only_the_commander_declares_it_done():
    """A: "one of which must be designated as the commander": the second player arranges units, the
    commander alone says the side's set-up is done."""
    s = game.setup({}, 4, Rng(0))
    assert "place" in kinds(game.legal(s, SECOND_BLUE)) and "setup_done" not in kinds(game.legal(s, SECOND_BLUE))
    assert "setup_done" in kinds(game.legal(s, BLUE))
    place = next(t for t in game.legal(s, SECOND_BLUE)["templates"] if t["type"] == "place")
    act(s, SECOND_BLUE, {"type": "place", "unit": place["unit"], "to": place["to"]["$one_of"][0]})
    assert "commander" in refused(s, SECOND_BLUE, {"type": "setup_done"})


def test_in_the_battle_plan_the_second_player_drafts_and_only_the_commander_confirms():
    """A with F: the second player may assign factors to battles; confirming the plan is the commander's."""
    s = blank(n_seats=4)
    a = put(s, uid(BLUE, "1st Armd"), (20, 10))
    d = put(s, uid(RED, "1st Inf"), (21, 10))
    end_movement(s)
    lg = game.legal(s, SECOND_BLUE)
    assert "assign" in kinds(lg) and "confirm_battles" not in kinds(lg)
    act(s, SECOND_BLUE, {"type": "assign", "attacker": a, "defender": d, "factors": 2})
    assert "commander" in refused(s, SECOND_BLUE, {"type": "confirm_battles"})
    assert "confirm_battles" in kinds(game.legal(s, BLUE))


def test_only_the_commander_sends_units_into_reserve_and_regroups_corps():
    """A with B and G: regrouping corps and taking units off the board are the commander's decisions."""
    s = blank(n_seats=4)
    u = put(s, uid(BLUE, "12th Inf"), (22, 4))
    lg = game.legal(s, SECOND_BLUE)
    assert not kinds(lg) & {"reserve", "regroup", "reveal", "end_movement"}
    assert "move" in kinds(lg)
    assert "commander" in refused(s, SECOND_BLUE, {"type": "reserve", "unit": u})
    assert "commander" in refused(s, SECOND_BLUE, {"type": "regroup", "unit": u, "corps": "IC"})
    assert {"reserve", "regroup", "end_movement"} <= kinds(game.legal(s, BLUE))


def test_both_seats_of_a_side_see_its_reserves_and_the_enemy_seats_never_do():
    """G over the network, with A: a reserve's square is its side's secret, shared by both its players."""
    s = blank(n_seats=4)
    u = put(s, uid(BLUE, "12th Inf"), (22, 4))
    act(s, BLUE, {"type": "reserve", "unit": u})
    for seat in (BLUE, SECOND_BLUE):
        assert [(r["unit"], r["x"], r["y"]) for r in game.view(s, seat)["private"]["reserves"]] == [(u, 22, 4)]
    for seat in (RED, RED + 2, None):
        view = game.view(s, seat)
        assert not view["private"].get("reserves")
        assert view["public"]["units"][u]["at"] is None and u in view["public"]["reserves"]["blue"]


def test_once_the_battle_plan_begins_no_unit_moves_again_this_turn():
    """F: "All combat is done at the END of the attacker's turn. He cannot take half of his BTA, fight and
    then take the remainder": after movement ends, the allowance left is gone."""
    s = blank()
    a = put(s, uid(BLUE, "1st Armd"), (20, 10))
    put(s, uid(RED, "1st Inf"), (21, 10))
    end_movement(s)
    assert "move" not in kinds(game.legal(s, BLUE))
    refused(s, BLUE, {"type": "move", "unit": a, "to": [20, 9]})


def _frames_of_a_reserve_march(route) -> tuple[list, dict]:
    """A four-seat game: Blue's commander sends the 12th Inf into reserve, his second player marches it
    along `route`. Returns what Red's seats and a spectator received after each action (events and
    whole views, to_act and prompt included), and Blue's second player's listing at the end."""
    session = Session("ah_tactics", 4, seed=0)
    session.state = blank(n_seats=4)
    u = put(session.state, uid(BLUE, "12th Inf"), (30, 4))
    steps = [(BLUE, {"type": "reserve", "unit": u})]
    steps += [(SECOND_BLUE, {"type": "move", "unit": u, "to": list(sq)}) for sq in route]
    frames = []
    for seat, action in steps:
        events = session.apply(seat, action)
        frames.append({other: (session.events_for(events, other), session.view(other))
                       for other in (RED, RED + 2, None)})
    return frames, session.legal(SECOND_BLUE)


def test_how_far_a_reserve_marched_changes_nothing_the_enemy_and_spectators_receive():
    """G: the reserve moves "by the same means — asking the opponent to step away", and A: "two persons on
    a side". Twin games differing only in the reserve's march (one square there and back, or the whole
    allowance spent) give Red's seats and a spectator the same frames — views, to_act and prompt — though
    in the second Blue's second player has nothing left to move."""
    short, short_legal = _frames_of_a_reserve_march([(30, 5), (30, 4)])
    long, long_legal = _frames_of_a_reserve_march([(7, 15), (27, 4)])
    assert legal.size(short_legal) > 0 and legal.size(long_legal) == 0, "the twins differ for Blue's second player"
    assert short == long
    assert short[-1][None][1]["public"]["to_act"] == [BLUE, SECOND_BLUE]
    assert short[-1][None][1]["public"]["prompt"] is None
