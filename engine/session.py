"""The table's one authority: state, seeded RNG, seats, action log and revision.

Every change of game state goes through `Session.act`. A refused action raises
`RuleError` and leaves state, RNG, log and `rev` exactly as they were.
"""
import copy

from engine import games, legal, saves, schema, sides
from engine.canonical import copy_plain, state_hash
from engine.errors import GAME_OVER, NOT_YOUR_TURN, RuleError
from engine.rng import Rng

# Host-driven steps (timers in real-time games) are logged with this seat.
TABLE_SEAT = None


class Session:
    def __init__(self, game: str, n_seats: int, *, seed: int, options: dict | None = None,
                 seats: list[dict] | None = None):
        self.game_id = game
        self.rules = games.rules(game)
        if not self.rules.MIN_SEATS <= n_seats <= self.rules.MAX_SEATS:
            raise ValueError(f"{game} is for {self.rules.MIN_SEATS} to {self.rules.MAX_SEATS} seats, not {n_seats}.")
        self.n_seats = n_seats
        self.options = self.rules.validate_options(dict(options or {}), n_seats)
        self.seed = seed
        self.seats = [dict(s) for s in seats] if seats else [{"name": None, "kind": "open"} for _ in range(n_seats)]
        if len(self.seats) != n_seats:
            raise ValueError("seats must list one entry per seat")
        self.rng = Rng(seed)
        self.state = self.rules.setup(self.options, n_seats, self.rng)
        self.log: list[list] = []  # [seat_or_None, action] per accepted action
        self.log_seqs: list = []   # per log entry, the client seq that asked for it (None: bot, timer)
        self.rev = 0
        self.saved_log_length = 0  # actions in the file this session was loaded from

    # ----- acting -----------------------------------------------------------------
    def act(self, seat: int | None, action: dict, seq: int | None = None) -> list[dict]:
        """Apply `action` for `seat` (None: the table itself, e.g. a timer). Returns the full, unredacted events.
        `seq` is the client's number for it, logged and saved beside it (PROTOCOL.md's exactly-once).

        The action is checked against the game's `ACTIONS` schema first: it holds exactly its
        documented fields, so nothing beyond them ever reaches the rules, the log or a save."""
        schema.check(self.rules.ACTIONS, action)
        if self.result() is not None:
            raise RuleError(GAME_OVER, "The game is over.")
        if seat is TABLE_SEAT:
            timer = self.timer()
            if timer is None or action != timer["action"]:
                raise RuleError(NOT_YOUR_TURN, "The table acts by itself only when the rules' timer asks.")
        elif seat not in self.rules.to_act(self.state):
            raise RuleError(NOT_YOUR_TURN, "It is not your turn.")
        self.rng.checkpoint()
        try:
            events = self.rules.apply(self.state, seat, action, self.rng)
        except RuleError:
            # Rules validate before they change state; the RNG is restored so a
            # refused action never shifts later dice.
            self.rng.rollback()
            raise
        self.log.append([seat, action])
        self.log_seqs.append(seq)
        self.rev += 1
        return events

    def __deepcopy__(self, memo) -> "Session":
        """An independent copy to try actions on (the rules module is shared, everything else copied)."""
        twin = Session.__new__(Session)
        for name, value in self.__dict__.items():
            if name == "rules":
                setattr(twin, name, value)
            elif name == "log":  # logged actions are never changed, so the entries can be shared
                setattr(twin, name, list(value))
            elif name == "state":  # plain data by the contract
                setattr(twin, name, copy_plain(value))
            else:
                setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    # ----- reading ----------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.result() is not None:
            return []
        return sorted(self.rules.to_act(self.state))

    def result(self):
        return self.rules.result(self.state)

    @property
    def phase(self) -> str:
        """`play` or `over` (the lobby is the host's business, not the rules')."""
        return "over" if self.result() is not None else "play"

    def legal(self, seat: int | None) -> dict:
        """What `seat` may do now (engine.legal's shape); nothing for a seat not in `to_act`."""
        if seat is None or self.result() is not None or seat not in self.rules.to_act(self.state):
            return legal.nothing()
        return self.rules.legal(self.state, seat)

    def legal_actions(self, seat: int, limit: int | None = None) -> list[dict]:
        """`legal(seat)` written out as complete actions (templates expanded), up to `limit`."""
        return legal.all_actions(self.legal(seat), limit)

    def prompt(self):
        """What is asked of whom when the rules let seats act out of turn (None: nothing special)."""
        if self.result() is not None:
            return None
        prompt = getattr(self.rules, "prompt", None)
        return prompt(self.state) if prompt is not None else None

    def sides(self) -> list[dict]:
        make = getattr(self.rules, "sides", None)
        return make(self.state) if make is not None else sides.one_per_seat(self.n_seats)

    def timer(self):
        """A host-driven step the rules ask for: {"after": seconds, "action": {...}} or None. The
        driver applies `action` for TABLE_SEAT once `after` seconds pass with no other change."""
        if self.result() is not None:
            return None
        timer = getattr(self.rules, "timer", None)
        return timer(self.state) if timer is not None else None

    def _public(self, public: dict) -> dict:
        public["to_act"] = self.to_act()
        public["result"] = self.result()
        public["rev"] = self.rev
        public["prompt"] = self.prompt()
        public["sides"] = self.sides()
        return public

    def view(self, seat: int | None) -> dict:
        """What `seat` may see (None: a spectator). Adds `to_act`, `result`, `rev`, `prompt` and
        `sides` to public, and `legal` to a seat's private part."""
        v = self.rules.view(self.state, seat)
        self._public(v["public"])
        if seat is not None:
            v["private"]["legal"] = self.legal(seat)
        return v

    def views(self, seats: list) -> dict:
        """`view(seat)` for each of `seats`. When the rules can build the private part alone
        (`private_view`), the public part is built once and shared; either way the fields the
        session adds to it (to_act, result, rev, prompt, sides) are built once and shared:
        callers must not change them."""
        private_view = getattr(self.rules, "private_view", None)
        if private_view is None:  # each seat's view whole, the fields the session adds built once
            extras = self._public({})
            out = {}
            for seat in seats:
                v = self.rules.view(self.state, seat)
                v["public"].update(extras)
                if seat is not None:
                    v["private"]["legal"] = self.legal(seat)
                out[seat] = v
            return out
        public = self._public(self.rules.view(self.state, None)["public"])
        out = {}
        for seat in seats:
            private = private_view(self.state, seat)
            if seat is not None:
                private["legal"] = self.legal(seat)
            out[seat] = {"public": public, "private": private}
        return out

    def events_for(self, events: list[dict], seat: int | None) -> list[dict]:
        out = []
        for e in events:
            r = self.rules.redact(e, seat)
            if r is not None:
                out.append(r)
        return out

    def state_hash(self) -> str:
        return state_hash(self.state)

    # ----- saving -----------------------------------------------------------------
    def header(self) -> dict:
        return {"game": self.game_id, "options": self.options, "seed": self.seed,
                "n_seats": self.n_seats, "seats": self.seats}

    def save(self, path) -> None:
        """Write the whole game atomically (header, log, final hash)."""
        saves.write(path, self.header(), self.log, self.rev, self.state_hash(), self.log_seqs)

    @classmethod
    def from_header(cls, header: dict) -> "Session":
        return cls(header["game"], header["n_seats"], seed=header["seed"],
                   options=header["options"], seats=header["seats"])

    @classmethod
    def load(cls, path, *, upto: int | None = None) -> "Session":
        """Replay a save file; SaveError (one sentence) if it is unusable or its hash disagrees."""
        return saves.load(path, cls.from_header, upto=upto)
