"""A state's clone for search: a copy the rules may change without touching the original.

A search applies thousands of actions a second, each to a copy of one position, so the copy must cost
microseconds. A deep copy walks every value and asks its type; a game's state has a known shape, and the
rules only ever *replace* some of its parts (a moved unit is given a new square, never has its square
changed in place), so a clone may share those parts with the original (structural sharing) and copy the
records around them in one C call each. `shaped(copiers)` builds a game's clone from its hot parts'
copiers; every other part is copied whole (`copy_plain`), so a field added to a state later is safe.

The same rules run on the clone: it is no second model of the game. Each game's clone is held to the
rules' own results (states, events, hashes, the original untouched) over random positions by
tests/conformance/test_clone.py, which also plants a clone sharing too much and sees it caught.
"""
import copy

from engine.canonical import copy_plain

_ATOMS = {int, float, bool, str, bytes, type(None)}


def records(items: list) -> list:
    """A list of flat records (units, pieces), each copied; what they hold (a square) shared."""
    return list(map(dict.copy, items))


def keyed_records(items: dict) -> dict:
    """A map of flat records (territories by name), each copied; what they hold shared."""
    return {key: item.copy() for key, item in items.items()}


flat = copy.copy   # a list or map of plain values (numbers, names): one C call


def shaped(copiers: dict):
    """The clone of a state whose parts named in `copiers` are copied by them, the rest whole."""
    def clone(state: dict) -> dict:
        out = state.copy()
        for key, value in state.items():
            if type(value) not in _ATOMS:
                out[key] = copiers.get(key, copy_plain)(value)
        return out
    return clone
