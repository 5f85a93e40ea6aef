"""The suite's order over xdist's workers (tests/scheduling.py): longest files first, each file's tests together."""
import json

from tests import scheduling


class Item:
    def __init__(self, nodeid: str, slow: bool = False):
        self.nodeid, self.slow = nodeid, slow

    def get_closest_marker(self, name: str):
        return name == "slow" and self.slow or None


class Config:
    def __init__(self, known: dict):
        self.cache = type("Cache", (), {"get": lambda _self, key, default: known if key == scheduling.KEY else default})()


def ordered(known: dict, kept: dict, monkeypatch, tmp_path) -> list[str]:
    path = tmp_path / "file_seconds.json"
    path.write_text(json.dumps(kept))
    monkeypatch.setattr(scheduling, "FILE_SECONDS", path)
    items = [Item("a.py::one"), Item("a.py::two"), Item("b.py::one"), Item("c.py::one", slow=True), Item("d.py::one")]
    scheduling.pytest_collection_modifyitems(None, Config(known), items)
    return [item.nodeid for item in items]


def test_a_checkout_without_a_cache_orders_its_files_by_the_seconds_kept_in_the_repository(monkeypatch, tmp_path):
    assert ordered({}, {"b.py": 30.0, "d.py": 5.0}, monkeypatch, tmp_path) == \
        ["c.py::one", "b.py::one", "d.py::one", "a.py::one", "a.py::two"]


def test_the_cache_s_own_times_come_before_the_kept_ones(monkeypatch, tmp_path):
    known = {"a.py::one": 1.0, "a.py::two": 2.0, "b.py::one": 0.5}
    assert ordered(known, {"b.py": 300.0, "a.py": 0.1, "d.py": 5.0}, monkeypatch, tmp_path) == \
        ["c.py::one", "d.py::one", "a.py::one", "a.py::two", "b.py::one"]


def test_without_the_kept_file_unknown_files_keep_their_order(monkeypatch, tmp_path):
    monkeypatch.setattr(scheduling, "FILE_SECONDS", tmp_path / "missing.json")
    items = [Item("a.py::one"), Item("b.py::one"), Item("c.py::one", slow=True)]
    scheduling.pytest_collection_modifyitems(None, Config({}), items)
    assert [item.nodeid for item in items] == ["c.py::one", "a.py::one", "b.py::one"]
