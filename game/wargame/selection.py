"""What the player has picked on the map: a cell, and which of the pieces there go.

Pieces are counted by key: a kind ("infantry": 3) where a game moves pieces by
kind, or a unit id ("12": 1) where every counter is a unit of its own. The
selection holds what is available at the cell and what is picked of it; the
steppers change one key, and the quick picks (Tab) cycle through everything, all
of one key, and one of a key. It knows nothing of rules: the board asks `legal`
what the picked group may do (game.wargame.reach).
"""


class Selection:
    def __init__(self, keys: tuple = ()):
        """`keys`: the order pieces are listed in (kinds); unlisted keys follow in the order they come."""
        self.keys = tuple(keys)
        self.clear()

    def clear(self) -> None:
        self.cell: tuple | None = None
        self.available: dict = {}
        self.picked: dict = {}

    def __bool__(self) -> bool:
        return self.cell is not None

    def _ordered(self, counts: dict) -> dict:
        order = list(self.keys) + [k for k in counts if k not in self.keys]
        return {k: int(counts.get(k, 0)) for k in order if k in self.keys or counts.get(k, 0)}

    def pick(self, cell, available: dict) -> None:
        """Select `cell` with everything available there picked."""
        self.cell = (int(cell[0]), int(cell[1]))
        self.available = self._ordered(available)
        self.picked = dict(self.available)

    def update(self, available: dict) -> None:
        """The pieces at the selected cell changed: keep the pick within what is there now."""
        self.available = self._ordered(available)
        self.picked = {k: min(self.picked.get(k, 0), n) for k, n in self.available.items()}

    @property
    def group(self) -> dict:
        """The picked pieces without zero entries (as actions write a composition)."""
        return {k: n for k, n in self.picked.items() if n}

    def adjust(self, key, delta: int) -> None:
        self.picked[key] = max(0, min(self.available.get(key, 0), self.picked.get(key, 0) + delta))

    def presets(self) -> list[dict]:
        """Quick picks: everything, then for each key all of it and one of it (without repeats)."""
        out = [dict(self.available)]
        for k, n in self.available.items():
            if n:
                out.append({kk: n if kk == k else 0 for kk in self.available})
                out.append({kk: 1 if kk == k else 0 for kk in self.available})
        unique = []
        for p in out:
            if p not in unique:
                unique.append(p)
        return unique

    def next_preset(self) -> None:
        presets = self.presets()
        current = {k: self.picked.get(k, 0) for k in self.available}
        i = presets.index(current) if current in presets else -1
        self.picked = dict(presets[(i + 1) % len(presets)])
