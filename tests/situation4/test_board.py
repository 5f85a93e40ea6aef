"""The board data and the generated jigsaw pieces: validated at load, made deterministically."""
import copy
import json

import pytest

from engine.errors import BoardError
from engine.situation4.board import LAYOUT_FILE, PIECES_FILE, check_pieces, load, load_layout, parse_layout

from tests.situation4.helpers import BOARD
from tools import make_situation4_pieces as maker

LAYOUT = json.loads(LAYOUT_FILE.read_text())
PIECES = json.loads(PIECES_FILE.read_text())


def test_board_is_a_grid_of_squares_with_a_race_sized_puzzle():
    """One board covered by a grid of square sections, with enough pieces for a 10-20 minute race."""
    assert 60 <= BOARD.n <= 100
    assert all(len(q) == BOARD.square ** 2 for q in BOARD.squares)
    assert sorted(x for q in BOARD.squares for x in q) == list(range(BOARD.n))


def test_each_side_has_a_base_line_and_bases_on_its_own_bank():
    """Each side builds from its own edge; its tank and paratroop bases lie on its side of the river."""
    for side in (0, 1):
        assert len(BOARD.base_line[side]) == BOARD.cols
        for kind in ("tank", "paratroop"):
            assert all(BOARD.bank[x] == side for x in BOARD.squares[BOARD.bases[side][kind]])


def test_bridge_positions_span_the_river():
    """A bridge position has a dot on each bank of the river."""
    for a, b in BOARD.bridge_positions:
        assert BOARD.bank[a] != BOARD.bank[b] and b in BOARD.neighbours[a]


def test_committed_pieces_are_what_the_generator_makes():
    """The piece shapes are generated from the board data, deterministically, and committed."""
    assert maker.render(load_layout()) == PIECES_FILE.read_text()
    assert maker.main(["--check"]) == 0


def test_generator_depends_on_its_seed():
    """Another seed cuts other shapes."""
    assert maker.cut(BOARD, 1)["pieces"] != maker.cut(BOARD, 2)["pieces"]


def test_neighbouring_pieces_share_the_same_tab_curve():
    """Real tabs and blanks: the points of a shared edge are on both pieces' outlines."""
    pieces = PIECES["pieces"]
    for slot in range(BOARD.n):
        mine = {tuple(p) for p in pieces[slot]["outline"]}
        for n in BOARD.neighbours[slot]:
            shared = mine & {tuple(p) for p in pieces[n]["outline"]}
            assert len(shared) >= 10, f"pieces {slot} and {n} share no tab"


def layout_with(change):
    data = copy.deepcopy(LAYOUT)
    change(data)
    return data


@pytest.mark.parametrize("change,phrase", [
    (lambda d: d.update(cols=11), "grid squares"),
    (lambda d: d["bridge_positions"].append([[0, 0], [0, 1]]), "does not cross the river"),
    (lambda d: d["bridge_positions"].append([[3, 1], [5, 1]]), "do not touch"),
    (lambda d: d["sides"][0].update(tank_base=[0, 0]), "not on its own bank"),
    (lambda d: d["sides"][1].update(paratroop_base=[1, 4]), "shares its grid square"),
    (lambda d: d["objectives"].append({"cell": [9, 0], "points": 10}), "off the"),
    (lambda d: d["river"].update(north_bank_last_row=[3] * 11), "north_bank_last_row"),
])
def test_a_faulty_layout_is_refused_naming_the_fault(change, phrase):
    """The board is data validated at load: a fault raises BoardError saying what is wrong."""
    with pytest.raises(BoardError, match=phrase):
        parse_layout(layout_with(change))


def test_pieces_that_do_not_interlock_are_refused():
    """Pieces must interlock: a tab against a blank on every inner edge."""
    data = copy.deepcopy(PIECES)
    data["pieces"][13]["edges"]["e"] *= -1
    with pytest.raises(BoardError, match="do not interlock"):
        check_pieces(BOARD, data)


def test_two_pieces_of_the_same_shape_are_refused():
    """A piece fits only its own space, so no two pieces may share a shape."""
    data = copy.deepcopy(PIECES)
    a = data["pieces"][13]
    data["pieces"][14]["outline"] = [[x + BOARD.cell, y] for x, y in a["outline"]]
    with pytest.raises(BoardError, match="same shape"):
        check_pieces(BOARD, data)


def test_a_missing_pieces_file_is_a_board_error(tmp_path):
    """A missing data file is reported by name."""
    with pytest.raises(BoardError, match="missing"):
        load.__wrapped__(LAYOUT_FILE, tmp_path / "nope.json")
