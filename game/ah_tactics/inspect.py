"""What the Tactics (1954) unit inspector says about one unit (right-click or I): its type, combat factors,
corps, where it stands and how, what it may still do this turn and the ground it may enter — every fact from
the view or asked of the rules (engine.ah_tactics.queries), none worked out here.
"""
from engine.ah_tactics import queries
from game.ah_tactics.counters import SIDE_TITLES, side_colour
from game.ah_tactics.log import square_name

KIND_NAMES = {"infantry": "infantry division", "armor": "armored division", "para": "parachute division",
              "mountain": "mountain division", "amphibious": "amphibious division"}
HQ_NAMES = {"corps": "corps headquarters", "army": "army headquarters", "army_group": "army group headquarters"}


def unit_card(seats, places, board: dict, orders, uid: int) -> tuple[str, list[tuple[str, str]], tuple]:
    """(title, [(label, value)...], colour) of the card about unit `uid` as the board's seat sees it (`seats`),
    with its units where `places` shows them and its `orders` (or None)."""
    u = places.units[uid]
    kind = HQ_NAMES.get(u.get("hq"), "headquarters") if u["kind"] == "hq" else KIND_NAMES[u["kind"]]
    attack, defence = queries.factors(seats.view, uid)
    rows = [("Type", f"{SIDE_TITLES[u['side']]} {kind}"),
            ("Factors", f"attack {attack} · defence {defence}" if u["status"] == "active" else "none (not fighting)"),
            ("Corps", (f"{u['corps']} · " if u.get("corps") else "unattached · ") + {1: "1st Army", 2: "2nd Army"}.get(u.get("army"), "army group")),
            ("Status", _status(seats, places, uid))]
    sq = places.positions.get(uid)
    if sq is not None:
        rows.append(("At", square_name(board, sq)))
    rows.append(("Moves", _moves(seats, places, orders, uid)))
    rows.append(("May enter", ", ".join(queries.may_enter(uid))
                 + (" · by air, once a turn" if u["kind"] == "para" else "")))
    return u["name"], rows, side_colour(u["side"])


def _status(seats, places, uid: int) -> str:
    u, pub = places.units[uid], seats.pub
    words = {"active": "on the board", "reserve": "in reserve", "eliminated": "eliminated",
             "prisoner": f"prisoner of {SIDE_TITLES.get(u.get('captor'), 'the enemy')}", "refitting": "refitting"}
    out = words.get(u["status"], u["status"])
    if uid in places.hidden:
        out += " (its square is your secret)"
    if uid in (pub.get("halted") or []):
        out += " · halted in contact"
    elif uid in (pub.get("moved") or []):
        out += " · has moved this turn"
    if uid in (pub.get("hq_out_of_range") or []):
        out += " · out of range of its corps"
    return out


def _moves(seats, places, orders, uid: int) -> str:
    """What the unit may still do now, as its side's seat reads it: from the seat's legal listing and the
    side's allowance for its own units; for an enemy's, when it moves."""
    u, pub = places.units[uid], seats.pub
    side = SIDE_TITLES[u["side"]]
    if places.my_side is not None and u["side"] != places.my_side:
        return f"in {side}'s movement phase: an enemy unit"
    allowance = places.allowance
    if orders is None or places.phase != "move" or allowance is None:
        return f"in {side}'s movement phase"
    reach = len(orders.squares("move", uid))
    flies = uid in orders.units("drop")
    if not reach and not flies:
        if uid in (pub.get("halted") or []):
            why = "halted in contact with the enemy"
        elif not allowance:
            why = "the side's allowance is spent"
        elif u["status"] != "active" and uid not in places.hidden:
            why = f"{u['status']}"
        elif uid in (pub.get("moved") or []) and u["kind"] == "para":
            why = "a parachute division moves once a turn"
        else:
            why = f"no square within the {queries.squares_text(allowance)} squares left"
        return f"none now: {why}"
    out = f"reaches {reach} squares with the side's {queries.squares_text(allowance)} left"
    return out + (" · may drop by air" if flies else "")
