"""Railroad sections and cuts: which links a side may ride this turn.

A unit standing on a section's interior (a rail square with no city) cuts that
whole section for the other side while it stays; a unit in a city at a
section's end cuts nothing.
"""
from engine.civil_war.pieces import enemy


def cut_sections(board, state, side: int) -> set:
    """Indices of the sections `side` may not ride, because enemy units stand on them."""
    enemy_squares = {(u["at"][0], u["at"][1]) for u in state["units"] if u["side"] == enemy(side)}
    return {i for i, interior in enumerate(board.sections) if interior & enemy_squares}


def link_open(board, cuts: set, a, b) -> bool:
    """True when a and b are joined by a rail link whose section is not cut."""
    return b in board.rail.get(a, ()) and board.link_section[frozenset((a, b))] not in cuts


def cut_links(board, state, side: int) -> list:
    """Every rail link `side` cannot ride, as [[x, y], [x, y]] pairs (for views and highlighting)."""
    cuts = cut_sections(board, state, side)
    out = []
    for link, index in board.link_section.items():
        if index in cuts:
            a, b = sorted(link)
            out.append([list(a), list(b)])
    return sorted(out)
