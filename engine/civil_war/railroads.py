"""Railroad sections and cuts: which links a side may ride this turn.

A unit standing on a section's interior (a rail square with no city) cuts that
whole section for the other side while it stays; a unit in a city at a
section's end cuts nothing.
"""
from engine.civil_war.pieces import enemy
from engine.package import per_board


def cut_sections(board, state, side: int) -> set:
    """Indices of the sections `side` may not ride, because enemy units stand on them."""
    section_of = _tables(board)[0]
    foe = enemy(side)
    cuts = set()
    for u in state["units"]:
        if u["side"] == foe:
            index = section_of.get((u["at"][0], u["at"][1]))
            if index is not None:
                cuts.add(index)
    return cuts


def link_open(board, cuts: set, a, b) -> bool:
    """True when a and b are joined by a rail link whose section is not cut."""
    return b in board.rail.get(a, ()) and board.link_section[frozenset((a, b))] not in cuts


def cut_links(board, state, side: int) -> list:
    """Every rail link `side` cannot ride, as [[x, y], [x, y]] pairs (for views and highlighting)."""
    links = _tables(board)[1]
    return [[list(a), list(b)] for a, b in sorted(link for index in cut_sections(board, state, side)
                                                  for link in links[index])]


@per_board
def _tables(board) -> tuple:
    """(interior square -> its section, section -> its links as (a, b) in order)."""
    section_of = {sq: index for index, interior in enumerate(board.sections) for sq in interior}
    links = [[] for _ in board.sections]
    for link, index in board.link_section.items():
        links[index].append(tuple(sorted(link)))
    return section_of, links
