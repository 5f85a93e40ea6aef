"""Reserves off the board (rule G): up to a corps' worth, behind the front line, moved in secret,
shown when the enemy stumbles upon them."""
from engine import Session, ah_tactics as game, legal as listing
from engine.ah_tactics import reserves
from tests.ah_tactics.helpers import BLUE, BOARD, RED, act, at, blank, end_movement, move, put, reach, refused, uid


def frontline(state):
    """A Blue front along row 14 and a Red one along row 20."""
    for i, x in enumerate(range(20, 26)):
        put(state, uid(BLUE, f"{i + 1}th Inf" if i + 1 > 3 else ["1st", "2nd", "3rd"][i] + " Inf"), (x, 14))
    for i, x in enumerate(range(20, 26)):
        put(state, uid(RED, f"{i + 1}th Inf" if i + 1 > 3 else ["1st", "2nd", "3rd"][i] + " Inf"), (x, 20))


def test_a_unit_behind_the_front_goes_off_the_board_into_reserve():
    """G: a side may remove units from the board to a recorded location behind its front line."""
    s = blank()
    frontline(s)
    u = put(s, uid(BLUE, "12th Inf"), (22, 10))
    events = act(s, BLUE, {"type": "reserve", "unit": u})
    assert s["units"][u]["status"] == "reserve" and s["units"][u]["at"] is None
    assert reserves.squares_of(s, BLUE) == {u: (22, 10)}
    assert events[0]["type"] == "to_reserve"


def test_no_reserve_in_front_of_the_front_line_or_next_to_the_enemy():
    """G: "He cannot place them in front of the established front line"; only where "he is positive there
    are no enemy Units"."""
    s = blank()
    frontline(s)
    ahead = put(s, uid(BLUE, "12th Inf"), (27, 16))
    assert "front line" in refused(s, BLUE, {"type": "reserve", "unit": ahead})
    at_front = uid(BLUE, "1st Inf")
    assert "front line" in refused(s, BLUE, {"type": "reserve", "unit": at_front})
    lone = put(s, uid(BLUE, "13th Inf"), (40, 5))
    put(s, uid(RED, "12th Inf"), (41, 6))
    assert "next to the enemy" in refused(s, BLUE, {"type": "reserve", "unit": lone})


def test_reserves_hold_at_most_an_infantry_corps():
    """G: "the equivalent of an infantry corps": seven units and seven combat factors at most."""
    s = blank()
    frontline(s)
    names = ["1st Armd", "2nd Armd", "3rd Armd", "16th Inf", "17th Inf"]
    for i, name in enumerate(names):
        put(s, uid(BLUE, name), (20 + i, 5 + i))
    for name in names[:3]:
        act(s, BLUE, {"type": "reserve", "unit": uid(BLUE, name)})
    act(s, BLUE, {"type": "reserve", "unit": uid(BLUE, "16th Inf")})
    assert "infantry corps" in refused(s, BLUE, {"type": "reserve", "unit": uid(BLUE, "17th Inf")})


def test_a_reserve_moves_in_secret_behind_the_front_at_the_usual_cost():
    """G: "He can move his reserve force by the same means": secretly, paying the allowance, staying
    behind the front line."""
    s = blank()
    frontline(s)
    u = put(s, uid(BLUE, "12th Inf"), (44, 2))
    act(s, BLUE, {"type": "reserve", "unit": u})
    options = reach(s, BLUE, u)
    assert options[(44, 5)] == 9
    assert (22, 16) not in options          # in front of the line
    move(s, BLUE, u, (44, 5))
    assert reserves.squares_of(s, BLUE) == {u: (44, 5)} and s["allowance"] == 81


def test_the_reserve_square_is_secret_from_the_other_side():
    """G (over the network): where a reserve stands is in its owner's private view only; the others see
    which units are in reserve, never where — in views, in redacted events and in prompts. With four seats
    the team mate shares the secret."""
    s = Session("ah_tactics", 4, seed=3)
    for seat in (0, 1):
        s.apply(seat, {"type": "setup_done"})
    side = s.state["active"]
    unit = next(a["unit"] for a in game.legal(s.state, side)["actions"] if a["type"] == "reserve")
    start = at(s.state, unit)
    events = s.apply(side, {"type": "reserve", "unit": unit})
    template = next(t for t in game.legal(s.state, side)["templates"] if t["type"] == "move" and t["unit"] == unit)
    dest = next(tuple(sq) for sq in reversed(listing.domain_values(template["to"])) if tuple(sq) != start)
    events += s.apply(side, {"type": "move", "unit": unit, "to": list(dest)})
    mine = s.view(side)["private"]["reserves"]
    assert [(r["x"], r["y"]) for r in mine] == [dest]
    assert s.view(side + 2)["private"]["reserves"] == mine
    assert _mentions(s.view(side)["private"], dest)
    for seat in (1 - side, 3 - side, None):
        seen = [s.view(seat), s.events_for(events, seat), s.prompt()]
        assert not _mentions(seen, dest), seat
        assert s.view(seat)["private"].get("reserves", []) == []
        assert unit in s.view(seat)["public"]["reserves"][["blue", "red"][side]]


def _mentions(value, square) -> bool:
    """True when `square` appears anywhere in `value`, as [x, y] or as {"x": .., "y": ..}."""
    if isinstance(value, dict):
        if value.get("x") == square[0] and value.get("y") == square[1]:
            return True
        return any(_mentions(v, square) for v in value.values())
    if isinstance(value, (list, tuple)):
        if list(value) == list(square):
            return True
        return any(_mentions(v, square) for v in value)
    return False


def test_an_enemy_stumbling_into_a_reserve_reveals_it_and_its_owner_chooses():
    """G: "If ... an enemy Unit stumbles into contact with an off the board Unit the player must place it
    on the board and either force the enemy to fight or allow him to fall back—whichever he chooses"."""
    s = blank()
    hidden = put(s, uid(BLUE, "12th Inf"), (30, 5))
    act(s, BLUE, {"type": "reserve", "unit": hidden})
    end_movement(s)
    red = put(s, uid(RED, "1st Inf"), (30, 9))
    move(s, RED, red, (30, 3))          # Red cannot know: its route passes the hidden square
    assert s["phase"] == "contact" and game.to_act(s) == {BLUE}
    assert game.prompt(s)["kind"] == "reserve_contact"
    assert at(s, hidden) == (30, 5) and s["units"][hidden]["status"] == "active"
    assert max(abs(at(s, red)[0] - 30), abs(at(s, red)[1] - 5)) == 1   # stopped beside it
    act(s, BLUE, {"type": "contact", "choice": "fall_back"})
    assert at(s, red) == (30, 9) and s["phase"] == "move" and red in s["halted"]


def test_an_hq_lost_beside_the_reserve_it_stumbled_upon_leaves_its_owner_nothing_to_choose():
    """G with F: the stumbling unit is to "fight or ... fall back", but an HQ "in contact with an enemy Unit"
    is lost at once: with no unit left to send back, the reserves' owner is asked nothing."""
    s = blank()
    hidden = put(s, uid(BLUE, "12th Inf"), (30, 5))
    act(s, BLUE, {"type": "reserve", "unit": hidden})
    end_movement(s)
    hq = put(s, uid(RED, "IC HQ"), (30, 9))
    events = move(s, RED, hq, (30, 3))
    assert [e["type"] for e in events if e["type"] in ("stumbled", "eliminated")] == ["stumbled", "eliminated"]
    assert s["units"][hq]["status"] == "eliminated" and s["units"][hidden]["status"] == "active"
    assert s["contact"] is None and s["phase"] == "move" and game.to_act(s) == {RED}
    assert "contact" not in listing.types(game.legal(s, BLUE))


def test_choosing_to_fight_keeps_the_enemy_in_contact():
    """G: the owner may force the enemy to fight: the stumbling unit stays and must attack."""
    s = blank()
    hidden = put(s, uid(BLUE, "12th Inf"), (30, 5))
    act(s, BLUE, {"type": "reserve", "unit": hidden})
    end_movement(s)
    red = put(s, uid(RED, "1st Inf"), (30, 9))
    move(s, RED, red, (30, 3))
    act(s, BLUE, {"type": "contact", "choice": "fight"})
    end_movement(s)
    assert s["phase"] == "battle" and s["must"] == [hidden]


def test_a_reserve_comes_back_on_its_square_when_its_side_chooses():
    """G: the reserve returns to the board at its recorded location."""
    s = blank()
    u = put(s, uid(BLUE, "12th Inf"), (30, 5))
    act(s, BLUE, {"type": "reserve", "unit": u})
    act(s, BLUE, {"type": "reveal", "unit": u})
    assert at(s, u) == (30, 5) and s["units"][u]["status"] == "active"


def test_the_front_line_is_the_most_advanced_division_near_each_column():
    """Decision (docs): a reserve square lies behind the most advanced own division within two columns,
    and behind the enemy's too."""
    s = blank()
    put(s, uid(BLUE, "1st Inf"), (20, 14))
    put(s, uid(RED, "1st Inf"), (30, 10))
    limits = reserves.front_limits(BOARD, s, BLUE)
    assert limits[20] == 14 and limits[22] == 14 and limits[23] == BOARD.rows[0][1] + 1
    assert limits[30] == 10 and limits[28] == 10


def test_a_unit_meeting_a_reserve_while_passing_a_friend_stops_where_it_last_could():
    """C2 with G: contact stops the mover, but never on a square another unit holds."""
    s = blank(active=BLUE)
    hidden = put(s, uid(RED, "12th Inf"), (26, 7))
    reserves.take(s, hidden)
    mover = put(s, uid(BLUE, "1st Inf"), (25, 4))
    put(s, uid(BLUE, "2nd Inf"), (27, 6))             # on the road-and-railroad diagonal
    move(s, BLUE, mover, (30, 9))
    assert at(s, mover) == (26, 5) and s["phase"] == "contact"
    assert at(s, hidden) == (26, 7)


def test_a_drop_onto_a_hidden_reserve_is_called_off():
    """D3 with G: the drop zone holds a reserve the dropper could not know of; the drop fails, the reserve
    shows itself."""
    s = blank(active=BLUE)
    hidden = put(s, uid(RED, "12th Inf"), (30, 30))
    reserves.take(s, hidden)
    para = put(s, uid(BLUE, "1st Para"), (20, 5))
    events = act(s, BLUE, {"type": "drop", "unit": para, "to": [30, 30]})
    assert events[0]["type"] == "drop_failed" and at(s, para) == (20, 5)
    assert at(s, hidden) == (30, 30) and para in s["flown"]
