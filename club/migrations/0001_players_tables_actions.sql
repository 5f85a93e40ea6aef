-- The club's first schema (docs/club.md, "Schema"). Applied once by `sandtable club --init`.

-- A player signs up with a name and a secret it keeps; the club keeps only a bcrypt hash of it
-- (the same hash is the NATS password in the server's accounts file).
CREATE TABLE players (
    name        text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9_-]{1,32}$'),
    secret_hash text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A table: what a save file's header holds (game, options, seed, seats), its phase, and the
-- correspondence settings (a move deadline, and what happens when it passes).
CREATE TABLE tables (
    id           bigserial PRIMARY KEY,
    name         text NOT NULL,
    game         text NOT NULL,
    options      jsonb NOT NULL DEFAULT '{}',
    n_seats      integer NOT NULL CHECK (n_seats BETWEEN 1 AND 8),
    seed         bigint NOT NULL,
    seat_list    jsonb NOT NULL,              -- the Session's seats: kind, name, level, token digest
    state        text NOT NULL DEFAULT 'lobby' CHECK (state IN ('lobby', 'play', 'over')),
    move_deadline interval,                   -- NULL: no deadline
    on_deadline  text CHECK (on_deadline IN ('bot', 'forfeit')),
    created_by   text REFERENCES players (name),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tables_open ON tables (state) WHERE state <> 'over';

-- Who holds which seat. The token is the seat's protocol token (net.table), kept by the club so a
-- player proven by NATS gets the seat back from any machine; last_seq is the exactly-once counter.
CREATE TABLE seats (
    table_id  bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat      integer NOT NULL,
    player    text NOT NULL REFERENCES players (name),
    token     text NOT NULL,
    last_seq  integer NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, player)
);

-- Every accepted action, in order: replaying them rebuilds the table (engine.session). `seq` is the
-- client's number for it (NULL for bots and timers), so each `ok` can be answered again after a crash.
CREATE TABLE actions (
    table_id  bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    rev       integer NOT NULL CHECK (rev >= 1),
    seat      integer,                        -- NULL: the table itself (a timer)
    action    bytea NOT NULL,                 -- msgpack
    seq       integer,
    at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, rev)
);

-- The recent refusals (the `err` answers of PROTOCOL.md's "last 64"), so a resent refused seq is
-- answered as it was, across table processes.
CREATE TABLE refusals (
    table_id  bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat      integer NOT NULL,
    seq       integer NOT NULL,
    answer    bytea NOT NULL,                 -- msgpack of the err message
    action    bytea NOT NULL,                 -- msgpack of what was refused
    PRIMARY KEY (table_id, seat, seq)
);

-- Which process runs a table now: informational (operators, `club --status`). Ownership itself is a
-- PostgreSQL advisory lock on the table id, held by the owner's connection: a process that dies
-- loses its connection and with it its tables, at once, and another process takes them.
CREATE TABLE owners (
    table_id  bigint PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    process   text NOT NULL,
    since     timestamptz NOT NULL DEFAULT now()
);
