"""What a test or a scripted player reads of a board that one of the board's parts holds.

`Held("input")` as a class attribute of a board: the input's own attribute of that name, read and set through the
board; `Held("panels.orders", "steppers")` a part's part's, under another name. The parts keep their state; the
board names, once, what is read of it from outside.
"""


class Held:
    """An attribute of a board that one of its parts holds (`Held("input")`: the input's own of that name;
    `Held("panels.orders", "steppers")` a part's part's), read and set through the board: what a test or a scripted
    player reads of a board, the parts keeping their state."""

    def __init__(self, part: str, name: str | None = None):
        self.path, self.name = part.split("."), name

    def __set_name__(self, owner, name: str) -> None:
        self.name = self.name or name

    def _part(self, board):
        for step in self.path:
            board = getattr(board, step)
        return board

    def __get__(self, board, owner=None):
        return self if board is None else getattr(self._part(board), self.name)

    def __set__(self, board, value) -> None:
        setattr(self._part(board), self.name, value)
