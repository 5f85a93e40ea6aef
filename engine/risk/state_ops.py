"""Small reads and writes of the game state shared by the setup and the turn flow."""


def set_phase(state: dict, phase: str, events: list) -> None:
    if state["phase"] != phase:
        state["phase"] = phase
        events.append({"type": "phase", "phase": phase})


def territories_of(territories: dict, owner: int) -> list[str]:
    return [t for t, v in territories.items() if v["owner"] == owner]
