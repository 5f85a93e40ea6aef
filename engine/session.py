"""The table's one authority: state, seeded RNG, seats, action log and revision.

Every change of game state goes through `Session.apply`. A refused action raises
`RuleError` and leaves state, RNG, log and `rev` exactly as they were; so does a rules
bug (any other exception), raised as `RulesFailure`. The Session itself handles
`{"type": "undo"}` (engine.undo): a seat takes back its own last actions while nothing
random, hidden or seen by another seat happened since; and `{"type": "resign", "seat": S}`
(engine.resign): a seat resigns (itself, or the table resigns it), and the other camp wins.
"""
import copy

from engine import games, legal, resign, saves, schema, sides, undo
from engine.canonical import copy_plain, state_hash
from engine.errors import BAD_ACTION, GAME_OVER, ILLEGAL, NOT_YOUR_TURN, RuleError
from engine.rng import Rng

# Host-driven steps (timers in real-time games) are logged with this seat.
TABLE_SEAT = None
SESSION_EVENTS = (undo.UNDO_EVENT, resign.RESIGNED)


class RulesFailure(RuleError):
    """The rules raised something other than RuleError (a bug). The session is as it was before the
    action; the original exception is the `__cause__`. Answered as `bad_action`: nothing was kept."""

    def __init__(self, seat, action):
        super().__init__(BAD_ACTION, "The rules failed on this action (a bug, logged by the host); "
                                     "nothing was changed.")
        self.seat, self.action = seat, action


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
        self.resigned = None       # (seat, result) once a seat resigned (engine.resign)
        self.undoable = undo.undoable_types(self.rules)
        self.undo_run = undo.UndoRun()  # snapshots a seat may walk back to (engine.undo)
        self._unjudged = None           # the last undoable action, not yet checked for a barrier (_judge)
        self.replay_skips = range(0)    # log positions a replay knows need no undo snapshot
        self._seat_sides = None         # one side per seat, built once for views (_shared_sides)
        self._shared_once: dict = {}    # name -> (share, value): fixed view values as a caller shares them (_once)
        self._copy_ahead = None         # (rev, state, a copy of it) made by prepare_undo while nothing waited

    # ----- acting -----------------------------------------------------------------
    def apply(self, seat: int | None, action: dict, seq: int | None = None) -> list[dict]:
        """Apply `action` for `seat` (None: the table itself, e.g. a timer). Returns the full, unredacted events.
        `seq` is the client's number for it, logged and saved beside it (PROTOCOL.md's exactly-once).

        The action is checked against the game's `ACTIONS` schema first: it holds exactly its
        documented fields, so nothing beyond them ever reaches the rules, the log or a save.
        `{"type": "undo"}` and `{"type": "resign"}` are the Session's own and never reach the rules."""
        try:
            kind = action.get("type") if isinstance(action, dict) else None   # is_undo and is_resign in one look
            if kind == undo.UNDO["type"]:
                return self._undo(seat, action, seq)
            if kind == resign.RESIGN:
                return self._resign(seat, action, seq)
            return self._apply_rules(seat, action, seq)
        except RuleError:
            raise
        except Exception as e:  # a bug that struck before anything changed (in to_act, prompt or timer)
            raise RulesFailure(seat, action) from e

    def _apply_rules(self, seat, action, seq) -> list[dict]:
        schema.check(self.rules.ACTIONS, action)
        if self.result() is not None:
            raise RuleError(GAME_OVER, "The game is over.")
        acting = None
        if seat is TABLE_SEAT:
            timer = self.timer()
            if timer is None or action != timer["action"]:
                raise RuleError(NOT_YOUR_TURN, "The table acts by itself only when the rules' timer asks.")
        else:
            acting = self.rules.to_act(self.state)
            if seat not in acting:
                raise RuleError(NOT_YOUR_TURN, "It is not your turn.")
        # Only an action the game lets a seat take back costs a copy of the state beforehand (and none where
        # a replay knows it can never be taken back: see engine.undo.needless_span).
        before = self._undo_copy() if acting is not None and action["type"] in self.undoable \
            and len(self.log) not in self.replay_skips else None
        prompt = None
        if before is not None:
            self._judge()  # this action may extend the seat's run: settle the one before it first
            prompt = self.prompt()
        self.rng.checkpoint()
        try:
            events = self.rules.apply(self.state, seat, action, self.rng)
            drew = self.rng.drew_since_checkpoint()
        except RuleError:
            # Rules validate before they change state; the RNG is restored so a
            # refused action never shifts later dice.
            self.rng.rollback()
            raise
        except Exception as e:  # a rules bug: put everything back as it was, then say so
            self.rng.rollback()
            self.state = before if before is not None else self._replayed_state(e)
            raise RulesFailure(seat, action) from e
        if before is None:  # nothing of what came before can be taken back any more
            self.undo_run.clear()
            self._unjudged = None
        else:
            self._unjudged = (seat, before, action, events, drew, acting, prompt)
        self._record(seat, action, seq)
        return events

    def prepare_undo(self) -> None:
        """Copy the state now, while no action waits (a host between two actions, its updates sent): the
        copy of the state before it that the next undoable action needs is then ready, instead of being
        made between the action's arrival and its answer. A game with nothing undoable copies nothing."""
        if not self.undoable or self.result() is not None:
            return
        ahead = self._copy_ahead
        if ahead is None or ahead[0] != self.rev or ahead[1] is not self.state:
            self._copy_ahead = (self.rev, self.state, copy_plain(self.state))

    def _undo_copy(self):
        """A copy of the state as it stands: the one `prepare_undo` made, if the state has not moved since
        (an accepted action moves `rev`; a state put in its place is another object), else a new one."""
        ahead, self._copy_ahead = self._copy_ahead, None   # used once: it becomes the undo run's snapshot
        if ahead is not None and ahead[0] == self.rev and ahead[1] is self.state:
            return ahead[2]
        return copy_plain(self.state)

    def _judge(self) -> None:
        """Settle whether the last undoable action may be taken back (engine.undo.is_barrier), once someone
        asks: a copy of the session that tries one action and is dropped never pays for the check. Until
        then the state is still the one that action left. A check that fails (a rules bug) says no."""
        if self._unjudged is None:
            return
        seat, before, action, events, drew, acting, prompt = self._unjudged
        self._unjudged = None
        try:
            barrier = undo.is_barrier(self.rules, self.n_seats, before, self.state, seat, action, events,
                                      drew=drew, to_act_before=acting, prompt_before=prompt)
        except Exception:
            barrier = True
        if barrier:
            self.undo_run.clear()
        else:
            self.undo_run.push(seat, before, len(events))

    def _record(self, seat, action, seq) -> None:
        self.log.append([seat, action])
        self.log_seqs.append(seq)
        self.rev += 1

    def _replayed_state(self, failure: Exception) -> dict:
        """The state before the action that failed, rebuilt from the header and the log (a save's replay):
        the rare path of a rules bug pays for it, so the usual one copies nothing."""
        try:
            twin = Session.from_header(self.header())
            twin.replay_skips = undo.state_only_span(self.log)  # only the state is wanted
            for (seat, action), seq in zip(self.log, self.log_seqs):
                twin.apply(seat, action, seq)
        except Exception as lost:
            raise RuntimeError(f"The rules failed ({failure!r}), and the game could not be rebuilt "
                               "from its log.") from lost
        return twin.state

    def may_undo(self, seat) -> bool:
        """True when `seat` may take back its last action now (then `legal(seat)` lists the undo)."""
        self._judge()
        return (seat is not TABLE_SEAT and self.undo_run.allows(seat) and self.result() is None
                and seat in self.rules.to_act(self.state))

    def _undo(self, seat, action, seq) -> list[dict]:
        if action != undo.UNDO:
            raise RuleError(BAD_ACTION, "An undo holds no field besides its type.")
        if self.result() is not None:
            raise RuleError(GAME_OVER, "The game is over.")
        if seat is TABLE_SEAT or seat not in self.rules.to_act(self.state):
            raise RuleError(NOT_YOUR_TURN, "It is not your turn.")
        if not self.may_undo(seat):
            raise RuleError(ILLEGAL, "There is nothing of yours to take back: your last action was not the "
                                     "last at the table, or something random, hidden or another seat's "
                                     "followed it, or the game does not let it be undone.")
        self.state, taken_back = self.undo_run.pop()
        self._record(seat, dict(undo.UNDO), seq)
        return [{"type": undo.UNDO_EVENT, "seat": seat, "events": taken_back}]

    def _resign(self, seat, action, seq) -> list[dict]:
        """Seat `action["seat"]` resigns, by itself or by the table: its camp loses, the game is over
        (engine.resign)."""
        loser = resign.checked_seat(action, self.n_seats)
        if self.result() is not None:
            raise RuleError(GAME_OVER, "The game is over.")
        if seat is not TABLE_SEAT and seat != loser:
            raise RuleError(NOT_YOUR_TURN, "A player may resign only their own seat.")
        sides_now = self.sides()
        refusal = resign.refusal(sides_now)
        if refusal is not None:
            raise RuleError(ILLEGAL, refusal)
        name = sides_now[sides.side_of(sides_now, loser)]["name"]
        self.resigned = (loser, resign.result(sides_now, self.n_seats, loser, name, by_table=seat is TABLE_SEAT))
        self.undo_run.clear()
        self._unjudged = None
        self._record(seat, {"type": resign.RESIGN, "seat": loser}, seq)
        return [{"type": resign.RESIGNED, "seat": loser}]

    def __deepcopy__(self, memo) -> "Session":
        """An independent copy to try actions on (the rules module is shared, everything else copied)."""
        twin = Session.__new__(Session)
        for name, value in self.__dict__.items():
            if name == "rules":
                setattr(twin, name, value)
            elif name in ("log", "log_seqs"):  # logged actions and seqs are never changed: entries shared
                setattr(twin, name, list(value))
            elif name == "state":  # plain data by the contract
                setattr(twin, name, copy_plain(value))
            elif name == "undo_run":  # its snapshots are never changed, so they can be shared
                setattr(twin, name, value.copy())
            elif name == "_unjudged":  # likewise its snapshot
                setattr(twin, name, value)
            else:
                setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    # ----- reading ----------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.result() is not None:
            return []
        return sorted(self.rules.to_act(self.state))

    def result(self):
        if self.resigned is not None:  # a copy: views share it and nobody may change the session's
            outcome = self.resigned[1]
            return {"winners": list(outcome["winners"]), "scores": list(outcome["scores"]), "reason": outcome["reason"]}
        return self.rules.result(self.state)

    @property
    def phase(self) -> str:
        """`play` or `over` (the lobby is the host's business, not the rules')."""
        return "over" if self.result() is not None else "play"

    def legal(self, seat: int | None) -> dict:
        """What `seat` may do now (engine.legal's shape); nothing for a seat not in `to_act`."""
        if seat is None or self.result() is not None:
            return legal.nothing()
        return self._legal(seat, self.rules.to_act(self.state))

    def _legal(self, seat: int, acting) -> dict:
        """`legal(seat)` once the game is known not to be over and `acting` is the rules' `to_act`."""
        if seat not in acting:
            return legal.nothing()
        allowed = self.rules.legal(self.state, seat)
        self._judge()
        if self.undo_run.allows(seat):  # listed, as every action a seat may take, in `actions`
            allowed = {**allowed, "actions": [*allowed.get("actions", []), dict(undo.UNDO)]}
        return allowed

    def legal_actions(self, seat: int, limit: int | None = None) -> list[dict]:
        """`legal(seat)` written out as complete actions (templates expanded), up to `limit`."""
        return legal.all_actions(self.legal(seat), limit)

    def prompt(self):
        """What is asked of whom when the rules let seats act out of turn (None: nothing special)."""
        if self.result() is not None:
            return None
        prompt = self._hook("prompt")
        return prompt(self.state) if prompt is not None else None

    def sides(self) -> list[dict]:
        make = self._hook("sides")
        return make(self.state) if make is not None else sides.one_per_seat(self.n_seats)

    def _shared_sides(self) -> list[dict]:
        """`sides()`, the same list every time for a game whose sides never change (one per seat):
        built once per session, for views that share it (which must not change it)."""
        if self._hook("sides") is not None:
            return self.sides()
        if self._seat_sides is None:
            self._seat_sides = sides.one_per_seat(self.n_seats)
        return self._seat_sides

    def _once(self, name: str, make, share):
        """`share(make())` for a value of views that never changes (a game's fixed sides, the empty listing),
        made once per session and `share`."""
        held = self._shared_once.get(name)
        if held is None or held[0] is not share:
            held = self._shared_once[name] = (share, share(make()))
        return held[1]

    def _hook(self, name: str):
        """The rules' optional function `name`, or None (a module's dict, not getattr: a missing
        attribute costs getattr an exception, and views ask for several per update)."""
        return vars(self.rules).get(name)

    def timer(self):
        """A host-driven step the rules ask for: {"after": seconds, "action": {...}} or None. The
        driver applies `action` for TABLE_SEAT once `after` seconds pass with no other change."""
        if self.result() is not None:
            return None
        timer = self._hook("timer")
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
        """`view(seat)` for each of `seats` (see `view_builder`: what they share is built once)."""
        build = self.view_builder()
        return {seat: build(seat) for seat in seats}

    def view_builder(self, more: dict | None = None, share=None):
        """A function `seat -> view(seat)` for the game as it stands now, so a host can send one view
        before it builds the next. When the rules can build the private part alone (`private_view`),
        the public part is built once and shared by every view; either way the fields the session adds
        to it (to_act, result, rev, prompt, sides), then those of `more` (a caller's own public fields,
        added in the same step), are built once and shared: callers must not change them. The result
        and `to_act` are asked of the rules once, not once per seat.

        `share`, if given, is applied once to each of the session's shared values (not to `rev`, nor to a
        result or prompt that is None; to the sides of a game whose sides never change, once a session;
        a caller shares its own `more` as it sees fit: they are added as given), or to
        the shared public part as a whole, and the views hold what it returns (a host passes one that
        packs each value once for every receiver's frame, net.frames.spliced): such views are for that
        caller only."""
        hooks, state = vars(self.rules), self.state   # the rules' optional functions (see `_hook`)
        result = self.result()
        if result is None:
            acting = self.rules.to_act(state)
            prompt = hooks.get("prompt")
            prompt = prompt(state) if prompt is not None else None
        else:
            acting, prompt = (), None
        private_view = hooks.get("private_view")
        # Each value shared with `share` applied, once (a game whose sides never change: once a session),
        # unless the public part is shared as a whole (below). Scalars are left as they are.
        each = share if private_view is None else None
        if hooks.get("sides") is None:
            shown_sides = self._shared_sides() if each is None else self._once("sides", self._shared_sides, each)
        else:
            shown_sides = self.sides() if each is None else each(self.sides())
        to_act = sorted(acting)
        extras = {"to_act": to_act if each is None else each(to_act),   # the order of `_public`
                  "result": result if each is None or result is None else each(result), "rev": self.rev,
                  "prompt": prompt if each is None or prompt is None else each(prompt), "sides": shown_sides}
        if more:
            extras.update(more)
        view, legal_of = self.rules.view, self._legal
        if private_view is None:   # each seat's view whole, the session's fields added to each
            nothing = None if each is None else self._once("nothing", legal.nothing, each)   # shared: never changed

            def build(seat):
                v = view(state, seat)
                v["public"].update(extras)
                if seat in acting:
                    v["private"]["legal"] = legal_of(seat, acting)
                elif seat is not None:   # a seat not to act may do nothing: no call to say so
                    v["private"]["legal"] = nothing if nothing is not None else legal.nothing()
                return v
            return build
        shared = []

        def build_shared(seat):
            if not shared:
                public = view(state, None)["public"]
                public.update(extras)
                shared.append(public if share is None else share(public))
            private = private_view(state, seat)
            if seat is not None:
                private["legal"] = legal_of(seat, acting)
            return {"public": shared[0], "private": private}
        return build_shared

    def events_for(self, events: list[dict], seat: int | None) -> list[dict]:
        out = []
        redact = self.rules.redact
        for e in events:
            if e.get("type") in SESSION_EVENTS:  # the Session's own events, public: the rules never see them
                out.append(e)
                continue
            r = redact(e, seat)
            if r is not None:
                out.append(r)
        return out

    def state_hash(self) -> str:
        """The state's hash; once a seat is resigned, of the state and who resigned (a replay that lost the
        resignation would show the same state and must not pass for the game)."""
        if self.resigned is not None:
            return state_hash({"state": self.state, "resigned": self.resigned[0]})
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
