"""Why: every loss, halt, capture, score and refusal names the rule behind it, as data.

A game declares, in its rules module:

  * `RULE_IDS`: its rule ids, short stable keys ("hq_contact"), each explained in the game's help
    (game/help/rules/<game>.toml: a title, the rulebook's section where it has one, a few sentences in
    our own words). A game's `rule_ids` module writes them as constants; `declared` gathers them.
  * `RULED_EVENTS`: the event types that remove, halt, capture or score. Every such event carries
    `RULE` ("rule": one of the ids), whoever receives it, so a log can say why and show the rule's help.

A refusal names its rule the same way: `RuleError(code, message, rule=...)`, which the table sends as the
`err` frame's `rule`. A `*_problem` check returns a `Refusal`, the sentence a player reads with its rule
beside it: being a str, it reads as before wherever a sentence is wanted, and `RuleError` takes the rule
from it.

A rule id is public: it says which rule acted, never what a secret holds, so it may sit in any event.
"""
RULE = "rule"


class Refusal(str):
    """A refusal's sentence (the str itself) and the id of the rule that refuses (`rule`)."""

    def __new__(cls, rule: str, text: str):
        self = super().__new__(cls, text)
        self.rule = rule
        return self

    def __reduce__(self):
        return Refusal, (self.rule, str(self))


def rule_of(text) -> str | None:
    """The rule a refusal's sentence names (None for a plain str or None)."""
    return getattr(text, "rule", None)


def declared(namespace: dict) -> frozenset:
    """The rule ids a game's `rule_ids` module declares: its upper-case str constants (`declared(globals())`)."""
    return frozenset(value for name, value in namespace.items() if name.isupper() and isinstance(value, str)
                     and not name.startswith("_"))


def ruled_events(rules) -> frozenset:
    """The event types a rules module says always carry a rule id (none when it declares none)."""
    return frozenset(getattr(rules, "RULED_EVENTS", ()))


def rule_ids(rules) -> frozenset:
    """The rule ids a rules module may name in events and refusals."""
    return frozenset(getattr(rules, "RULE_IDS", ()))
