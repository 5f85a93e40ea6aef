"""Settings: player name, effects and music volumes, full screen, animation speed, colour-blind palette, interface
scale. Saved on every change."""
import pygame

from game import settings as settings_module
from game import sound, theme
from game.gui import GuiScene, TextField
from game.scene import Scene
from game.widgets import Button, Cycler

VOLUMES = [i / 10 for i in range(11)]


def row(i: int) -> int:
    """The top of the i-th setting under the name."""
    return 262 + 52 * i


def _percent(value: float) -> str:
    return f"{int(round(value * 100))} %"


def _on_off(value: bool) -> str:
    return "On" if value else "Off"


class SettingsScene(GuiScene, Scene):
    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        self.init_gui(app)
        self.name = TextField(self.gui, (380, 192, 520, 46), caption="Player name", text=s.player_name,
                              on_submit=lambda _: self._commit_name())
        self.fields.append(self.name)
        volume_index = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - s.volume))
        self.volume = Cycler((380, row(0), 520, 46), "Sound effects", VOLUMES, index=volume_index,
                             format_value=_percent, on_change=self._set_volume)
        music_index = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - s.music_volume))
        self.music = Cycler((380, row(1), 520, 46), "Music", VOLUMES, index=music_index, format_value=_percent,
                            on_change=self._set_music)
        self.fullscreen = Cycler((380, row(2), 520, 46), "Full screen (F11)", [False, True], index=int(s.fullscreen),
                                 format_value=_on_off, on_change=self._set_fullscreen)
        speeds = list(settings_module.ANIMATION_SPEEDS)
        self.speed = Cycler((380, row(3), 520, 46), "Animation speed", speeds, index=speeds.index(s.animation_speed),
                            format_value=str.capitalize, on_change=self._set_speed)
        self.palette = Cycler((380, row(4), 520, 46), "Colour-blind palette", [False, True], index=int(s.colour_blind),
                              format_value=_on_off, on_change=self._set_palette)
        scales = list(settings_module.UI_SCALES)
        self.scale = Cycler((380, row(5), 520, 46), "Interface scale", scales, index=scales.index(s.ui_scale),
                            format_value=lambda v: f"{v} %", on_change=self._set_scale)
        self.done = Button((540, 688, 200, 52), "Done", self.back, primary=True)
        self.focusables = [self.volume, self.music, self.fullscreen, self.speed, self.palette, self.scale, self.done]
        self.focus = 0
        self._sync_focus()

    def _sync_focus(self):
        for i, w in enumerate(self.focusables):
            w.focused = i == self.focus

    # ----- changes are applied and saved at once ---------------------------------------
    def _save(self):
        self.app.apply_settings()
        self.app.save_settings()

    def _commit_name(self):
        name = self.name.text.strip()[:24]
        if not name:
            self.name.text = self.app.settings.player_name
            sound.play("error")
            return
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self._save()

    def _set_volume(self, value):
        self.app.settings.volume = value
        self._save()
        sound.play("dice")  # a sample at the new volume

    def _set_music(self, value):
        self.app.settings.music_volume = value
        self._save()

    def _set_fullscreen(self, value):
        self.app.settings.fullscreen = value
        self._save()

    def _set_speed(self, value):
        self.app.settings.animation_speed = value
        self._save()

    def _set_palette(self, value):
        self.app.settings.colour_blind = value
        self._save()

    def _set_scale(self, value):
        self.app.settings.ui_scale = value
        self._save()

    def back(self):
        self._commit_name()
        self.app.pop()

    # ----- frame ----------------------------------------------------------------------
    def handle(self, event):
        if self.gui_handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            self.focus = (self.focus + (-1 if event.key == pygame.K_UP else 1)) % len(self.focusables)
            self._sync_focus()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            target = self.focusables[self.focus]
            if isinstance(target, Button):
                target.fire()
            else:
                target.step(1)
            return True
        return any(w.handle(event) for w in self.focusables)

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Settings", 80)
        theme.draw_panel(surface, (340, 130, 600, 540))
        for w in self.focusables:
            w.draw(surface)
        # the seat colours as they look now, so the palette switch shows what it does
        theme.draw_text(surface, "Seat colours", (380, 578), theme.SIZE_SMALL, c.text_dim)
        for seat in range(6):
            x = 400 + seat * 84
            theme.draw_seat_badge(surface, (x, 614), seat, 18, label=str(seat + 1))
            theme.draw_text(surface, theme.seat_colour_name(seat), (x, 646), 17, c.text_dim,
                            anchor="center", shadow=False)
        self.gui_draw(surface)
        theme.draw_hint(surface, "Up/Down choose  ·  Left/Right or click change  ·  saved at once  ·  Esc back")
