"""Errors the engine raises, with the protocol's codes."""

# The action error codes of PROTOCOL.md ("act" answered by "err").
NOT_YOUR_TURN = "not_your_turn"
ILLEGAL = "illegal"
BAD_ACTION = "bad_action"
GAME_OVER = "game_over"
ACTION_CODES = frozenset({NOT_YOUR_TURN, ILLEGAL, BAD_ACTION, GAME_OVER})


class RuleError(Exception):
    """An action the rules refuse. `code` is one of ACTION_CODES, `message` a sentence for a person, `rule` the
    id of the rule that refuses (engine.why), or None where none does (a malformed action, not your turn). A
    `message` that is an `engine.why.Refusal` brings its rule with it."""

    def __init__(self, code: str, message: str, rule: str | None = None):
        if code not in ACTION_CODES:
            raise ValueError(f"unknown rule error code {code!r}")
        super().__init__(message)
        self.code = code
        self.rule = rule if rule is not None else getattr(message, "rule", None)
        self.message = str(message)

    def __repr__(self) -> str:
        rule = f", rule={self.rule!r}" if self.rule is not None else ""
        return f"RuleError({self.code!r}, {self.message!r}{rule})"


class SaveError(Exception):
    """A save file that cannot be used; str() is one clear sentence for a person."""


class BoardError(Exception):
    """Board data that fails validation at load; str() names what is wrong."""
