"""Information sets (docs/games.md, "Information sets: sample_state"): nothing in the Civil War Game
is hidden, so the only state consistent with a view is the one it shows — its own fields, copied."""
from engine.canonical import copy_plain
from engine.civil_war.views import STATE_KEYS


def sample_state(view: dict, seat, rng) -> dict:
    """The state `view` was built from (the public view holds every field of the state)."""
    public = view["public"]
    return {key: copy_plain(public[key]) for key in STATE_KEYS}
