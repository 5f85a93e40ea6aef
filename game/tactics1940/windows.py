"""Submarine windows in the window: the countdown every screen shows, and hot-seat standing orders.

A reaction window (docs/tactics1940.md, "Steps, prompt and timer") opens when a ship ends a
move on a square a submarine card names; the table closes it after `reaction_seconds` unless
someone strikes. The window never knows the host's clock, so each screen counts from the
moment the update that opened it arrived: everyone sees the same seconds, whoever holds what.

Hot-seat is harder: several players share one screen, and any of them may hold the card. A
Strike button shown to one of them, or a player reaching for the mouse, would tell the
table who holds it. So at one screen nobody strikes by hand. Each player gives every
submarine card they hold a *standing order* on their own turn, behind the cover, with their
hand showing: strike at an enemy that enters its square (the default), strike at anyone, or
hold fire. When a window opens, the window carries the orders out at once, for every player
at this screen the table asks, from that player's own view and `legal` (a strike is listed
only to its holder). Every window then looks the same and lasts the same time on screen.
"""
from engine import legal as listing

ORDERS = ("enemy", "any", "hold")
LABELS = {"enemy": "strike at enemies", "any": "strike at anyone", "hold": "hold fire"}
SHORT = {"enemy": "enemies", "any": "anyone", "hold": "hold fire"}
DEFAULT = "enemy"


def window_step(pub: dict) -> dict | None:
    """The open reaction window's step, or None."""
    prompt = pub.get("prompt")
    steps = pub.get("steps") or []
    if not prompt or prompt.get("kind") != "reaction" or not steps or steps[0].get("step") != "window":
        return None
    return steps[0]


class ReactionClock:
    """The countdown of the open window, counted from when this screen first saw it."""

    def __init__(self):
        self.key = None
        self.opened = 0.0
        self.seconds = 0.0
        self.square: tuple | None = None
        self.windows = 0      # windows seen (tests read it)

    def update(self, pub: dict, now: float) -> None:
        step = window_step(pub)
        if step is None:
            self.key, self.square = None, None
            return
        key = (pub.get("turn_number"), step["piece"], tuple(step["square"]), step["mover"])
        if key != self.key:
            self.key = key
            self.opened = now
            self.seconds = float(pub["prompt"].get("seconds") or pub.get("reaction_seconds") or 0)
            self.square = tuple(step["square"])
            self.windows += 1

    @property
    def open(self) -> bool:
        return self.key is not None

    def left(self, now: float) -> float:
        return max(0.0, self.seconds - (now - self.opened)) if self.open else 0.0


class StandingOrders:
    """Hot-seat: what each player's submarine cards do when a window opens on their square."""

    def __init__(self):
        self.orders: dict[tuple[int, int], str] = {}   # (seat, card id) -> order
        self.carried_out: set = set()                   # (window key, seat): strikes sent, once each

    def order(self, seat: int, card: int) -> str:
        return self.orders.get((seat, card), DEFAULT)

    def cycle(self, seat: int, card: int) -> str:
        now = ORDERS[(ORDERS.index(self.order(seat, card)) + 1) % len(ORDERS)]
        self.orders[(seat, card)] = now
        return now

    def strike_for(self, view: dict, seat: int) -> dict | None:
        """The strike `seat`'s orders call for in the open window, from its own view; None to let it pass."""
        pub = view.get("public", {})
        step = window_step(pub)
        if step is None:
            return None
        strikes = listing.of_type(view.get("private", {}).get("legal"), "strike")[0]
        if not strikes:
            return None
        target = next((p for p in pub.get("pieces", ()) if p["id"] == step["piece"]), None)
        if target is None or target["owner"] == seat:
            return None
        camps = pub.get("camps") or []
        mine, theirs = camps[seat], camps[target["owner"]]
        enemy = mine is not None and theirs is not None and mine != theirs
        for action in strikes:
            order = self.order(seat, action["card"])
            if order == "any" or (order == "enemy" and enemy):
                return action
        return None
