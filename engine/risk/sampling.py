"""Information sets (docs/games.md, "Information sets: sample_state"): in World Conquest the board is
public and the cards are not. A sample keeps the seat's own hand as its view shows it and deals
every other hand, the draw pile and the discards (in play order nobody sees) afresh from the cards
the seat cannot see, each pile keeping the size everyone sees."""
from engine.canonical import copy_plain
from engine.risk.board import load
from engine.risk.view import _PLAIN_FIELDS


def _deal(public: dict, own_seat, own_hand: list, rng) -> tuple[list, list, list]:
    """(hands, deck, discards): the unseen cards shuffled and dealt to the piles whose sizes are public."""
    unseen = [c["id"] for c in load().cards if c["id"] not in set(own_hand)]
    rng.shuffle(unseen)
    hands = []
    for seat, count in enumerate(public["hand_counts"]):
        if seat == own_seat:
            hands.append(list(own_hand))
        else:
            hands.append(unseen[:count])
            del unseen[:count]
    deck = unseen[:public["deck_count"]]
    return hands, deck, unseen[public["deck_count"]:]


def sample_state(view: dict, seat, rng) -> dict:
    public = view["public"]
    own_hand = [card["id"] for card in view["private"].get("cards", [])]
    hands, deck, discards = _deal(public, seat, own_hand, rng)
    state = {key: copy_plain(public[key]) for key in _PLAIN_FIELDS}
    result = public["result"]
    state.update({
        "options": dict(public["options"]),
        "first_rolls": copy_plain(public["first_rolls"]),
        "territories": {t: {"owner": v["owner"], "armies": v["armies"]} for t, v in public["territories"].items()},
        "hands": hands, "deck": deck, "discards": discards,
        "setup_pools": list(public["setup_pools"]),
        "pending": copy_plain(public["pending"]),
        "eliminated": list(public["eliminated"]),
        "last_battle": copy_plain(public["last_battle"]),
        "winners": list(result["winners"]) if result else None,
        "reason": result["reason"] if result else None,
    })
    return state
