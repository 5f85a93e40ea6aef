"""Shared set-ups for the risk tests: sessions driven past the opening, boards rearranged by hand."""
from engine import Session
from engine.risk.board import load

TERRITORIES = load().territory_ids


def new(n=4, seed=1, **options) -> Session:
    return Session("risk", n, seed=seed, options=options)


def finish_opening(s: Session) -> Session:
    """Claim and place starting armies with the first listed action until the first turn begins."""
    for _ in range(500):
        if s.state["phase"] not in ("claim", "setup"):
            return s
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    raise AssertionError("the opening did not end within 500 placements")


def arrange(s: Session, owners: dict, default_owner=None, armies=1) -> None:
    """Give territories to owners ({territory: (owner, armies)}); the rest to `default_owner` with `armies`."""
    for t in TERRITORIES:
        if t in owners:
            owner, n = owners[t]
        elif default_owner is not None:
            owner, n = default_owner, armies
        else:
            continue
        s.state["territories"][t] = {"owner": owner, "armies": n}


def to_attack_phase(s: Session, where: str | None = None) -> None:
    """Place the current player's reinforcements (all on `where`, or the first own territory)."""
    seat = s.state["current"]
    if s.state["must_trade"]:
        raise AssertionError("the scenario holds too many cards to skip the reinforce phase")
    target = where or next(t for t in TERRITORIES if s.state["territories"][t]["owner"] == seat)
    s.apply(seat, {"type": "place", "territory": target, "count": s.state["armies_to_place"]})
    assert s.state["phase"] == "attack"


def start_turn_of(s: Session, seat: int) -> None:
    """Begin `seat`'s turn afresh with the current board (reinforcements recounted)."""
    from engine.risk.turns import begin_turn
    s.state["turn_number"] -= 1
    begin_turn(s.state, seat, [])
