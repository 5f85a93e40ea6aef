"""The New Game form offers the expert for a seat in turn-based games and not in the real-time race."""
from tests.game.test_local_game import choose_game


def test_the_seat_list_offers_the_expert_in_risk_but_not_in_situation_4(ui):
    ui.click_button(next(b for b in ui.top.menu.buttons if b.label == "Play"))
    form = ui.top
    choose_game(ui, form, "risk")
    assert "bot expert" in form.seat_cyclers[1].values
    choose_game(ui, form, "situation4")
    assert "bot expert" not in form.seat_cyclers[1].values
    assert "bot hard" in form.seat_cyclers[1].values
