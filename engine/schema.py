"""Action schemas: every game declares `ACTIONS = {type: {field: spec}}` and the Session checks each
action against it before the rules see it (PROTOCOL.md: "an action map holds exactly the fields the
game documents for that action type").

An unknown type, a missing or unknown field, a wrong type or a value out of its fixed range is
`bad_action` naming the field; nothing beyond the schema is ever kept, logged or saved. Ranges that
depend on the position (how many armies are there now) are the rules' business and are `illegal`.

    ACTIONS = {
        "attack": {"from": Str(TERRITORIES), "to": Str(TERRITORIES), "dice": Int(1, 3)},
        "end_turn": {},
        "move": {"from": Square(18, 18), "to": Optional(Square(18, 18)), "units": MapOf(KINDS, Int(0, 20))},
    }
"""
from engine.errors import BAD_ACTION, RuleError

TYPE = "type"


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Spec:
    """One field's shape. `problem(value)` is None when the value fits, else a phrase ('must be ...')."""

    def problem(self, value) -> str | None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


class Int(Spec):
    def __init__(self, lo: int, hi: int):
        self.lo, self.hi = lo, hi

    def problem(self, value):
        if not _is_int(value) or not self.lo <= value <= self.hi:
            return f"must be {self.describe()}"
        return None

    def describe(self):
        return f"an integer from {self.lo} to {self.hi}"


class Bool(Spec):
    def problem(self, value):
        return None if isinstance(value, bool) else "must be true or false"

    def describe(self):
        return "true or false"


class Str(Spec):
    """A string: one of `choices` when given, else at most `max_len` characters."""

    def __init__(self, choices=None, *, max_len: int = 200):
        self.choices = frozenset(choices) if choices is not None else None
        self.max_len = max_len

    def problem(self, value):
        if not isinstance(value, str):
            return "must be a string"
        if self.choices is not None and value not in self.choices:
            return f"names nothing in this game ({value[:40]!r})"
        if len(value) > self.max_len:
            return f"must be at most {self.max_len} characters"
        return None

    def describe(self):
        return "one of the names of this game" if self.choices is not None else "a string"


class Square(Spec):
    """A square [x, y] on a width x height board."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height

    def problem(self, value):
        if (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)
                and 0 <= value[0] < self.width and 0 <= value[1] < self.height):
            return None
        return f"must be {self.describe()}"

    def describe(self):
        return f"a square [x, y] with 0 <= x < {self.width} and 0 <= y < {self.height}"


class ListOf(Spec):
    def __init__(self, item: Spec, *, min_len: int = 0, max_len: int, unique: bool = False):
        self.item, self.min_len, self.max_len, self.unique = item, min_len, max_len, unique

    def problem(self, value):
        if not isinstance(value, list) or not self.min_len <= len(value) <= self.max_len:
            return f"must be {self.describe()}"
        for v in value:
            if self.item.problem(v) is not None:
                return f"must be {self.describe()}"
        if self.unique and len({_key(v) for v in value}) != len(value):
            return "must not name anything twice"
        return None

    def describe(self):
        return f"a list of {self.min_len} to {self.max_len} items, each {self.item.describe()}"


class MapOf(Spec):
    """A map whose keys are among `keys` (strings) and whose values fit `value`."""

    def __init__(self, keys, value: Spec, *, min_len: int = 0):
        self.keys, self.value, self.min_len = frozenset(keys), value, min_len

    def problem(self, value):
        if not isinstance(value, dict) or len(value) < self.min_len:
            return f"must be {self.describe()}"
        for k, v in value.items():
            if k not in self.keys or self.value.problem(v) is not None:
                return f"must be {self.describe()}"
        return None

    def describe(self):
        return f"a map from {', '.join(sorted(self.keys))} to {self.value.describe()}"


class Optional(Spec):
    """A field that may be left out (never nil: a field that is there must fit `spec`)."""

    def __init__(self, spec: Spec):
        self.spec = spec

    def problem(self, value):
        return self.spec.problem(value)

    def describe(self):
        return f"{self.spec.describe()} (may be left out)"


def _key(v):
    return tuple(v) if isinstance(v, list) else v


def check(actions: dict, action) -> str:
    """Raise RuleError(bad_action) unless `action` fits `actions` exactly; return its type."""
    if not isinstance(action, dict):
        raise RuleError(BAD_ACTION, "An action must be a map with a string 'type'.")
    kind = action.get(TYPE)
    if not isinstance(kind, str):
        raise RuleError(BAD_ACTION, "An action needs a string field 'type'.")
    fields = actions.get(kind)
    if fields is None:
        raise RuleError(BAD_ACTION, f"Unknown action type {kind[:40]!r}; this game's actions are "
                                    f"{', '.join(sorted(actions))}.")
    for name in action:
        if name != TYPE and name not in fields:
            shown = name[:40] if isinstance(name, str) else name
            raise RuleError(BAD_ACTION, f"A {kind!r} action has no field {shown!r}.")
    for name, spec in fields.items():
        if name not in action:
            if isinstance(spec, Optional):
                continue
            raise RuleError(BAD_ACTION, f"A {kind!r} action needs the field {name!r}.")
        problem = spec.problem(action[name])
        if problem is not None:
            raise RuleError(BAD_ACTION, f"Field {name!r} of a {kind!r} action {problem}.")
    return kind


def field_names(actions: dict, kind: str) -> tuple[str, ...]:
    return tuple(actions[kind])
