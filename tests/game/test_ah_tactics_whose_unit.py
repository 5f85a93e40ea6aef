"""Both armies of Tactics (1954) have a 6th Inf, an IIC HQ, an IC HQ...: a line that names units of both sides,
or the enemy's, says whose each is (one function, counters.unit_name, for the log, the plan panel and the
hint's words), and a list too long for its line never drops every name for "6 more"."""
from engine.ah_tactics import queries
from game.ah_tactics.log import action_words
from game.words import counted
from tests.game.test_ah_tactics_readable import board_at
from tests.game.test_log_says_why import named, tactics_log, UNITS


def test_a_halt_names_the_side_of_the_unit_halted_and_of_the_one_it_met(app):
    log = tactics_log(900)
    log.add({"type": "halted", "unit": named("blue", "6th Inf"), "at": [11, 18], "rule": "contact_halts",
             "by": [named("red", "6th Inf")]})
    assert log.entries[-1]["text"] == "Blue's 6th Inf halts at 11,18, in contact with Red's 6th Inf."


def test_an_hq_lost_says_whose_hq_and_whose_unit_took_it(app):
    log = tactics_log(900)
    hq, armd = named("red", "IIC HQ"), named("blue", "3rd Armd")
    log.add({"type": "eliminated", "unit": hq, "at": [20, 19], "reason": "contact", "rule": "hq_contact",
             "by": [armd], "mover": armd})
    assert log.entries[-1]["text"] == "Red's IIC HQ is eliminated at 20,19 — Blue's 3rd Armd moved next to it."


def test_a_battle_names_each_side_once(app):
    log = tactics_log(900)
    log.add({"type": "battle", "attackers": {str(named("blue", "7th Inf")): 4, str(named("blue", "8th Inf")): 4},
             "defenders": [named("red", "6th Inf")], "attack": 8, "defence": 2, "odds": "4-1", "die": 3,
             "result": "defender eliminated"})
    assert log.entries[-1]["text"].startswith("Battle: Blue's 7th Inf + 8th Inf against Red's 6th Inf at 4-1")


def test_the_hint_names_the_enemy_it_attacks_with_its_side():
    action = {"type": "assign", "attacker": named("blue", "7th Inf"), "defender": named("red", "6th Inf")}
    words = action_words(lambda uid: UNITS[uid], {"cities": []}, action, "blue")
    assert words == "7th Inf attacks Red's 6th Inf"


def test_the_hints_reason_says_whose_hq_falls():
    assert "enemy's" in queries.TERM_WORDS["enemy_hqs"]["lost"] and "our" in queries.TERM_WORDS["hqs"]["lost"]


def test_a_list_with_no_room_for_a_name_counts_all_of_them_not_more():
    names = ["1st Inf", "2nd Inf", "3rd Inf", "4th Inf", "5th Inf", "6th Inf"]
    assert counted(names, lambda t: len(t) <= 8) == "6 units"
    assert counted(names, lambda t: len(t) <= 20) == "1st Inf and 5 more"


def test_the_plan_panel_names_the_enemys_units_with_their_side(sandbox_home):
    app, board = board_at(lambda p: p.kind[0] == "battle" and len(p.view["public"]["plan"]) >= 1)
    try:
        enemy = "Red" if board.my_side == "blue" else "Blue"
        rows = board.panels._plan_rows()
        battle_rows = [text for text, _ in rows if text[:1].isdigit() and " on " in text]
        assert battle_rows and all(f" on {enemy}'s " in text for text in battle_rows), battle_rows
        assert all(" more" not in text.split(" by ")[-1][:7] for text in battle_rows), battle_rows
    finally:
        app.close()


def test_the_side_panel_heads_with_the_side_that_decides_where_a_beaten_unit_falls_back(sandbox_home):
    """A fall-back is chosen by the winner (rule E), in the loser's turn: the turn box names the deciding side,
    not the side on the move, and what it decides."""
    from game.ah_tactics.hud import deciding_side, turn_title
    app, board = board_at(lambda p: p.kind[0] == "retreat"
                          and p.view["public"]["retreats"][0]["chooser"] != p.view["public"]["active"])
    try:
        pub = board.pub
        chooser = pub["retreats"][0]["chooser"]
        assert board.my_side == chooser == deciding_side(pub)
        assert turn_title(pub, board.seats.active_seat is not None) == f"Your decision — {chooser.title()}"
        lines = board.panels._turn_lines()
        loser = board.units[pub["retreats"][0]["unit"]]
        assert lines[0] == f"Where {pub['active'].title()}'s {loser['name']} falls back", lines
    finally:
        app.close()


def test_the_tooltip_over_an_enemy_counter_says_whose_it_is(sandbox_home):
    app, board = board_at(lambda p: p.kind[0] == "move")
    try:
        enemy = next(uid for uid in board.positions if board.units[uid]["side"] != board.my_side)
        own = next(uid for uid in board.positions if board.units[uid]["side"] == board.my_side)
        side = board.units[enemy]["side"].title()
        board.pointer.hover = board.positions[enemy]
        assert any(text.startswith(f"{side}'s {board.units[enemy]['name']} (") for text, _ in board.tooltip_lines())
        board.pointer.hover = board.positions[own]
        assert any(text.startswith(f"{board.units[own]['name']} (") for text, _ in board.tooltip_lines())
    finally:
        app.close()
