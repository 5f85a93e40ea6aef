"""The questions a bot (or a window) may ask the rules of The Civil War Game, from the public view.

This is the package's public query surface: `engine/civil_war/__init__.py` re-exports the module
as `queries` (and its `__all__` as `QUERIES`). Bots import this, never the rules modules behind it
(tests/bots/test_legal_only.py holds them to `__all__`), so a rule corrected in the engine is
corrected for the bots too. Every answer comes from the rules' own code.

A *position* is what the rules' helpers read, rebuilt from the (wholly public) view: `position(view)`.

  position(view)                      the state fields the helpers below read
  strength(board, pos, square, side, comp)
                                      battle strength of `side` on `square`: its units there (or the
                                      composition `comp` standing there), fortified ground troops
                                      counting two, plus an unfallen capital's garrison
  stake(board, pos, square, side)       pieces `side` gives up if it loses the city on `square` now
  must_destroy_all(board, square)     a battle for a key city or capital destroys every defender
  step_allowed(board, kind, frm, to)  one step of a lone unit of `kind` by terrain (mountains, passes,
                                      rail, water), no enemies considered
  SPEED, RAIL_RIDE                    squares per turn by kind, and rail links an infantry group rides
and the kinds of unit: INFANTRY, CAVALRY, GUNBOAT, KINDS, GROUND.
"""
from engine.civil_war import battle, cities, movement
from engine.civil_war.pieces import CAVALRY, GROUND, GUNBOAT, INFANTRY, KINDS, RAIL_RIDE, SPEED

__all__ = ["position", "strength", "stake", "must_destroy_all", "step_allowed", "SPEED", "RAIL_RIDE",
           "INFANTRY", "CAVALRY", "GUNBOAT", "KINDS", "GROUND"]


def position(view: dict) -> dict:
    """The state fields the rules' helpers read (units, fortified cities, flags), from the public view."""
    pub = view["public"]
    return {"units": pub["units"], "fortified": pub["fortified"], "flags": pub["flags"]}


def strength(board, pos: dict, square, side: int, comp: dict | None = None) -> int:
    """Battle strength of `side` on `square` as the rules count it (battle.defence): of the units there,
    or of the composition `comp` standing there in their place."""
    if comp is not None:
        units = [{"side": side, "kind": k, "at": list(square)} for k in KINDS for _ in range(comp.get(k, 0))]
        pos = dict(pos, units=units)
    return battle.defence(board, pos, tuple(square), side)


def stake(board, pos: dict, square, side: int) -> int:
    """Pieces `side` gives up if it loses the city on `square` now (0: no city of its at stake)."""
    return cities.cost_of_losing(board, pos, tuple(square), side)


def must_destroy_all(board, square) -> bool:
    """In a battle for a key city or a capital the defenders must be destroyed to the last."""
    return battle.must_destroy_all(board, tuple(square))


def step_allowed(board, kind: str, frm, to) -> bool:
    """One step of a lone unit of `kind` from `frm` to the neighbouring `to`, by terrain only."""
    return movement.step_allowed(board, {kind: 1}, tuple(frm), tuple(to))
