"""No dithering: an action that brings a seat back to a position it already stood in during this turn of its own
(a unit sent into reserve and brought back, a toggle set and unset) wastes the turn, and a fresh search at each
position may answer each one with the other for ever. So the expert (bots/expert.py), and the hint through it,
leaves such actions out of what it chooses from, unless nothing else is listed.

A position is the seat's own view less the fields a session and a table add to it (`SESSION_FIELDS`: the rev, who
is to act, the listing, the seats' names, ...): what the seat sees of the board, its own secrets included, nothing of the others' (`key`). An
action's next position is read on one sample of the seat's information set (`sample_state`), the action applied
to it and the seat's view of it rebuilt, so nothing the seat cannot see is ever looked at. The listing's complete
actions are checked (a reserve, a reveal, an end); a template's (a unit's move over a raster of squares, armies
to place) spends what the view shows (allowance, moves left, armies), so it never comes back to where it stood.

`Turn` remembers the positions of one seat's current turn as its views go by, for a bot at a table and for a
window that asks for hints (game/board_kit/advice.py): a run of views each one rev after the last, with the seat
to act; any other gap (another seat acted) begins a new turn. A hint (a fresh expert, no memory) is handed the
window's, and its whole listing's complete actions are checked (`without_returns`); the expert at a table keeps its
own and checks the candidates it searches (`returning`: a few, so a decision's time is not spent on it). A decision
the game's planner makes whole (Tactics (1954)'s movement) is sent as one plan, never answered afresh move by move,
so it cannot dither: the table's own memory is not applied to it (its plan may bring a reserve back and send it
in again, a pair that changes nothing; leaving out the second would leave the unit in the enemy's reach).
"""
from engine import legal as listing
from engine.canonical import state_hash
from engine.errors import RuleError
from engine.rng import Rng

# What a session (engine/session.py) and a table (net/table.py) add to a seat's view: not the position
SESSION_FIELDS = {"public": ("rev", "to_act", "result", "prompt", "sides", "table_phase", "seats"),
                  "private": ("legal",)}


def key(view: dict) -> str:
    """The seat's position in `view`, as a hash: the view less what a session adds to it."""
    plain = {part: {k: v for k, v in (view.get(part) or {}).items() if k not in dropped}
             for part, dropped in SESSION_FIELDS.items()}
    return state_hash(plain)


class Turn:
    """The positions (keys) one seat stood in during its current turn, as its views go by (`see`)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.keys: list[str] = []
        self._rev = None

    def see(self, view: dict) -> list[str]:
        """Take the view in (once a rev); the keys of the turn so far, this view's last."""
        public = view.get("public") or {}
        rev = public.get("rev")
        if rev is not None and rev == self._rev:
            return self.keys
        if self.seat not in public.get("to_act", ()):
            self.keys = []
        else:
            if self._rev is None or rev is None or rev != self._rev + 1:
                self.keys = []
            self.keys.append(key(view))
        self._rev = rev
        return self.keys


def without_returns(rules, clone, view: dict, seat: int, allowed: dict, stood, seed: int = 0) -> dict:
    """`allowed` (the view's listing) less each complete action that brings the seat back to a position in `stood`
    (keys); the same listing where none does, or where every action would."""
    actions = (allowed or {}).get(listing.ACTIONS) or []
    back = returning(rules, clone, view, seat, actions, stood, seed)
    if not back or (len(back) == len(actions) and not allowed.get(listing.TEMPLATES)):
        return allowed
    return {**allowed, listing.ACTIONS: [a for a in actions if a not in back]}


def returning(rules, clone, view: dict, seat: int, actions: list, stood, seed: int = 0) -> list:
    """Those of `actions` that bring the seat back to a position in `stood` (keys), read on one sample."""
    stood = set(stood)
    if not stood or not actions:
        return []
    sample = rules.sample_state(view, seat, Rng(seed))
    return [a for a in actions if _next_key(rules, clone(sample), seat, a, seed) in stood]


def _next_key(rules, state: dict, seat: int, action: dict, seed: int) -> str | None:
    """The seat's position after `action` on `state` (None where the rules refuse it there)."""
    try:
        rules.apply(state, seat, action, Rng(seed))
    except RuleError:
        return None
    return key(rules.view(state, seat))
