"""No secret on a subject it does not belong to: a whole club game, every message a spectator and the
other seat can hear scanned by value for each seat's secret word (the toy game's private view)."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import msgpack

import bots
from cli.bot import _turns
from club import client as club_client
from club import subjects
from club.send_now import flush_in_order
from tests.club.test_tables import ADA, BOB, run, seated_table

EVE = ("eve", "eve-only-watches-this")


def test_no_seat_s_secret_reaches_the_other_seat_or_a_spectator_over_nats(club):
    club.start()

    async def scenario():
        await club_client.sign_up(club.nats.url, *EVE)
        table_id, clients, welcomes, inboxes = await seated_table(club)
        heard = {"ada": [], "bob": [], "eve": []}

        def keeper(who):
            async def keep(msg):
                heard[who].append(msg.data)
            return keep

        spy = await club_client.connect_player(club.nats.url, *EVE, allow_reconnect=False)
        await spy.subscribe(subjects.table_public(table_id), cb=keeper("eve"))
        await flush_in_order(spy)
        for c in clients:  # everything each seat's own subject carries, raw
            await c.nc.subscribe(subjects.table_out(table_id, c.name), cb=keeper(c.name))
        watcher = club_client.ClubClient(club.nats.url, *EVE, table_id, want="watch")
        watched = await watcher.connect()
        await asyncio.gather(*[_turns(c, bots.make("toy", "normal", w["seat"], 3 + w["seat"]), w["view"], box)
                               for c, w, box in zip(clients, welcomes, inboxes)])
        await asyncio.sleep(0.3)
        secrets_by_seat = {w["seat"]: w["view"]["private"]["secret"] for w in welcomes}
        for c in clients + [watcher]:
            await c.close()
        await spy.close()
        return secrets_by_seat, watched, heard

    secrets_by_seat, watched, heard = run(scenario())
    assert watched["seat"] is None and watched["view"]["private"] == {}
    assert len(heard["eve"]) > 10 and len(heard["ada"]) > 10 and len(heard["bob"]) > 10
    ada_word, bob_word = secrets_by_seat[0].encode(), secrets_by_seat[1].encode()
    assert ada_word != bob_word
    assert not any(bob_word in data for data in heard["ada"]), "bob's secret reached ada's subject"
    assert not any(ada_word in data for data in heard["bob"]), "ada's secret reached bob's subject"
    assert not any(w in data for data in heard["eve"] for w in (ada_word, bob_word)), "a secret went public"
    assert any(ada_word in data for data in heard["ada"])  # the scan sees a secret where it belongs
    assert all(isinstance(msgpack.unpackb(d, raw=False), dict) for d in heard["eve"])
