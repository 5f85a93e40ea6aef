"""Choosing uniformly from `view.private.legal`, written from docs/protocol.md alone (no project code).

legal = {"actions": [complete actions], "templates": [actions whose field values may be
{"$one_of": [...]}, {"$range": [lo, hi]} or {"$squares": {"w", "h", "cost", "max"}}], ...}: every complete action and every way of filling a
template's domains is allowed, so a uniform pick weighs each template by how many actions it holds.
"""


def _squares(value) -> list:
    """A `$squares` domain's squares, in raster order: bytes 1..max + 1 of the w x h raster."""
    d = value["$squares"]
    return [[i % d["w"], i // d["w"]] for i, b in enumerate(d["cost"]) if 1 <= b <= d["max"] + 1]


def _domain_size(value) -> int:
    if isinstance(value, dict) and len(value) == 1 and "$squares" in value:
        return len(_squares(value))
    if isinstance(value, dict) and len(value) == 1 and "$one_of" in value:
        return len(value["$one_of"])
    if isinstance(value, dict) and len(value) == 1 and "$range" in value:
        lo, hi = value["$range"]
        return max(0, hi - lo + 1)
    return 1


def _size(template: dict) -> int:
    n = 1
    for v in template.values():
        n *= _domain_size(v)
    return n


def pick(legal: dict, rand) -> dict | None:
    """One allowed action, uniformly at random, or None when nothing is allowed."""
    actions = legal.get("actions", [])
    templates = legal.get("templates", [])
    sizes = [1] * len(actions) + [_size(t) for t in templates]
    total = sum(sizes)
    if total == 0:
        return None
    i = rand.randrange(total)
    for entry, n in zip(actions + templates, sizes):
        if i < n:
            break
        i -= n
    out = {}
    for key, value in entry.items():
        if isinstance(value, dict) and len(value) == 1 and "$one_of" in value:
            out[key] = rand.choice(value["$one_of"])
        elif isinstance(value, dict) and len(value) == 1 and "$squares" in value:
            out[key] = rand.choice(_squares(value))
        elif isinstance(value, dict) and len(value) == 1 and "$range" in value:
            out[key] = rand.randint(*value["$range"])
        else:
            out[key] = value
    return out
