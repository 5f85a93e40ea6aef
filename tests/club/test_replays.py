"""Finished club games: listed with their result and replayed as a spectator saw them — the LAN rule
(a replay shows `view(None)` at every move) kept over the wire: no seat's secret in any answer."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import subprocess
import sys

import msgpack
import pytest

import bots
from cli.bot import _turns
from club import client as club_client
from game.recorded_replay import RecordedReplayLink
from net.client import TableError
from tests.club.test_tables import ADA, BOB, finished_table, finished_tables, run, seated_table


def test_a_finished_game_is_listed_with_its_result_and_replays_as_a_spectator_saw_it_with_no_secret(club):
    club.start()

    async def scenario():
        table_id, clients, welcomes, inboxes = await seated_table(club)
        nc = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
        with pytest.raises(TableError, match="is not over: watch it instead"):
            await club_client.lobby(nc, "ada", "actions", {"table": table_id})
        await asyncio.gather(*[_turns(c, bots.make("toy", "normal", w["seat"], 7 + w["seat"]), w["view"], box)
                               for c, w, box in zip(clients, welcomes, inboxes)])
        final = clients[0].view
        for c in clients:
            await c.close()
        await asyncio.sleep(0.2)   # the last step is written before its update: the table is over by now
        finished = await club_client.lobby(nc, "ada", "finished")
        open_tables = await club_client.lobby(nc, "ada", "list")
        raw_pages, start = [], 0   # every answer's bytes, as NATS carried them, for the by-value scan
        while start is not None:
            reply = await nc.request("st.lobby.ada.actions", msgpack.packb({"table": table_id, "from": start}))
            raw_pages.append(reply.data)
            start = msgpack.unpackb(reply.data, raw=False)["ok"]["next"]
        record = await club_client.fetch_game(nc, "ada", table_id)
        later = await club_client.lobby(nc, "ada", "actions", {"table": table_id, "from": 3})
        await nc.close()
        secrets_by_seat = [w["view"]["private"]["secret"] for w in welcomes]
        return table_id, final, finished, open_tables, raw_pages, record, later, secrets_by_seat

    table_id, final, finished, open_tables, raw_pages, record, later, secrets_by_seat = run(scenario())
    assert open_tables == []
    [row] = finished
    assert row["id"] == table_id and row["state"] == "over" and row["result"] == final["public"]["result"]
    assert row["result"]["winners"] and [s["player"] for s in row["seats"]] == ["ada", "bob"]

    moves = record["moves"]
    assert [m["rev"] for m in moves] == list(range(len(moves))) and len(moves) > 5
    assert moves[0]["view"]["public"]["pile"] == 21 and moves[-1]["view"]["public"]["result"] == row["result"]
    assert later["from"] == 3 and later["moves"] == moves[3:3 + len(later["moves"])]
    assert all(m["view"]["private"] == {} for m in moves)
    for word in secrets_by_seat:   # by value: neither seat's secret in any byte the club sent
        assert not any(word.encode() in page for page in raw_pages), f"a seat's secret {word!r} left the club"

    replay = RecordedReplayLink(record)   # the window's replay steps through the same views
    assert (replay.length, replay.position) == (len(moves) - 1, 0)
    replay.seek(replay.length)
    assert replay.view(0)["public"]["result"] == row["result"] and replay.my_seats == []
    replay.seek(1)
    assert replay.rev == 1 and replay.poll()[-1]["view"] is moves[1]["view"]


def test_sandtable_replay_club_url_verifies_a_finished_game_and_its_analysis_asks_for_the_player_s_decisions(club):
    club.start()

    table_id, view = run(finished_table(club, 3))
    rev = view["public"]["rev"]
    port = club.nats.url.rsplit(":", 1)[1]
    command = [sys.executable, "-m", "tests.net.cli_toy", "replay", f"club://127.0.0.1:{port}/{table_id}", "--verify",
               "--name", ADA[0], "--secret", ADA[1]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"rev {rev}" and lines[1].startswith('result {"') and '"winners"' in lines[1]
    wrong = subprocess.run(command[:-1] + ["not-ada-s-secret-at-all"], capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 1 and wrong.stderr.startswith("The club did not accept that name and secret.")

    # its window's analysis asks the club for Ada's own decisions (game.club_link.own_decisions): a Future answered
    # on a thread and a connection of its own, or failed with the sentence the window shows
    from game.club_link import own_decisions
    record = own_decisions(club.nats.url, *ADA, table_id)().result(timeout=60)
    assert record["seats"] == [0] and record["decisions"] and record["length"] == rev
    assert all(d["seat"] == 0 for d in record["decisions"])
    refused = own_decisions(club.nats.url, ADA[0], "not-ada-s-secret-at-all", table_id)()
    with pytest.raises(ValueError, match="The club did not accept that name and secret."):
        refused.result(timeout=60)


def test_a_long_game_comes_in_pages_that_join_into_the_whole_game_exactly(monkeypatch):
    """Pages are cut by size (and count): each starts where the last one stopped, none skipped or repeated."""
    from club import replays
    from engine.session import Session
    session = Session("toy", 2, seed=9, options={"pile": 40}, seats=[{"name": n, "kind": "human"} for n in "ab"])
    while session.result() is None:
        session.apply(session.to_act()[0], {"type": "take", "count": 1})
    record = {"name": "long", "header": session.header(),
              "actions": [(rev, seat, action, None) for rev, (seat, action) in enumerate(session.log, start=1)]}
    whole = replays.built_page(record, 0)
    assert whole["next"] is None and len(whole["moves"]) == len(session.log) + 1 == 41
    monkeypatch.setattr(replays, "PAGE_MOVES", 7)
    joined, start, pages = [], 0, 0
    while start is not None and pages < 20:
        page = replays.built_page(record, start)
        assert page["from"] == start and 1 <= len(page["moves"]) <= 7
        joined.extend(page["moves"])
        start, pages = page["next"], pages + 1
    assert pages == 6 and joined == whole["moves"]
    one_view = len(msgpack.packb(whole["moves"][5], use_bin_type=True))
    monkeypatch.setattr(replays, "PAGE_BYTES", one_view * 3)   # about three moves a page, cut by size
    page = replays.built_page(record, 10)
    assert 2 <= len(page["moves"]) <= 3 and page["moves"] == whole["moves"][10:10 + len(page["moves"])]


def test_a_player_s_decisions_come_in_pages_that_join_into_all_of_that_seat_s_decisions_exactly(monkeypatch):
    """A decisions page stops where the next one starts, at a decision, none skipped or repeated; the pages
    joined are engine.decisions' of the seat, each view the one the seat had."""
    from club import replays
    from engine import decisions
    from engine.session import Session
    session = Session("toy", 2, seed=9, options={"pile": 40}, seats=[{"name": n, "kind": "human"} for n in "ab"])
    start_header = session.header()
    while session.result() is None:
        session.apply(session.to_act()[0], {"type": "take", "count": 1})
    record = {"name": "long", "header": start_header,
              "actions": [(rev, seat, action, None) for rev, (seat, action) in enumerate(session.log, start=1)]}
    expected = [{"index": d.index, "seat": d.seat, "view": d.view, "action": d.action}
                for d in decisions.of_session(Session.from_header(start_header), session.log, [1])]
    whole = replays.built_decisions(record, [1], 0)
    assert whole["next"] is None and whole["decisions"] == expected and len(expected) == 20
    monkeypatch.setattr(replays, "PAGE_MOVES", 6)
    joined, start, pages = [], 0, 0
    while start is not None and pages < 20:
        page = replays.built_decisions(record, [1], start)
        assert page["from"] == start and 1 <= len(page["decisions"]) <= 6
        joined.extend(page["decisions"])
        start, pages = page["next"], pages + 1
    assert pages == 4 and joined == expected


def test_finished_games_come_in_pages_newest_first_and_a_bad_page_is_refused_with_a_sentence(club):
    club.start()

    async def scenario():
        ids = await finished_tables(club, (1, 2, 3))
        nc = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
        try:
            pages = [[t["id"] for t in await club_client.lobby(nc, "ada", "finished", {"skip": n, "limit": 2})]
                     for n in (0, 1, 3)]
            with pytest.raises(TableError, match="whole number, 0 or more"):
                await club_client.lobby(nc, "ada", "finished", {"skip": -1})
            with pytest.raises(TableError, match="from 1 to 50"):
                await club_client.lobby(nc, "ada", "finished", {"limit": 51})
            again = [t["id"] for t in await club_client.lobby(nc, "ada", "finished")]
        finally:
            await nc.close()
        return ids, pages, again

    ids, (first, second, past_the_end), again = run(scenario(), timeout=60)
    assert again == ids[::-1]   # newest first; the refused requests changed nothing
    assert first == again[:2] and second == again[1:3] and past_the_end == []


def test_a_player_is_sent_only_their_own_decisions_at_a_finished_table_and_the_analysis_weighs_them(club):
    """The lobby's `decisions`: to a seat's holder, once the game is over, each action that seat took with the view
    it had then (its own secret in it), nobody else's; refused with a sentence before the end and to anyone who
    held no seat. The analysis of the player's moves runs on them as on a save's."""
    from bots.analysis import Analysis, AnalysisSettings
    from engine import legal
    club.start()

    async def scenario():
        table_id, clients, welcomes, inboxes = await seated_table(club)
        await club_client.sign_up(club.nats.url, "cy", "cy-keeps-a-third-secret")
        ada = await club_client.connect_player(club.nats.url, *ADA, allow_reconnect=False)
        with pytest.raises(TableError, match="is not over: watch it instead; its moves can be analysed once it ends"):
            await club_client.lobby(ada, "ada", "decisions", {"table": table_id})
        await asyncio.gather(*[_turns(c, bots.make("toy", "normal", w["seat"], 3 + w["seat"]), w["view"], box)
                               for c, w, box in zip(clients, welcomes, inboxes)])
        for c in clients:
            await c.close()
        await asyncio.sleep(0.2)   # the last step is written before its update: the table is over by now
        raw_pages, start = [], 0   # ada's answers' bytes, as NATS carried them, for the by-value scan
        while start is not None:
            reply = await ada.request("st.lobby.ada.decisions", msgpack.packb({"table": table_id, "from": start}))
            raw_pages.append(reply.data)
            start = msgpack.unpackb(reply.data, raw=False)["ok"]["next"]
        own = await club_client.fetch_decisions(ada, "ada", table_id)
        bob = await club_client.connect_player(club.nats.url, *BOB, allow_reconnect=False)
        bobs = await club_client.fetch_decisions(bob, "bob", table_id)
        cy = await club_client.connect_player(club.nats.url, "cy", "cy-keeps-a-third-secret", allow_reconnect=False)
        with pytest.raises(TableError, match=f"You held no seat at table {table_id}"):
            await club_client.lobby(cy, "cy", "decisions", {"table": table_id})
        record = await club_client.fetch_game(ada, "ada", table_id)
        for nc in (ada, bob, cy):
            await nc.close()
        return welcomes, raw_pages, own, bobs, record

    welcomes, raw_pages, own, bobs, record = run(scenario())
    seat_of = {w["view"]["private"]["secret"]: w["seat"] for w in welcomes}
    ada_secret, bob_secret = (w["view"]["private"]["secret"] for w in welcomes)
    assert own["seats"] == [seat_of[ada_secret]] and bobs["seats"] == [seat_of[bob_secret]]
    assert own["length"] == len(record["moves"]) - 1 and own["n_seats"] == 2
    for mine, secret in ((own, ada_secret), (bobs, bob_secret)):
        assert mine["decisions"] and all(d["seat"] == mine["seats"][0] for d in mine["decisions"])
        for d in mine["decisions"]:   # the view the seat had when it took the action: its rev, its secret, its legal
            assert d["view"]["public"]["rev"] == d["index"] and d["view"]["private"]["secret"] == secret
            assert legal.contains(d["view"]["private"]["legal"], d["action"])
    # the two players' decisions are the whole game, each action once: nothing left out, nothing twice
    assert sorted(d["index"] for d in own["decisions"] + bobs["decisions"]) == list(range(own["length"]))
    assert any(ada_secret.encode() in page for page in raw_pages), "the scan would not see a secret"
    assert not any(bob_secret.encode() in page for page in raw_pages), "Bob's secret reached Ada"

    from engine.decisions import Decision
    report = Analysis("toy", [Decision(d["index"], d["seat"], d["view"], d["action"]) for d in own["decisions"]],
                      None, AnalysisSettings(iterations=8), workers=1, n_seats=2).run()
    assert report["seats"] == own["seats"] and report["complete"]
    assert {v["index"] for v in report["verdicts"]} <= {d["index"] for d in own["decisions"]}

