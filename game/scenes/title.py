"""Title and main menu: the first thing a player meets."""
import pygame

from game import art, local_play, saved_games, sound, theme
from game.theme import fit_text
from game.scene import Scene
from game.widgets import ButtonColumn

MENU_X = 300  # the menu stands on the left; the map shows on the right
MENU_TOP, MENU_BOTTOM = 312, 720  # the buttons' column inside the menu panel
QUIT_CONFIRM_SECONDS = 2.5  # Esc quits only when pressed again within this time (Q and Quit at once)
QUIT_NOTICE = "Press Esc again to quit."


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.time = 0.0
        self.quit_armed = 0.0
        self.asked_name = False
        self.offer_learn = False   # the first run: Learn is offered once the name is chosen
        self.can_rejoin = None
        self.unfinished = saved_games.latest_unfinished()
        self._build_menu()

    def _build_menu(self) -> None:
        """The menu, with "Continue" first while a game is left unfinished in the saves folder, and
        "Rejoin" while this window holds a seat at a LAN table (kept in its data folder)."""
        from game import tables
        self.can_rejoin = bool(tables.seat_book().seats())
        items = [
            ("Play", self.play, pygame.K_p),
            ("Learn", self.learn, pygame.K_l),
            ("Host on LAN", self.host, pygame.K_h),
            ("Join", self.join, pygame.K_j),
            ("Online", self.online, pygame.K_o),
            ("Replays", self.replays, pygame.K_r),
            ("Rules", self.rules, pygame.K_u),
            ("Settings", self.settings, pygame.K_s),
            ("Quit", self.app.quit, pygame.K_q),
        ]
        if self.can_rejoin:
            items.insert(3, ("Rejoin", self.rejoin, pygame.K_e))
        if self.unfinished is not None:
            items.insert(0, ("Continue", self.continue_game, pygame.K_c))
        gap = 10 if len(items) <= 7 else 8
        height = min(50, (MENU_BOTTOM - MENU_TOP) // len(items) - gap)   # however many entries, they fit the panel
        self.menu = ButtonColumn.centred([(label, fn) for label, fn, _ in items], MENU_X, MENU_TOP, width=320,
                                         height=height, gap=gap)
        for button, (label, _, key) in zip(self.menu.buttons, items):
            button.hotkey = key
            button.hotkey_label = pygame.key.name(key).upper()

    # ----- where each entry goes ------------------------------------------------------
    def continue_game(self):
        """Pick up the latest unfinished game where it was left."""
        if self.unfinished is not None and not local_play.continue_game(self.app, self.unfinished.path):
            self._refresh_menu()

    def play(self):
        from game.scenes.new_game import NewGameScene
        self.app.push(NewGameScene(self.app, lan=False))

    def learn(self, first_run: bool = False):
        from game.tutorial.learn import LearnScene
        self.app.push(LearnScene(self.app, first_run=first_run))

    def host(self):
        from game.scenes.new_game import NewGameScene
        self.app.push(NewGameScene(self.app, lan=True))

    def join(self):
        from game.scenes.lan_browser import LanBrowserScene
        self.app.push(LanBrowserScene(self.app))

    def online(self):
        from game.scenes.online import OnlineScene
        self.app.push(OnlineScene(self.app))

    def rejoin(self):
        from game.scenes.rejoin import RejoinScene
        self.app.push(RejoinScene(self.app))

    def replays(self):
        from game.scenes.replays import ReplaysScene
        self.app.push(ReplaysScene(self.app))

    def rules(self):
        from game.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app))

    def settings(self):
        from game.scenes.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def back(self):
        """Esc: a first press asks, a second one soon after quits (a stray or held Esc never closes the program)."""
        if self.quit_armed > 0:
            self.app.quit()
        else:
            self.quit_armed = QUIT_CONFIRM_SECONDS
            self.app.notify(QUIT_NOTICE, scene=self)

    def on_enter(self):
        self.app.end_game()  # back at the menu: whatever game was on is over for this window
        sound.music("menu")
        self._refresh_menu()
        if self.offer_learn:   # the first run, the name chosen: offer the lessons, once
            self.offer_learn = False
            self.learn(first_run=True)
        elif not self.app.settings.name_chosen and not self.asked_name:   # the first run: ask the player's name first
            self.asked_name = True   # once: leaving the question (or closing the window) is an answer too
            self.offer_learn = True
            from game.scenes.welcome import WelcomeScene
            self.app.push(WelcomeScene(self.app))

    def _refresh_menu(self) -> None:
        """Continue and Rejoin come and go with what is saved: rebuild the menu when either changed."""
        from game import tables
        latest = saved_games.latest_unfinished()
        had = self.unfinished is not None
        self.unfinished = latest
        if had != (latest is not None) or bool(tables.seat_book().seats()) != self.can_rejoin:
            self._build_menu()

    # ----- frame ----------------------------------------------------------------------
    def handle(self, event):
        return self.menu.handle(event)

    def update(self, dt):
        self.time += dt
        self.quit_armed = max(0.0, self.quit_armed - dt)

    def draw(self, surface):
        surface.blit(art.title_map(surface.get_size()), (0, 0))
        logo = art.logo()
        surface.blit(logo, logo.get_rect(midtop=(surface.get_width() // 2, 28)))
        theme.draw_text(surface, "classic wargames  ·  hot-seat, bots or LAN", (surface.get_width() // 2, 150),
                        theme.SIZE_BODY, theme.colours.text, anchor="center")
        panel = pygame.Rect(0, 0, 372, 520)
        panel.midtop = (MENU_X, 208)
        theme.draw_panel(surface, panel, alpha=215)
        theme.draw_text(surface, f"Commander {self.app.settings.player_name}", (panel.centerx, panel.y + 30),
                        theme.SIZE_BODY, theme.colours.accent, anchor="center")
        under = f"last game: {self.unfinished.describe()}" if self.unfinished is not None else "choose your campaign"
        theme.draw_text(surface, fit_text(under, panel.w - 24, theme.SIZE_SMALL), (panel.centerx, panel.y + 58),
                        theme.SIZE_SMALL, theme.colours.text_dim, anchor="center", shadow=False)
        self.menu.draw(surface)
        theme.draw_hint(surface, "Up/Down and Enter, or click  ·  letters are shortcuts  ·  F11 full screen  ·  Esc twice quits")
