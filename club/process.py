"""A table process: runs many club tables, takes over the tables no live process owns.

Every `poll_every` seconds it looks in PostgreSQL for tables not over whose advisory lock no one
holds, takes each lock it can (on its own database connection: if the process dies, PostgreSQL
drops the connection and the locks with it) and rebuilds the table from the database. For each
owned table it listens on `st.t.<id>.in.*`; each message is one step of `ClubTable`, written to
PostgreSQL before its answers are published. A step whose write fails (the database is gone, or
another process wrote the table) is not published and the table is let go, to be taken again.

A finished table (its game over) stays only while someone is there: quiet for `finished_for`
seconds, it is let go. A `hello` at a finished table no process runs is heard by one process (a
queue subscription on every table's `in` subjects) that loads the table from its actions, as a
takeover does, and answers: the player sees the final position and the result, and a resend gets
its original answer, as at a finished LAN table.

It also answers the lobby (queue group `club`, so one process answers each request): sign-up
(as the guest), and a player's `create` and `list`. Given the accounts files of nats-servers
(`auth_file`, `nats_pid_file`: one path or a list of each), it keeps them: it rewrites and reloads them
at start, at each sign-up it answers, and when another process says on `st.club.accounts` that the
players changed (each machine of a NATS cluster keeping its own server's, docs/club.md).
"""
import asyncio
import logging
import os
import socket
import sys
import time

import msgpack
import nats
import psycopg

from club import db, deliver_now, lobby, natsauth, read_now, subjects
from club.send_now import flush_in_order, publish_now
from club.table_host import PUBLIC, ClubTable
from net import frames
from net.table import OVER

log = logging.getLogger(__name__)

QUEUE = "club"
DRAIN_FOR = 3.0  # seconds to hand on what is queued at stop, then close anyway
FINISHED_FOR = 60.0  # seconds a finished table stays in memory after its last step (the players gone)
ADOPT_AT_ONCE = 100  # free tables taken and loaded together (a takeover: one statement each per hundred)
QUIET = 0.01  # seconds without a commit after which a move is sent to PostgreSQL as soon as it is made
RETAKE_FIRST, RETAKE_MOST = 0.25, 30.0  # seconds a table whose own write failed waits to be taken again: doubled
                                        # at each failure in a row, never more than RETAKE_MOST


def retake_after(failures: int) -> float:
    """Seconds before a table is taken again after `failures` failures of its own in a row (1, 2, ...)."""
    return min(RETAKE_MOST, RETAKE_FIRST * 2 ** (failures - 1))


class TableProcess:
    def __init__(self, nats_url: str, dsn: str, *, bot_factory=None, poll_every: float = 0.25,
                 max_tables: int = 1000, auth_file=None, nats_pid_file=None, bot_delay: float = 0.0,
                 finished_for: float = FINISHED_FOR):
        self.nats_url = nats_url
        self.dsn = dsn
        self.bot_factory = bot_factory
        self.poll_every = poll_every
        self.max_tables = max_tables
        self.auth_file = auth_file
        self.nats_pid_file = nats_pid_file
        self.accounts = account_files(auth_file, nats_pid_file)   # (auth.conf, pid file) of each server it keeps
        self.bot_delay = bot_delay
        self.finished_for = finished_for
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.tables: dict[int, ClubTable] = {}
        self.subs: dict[int, object] = {}
        self.stepped_at: dict[int, float] = {}  # table -> monotonic time of its last step (finished tables go)
        self.nc = None
        self._conn = None
        self._bots: dict[int, asyncio.TimerHandle] = {}
        self._nats_down = False
        self.batch = db.Batch()
        self._committed_at = 0.0  # monotonic time the last batch was written
        self._aside: set = set()  # steps run in tasks of their own (the views sent again after a reconnect)
        self.troubled: dict[int, tuple[int, float]] = {}  # table -> (its own failures in a row, monotonic time
                                                          # before which this process does not take it again)

    @property
    def conn(self):
        """The database connection, free for a statement: a move the current batch sent at once
        (`db.Batch.add`) is answered first."""
        self.batch.settle()
        return self._conn

    @conn.setter
    def conn(self, conn) -> None:
        self._conn = conn

    async def run(self, stop: asyncio.Event, ready=None) -> None:
        self.conn = db.connect(self.dsn, autocommit=True)  # a step is one statement, one round trip
        self.nc = await nats.connect(natsauth.server_urls(self.nats_url), name=f"sandtable club {self.name}", connect_timeout=5,
                                     max_reconnect_attempts=-1, reconnect_time_wait=0.2, error_cb=self._nats_error,
                                     disconnected_cb=self._nats_away, reconnected_cb=self._nats_back)
        read_now.install(self.nc)  # a move parsed as it arrives, then stepped at once (club.read_now, deliver_now)
        await lobby.serve(self, QUEUE)
        if self.accounts:
            await self._keep_accounts()
        await deliver_now.subscribe(self.nc, subjects.TABLE_IN_ALL, queue=QUEUE, cb=self._unowned_message)
        await flush_in_order(self.nc)  # the server knows our subscriptions before anyone is told we are ready
        if ready is not None:
            ready()
        try:
            while not stop.is_set():
                await self._poll()
                try:
                    await asyncio.wait_for(stop.wait(), self.poll_every)
                except asyncio.TimeoutError:
                    pass
        finally:
            for handle in self._bots.values():
                handle.cancel()
            self._nats_down = True   # the connection goes now: nothing to say of it
            try:
                await asyncio.wait_for(self.nc.drain(), DRAIN_FOR)
            except (asyncio.TimeoutError, nats.errors.Error):
                await self.nc.close()
            self.conn.close()

    # NATS goes away and comes back by itself (the client reconnects); say so once, in a line
    async def _nats_error(self, e) -> None:
        if not self._nats_down:
            print(f"nats: {type(e).__name__}: {e}", file=sys.stderr, flush=True)

    async def _nats_away(self) -> None:
        if not self._nats_down:
            print("nats: disconnected; reconnecting", file=sys.stderr, flush=True)
        self._nats_down = True

    async def _nats_back(self) -> None:
        read_now.install(self.nc)  # a new socket
        self._nats_down = False
        print("nats: reconnected", file=sys.stderr, flush=True)
        if self.accounts:   # a sign-up's news may have gone by while we were away
            self._rewrite_here()
        # What we published just before the server went may have died with it, unseen by players who never
        # reconnected (they were on another server of the cluster): each view again, once what is being stored is
        for table_id, table in list(self.tables.items()):
            task = asyncio.get_running_loop().create_task(self._step(table_id, table.views_again))
            self._aside.add(task)   # (a task needs a reference until it is done)
            task.add_done_callback(self._aside.discard)

    # ----- owning tables ---------------------------------------------------------------
    async def _poll(self) -> None:
        """Take free tables, watch the clocks. A server failing meanwhile never ends the process: the database
        gone lets every table go (taken again once it is back), NATS gone is waited out (nats-py reconnects)."""
        try:
            await self._adopt_free_tables()
            await self._watch_clocks()
        except psycopg.Error as e:
            log.warning("the database failed (%s); tables are let go and taken again once it answers", db.cause(e))
            await self._database_lost()
        except nats.errors.Error as e:
            log.warning("nats failed (%s: %s); tried again at the next poll", type(e).__name__, e)

    async def _adopt_free_tables(self) -> None:
        try:
            free = db.open_tables(self.conn)
            self.conn.commit()
        except psycopg.Error:
            await self._database_lost()
            return
        now = time.monotonic()
        wanted = [t for t in free if t not in self.tables and self.troubled.get(t, (0, now))[1] <= now]
        wanted = wanted[:max(0, self.max_tables - len(self.tables))]
        for i in range(0, len(wanted), ADOPT_AT_ONCE):  # a few round trips per hundred tables, not per table
            taken = db.try_own_many(self.conn, wanted[i:i + ADOPT_AT_ONCE], self.name)
            if taken:
                await self._adopt_all(db.load_tables(self.conn, taken), taken)

    async def _watch_clocks(self) -> None:
        """Silent players are gone; a correspondence seat past its deadline forfeits or gets its move made by a bot."""
        now, wall = time.monotonic(), time.time()
        for table_id, table in list(self.tables.items()):
            sends = table.drop_silent(now)
            if sends:
                await self._publish(self._packed(table_id, sends))
            if self._finished_and_left(table_id, table, now):
                await self._let_go(table_id)  # loaded again by the next hello there (_unowned_message)
                continue
            seat = table.overdue_seat(wall)
            if seat is not None:
                await self._step(table_id, lambda table=table, seat=seat: table.deadline_step(self.batch, seat, wall))

    def _finished_and_left(self, table_id: int, table: ClubTable, now: float) -> bool:
        """Game over, no player at the table any more, and no step for `finished_for` seconds: finished
        tables do not pile up in memory, and one a player is still looking at stays."""
        return table.table.phase == OVER and all(conn == PUBLIC for conn in table.table.conns) \
            and now - self.stepped_at.get(table_id, now) >= self.finished_for

    async def _adopt_all(self, records: list, taken: list[int]) -> None:
        """Tables just taken (`taken`, their `records`): each rebuilt and listened to, then every seat holder
        welcomed again, the tables' welcomes as steps run together, so what they write is one commit. A table that
        cannot be rebuilt (its stored game refused by the rules) is logged and let go: the others are taken."""
        rejoins = []
        for table_id in set(taken) - {record["id"] for record in records}:   # gone since it was listed
            await self._let_go(table_id)
        for record in records:
            try:
                rebuilt = ClubTable(record, bot_factory=self.bot_factory)
            except Exception as e:   # noqa: BLE001 - one table's own failure, whatever it is, is its own
                log.error("table %d could not be rebuilt from what is stored (%s: %s); it is let go, to be taken "
                          "again in %g s", record["id"], type(e).__name__, e, self._back_off(record["id"]), exc_info=e)
                await self._let_go(record["id"])
                continue
            table = await self._install(rebuilt)
            players = [holder for holder, _token in table.holders.values()]
            rejoins.append(self._step(table.id, lambda table=table, players=players: [
                m for p in players for m in table.rejoin(self.batch, p, time.monotonic())]))
        await asyncio.gather(*rejoins)

    async def _load(self, table_id: int) -> ClubTable:
        """Rebuild a table whose lock this process has just taken, and listen to its players."""
        return await self._install(ClubTable(db.load_table(self.conn, table_id), bot_factory=self.bot_factory))

    async def _install(self, table: ClubTable) -> ClubTable:
        table_id = table.id
        self.tables[table_id] = table
        self.stepped_at[table_id] = time.monotonic()

        async def arrived(msg, table_id=table_id):
            await self._message(table_id, msg)

        # a move is stepped as nats-py reads it, not a loop turn later (club.deliver_now)
        self.subs[table_id] = await deliver_now.subscribe(self.nc, subjects.table_in_any(table_id), cb=arrived)
        return table

    async def _unowned_message(self, msg) -> None:
        """Every player's message at every table reaches one process of the queue group here too. A `hello`
        at a finished table no process runs (the poll takes only tables in play) loads it, so the player is
        welcomed with the final view and result; any other message, or a table someone runs, is not ours."""
        table_id = subjects.table_of(msg.subject)
        if table_id is None or table_id in self.tables or b"hello" not in msg.data:  # cheap: most are not hellos
            return
        if len(self.tables) >= self.max_tables:
            return  # full: a finished table costs its memory too (the client's next hello may reach another process)
        try:
            if frames.decode_client(msg.data)["t"] != "hello":
                return
        except frames.BadFrame:
            return
        try:
            if not db.is_over(self.conn, table_id) or not db.try_own(self.conn, table_id, self.name):
                return  # in play (the poll takes it), unknown, or run by another process that heard it too
        except psycopg.Error:
            return  # the poll notices the database is gone and starts over
        try:
            await self._load(table_id)
        except (psycopg.Error, KeyError):
            await self._let_go(table_id)
            return
        await self._message(table_id, msg)  # this hello came before the table's own subscription

    async def _let_go(self, table_id: int) -> None:
        self.tables.pop(table_id, None)
        self.stepped_at.pop(table_id, None)
        sub = self.subs.pop(table_id, None)
        handle = self._bots.pop(table_id, None)
        if handle is not None:
            handle.cancel()
        if sub is not None:
            await sub.unsubscribe()
        try:
            if not self.conn.closed:
                self.conn.rollback()
                db.release(self.conn, table_id)
        except psycopg.Error:
            pass

    async def _database_lost(self) -> None:
        """Every lock went with the connection: let every table go, connect again, start over."""
        for table_id in list(self.tables):
            await self._let_go(table_id)
        try:
            self.conn.close()
        except psycopg.Error:
            pass
        try:
            self.conn = db.connect(self.dsn, autocommit=True)  # a step is one statement, one round trip
        except psycopg.Error:
            pass

    # ----- steps ---------------------------------------------------------------------
    async def _message(self, table_id: int, msg) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        player = subjects.player_of(msg.subject)
        try:
            checked = frames.decode_client(msg.data)
        except frames.BadFrame as e:
            await self._publish(self._packed(table_id, [(player, frames.err("bad_frame", str(e)))]))
            return
        await self._step(table_id, lambda: table.receive(self.batch, player, checked, time.monotonic()))

    async def _step(self, table_id: int, step) -> None:
        """Run one step of a table (its writes join the current batch), wait until that batch is committed,
        then publish the step's messages: an answer never leaves before what it answers is stored.

        In a quiet process (no commit for QUIET seconds) a move is sent to PostgreSQL as soon as it is made
        (`db.Batch`), stored while the table builds its views, and its answer read as soon as they are built,
        with no loop turn between; steps that come while others are being written wait for the next batch
        and are written together, one round trip for them all (group commit)."""
        batch = self.batch
        if table_id in self.tables:
            self.stepped_at[table_id] = time.monotonic()
        if not batch.steps:
            batch.conn = self._conn if time.monotonic() - self._committed_at >= QUIET else None
        sends = step()
        messages = self._packed(table_id, sends)  # packed while PostgreSQL stores a move sent at once
        failed = {}
        if batch.sent is not None and batch.done is None:  # this step's move, already sent, alone in its batch
            failed = self._commit(batch)
        elif (batch.steps or batch.failed) and batch.done is None:
            batch.done = asyncio.get_running_loop().create_future()
            asyncio.get_running_loop().call_soon(self._commit, batch)
        if batch.done is not None:
            failed = await asyncio.shield(batch.done)
        if table_id in failed:
            await self._database_lost() if self.conn.closed else await self._let_go(table_id)
            return
        await self._publish(messages, at_once=batch.conn is not None)
        self._schedule(table_id)

    def _commit(self, batch) -> dict[int, str]:
        """Every step queued since the last commit, in one transaction (group commit); the tables whose
        steps could not be written, each with why (logged: those steps are not published, and each such table
        is let go to be taken again from what is stored)."""
        self.batch = db.Batch()
        written = {table_id for table_id, _change in batch.steps} | ({batch.sent[0]} if batch.sent else set())
        try:
            failed = db.write_batch(self._conn, batch)
        except psycopg.Error as e:
            failed = {table_id: db.cause(e) for table_id, _change in batch.steps} | batch.failed
        self._committed_at = time.monotonic()
        for table_id in written - failed.keys():   # a table that stores its steps again is out of trouble
            self.troubled.pop(table_id, None)
        for table_id, why in failed.items():
            if self._conn.closed:   # the database is gone, not the table's own failure: every table is let go
                log.warning("table %d: a step was not stored (%s); nothing of it was sent", table_id, why)
                continue
            log.warning("table %d: a step was not stored (%s); nothing of it was sent, and the table is let go "
                        "to be taken again in %g s from what is stored", table_id, why, self._back_off(table_id))
        if batch.done is not None:
            batch.done.set_result(failed)
        return failed

    def _back_off(self, table_id: int) -> float:
        """A table failed for a reason of its own (a write refused, a stored game that cannot be rebuilt): it is
        not taken again for `retake_after` its failures in a row, so a table that keeps failing costs a failure
        and a log line per step of the back-off, not four a second. Returns the wait."""
        failures = self.troubled.get(table_id, (0, 0.0))[0] + 1
        wait = retake_after(failures)
        self.troubled[table_id] = (failures, time.monotonic() + wait)
        return wait

    def _schedule(self, table_id: int) -> None:
        """A bot's move or the rules' timer, when one is due (one pending step per table)."""
        table = self.tables.get(table_id)
        if table is None or table_id in self._bots:
            return
        loop = asyncio.get_running_loop()
        if table.table.due_bot() is not None:
            delay, step = self.bot_delay, lambda: table.bot_step(self.batch)
        else:
            delay = table.table.timer_delay()
            if delay is None:
                return
            rev = table.table.rev
            step = lambda: table.fire_timer(self.batch, rev)  # noqa: E731

        def due():
            self._bots.pop(table_id, None)
            loop.create_task(self._step(table_id, step))

        self._bots[table_id] = loop.call_later(delay, due)

    @staticmethod
    def _packed(table_id: int, sends: list) -> list[tuple[str, bytes]]:
        """A step's (connection, message) pairs as the (subject, bytes) to publish."""
        return [(subjects.table_public(table_id) if conn == PUBLIC else subjects.table_out(table_id, conn),
                 msgpack.packb(message, use_bin_type=True)) for conn, message in sends]

    async def _publish(self, messages: list[tuple[str, bytes]], *, at_once: bool = False) -> None:
        """A step's messages (`_packed`), in one write: now (`at_once`, a quiet process: `club.send_now`), or with
        every other step's of this loop turn from nats-py's flusher (a busy process: one write for them all)."""
        if at_once and publish_now(self.nc, messages):
            return
        for subject, data in messages:
            await self.nc.publish(subject, data)

    # ----- accounts (used by club.lobby) -----------------------------------------------
    def rewrite_accounts(self, *, tell_others: bool = True) -> bool:
        """Write the NATS accounts file(s) from the players and reload each server (False: not ours to do);
        then tell every other process keeping a server's accounts (a cluster's other machines) to do the same."""
        if not self.accounts:
            return False
        # One process at a time reads the players and writes the files (db.ACCOUNTS_LOCK, held until written): the
        # last to write has read every sign-up committed before it, so a list read earlier by a slower process
        # never replaces a newer one (two processes keeping one server, rewriting at each other's news).
        with self.conn.transaction():   # the lock goes with it
            db.lock_accounts(self.conn)
            text = natsauth.render(natsauth.password_of(self.nats_url), db.players(self.conn))
            for auth_file, pid_file in self.accounts:
                natsauth.write_and_reload(auth_file, pid_file, text)
        if tell_others and self.nc is not None:
            asyncio.get_running_loop().create_task(self.nc.publish(subjects.ACCOUNTS, self.name.encode()))
        return True

    async def _keep_accounts(self) -> None:
        """This process keeps its servers' accounts: now (sign-ups made while it was away), and each time
        another process says the players changed. Only the service user may publish that subject."""
        async def changed(msg):
            if msg.data.decode(errors="replace") != self.name:   # our own news is already written
                self._rewrite_here()

        await self.nc.subscribe(subjects.ACCOUNTS, cb=changed)
        self._rewrite_here()

    def _rewrite_here(self) -> None:
        try:
            self.rewrite_accounts(tell_others=False)
        except (OSError, psycopg.Error) as e:   # the next sign-up's news tries again
            self.conn.rollback()
            print(f"accounts: not rewritten ({type(e).__name__}: {e})", file=sys.stderr, flush=True)


def account_files(auth_files, pid_files) -> list[tuple[str, str | None]]:
    """(accounts file, pid file) pairs from one path or a list of each (`--auth-file`, `--nats-pid-file`, given
    once per nats-server this process keeps); a server without a pid file has its file written, not reloaded."""
    def listed(paths) -> list:
        return [] if paths is None else [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    auths, pids = listed(auth_files), listed(pid_files)
    if len(pids) > len(auths):
        raise ValueError("each --nats-pid-file goes with an --auth-file (give them in pairs, in the same order)")
    return [(auth, pids[i] if i < len(pids) else None) for i, auth in enumerate(auths)]

