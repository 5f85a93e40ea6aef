"""The chance deck (Rules 6, 11, 16, 17): what every card is, how many, drawing and reshuffling.

The rulebook names the submarine cards (sixteen, four for each ocean) and five other
cards; the rest of the deck is designed in docs/tactics1940.md, where each card's count
and reason are given. Cards have fixed ids (submarines 0-15 in ocean order NW, NE, SE, SW,
each ocean's in the order of its numbers), so a card is a small public record once face up.

`state["deck"]` is the face-down pile (its last item is the top card; nobody's view shows
its order), `state["discard"]` the face-up pile. A submarine card goes to its drawer's hand
(hidden, engine.hidden) and to the discards only when exposed. When the deck runs out, the
discards are shuffled into a new deck (cards in hands stay in hands).
"""
SUBMARINE = "submarine"
SURPRISE_MANEUVER = "surprise_maneuver"
PLANE_VS_BATTLESHIP = "plane_vs_battleship"
PLANE_ATTACK = "plane_attack"
PLANE_RAID = "plane_raid"
CONSCRIPTION = "conscription"
DIPLOMATIC_INCIDENT = "diplomatic_incident"
STORM_AT_SEA = "storm_at_sea"
SABOTAGE = "sabotage"
WAR_LOAN = "war_loan"
WAR_EXPENSES = "war_expenses"
ALL_QUIET = "all_quiet"

# kind -> (count, title, what the card says, in our words)
CARDS = {
    SURPRISE_MANEUVER: (4, "Surprise Maneuver",
                        "You may move one of your transports to any free square of any ocean or of the safety "
                        "zone: not into a home area, not onto a square in front of a seaport's open squares, "
                        "and not so as to stop another player's only way out of port."),
    PLANE_VS_BATTLESHIP: (4, "Plane vs. Battleship",
                          "Your planes damage an enemy battleship: it goes back to its own seaport for repairs."),
    PLANE_ATTACK: (4, "Plane Attack", "Your planes sink an enemy transport (a player with none pays you 1 coin)."),
    PLANE_RAID: (3, "Plane Raid", "Your planes destroy an enemy airplane (a player with none pays you 1 coin)."),
    CONSCRIPTION: (3, "Conscription", "One of your destroyed transports comes back to a free square of your home area."),
    DIPLOMATIC_INCIDENT: (3, "Diplomatic Incident",
                          "Serve a diplomatic protest card on a player of your choice who is not at war with you."),
    STORM_AT_SEA: (2, "Storm at Sea", "You lose one of your transports (with none, pay 1 coin to the Gold Reserve)."),
    SABOTAGE: (1, "Sabotage", "You lose one of your airplanes (with none, pay 1 coin to the Gold Reserve)."),
    WAR_LOAN: (2, "War Loan", "Take 1 coin from the Gold Reserve."),
    WAR_EXPENSES: (2, "War Expenses", "Pay 1 coin to the Gold Reserve."),
    ALL_QUIET: (4, "All Quiet", "Nothing happens."),
}
SUBMARINE_TITLE = "Submarine"
SUBMARINE_CARDS = 16        # ids 0-15 (Rule 11: four for each ocean)


def build(board) -> list[dict]:
    """Every card of the deck, by id: {"id", "kind", "title", "text"} (+ "ocean", "number", "square" for submarines)."""
    cards = []
    for ocean, number, sq in board.submarine_squares():
        cards.append({"id": len(cards), "kind": SUBMARINE, "title": SUBMARINE_TITLE,
                      "text": f"You have a submarine at {ocean} {number}.",
                      "ocean": ocean, "number": number, "square": list(sq)})
    for kind, (count, title, text) in CARDS.items():
        for _ in range(count):
            cards.append({"id": len(cards), "kind": kind, "title": title, "text": text})
    return cards


_CACHE = {}


def cards_of(board) -> list[dict]:
    if board.name not in _CACHE:
        _CACHE[board.name] = build(board)
    return _CACHE[board.name]


def card(board, card_id: int) -> dict:
    return cards_of(board)[card_id]


def public(board, card_id: int) -> dict:
    """A face-up card as everyone sees it (a copy)."""
    c = dict(card(board, card_id))
    if "square" in c:   # a submarine card's square, the one list a card holds (`build`)
        c["square"] = list(c["square"])
    return c


def new_deck(board, rng) -> list:
    deck = [c["id"] for c in cards_of(board)]
    rng.shuffle(deck)
    return deck


def draw(state, rng, events: list):
    """The top card's id (reshuffling the discards into a new deck first when the deck is empty), or None."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state["deck"])
        events.append({"type": "reshuffled", "cards": len(state["deck"])})
    return state["deck"].pop()


_BY_SQUARE = {}


def submarine_card_for(board, sq):
    """The id of the submarine card naming square `sq`, or None."""
    if board.name not in _BY_SQUARE:
        _BY_SQUARE[board.name] = {tuple(c["square"]): c["id"] for c in cards_of(board) if c["kind"] == SUBMARINE}
    return _BY_SQUARE[board.name].get((sq[0], sq[1]))
