"""A reason in one line, read off a game's own evaluation: the terms it weighs (engine.evaluation) before and
after, each change worded by the game's `TERM_WORDS` ("takes Stonebridge; loses IIC HQ").

Only the game's queries are asked (`terms`, `worth`, `TERM_WORDS`), so the reason can never say what the
evaluation does not weigh. Terms are averaged over the positions given (the samples of one seat's
information set), an item counted as gained or lost where most of them agree.
"""
from engine.evaluation import Term, changes

MOST = 2          # changes worded in one reason
NEGLIGIBLE = 1e-4  # a change that moves the worth less than this (and names nothing) is left unsaid


def available(rules) -> bool:
    """Whether the game's evaluation names its terms."""
    return {"terms", "worth", "TERM_WORDS"} <= set(getattr(rules, "QUERIES", ()))


def mean_terms(rules, states: list, seat: int) -> dict:
    """The terms of `states` for `seat`, each value averaged; an item kept where it stands in most of them."""
    if not states:
        return {}
    each = [rules.queries.terms(state, seat) for state in states]
    out = {}
    for name in each[0]:
        counts = {}
        for terms in each:
            for item in terms[name].items:
                counts[item] = counts.get(item, 0) + 1
        items = tuple(sorted(item for item, n in counts.items() if 2 * n > len(each)))
        out[name] = Term(sum(terms[name].value for terms in each) / len(each), items)
    return out


def reason(rules, before: dict, after: dict) -> str:
    """The changes from `before` to `after` (terms) that move the game's worth most, worded; "" for none."""
    words = rules.queries.TERM_WORDS
    said = []
    for name, moved in changes(rules.queries.worth, before, after):
        text = phrase(words.get(name), before[name], after[name])
        if text and (abs(moved) >= NEGLIGIBLE or after[name].items != before[name].items):
            said.append(text)
        if len(said) >= MOST:
            break
    return "; ".join(said)


def phrase(words: dict | None, before: Term, after: Term) -> str:
    """One term's change in the game's words: what was gained or lost by name where the term names things, else
    more or fewer by how much ("" where the game has no words for it)."""
    if not words:
        return ""
    gained = [item for item in after.items if item not in before.items]
    lost = [item for item in before.items if item not in after.items]
    if gained and "gained" in words:
        return words["gained"].format(items=_names(gained))
    if lost and "lost" in words:
        return words["lost"].format(items=_names(lost))
    delta = after.value - before.value
    key = "more" if delta > 0 else "fewer" if delta < 0 else None
    if key is None or key not in words:
        return ""
    if "{n}" in words[key] and round(abs(delta)) == 0:
        return ""   # a count that changes in fewer than half the positions read: not said
    return words[key].format(n=Count(abs(delta)))


def _names(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class Count:
    """A count averaged over positions, as a game's words put it: `{n}` alone is the number, whole where it is, else
    "about" the nearest whole; `{n:division|divisions}` is the number and the noun, one or many as the number is
    ("1 division lost", "about 2 divisions lost"), so no game's words say "1 divisions"."""

    def __init__(self, value: float):
        self.value = value

    def __format__(self, spec: str) -> str:
        whole = round(self.value)
        number = str(whole) if abs(self.value - whole) < 0.05 else f"about {whole}"
        if not spec:
            return number
        one, _, many = spec.partition("|")
        return f"{number} {one if whole == 1 else many or one}"
