"""Information sets (docs/games.md, "Information sets: sample_state"): in Tactics (1940) the pieces,
coins, diplomacy and face-up cards are public; the submarine cards a seat holds are its secret and
the order of the face-down deck is nobody's. A sample keeps the seat's own submarine cards, deals
every other seat as many submarine cards as it is seen to hold from the cards nobody has seen face
up, and shuffles the rest into a deck of the size everyone sees."""
from engine.canonical import copy_plain
from engine.tactics1940 import deck
from engine.tactics1940.board import load
from engine.tactics1940.submarines import HANDS


def _card_id(card: dict):
    """A face-up card's id (a submarine card drawn shows no id: None)."""
    return card.get("id")


def _steps(public_steps: list) -> list:
    """Pending steps as the state keeps them: a card step holds the card's id."""
    out = []
    for step in public_steps:
        s = copy_plain(step)
        if "card" in s:
            s["card"] = _card_id(s["card"])
        out.append(s)
    return out


def _deal(board, public: dict, seat, own: list, face_up: set, rng) -> tuple[dict, list]:
    """(hands, deck): the unseen submarine cards dealt to the other seats, the rest of the unseen cards the deck."""
    unseen = [c["id"] for c in deck.cards_of(board) if c["id"] not in face_up and c["id"] not in own]
    rng.shuffle(unseen)
    submarines = [c for c in unseen if deck.card(board, c)["kind"] == deck.SUBMARINE]
    hands = {}
    for holder, count in enumerate(public["submarines"]):
        cards = own if holder == seat else submarines[:count]
        if holder != seat:
            del submarines[:count]
        if cards:
            hands[str(holder)] = {str(c): list(deck.card(board, c)["square"]) for c in cards}
    dealt = {int(c) for cards in hands.values() for c in cards}
    return hands, [c for c in unseen if c not in dealt]


def _drawn(board, public: dict, hands: dict):
    """The last card drawn; a submarine card (shown only as one) is one its drawer holds, or any not face up."""
    drawn = public["drawn"]
    if drawn is None:
        return None
    card_id = _card_id(drawn["card"])
    if card_id is None:
        held = sorted(int(c) for c in hands.get(str(drawn["seat"]), {}))
        card_id = held[0] if held else next(c["id"] for c in deck.cards_of(board) if c["kind"] == deck.SUBMARINE)
    return {"seat": drawn["seat"], "card": card_id}


def sample_state(view: dict, seat, rng) -> dict:
    public, private = view["public"], view["private"]
    board = load(public["board"])
    steps = _steps(public["steps"])
    discard = [_card_id(c) for c in public["discard"]]
    face_up = set(discard) | {s["card"] for s in steps if "card" in s}
    own = [c["card"] for c in private.get("submarines", [])]
    hands, unseen = _deal(board, public, seat, own, face_up, rng)
    return {
        "board": public["board"], "n": len(public["powers"]), "powers": list(public["powers"]),
        "reaction_seconds": public["reaction_seconds"], "turn_limit": public["turn_limit"],
        "pieces": [{"id": p["id"], "owner": p["owner"], "kind": p["kind"],
                    "at": list(p["at"]) if p["at"] is not None else None} for p in public["pieces"]],
        "coins": list(public["coins"]), "reserve": public["reserve"],
        "protest_cards": list(public["protest_cards"]), "accepted": copy_plain(public["accepted"]),
        "camp": list(public["camps"]),
        "deck": unseen[:public["deck"]], "discard": discard, HANDS: hands,
        "first": public["first"], "rolls": copy_plain(public["rolls"]), "turn": public["turn"],
        "turn_number": public["turn_number"], "stage": public["stage"],
        "steps": steps, "demands": copy_plain(public["demands"]), "drawn": _drawn(board, public, hands),
        "outcome": copy_plain(public["outcome"]),
    }
