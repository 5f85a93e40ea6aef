"""Checks of action fields shared by every game: wrong shapes are `bad_action`."""
from engine.errors import BAD_ACTION, RuleError


def _type_name(t) -> str:
    return {int: "an integer", str: "a string", bool: "true or false", list: "a list", dict: "a map"}.get(t, t.__name__)


def field(action: dict, name: str, kind, *, optional: bool = False, default=None):
    """The value of `name` in `action`, which must be of `kind` (bool is never an int here)."""
    if name not in action:
        if optional:
            return default
        raise RuleError(BAD_ACTION, f"The action needs a field {name!r}.")
    value = action[name]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise RuleError(BAD_ACTION, f"Field {name!r} must be {_type_name(kind)}.")
    return value


def int_list(action: dict, name: str, *, max_len: int = 64) -> list[int]:
    value = field(action, name, list)
    if len(value) > max_len or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise RuleError(BAD_ACTION, f"Field {name!r} must be a list of at most {max_len} integers.")
    return value


def str_list(action: dict, name: str, *, max_len: int = 64) -> list[str]:
    value = field(action, name, list)
    if len(value) > max_len or not all(isinstance(v, str) for v in value):
        raise RuleError(BAD_ACTION, f"Field {name!r} must be a list of at most {max_len} strings.")
    return value


def action_type(action) -> str:
    if not isinstance(action, dict):
        raise RuleError(BAD_ACTION, "An action must be a map with a 'type'.")
    return field(action, "type", str)
