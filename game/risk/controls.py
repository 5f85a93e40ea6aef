"""What a click or key means on the board right now, for the seat at the controls.

Legality is the host's: highlights and actions come from the seat's
`view.private.legal`. Counts there are ranges (place 1..n, move 1..n); the board
works with the ends of each range and the count chooser offers what lies between.
This module only turns a click on a territory into one of those actions, or into
a selection (attack source, fortify source), or into a sentence saying why not.
"""
from dataclasses import dataclass

from engine import legal as listing
from engine.risk import queries

LEAST = queries.LEAST_TO_LEAVE_FROM   # armies a territory needs to attack or move from (one stays behind)


@dataclass
class Outcome:
    action: dict | None = None   # send this
    choose: tuple | None = None  # open the count chooser: ("fortify", from, to, lo, hi)
    message: str | None = None   # explain a refused click
    selected: bool = False       # the selection changed


def legal_actions(view: dict, seat: int | None) -> list[dict]:
    """The seat's legal actions, each count range written as its two ends (1 and the most)."""
    if seat is None or not view:
        return []
    legal = view.get("private", {}).get("legal")
    if not legal:
        return []
    ends = [{k: (listing.one_of(sorted(set(v[listing.RANGE]))) if isinstance(v, dict) and listing.RANGE in v else v)
             for k, v in t.items()} for t in legal.get(listing.TEMPLATES, ())]
    return list(legal.get(listing.ACTIONS, ())) + [a for t in ends for a in listing.expand(t)]


class TurnControls:
    def __init__(self, names: dict):
        self.names = names
        self.source: str | None = None
        self.dice: int | None = None           # chosen attack dice; None = as many as allowed
        self.last_attack: tuple[str, str] | None = None
        self.blitz = False

    def reset(self) -> None:
        self.source = None
        self.blitz = False

    # ----- what is legal, by territory -------------------------------------------------
    @staticmethod
    def sources(actions: list[dict], kind: str) -> set[str]:
        return {a["from"] for a in actions if a["type"] == kind}

    @staticmethod
    def targets(actions: list[dict], kind: str, source: str) -> set[str]:
        return {a["to"] for a in actions if a["type"] == kind and a["from"] == source}

    @staticmethod
    def places(actions: list[dict]) -> set[str]:
        return {a["territory"] for a in actions if a["type"] in ("place", "claim")}

    @staticmethod
    def max_dice(actions: list[dict], source: str, target: str) -> int:
        return max((a["dice"] for a in actions if a["type"] == "attack" and a["from"] == source
                    and a["to"] == target), default=0)

    @staticmethod
    def spread_target(pub: dict, seat: int, places: set[str], adjacent: dict) -> str | None:
        """Where "Place all for me" puts the next starting army: among the legal places, the seat's territory the
        enemy outnumbers most across a border (its strongest neighbour's armies less its own), so the armies
        spread over the front as it fills; a territory with no enemy beside it only when none has one. Read
        from the public map only."""
        terr = pub["territories"]

        def need(t):
            enemies = [terr[n]["armies"] for n in adjacent[t] if terr[n]["owner"] not in (seat, None)
                       and terr[n]["owner"] >= 0]   # a neutral army never attacks
            return (bool(enemies), max(enemies, default=0) - terr[t]["armies"], t)
        return max(sorted(places), key=need) if places else None

    def highlights(self, pub: dict, actions: list[dict]) -> dict[str, str]:
        """territory -> style (source / selected / target / friendly) for the current step."""
        phase = pub["phase"]
        out: dict[str, str] = {}
        if phase in ("claim", "setup", "reinforce"):
            out = {t: "friendly" for t in self.places(actions)}
        elif phase in ("attack", "fortify"):
            kind = phase
            if self.source is not None and self.source in self.sources(actions, kind):
                out = {t: ("target" if kind == "attack" else "friendly") for t in self.targets(actions, kind, self.source)}
                out[self.source] = "selected"
            else:
                out = {t: "source" for t in self.sources(actions, kind)}
        elif phase in ("occupy", "defend") and pub.get("pending") and actions:
            out = {pub["pending"]["from"]: "selected", pub["pending"]["to"]: "target"}
        return out

    # ----- clicks --------------------------------------------------------------------------
    def attack_action(self, actions: list[dict], source: str, target: str) -> dict | None:
        most = self.max_dice(actions, source, target)
        if most == 0:
            return None
        dice = most if self.dice is None else max(1, min(self.dice, most))
        return {"type": "attack", "from": source, "to": target, "dice": dice}

    def click(self, tid: str, pub: dict, actions: list[dict], *, all_armies: bool = False) -> Outcome:
        phase = pub["phase"]
        name = self.names[tid]
        if not actions:
            return Outcome(message="It is not your move.")
        if phase == "claim":
            if {"type": "claim", "territory": tid} in actions:
                return Outcome(action={"type": "claim", "territory": tid})
            return Outcome(message=f"{name} is already taken: pick an empty territory.")
        if phase == "setup":
            act = {"type": "place", "territory": tid, "count": 1}
            if act in actions:
                return Outcome(action=act)
            whose = "a neutral" if pub.get("setup_step") == "neutral" else "one of your"
            return Outcome(message=f"Place this army on {whose} territories.")
        if phase == "reinforce":
            if pub.get("must_trade"):
                return Outcome(message="You hold too many cards: trade a set first.")
            if tid in self.places(actions):
                count = pub["armies_to_place"] if all_armies else 1
                return Outcome(action={"type": "place", "territory": tid, "count": count})
            return Outcome(message=f"{name} is not yours: reinforce your own territories.")
        if phase == "attack":
            if self.source is not None and tid in self.targets(actions, "attack", self.source):
                self.last_attack = (self.source, tid)
                return Outcome(action=self.attack_action(actions, self.source, tid))
            return self._pick_source(tid, self.sources(actions, "attack"),
                                     lambda source: f"{name} is not next to {source}, or is yours.",
                                     f"Attack from one of your territories with {LEAST} or more armies, not {name}.")
        if phase == "fortify":
            if self.source is not None and tid in self.targets(actions, "fortify", self.source):
                hi = max(a["count"] for a in actions if a["type"] == "fortify" and a["from"] == self.source)
                return Outcome(choose=("fortify", self.source, tid, 1, hi))
            return self._pick_source(tid, self.sources(actions, "fortify"),
                                     lambda source: f"{name} cannot take armies from {source}.",
                                     f"Move armies from one of your territories with {LEAST} or more, not {name}.")
        return Outcome(message="Finish the current step first.")

    def _pick_source(self, tid: str, sources: set[str], not_a_target, not_a_source: str) -> Outcome:
        """A click that is not a move from the selected source: select (or unselect) a source, or say why
        not (`not_a_target(name of the selected source)` is the sentence when one is selected)."""
        if tid == self.source:
            self.source = None
            return Outcome(selected=True)
        if tid in sources:
            self.source = tid
            return Outcome(selected=True)
        if self.source is not None:
            return Outcome(message=not_a_target(self.names[self.source]))
        return Outcome(message=not_a_source)

    def again(self, actions: list[dict]) -> Outcome:
        """Attack again with the last pair (key A)."""
        if self.last_attack is None:
            return Outcome(message="No attack to repeat yet.")
        act = self.attack_action(actions, *self.last_attack)
        if act is None:
            return Outcome(message="That attack is not possible any more.")
        return Outcome(action=act)
