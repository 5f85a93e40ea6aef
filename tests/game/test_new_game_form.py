"""The New Game form does what it shows: a click on a row's "<" steps back and anywhere else on it forward;
focus starts on Start and stays where the player left it, so Left/Right never changes the game by
surprise; options are named for people; the game last started is the one the form opens on."""
import pygame

from engine import games
from game.scenes.new_game import NewGameScene
from game.settings import load


def open_form(ui, lan=False) -> NewGameScene:
    if lan:
        ui.key(pygame.K_h)
    else:
        ui.click_button(next(b for b in ui.top.menu.buttons if b.label == "Play"))
    form = ui.top
    assert isinstance(form, NewGameScene) and form.lan == lan
    return form


def test_a_click_on_the_less_than_sign_steps_back_and_elsewhere_forward(ui):
    form = open_form(ui)
    cycler = form.game_cycler
    ids = form.game_ids
    start = cycler.index
    ui.click(cycler.rect.center)
    assert cycler.index == (start + 1) % len(ids)
    ui.click(cycler.back_zone().center)
    assert cycler.index == start
    ui.click(cycler.back_zone().center)
    assert cycler.index == (start - 1) % len(ids)
    ui.click((cycler.rect.right - 16, cycler.rect.centery))   # the ">"
    assert cycler.index == start


def test_left_and_right_do_not_change_the_game_unless_the_game_row_was_chosen(ui):
    form = open_form(ui)
    game = form.game_cycler.value
    assert form.focusables[form.focus] is form.start_button
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_LEFT)
    assert form.game_cycler.value == game
    # changing the player count rebuilds the seats: the focus stays on the count, not back on the game
    ui.click(form.seat_count.rect.center)
    assert form.focusables[form.focus] is form.seat_count
    count = form.seat_count.value
    ui.key(pygame.K_RIGHT)
    assert form.game_cycler.value == game and form.seat_count.value != count
    # the game row, once chosen, is the one Left/Right changes
    ui.click(form.game_cycler.rect.center)
    assert form.focusables[form.focus] is form.game_cycler
    picked = form.game_cycler.value
    ui.key(pygame.K_RIGHT)
    assert form.game_cycler.value != picked and form.focusables[form.focus] is form.game_cycler


def test_options_are_titled_for_people_not_made_from_their_keys(ui):
    form = open_form(ui)
    while form.game_cycler.value != "ah_tactics":
        form.game_cycler.step(1)
    labels = [c.label for _, c in form.option_cyclers]
    assert labels == ["HQ range", "Prisoners", "HQ defence", "Encirclement", "Road and rail cost"]
    assert games.rules("ah_tactics").OPTION_TITLES["hq_defence"] == "HQ defence"
    assert len(labels) == len(games.rules("ah_tactics").OPTION_CHOICES)   # a new option needs its title here


def test_when_the_sentences_do_not_fit_the_option_in_focus_tells_its_whole_sentence_in_the_help_area(ui):
    form = open_form(ui)
    while form.game_cycler.value != "ah_tactics":   # five options, some sentences of three lines
        form.game_cycler.step(1)
    assert form.help_area is not None and form.option_told() is None   # the focus starts on Start
    key, cycler = form.option_cyclers[-1]
    ui.click(cycler.rect.center)
    title, lines = form.option_told()
    assert title == cycler.label and " ".join(lines) == games.rules("ah_tactics").OPTION_HELP[key]
    assert cycler.rect.bottom < form.help_area.top and form.help_area.bottom < form.back_button.rect.top
    ui.key(pygame.K_TAB)   # on to the seats: the pointer still rests on the last option, so it tells on
    assert form.option_told()[0] == cycler.label
    while form.game_cycler.value != "civil_war":   # one option: its sentence stays under it, no help area
        form.game_cycler.step(1)
    assert form.help_area is None


def test_the_form_opens_on_the_game_last_started(ui, sandbox_home):
    form = open_form(ui)
    other = next(g for g in form.game_ids if g != form.game_cycler.value and g != "toy")
    while form.game_cycler.value != other:
        form.game_cycler.step(1)
    ui.click_button(form.start_button)
    assert ui.app.settings.last_game == other
    assert load()[0].last_game == other   # kept in the settings file, for the next run
    ui.app.stack.top.link.close()
    from game.scenes.title import TitleScene
    ui.app.back_to(TitleScene)
    assert open_form(ui).game_cycler.value == other
    ui.key(pygame.K_ESCAPE)
    assert open_form(ui, lan=True).game_cycler.value == other
