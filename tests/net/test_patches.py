"""Patches (docs/protocol.md, "Patches"): after the welcome a client that asks for them gets the change
to its view, and a client that does not still gets whole views."""
import copy
import hashlib
import random
import time
from difflib import SequenceMatcher

import msgpack
import pytest

from net import patches
from net.client import RemoteTable
from tests.net.wire import RawClient


def _random_value(rng, depth=0):
    roll = rng.random()
    if depth > 2 or roll < 0.4:
        return rng.choice([0, 1, -7, 300, "a", "bc", None, True, False, 2.5, b"\x00\x01"])
    if roll < 0.7:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice("abcdef"): _random_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def _mutate(rng, value):
    """A changed copy: values replaced, keys added or dropped, list items inserted, removed or changed."""
    if isinstance(value, dict):
        out = {k: (_mutate(rng, v) if rng.random() < 0.5 else v) for k, v in value.items() if rng.random() < 0.85}
        if rng.random() < 0.3:
            out[rng.choice("ghij")] = _random_value(rng, 2)
        return out
    if isinstance(value, list):
        out = [(_mutate(rng, v) if rng.random() < 0.3 else v) for v in value if rng.random() < 0.85]
        for _ in range(rng.randrange(3)):
            out.insert(rng.randrange(len(out) + 1), _random_value(rng, 2))
        return out
    return _random_value(rng, 3) if rng.random() < 0.5 else value


def test_a_diff_applied_in_order_turns_the_old_view_into_the_new_one_after_the_wire():
    rng = random.Random(23)
    for _ in range(400):
        old = {"public": _random_value(rng), "private": {"legal": [_random_value(rng) for _ in range(6)]}}
        new = _mutate(rng, old)
        ops = msgpack.unpackb(msgpack.packb(patches.diff(old, new), use_bin_type=True), raw=False)
        assert patches.apply(copy.deepcopy(old), ops) == new
        assert patches.diff(new, new) == []


def test_a_template_dropped_from_a_long_list_is_one_splice_and_the_rest_small_changes():
    old = [{"type": "move", "unit": u, "to": {"max": 30}} for u in range(40)]
    new = [{"type": "move", "unit": u, "to": {"max": 27}} for u in range(40) if u != 17]
    ops = patches.diff(old, new)
    assert [op for op in ops if op[0] == "splice"] == [["splice", [], 17, 1, []]]
    assert all(op[0] == "set" and op[1][-1] == "max" for op in ops if op[0] != "splice") and len(ops) == 40
    assert patches.apply(copy.deepcopy(old), ops) == new


def test_a_listing_whose_items_all_changed_kind_is_one_splice_as_the_matcher_writes_it():
    # A Risk reinforce listing turning into attacks: no item of the old list matches one of the new.
    old = [{"type": "undo"}]
    new = [{"type": "attack", "from": "alaska", "to": to, "dice": d} for to in ("kamchatka", "alberta") for d in (1, 2, 3)]
    assert patches.diff(old, new) == [["splice", [], 0, 1, new]]
    rng = random.Random(47)
    for _ in range(2000):   # the same operations the sequence matcher writes, whether or not any item matches
        a = [{"type": rng.choice("abcd"), "n": rng.randrange(3)} for _ in range(rng.randrange(1, 6))]
        b = [{"type": rng.choice("cdef"), "n": rng.randrange(3)} for _ in range(len(a) + 1)]   # lists that grow
        matcher = SequenceMatcher(None, [patches._key(x) for x in a], [patches._key(x) for x in b], autojunk=False)
        if not matcher.get_matching_blocks()[:-1]:
            assert patches.diff(a, b) == [["splice", [], 0, len(a), b]]
        assert patches.apply(copy.deepcopy(a), patches.diff(a, b)) == b


def test_a_node_with_several_changes_names_its_path_once():
    old = {"private": {"legal": {"templates": [{"to": {"max": 9, "w": 3}}]}}}
    new = {"private": {"legal": {"templates": [{"to": {"max": 8, "w": 4}}]}}}
    assert patches.diff(old, new) == [["in", ["private", "legal", "templates", 0, "to"],
                                       [["set", ["max"], 8], ["set", ["w"], 4]]]]
    assert patches.apply(copy.deepcopy(old), patches.diff(old, new)) == new


@pytest.mark.parametrize("ops", [[["set", ["nowhere", "x"], 1]], [["del", ["a", 9]]], [["splice", ["b"], 2, 5, []]],
                                 [["move", [], 1]], "set", [["set", "a", 1]], [["set", ["b", 7], 1]],
                                 [["in", ["a"], [["set", [], 2]]]], [["in", ["a", "k"], []]], [["bytes", ["b"], [0, b""]]]])
def test_a_patch_that_does_not_fit_the_view_is_refused(ops):
    with pytest.raises(patches.PatchError):
        patches.apply({"a": {"k": 1}, "b": [1, 2]}, ops)


def test_the_view_hash_is_sha256_of_msgpack_with_map_keys_sorted():
    view = {"public": {"zeta": 1, "alpha": [True, None]}, "private": {}}
    expected = (b"\x82" + b"\xa7private" + b"\x80" + b"\xa6public" + b"\x82" + b"\xa5alpha" + b"\x92\xc3\xc0"
                + b"\xa4zeta" + b"\x01")
    assert patches.canonical(view) == expected
    assert patches.view_hash(view) == hashlib.sha256(expected).hexdigest()


def _keys_sorted_by_utf8(value):
    """The canonical order written out the slow way: every map rebuilt with its keys sorted by their UTF-8 bytes."""
    if isinstance(value, dict):
        return {k: _keys_sorted_by_utf8(value[k]) for k in sorted(value, key=lambda k: k.encode("utf-8"))}
    if isinstance(value, (list, tuple)):
        return [_keys_sorted_by_utf8(v) for v in value]
    return value


def test_canonical_bytes_sort_every_map_s_keys_by_their_utf8_bytes_whatever_the_characters():
    # Keys where orders differ: a prefix and its extension, case, a combining accent, the last character of the
    # Basic Multilingual Plane against one beyond it (UTF-16 would put the second first), NUL and DEL.
    keys = ["", "a", "ab", "B", "é", "e\u0301", "\u00ff", "\u0100", "\ufffd", "\uffff", "\U0001f600", "\U00010000",
            "\x00", "\x7f", "\x80", "z"]
    rng = random.Random(47)
    for _ in range(300):
        view = {rng.choice(keys): {rng.choice(keys): _random_value(rng) for _ in range(rng.randrange(6))}
                for _ in range(rng.randrange(8))}
        view["list"] = [{rng.choice(keys): 1 for _ in range(3)}, (2, {"b": 1, "a": 2})]
        assert patches.canonical(view) == msgpack.packb(_keys_sorted_by_utf8(view), use_bin_type=True)


def _hello_patches(raw: RawClient, want="watch") -> dict:
    raw.send({"t": "hello", "proto": 1, "name": "p", "want": want, "views": "patches"})
    return raw.recv()


def test_a_patching_spectator_sees_the_same_views_as_a_whole_view_spectator_for_fewer_bytes(start_host):
    """Both written from the protocol pages (tests/net/wire.py): one asks for patches and applies them."""
    h = start_host("risk", 2, bots=["easy", "easy"], bot_delay=0.01)
    whole, patched = RawClient(h.address), RawClient(h.address)
    try:
        assert whole.hello(want="watch")["t"] == "welcome"
        welcome = _hello_patches(patched)
        assert welcome["views"] == "patches"
        view, by_rev, hashes, patch_bytes = welcome["view"], {}, 0, 0
        deadline = time.monotonic() + 20
        while len(by_rev) < 40 and time.monotonic() < deadline:
            msg = patched.recv()
            if msg["t"] != "update":
                continue
            if "patch" in msg:
                view = patches.apply(view, msg["patch"])
                patch_bytes += len(patched.raw_frames[-1])
                if "hash" in msg:
                    hashes += 1
                    assert patches.view_hash(view) == msg["hash"]
            else:
                view = msg["view"]
            by_rev[msg["rev"]] = copy.deepcopy(view)
        seen, whole_bytes = {}, 0
        while len(seen) < len(by_rev) and time.monotonic() < deadline:
            msg = whole.recv()
            if msg["t"] == "update" and msg["rev"] in by_rev:
                seen[msg["rev"]] = msg["view"]
                whole_bytes += len(whole.raw_frames[-1])
        assert len(by_rev) >= 40 and hashes >= 1
        assert all(by_rev[rev] == v for rev, v in seen.items()) and len(seen) >= 35
        assert patch_bytes * 3 < whole_bytes, (patch_bytes, whole_bytes)
    finally:
        whole.close()
        patched.close()


def test_the_client_asks_for_a_whole_view_when_its_copy_goes_wrong_and_windows_keep_whole_views(start_host):
    h = start_host("risk", 2, bots=["easy", "easy"], bot_delay=0.01)
    link = RemoteTable(*h.address, name="w", want="watch")
    try:
        deadline = time.monotonic() + 20
        while link.view(None) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        client = link._client
        assert client._patching
        # A copy that went wrong without a patch noticing: the hash (every 16th update) catches it.
        link._loop.call_soon_threadsafe(lambda: client._view["public"].__setitem__("stray", 1))
        while client.resyncs == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert client.resyncs == 1
        rev = link.rev
        while link.rev < rev + 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        updates = [m for m in link.poll() if m["t"] == "update"]
        assert updates and all("view" in m and "patch" not in m for m in updates)
        assert "stray" not in link.view(None)["public"] and link.view(None)["public"]["rev"] == link.rev
    finally:
        link.close()


def test_a_view_the_client_handed_on_is_never_patched_again_and_changing_it_changes_nothing_the_client_holds():
    """net.client applies each patch to its own copy and to a copy handed on, which share nothing: a window
    that changes a view it was given (even a list the patch itself carried) neither sees later patches
    land in it nor spoils the client's copy (whose hash the host checks)."""
    from net.client import Client
    handed = []
    client = Client("127.0.0.1", 0, on_message=lambda msg: handed.append(msg.get("view")))
    views = [{"public": {"hand": [1], "rev": 0}, "private": {}}]
    client._handle({"t": "welcome", "proto": 1, "game": "toy", "table": "t", "seat": 0, "token": "x",
                    "last_seq": 0, "seats": [], "rev": 0, "view": copy.deepcopy(views[0]), "views": "patches"})
    for rev, change in enumerate([["set", ["public", "hand"], [1, 2]], ["set", ["public", "rev"], 2],
                                  ["set", ["public", "rev"], 3]], start=1):
        views.append(patches.apply(copy.deepcopy(views[-1]), copy.deepcopy([change])))
        frame = msgpack.packb({"t": "update", "rev": rev, "events": [], "patch": [change],
                               "hash": patches.view_hash(views[-1])}, use_bin_type=True)
        client._handle(msgpack.unpackb(frame, raw=False))   # as read from the wire: the patch's own objects
        handed[-1]["public"]["hand"].append(99)   # the window changes what it was given
    assert client.resyncs == 0   # every hash matched: the client's own copy was never touched
    assert [v["public"]["rev"] for v in handed] == [0, 0, 2, 3]   # each kept as it was handed on
    assert [v["public"]["hand"] for v in handed] == [[1], [1, 2, 99], [1, 2, 99], [1, 2, 99]]


def test_a_raster_with_a_few_changed_bytes_is_patched_by_those_bytes_alone():
    old = {"to": {"$squares": {"cost": bytes(range(256)) * 4}}}
    raster = bytearray(old["to"]["$squares"]["cost"])
    raster[10], raster[12], raster[900] = 0, 0, 7
    new = {"to": {"$squares": {"cost": bytes(raster)}}}
    ops = patches.diff(old, new)
    assert ops == [["bytes", ["to", "$squares", "cost"], [10, bytes(raster[10:13]), 900, b"\x07"]]]
    assert patches.apply(copy.deepcopy(old), ops) == new
    with pytest.raises(patches.PatchError):
        patches.apply(copy.deepcopy(old), [["bytes", ["to", "$squares", "cost"], [1020, b"\x00" * 5]]])


def test_a_large_patch_that_compresses_is_sent_packed_and_unpacks_to_the_same_change():
    old = {"templates": [{"unit": u, "cost": bytes(1000)} for u in range(30)]}
    new = {"templates": [{"unit": u, "cost": bytes([u % 7 + 1]) * 1000} for u in range(30)]}
    ops, size = patches.encoded(patches.diff(old, new))
    assert ops[0][0] == "packed" and len(ops) == 1 and size < 2000
    wire = msgpack.unpackb(msgpack.packb(ops, use_bin_type=True), raw=False)
    assert patches.apply(copy.deepcopy(old), wire) == new
    small, _ = patches.encoded([["set", ["a"], 1]])
    assert small == [["set", ["a"], 1]]
    for bad in (b"not zlib", __import__("zlib").compress(b"\xc1"), __import__("zlib").compress(msgpack.packb({"a": 1}))):
        with pytest.raises(patches.PatchError):
            patches.apply(copy.deepcopy(old), [["packed", bad]])


def _toy_table(watchers: int):
    import tests.own_games  # noqa: F401 - the toy game joins the catalog
    from engine.session import Session
    from net.table import Table
    session = Session("toy", 2, seed=1, options={"pile": 50}, seats=[{"name": None, "kind": "open"}] * 2)
    table = Table(session, name="t")
    conns = [("seat", 0), ("seat", 1)] + [("watch", i) for i in range(watchers)]
    for conn in conns:
        table.connect(conn)
        want = "play" if conn[0] == "seat" else "watch"
        table.receive(conn, {"t": "hello", "proto": 1, "want": want, "seat": conn[1], "views": "patches"})
    return table, conns


def test_spectators_share_one_patch_and_a_connection_that_sees_nothing_new_is_sent_nothing():
    table, conns = _toy_table(watchers=3)
    out = table.receive(conns[0], {"t": "act", "seq": 1, "a": {"type": "take", "count": 2}}).flat()
    updates = [(c, m) for c, m in out.sends if m["t"] == "update"]
    to_watchers = [m for c, m in updates if c[0] == "watch"]
    assert len(to_watchers) == 3 and all(m is to_watchers[0] for m in to_watchers)
    assert all("patch" in m and "view" not in m for _, m in updates)
    assert table.updates([]).sends == []   # nothing changed since: nobody is sent anything


def _place_for_mover(table) -> tuple[int, dict]:
    seat = table.session.to_act()[0]
    return seat, table.session.legal(seat)["actions"][0]   # a setup placement (own or neutral territory)


def test_seats_and_spectators_hold_exactly_their_views_as_the_shared_public_part_changes():
    """Risk's setup: every placement changes the public part (shared by every view) and the seats'
    private parts differ (the mover's legal listing, the others' empty one); the public change is
    computed once, each seat's patch still makes exactly its own view, and the mover's comes first."""
    from net.host import new_session
    from net.table import HASH_EVERY, Table
    table = Table(new_session("risk", 2, seed=5), name="t")
    conns = [("seat", 0), ("seat", 1), ("watch", 0), ("watch", 1), ("whole", 0)]
    held, seat_conn = {}, {}
    for conn in conns:
        table.connect(conn)
        hello = {"t": "hello", "proto": 1, "want": "play" if conn[0] == "seat" else "watch"}
        if conn[0] != "whole":
            hello["views"] = "patches"
        for c, m in table.receive(conn, {**hello, "seat": conn[1]}).flat().sends:
            if m["t"] == "welcome":
                held[c] = m["view"]
                if m["seat"] is not None:
                    seat_conn[m["seat"]] = c
            elif m["t"] == "update":
                held[c] = patches.apply(held[c], m["patch"]) if "patch" in m else m["view"]
    hashes = 0
    for seq in range(1, HASH_EVERY + 4):
        seat, action = _place_for_mover(table)
        out = table.receive(seat_conn[seat], {"t": "act", "seq": seq, "a": action}).flat()
        updates = [(c, m) for c, m in out.sends if m["t"] == "update"]
        assert out.sends[0][1]["t"] == "ok"
        assert updates[0][0] == seat_conn[seat]   # the mover's update is built and sent first
        public_ops = set()
        for conn, msg in updates:
            if conn[0] == "whole":
                assert "view" in msg and "patch" not in msg
                held[conn] = msg["view"]
                continue
            held[conn] = patches.apply(held[conn], msg["patch"])
            public_ops.update(repr(op) for op in msg["patch"] if op[1] == ["public"])
            if "hash" in msg:
                hashes += 1
                assert patches.view_hash(held[conn]) == msg["hash"]
        assert len(public_ops) == 1   # one public change, the same operations for every receiver
        for conn in conns:
            view = table.view(conn[1] if conn[0] == "seat" else None)
            assert patches.canonical(held[conn]) == patches.canonical(view), conn
        assert held[("seat", 0)]["private"] != held[("seat", 1)]["private"]
    assert hashes == 4   # the 16th update carries the hash to both seats and both patching spectators


def test_a_snapshot_hashes_and_diffs_as_the_whole_view_does():
    rng = random.Random(7)
    differ = patches.Differ()
    for _ in range(200):
        old = {"public": {"a": _random_value(rng), "b": [1, 2]}, "private": {"legal": _random_value(rng)}}
        new = _mutate(rng, old)
        base = differ.snapshot(old)
        now = patches.Differ().snapshot(new)
        assert now.hash() == patches.view_hash(new)
        ops = msgpack.unpackb(msgpack.packb(patches.Differ().diff(base, now), use_bin_type=True), raw=False)
        assert patches.apply(copy.deepcopy(old), ops) == new
        assert patches.snapshot(new).same(now) and not (old != new and base.same(now))


def test_a_value_the_rules_change_after_it_was_sent_is_still_diffed_from_what_was_sent():
    """The host keeps a sent value itself rather than a decoded copy; a view that shares a list with
    the rules' state, changed in place after it went out, must not hide the change from the next patch."""
    shared = [1, 2]
    sent = {"public": {"hand": shared, "n": 1}, "private": {}}
    client = copy.deepcopy(sent)
    base = patches.Differ().snapshot(sent)
    shared.append(3)
    now = patches.Differ().snapshot({"public": {"hand": shared, "n": 1}, "private": {}})
    ops = patches.Differ().diff(base, now)
    assert patches.apply(client, ops) == {"public": {"hand": [1, 2, 3], "n": 1}, "private": {}}


def test_the_movers_update_is_handed_out_before_any_other_view_is_built(monkeypatch):
    """The host sends each update as soon as it is built, the mover's first: the views of the other
    seats and of the spectators are built only when their turn comes, not before the mover's leaves."""
    table, conns = _toy_table(watchers=2)
    built = []
    rules_view = table.session.rules.view
    monkeypatch.setattr(table.session.rules, "view", lambda state, seat: built.append(seat) or rules_view(state, seat))
    table.receive(conns[1], {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})   # not seat 1's turn
    table.receive(conns[0], {"t": "act", "seq": 1, "a": {"type": "take", "count": 1}})
    updates = table.iter_updates()
    receivers, _ = next(updates)
    assert receivers == [conns[0]] and built == [0]
    rest = [receivers for receivers, _ in updates]
    assert sorted(built, key=str) == [0, 1, None] and rest == [[conns[1]], conns[2:]]
