"""docs/club.md is enough to write a club client: tests/club/doc_client.py, written from it and PROTOCOL.md with
nats-py alone, signs up two players as the guest, creates a table, plays it to its end against the table's bot
while the other player watches, and goes on across a restart of nats-server mid-game."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

from tests.club import doc_client
from tests.club.bounded import run

ADA, EVE = ("ada", "ada-keeps-this-secret"), ("eve", "eve-watches-quietly")


def test_a_client_written_from_the_docs_signs_up_plays_to_the_end_watches_and_survives_a_nats_restart(club):
    club.start()

    async def scenario():
        for who in (ADA, EVE):
            await doc_client.sign_up(club.nats.url, *who)
        nc = await doc_client.signed_in(club.nats.url, *ADA)
        table = await doc_client.lobby(nc, "ada", "create", {"game": "toy", "seats": 2, "bots": ["normal"],
                                                             "options": {"pile": 30}, "seed": 4})
        assert any(row["id"] == table for row in await doc_client.lobby(nc, "ada", "list", {}))
        await nc.close()
        ada = doc_client.DocClient(club.nats.url, *ADA, table)
        eve = doc_client.DocClient(club.nats.url, *EVE, table, want="watch")
        welcome = await ada.connect()
        watched = await eve.connect()
        assert welcome["seat"] == 0 and welcome["last_seq"] == 0 and "secret" in welcome["view"]["private"]
        assert watched["seat"] is None and watched["view"]["private"] == {}
        answers, restarted = [], False
        while ada.view["public"]["result"] is None:
            if not restarted and len(answers) == 3:
                await asyncio.to_thread(club.nats.server.restart)
                restarted = True
            rev = ada.view["public"]["rev"]
            if 0 in ada.view["public"]["to_act"]:
                answers.append(await ada.request(ada.view["private"]["legal"]["actions"][0]))
                rev = answers[-1]["rev"] - 1
            await ada.until(f"a view past rev {rev}", lambda view, rev=rev: view["public"]["rev"] > rev)
        final = ada.view["public"]
        await eve.until("the result", lambda view: view["public"]["result"] is not None)
        seen = eve.view["public"]
        for client in (ada, eve):   # a reconnect's hello may still be on its way when the result is seen
            await client.until("welcomed again after the restart", lambda view, c=client: c.welcomes >= 2)
        for client in (ada, eve):
            await client.close()
        return answers, final, seen, ada.welcomes, eve.welcomes

    answers, final, seen, ada_welcomes, eve_welcomes = run(scenario(), timeout=90)
    assert answered_once(answers) and final["result"] is not None
    assert seen == final | {"seats": seen["seats"]}   # the spectator's last view is the player's, public part
    assert ada_welcomes >= 2 and eve_welcomes >= 2     # each was welcomed again after nats-server came back


def answered_once(answers) -> bool:
    """Every act answered ok, at revs that only grow (nothing applied twice)."""
    revs = [a["rev"] for a in answers]
    return all(a["t"] == "ok" for a in answers) and revs == sorted(set(revs)) and len(answers) > 3
