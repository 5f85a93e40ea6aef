"""engine.canonical: the copy of plain data every Session takes before a move that may be taken back."""
import threading

from hypothesis import given, strategies as st

from engine.canonical import copy_plain, state_hash

INTS = st.integers(-2 ** 63, 2 ** 63 - 1)   # what msgpack (the hash) carries
ATOMS = st.none() | st.booleans() | INTS | st.floats(allow_nan=False) | st.text(max_size=5)
PLAIN = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                     | st.dictionaries(st.text(max_size=4) | INTS, inner, max_size=4)
                     | st.frozensets(INTS, max_size=3), max_leaves=25)


@given(PLAIN)
def test_a_copy_is_equal_and_changing_it_leaves_the_original_alone(data):
    twin = copy_plain(data)
    assert twin == data and type(twin) is type(data)
    assert state_hash(twin) == state_hash(data)
    before = state_hash(data)
    _scribble(twin)
    assert state_hash(data) == before


def _scribble(obj):
    """Change every list and dict inside `obj` in place."""
    if isinstance(obj, list):
        for item in obj:
            _scribble(item)
        obj.append("scribbled")
    elif isinstance(obj, dict):
        for item in list(obj.values()):
            _scribble(item)
        obj["scribbled"] = True
    elif isinstance(obj, tuple):
        for item in obj:
            _scribble(item)


def test_keys_order_and_kinds_survive_a_copy():
    data = {"b": [1, (2, 3)], 1: {"x": {4, 5}}, "a": [[0, 1], [2, 3]]}
    twin = copy_plain(data)
    assert list(twin) == ["b", 1, "a"] and twin[1]["x"] == {4, 5} and isinstance(twin["b"][1], tuple)
    assert twin["a"][0] is not data["a"][0]


def test_something_not_plain_is_shared_and_the_rest_copied():
    lock = threading.Lock()   # not plain data: the copy leaves it shared
    data = {"lock": lock, "squares": [[1, 2]]}
    twin = copy_plain(data)
    assert twin["lock"] is lock and twin["squares"] == [[1, 2]] and twin["squares"] is not data["squares"]
