"""Every event that removes, halts, captures or scores, and every refusal, names a rule the game's help explains
(engine.why): the checks, knowing no game's shapes. The event types come from the game's own `RULED_EVENTS`, the
ids from its `RULE_IDS`, the explanations from its glossary (game/help/rules/<game>.toml, game.rule_help)."""
from engine import why
from engine.errors import ILLEGAL
from game import rule_help


def unnamed_rules(game: str, rules, events: list[dict]) -> list[str]:
    """What is wrong with `events` (as one receiver got them): a ruled event without a rule id, or with one the
    game does not declare or its help does not explain."""
    ruled, ids, explained = why.ruled_events(rules), why.rule_ids(rules), rule_help.glossary(game)
    out = []
    for e in events:
        if e.get("type") not in ruled:
            continue
        rule = e.get(why.RULE)
        if rule is None:
            out.append(f"{e['type']} names no rule: {e}")
        elif rule not in ids or rule not in explained:
            out.append(f"{e['type']} names the rule {rule!r}, which {game} does not declare or explain")
    return out


def unnamed_refusal(game: str, rules, action: dict, error) -> str | None:
    """What is wrong with a refusal: the game's rules refused one of its own actions as illegal and named no rule,
    or one it does not declare or explain. (The Session's own refusals, a malformed action, not your turn or
    the game over name none: no rule of the game decides them.)"""
    if not why.rule_ids(rules) or error.code != ILLEGAL or not isinstance(action, dict) \
            or action.get("type") not in rules.ACTIONS:
        return None
    if error.rule is None:
        return f"{game} refused {action} naming no rule: {error.message}"
    if error.rule not in why.rule_ids(rules) or error.rule not in rule_help.glossary(game):
        return f"{game} refused {action} naming the rule {error.rule!r}, which it does not declare or explain"
    return None
