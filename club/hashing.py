"""The bcrypt hashes the club keeps of secrets (players' and its own service password), and their cost.

bcrypt's work factor is 10 (some 55 ms of CPU a hash, and as much for NATS to check one at each connection).
SANDTABLE_CLUB_BCRYPT_COST sets another, from 4 (bcrypt's least) to 15: the test suite sets 4, as Rails' and
Django's test settings do, so that its hundreds of sign-ups cost milliseconds. A hash keeps its own cost, so
secrets hashed at one cost are still checked after the setting changes."""
import os

import bcrypt

COST_VARIABLE = "SANDTABLE_CLUB_BCRYPT_COST"
DEFAULT_COST = 10
LEAST_COST, MOST_COST = 4, 15


def cost() -> int:
    text = os.environ.get(COST_VARIABLE, "")
    if not text:
        return DEFAULT_COST
    if not text.isdigit() or not LEAST_COST <= int(text) <= MOST_COST:
        raise ValueError(f"{COST_VARIABLE} is {text!r}: bcrypt's cost is a whole number from {LEAST_COST} to "
                         f"{MOST_COST} (unset: {DEFAULT_COST}).")
    return int(text)


def hashed(secret: str) -> str:
    """`secret`'s bcrypt hash (salted), as NATS and the club's table of players keep it."""
    return bcrypt.hashpw(secret.encode(), bcrypt.gensalt(rounds=cost())).decode()
