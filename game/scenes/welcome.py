"""The first run: before anything else, the window asks what to call the player.

Shown over the title once, when there is no settings file yet (game.settings.load marks it);
the name is saved at once and can be changed later in Settings. Esc keeps "Player".
"""
import pygame

from game import sound, theme
from game.gui import GuiScene, TextField
from game.scene import Scene
from game.widgets import Button

PANEL = pygame.Rect(0, 0, 640, 330)
PANEL.center = (640, 420)


class WelcomeScene(GuiScene, Scene):
    opaque = False   # the title shows behind

    def __init__(self, app):
        super().__init__(app)
        self.init_gui(app)
        self.name = TextField(self.gui, (PANEL.x + 60, PANEL.y + 170, PANEL.w - 120, 48), caption="Your name",
                              placeholder="for example Ada", on_submit=lambda _: self.done())
        self.fields.append(self.name)
        self.ok = Button((PANEL.centerx - 110, PANEL.bottom - 74, 220, 52), "Let's play", self.done, primary=True)

    def on_enter(self) -> None:
        self.name.focus()

    def done(self) -> None:
        name = self.name.text.strip()[:24]
        if not name:
            sound.play("error")
            self.name.focus()
            return
        self._keep(name)

    def back(self) -> None:
        self._keep(self.app.settings.player_name)

    def _keep(self, name: str) -> None:
        self.app.settings.player_name = name
        self.app.settings.name_chosen = True
        self.app.save_settings()
        self.app.pop()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if self.gui_handle(event):
            return True
        return self.ok.handle(event)

    def draw(self, surface):
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        theme.draw_panel(surface, PANEL, border=theme.colours.accent, alpha=250)
        theme.draw_text(surface, "Welcome to Sandtable", (PANEL.centerx, PANEL.y + 48), theme.SIZE_LARGE,
                        theme.colours.accent, bold=True, anchor="center")
        theme.draw_text(surface, "What shall your opponents call you?", (PANEL.centerx, PANEL.y + 96),
                        theme.SIZE_BODY, anchor="center")
        theme.draw_text(surface, "It shows at the table, in the log and on the LAN; Settings can change it later.",
                        (PANEL.centerx, PANEL.y + 124), theme.SIZE_SMALL, theme.colours.text_dim, anchor="center",
                        shadow=False)
        self.ok.draw(surface)
        self.gui_draw(surface)
