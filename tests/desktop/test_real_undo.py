"""Issue 20's undo on a real desktop: a placement clicked with the real mouse is taken back with a real
Ctrl+Z (xdotool, through the X server's keyboard), in the program's own loop (tests/desktop/probe.py)."""


def test_ctrl_z_on_a_real_keyboard_takes_back_a_risk_placement(laptop):
    window = laptop.window("risk-reinforce", "--name", "Ada")
    mine = window.wait(lambda s: s["scene"] == "BoardScene" and s.get("my_move") and s.get("lit"), 30,
                       "the player's reinforcements")
    assert not mine["undo_offered"]
    window.activate()
    laptop.click(window.screen_point(mine["lit"]))   # one army on a lit territory
    placed = window.wait(lambda s: s["rev"] == mine["rev"] + 1 and s["undo_offered"], 10, "the army placed")
    assert placed["hash"] != mine["hash"]
    laptop.tap("ctrl+z")
    back = window.wait(lambda s: s["rev"] == mine["rev"] + 2 and s.get("my_move"), 10, "the placement taken back")
    assert back["hash"] == mine["hash"]
    assert back["log"][-1].startswith("Ada places 1 army on") and back["struck"][-1] == back["log"][-1], \
        "the placement's line is struck out (issue 43), no line of its own added"
    assert back["refusals"] == [] and not back["undo_offered"]
