"""The lobby's requests and answers over NATS (docs/club.md, "The lobby"), read as strictly as a table's frames:
a request is one msgpack map of at most MAX_REQUEST bytes, and every number that reaches the database is a
whole number PostgreSQL's `integer` holds. Whatever cannot be read is answered with a sentence, never with
silence or an empty error."""
import msgpack

MAX_REQUEST = 4096
INT_LIMIT = 2**31   # table ids, seats, counts and seqs are PostgreSQL integers: 0 <= n < 2**31


class Refused(ValueError):
    """A request the club refuses; str() is the sentence its answer carries."""


def _refuse_ext(code, data):
    raise Refused("A request holds no msgpack extension types.")


def decoded(data: bytes) -> dict:
    """The request's map, or Refused saying why it cannot be read."""
    if len(data) > MAX_REQUEST:
        raise Refused(f"A request holds at most {MAX_REQUEST} bytes; this one has {len(data)}.")
    try:
        body = msgpack.unpackb(data, raw=False, strict_map_key=True, ext_hook=_refuse_ext, max_str_len=MAX_REQUEST,
                               max_bin_len=MAX_REQUEST, max_array_len=MAX_REQUEST, max_map_len=MAX_REQUEST)
    except Refused:
        raise
    except Exception:   # msgpack's errors may say nothing (an empty message): the sentence is ours
        raise Refused("A request is one msgpack map, and this one does not decode as msgpack.") from None
    if not isinstance(body, dict):
        raise Refused("A request is a msgpack map.")
    return body


def answer(value=None, error: str | None = None) -> bytes:
    """{"ok": value}, or {"err": sentence} when there is an error (never an empty one)."""
    if error is not None:
        return msgpack.packb({"err": error or "The club could not answer that request."}, use_bin_type=True)
    return msgpack.packb({"ok": value}, use_bin_type=True)


def sentence(e: Exception) -> str:
    """What an error says, or its kind when it says nothing."""
    return str(e) or f"The request failed ({type(e).__name__})."


def whole(n, least: int = 0) -> bool:
    """A whole number (not a bool) from `least` to INT_LIMIT - 1."""
    return isinstance(n, int) and not isinstance(n, bool) and least <= n < INT_LIMIT
