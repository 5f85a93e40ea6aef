"""A table process publishes a step's answers only once its move is in PostgreSQL, whether the move was sent
at once (a quiet process) or written with the batch (a busy one); checked from another connection at the
moment each answer is handed to NATS, with PostgreSQL's answer to the move already read. Sent at once, the
move leaves as the rules take it, before the table has made its answer."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import asyncio

import pytest
from psycopg import pq

from club import db, process
from club.table_host import ClubTable
from net import answers
from net.host import new_session

HELLO = {"t": "hello", "proto": 1, "name": "x", "want": "play"}


@pytest.mark.parametrize("quiet", [True, False], ids=["sent at once", "with the batch"])
def test_an_ok_is_handed_to_nats_only_once_its_move_is_stored(conn, dsn, quiet, monkeypatch):
    sent_at_once, order = [], []
    send_action = db.send_action
    monkeypatch.setattr(db, "send_action", lambda *a, **k: (sent_at_once.append(a[1]), order.append(("sent", a[2][3])),
                                                            send_action(*a, **k))[-1])
    remember = answers.SeatAnswers.remember
    monkeypatch.setattr(answers.SeatAnswers, "remember",
                        lambda self, seq, answer, action: (order.append(("answered", seq)), remember(self, seq, answer, action)))
    table_id = db.create_table(conn, new_session("toy", 2, seed=1), name="t", created_by="ada")
    tp = process.TableProcess("nats://unused", dsn)
    tp.conn = db.connect(dsn, autocommit=True)
    table = tp.tables[table_id] = ClubTable(db.load_table(tp.conn, table_id))
    stored_when_published = []

    async def publish(messages, *, at_once=False):
        if any(b"\xa2ok" in data for _subject, data in messages):   # an ok: is its action there yet?
            # PostgreSQL's answer read (the connection idle, not running a statement): the move is committed
            answered = tp._conn.pgconn.transaction_status == pq.TransactionStatus.IDLE
            with db.connect(dsn) as other:
                stored_when_published.append((answered, other.execute(
                    "SELECT count(*) FROM actions WHERE table_id = %s", (table_id,)).fetchone()[0]))
    tp._publish = publish

    async def play():
        for player in ("ada", "bob"):
            await tp._step(table_id, lambda p=player: table.receive(tp.batch, p, dict(HELLO, name=p)))
        for seq, player in enumerate(("ada", "bob", "ada"), start=1):
            tp._committed_at = 0.0 if quiet else 1e18  # quiet: no commit for long; busy: one just now
            step = (lambda p=player, s=seq: table.receive(tp.batch, p, {"t": "act", "seq": (s + 1) // 2,
                                                                         "a": {"type": "take", "count": 1}}))
            await tp._step(table_id, step)

    try:
        asyncio.run(play())
    finally:
        tp.conn.close()
    assert stored_when_published == [(True, 1), (True, 2), (True, 3)]
    assert sent_at_once == ([table_id] * 3 if quiet else [])
    # sent at once: as the rules take the move, before the table has made its answer (seqs 1, 1, 2: ada, bob, ada)
    assert order == ([("sent", 1), ("answered", 1)] * 2 + [("sent", 2), ("answered", 2)] if quiet
                     else [("answered", 1)] * 2 + [("answered", 2)])
