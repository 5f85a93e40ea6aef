"""The club's NATS subjects, in one place (docs/club.md, "Subjects and permissions").

A table's frames (the messages of PROTOCOL.md, one msgpack map per NATS message):
  st.t.<table>.in.<player>   a player's messages to the table (only that player may publish here)
  st.t.<table>.out.<player>  the table's messages to that player's seat (only that player may listen)
  st.t.<table>.public        what every spectator sees (public views)
The seat an action is for is the seat its publisher holds: subjects name players, so NATS
permissions are fixed at sign-up, and a subject never names a seat a client could pick.
"""
import re
import sys

SIGN_UP = "st.club.signup"
ACCOUNTS = "st.club.accounts"   # "the players changed": every process keeping a nats-server's accounts rewrites them
NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
RESERVED = {"club", "guest", "public"}


def valid_name(name: str) -> bool:
    return isinstance(name, str) and bool(NAME.match(name)) and name.lower() not in RESERVED


def table_in(table: int, player: str) -> str:
    return f"st.t.{table}.in.{player}"


def table_in_any(table: int) -> str:
    return f"st.t.{table}.in.*"


TABLE_IN_ALL = "st.t.*.in.*"  # every player's messages at every table (the process that serves finished tables)


def table_of(subject: str) -> int | None:
    """The table of a `st.t.<table>.…` subject, or None."""
    parts = subject.split(".")
    return int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else None


def table_out(table: int, player: str) -> str:
    return f"st.t.{table}.out.{player}"


def table_public(table: int) -> str:
    return f"st.t.{table}.public"


def lobby(player: str, verb: str) -> str:
    return f"st.lobby.{player}.{verb}"


LOBBY_ANY = "st.lobby.*.*"


def table_seats(table) -> str:
    """Where the lobby asks a table's owner to seat or unseat a player (club.seating): the service's only."""
    return f"st.club.seat.{table}"


def table_of_seats(subject: str) -> int | None:
    """The table of a `st.club.seat.<table>` subject, or None."""
    last = subject.rsplit(".", 1)[-1]
    return int(last) if last.isdigit() else None


def inbox(player: str) -> str:
    """A player's own reply inbox prefix (nats-py's `inbox_prefix`), so no one else reads its answers."""
    return f"_INBOX_{player}"


def player_publish(name: str) -> list[str]:
    return [f"st.t.*.in.{name}", f"st.lobby.{name}.>"]


def player_subscribe(name: str) -> list[str]:
    return [f"st.t.*.out.{name}", "st.t.*.public", inbox(name) + ".>"]


def player_of(subject: str) -> str:
    """The player a `st.t.<table>.in.<player>` subject came from (NATS checked who may publish it).
    Interned: the player's name is its connection at the table, which compares connections by identity."""
    return sys.intern(subject.rsplit(".", 1)[1])
