"""Online: sign in to a club (docs/club.md) — its address, your name and the secret you keep.

Sign up asks the club for a new account (a secret is made for you if the field is empty); Sign in
uses one you have. Either way, once the club has let you in, the address, name and secret are kept
in your config folder (game.club_link) and the club's lobby opens. Anything that goes wrong is a
sentence under the form, and nothing else changes.
"""
import pygame

from game import club_link, sound, theme
from game.gui import GuiScene, TextField
from game.scene import Scene
from game.widgets import Button

FORM_X, FORM_W = 340, 600


class OnlineScene(GuiScene, Scene):
    def __init__(self, app):
        super().__init__(app)
        kept = club_link.load_account()
        self.init_gui(app)
        self.address = TextField(self.gui, (FORM_X, 210, FORM_W, 46), caption="Club address", text=kept["address"],
                                 placeholder="for example nats://club.example.org:4222", max_length=120)
        self.name = TextField(self.gui, (FORM_X, 300, FORM_W, 46), caption="Your name in the club",
                              text=kept["name"] or self._name_from_settings(),
                              placeholder="letters, digits, - or _", max_length=32)
        self.secret = TextField(self.gui, (FORM_X, 390, FORM_W, 46), caption="Your secret (kept on this computer)",
                                text=kept["secret"], placeholder="empty: Sign up makes one for you",
                                max_length=72, on_submit=lambda _: self.sign_in())
        self.secret.entry.set_text_hidden(True)
        self.fields += [self.address, self.name, self.secret]
        self.sign_up_button = Button((FORM_X, 470, 290, 52), "Sign up", self.sign_up)
        self.sign_in_button = Button((FORM_X + 310, 470, 290, 52), "Sign in", self.sign_in, primary=True,
                                     hotkey=pygame.K_F5, hotkey_label="F5")
        self.back_button = Button((70, 724, 200, 52), "Back", self.back)
        self.buttons = [self.sign_up_button, self.sign_in_button, self.back_button]
        self.error: str | None = None
        self.account: club_link.ClubAccount | None = None
        self.pending = None   # the Future of what the club is being asked now
        self.then = None      # what follows it: sign in after a sign-up

    def _name_from_settings(self) -> str:
        name = "".join(ch for ch in self.app.settings.player_name if ch.isalnum() or ch in "-_")
        return name[:32]

    # ----- asking the club ------------------------------------------------------------
    def sign_up(self) -> None:
        if not self.secret.text:
            self.secret.text = club_link.new_secret()
        self._start("sign_up")

    def sign_in(self) -> None:
        self._start("sign_in")

    def _start(self, what: str) -> None:
        if self.pending is not None:
            return
        self.error = None
        try:
            account = club_link.ClubAccount(self.address.text, self.name.text, self.secret.text)
        except ValueError as e:
            self._failed(str(e))
            return
        if not account.name:
            account.close()
            self._failed("Type your name in the club first.")
            return
        self._close_account()
        self.account = account
        if what == "sign_up":
            self.pending, self.then = account.sign_up(), account.sign_in
        else:
            self.pending, self.then = account.sign_in(), None
        self.app.redraw()

    def _step(self) -> None:
        if self.pending is None or not self.pending.done():
            return
        future, self.pending = self.pending, None
        error = future.exception()
        if error is not None:
            self._close_account()
            self._failed(str(error))
            return
        if self.then is not None:   # signed up: keep the secret now, whatever the sign-in then says
            self._keep(self.account)
            self.pending, self.then = self.then(), None
            return
        account, self.account = self.account, None
        self._keep(account)
        sound.play("click")
        from game.scenes.club_lobby import ClubLobbyScene
        self.app.replace(ClubLobbyScene(self.app, account))

    def _keep(self, account) -> None:
        try:
            club_link.keep_account(account.address, account.name, account.secret)
        except OSError as e:
            self.app.notify(f"Your club account could not be kept on this computer ({e.strerror or e}).",
                            warning=True)

    def _failed(self, text: str) -> None:
        self.error = text
        sound.play("error")
        self.app.redraw()

    def _close_account(self) -> None:
        if self.account is not None:
            self.account.close()
            self.account = None

    def on_exit(self) -> None:
        self.pending = None
        self._close_account()

    # ----- frame ----------------------------------------------------------------------
    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:   # the next field (Shift: the one before)
            at = next((i for i, f in enumerate(self.fields) if f.focused), -1)
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.fields[(at + step) % len(self.fields)].focus()
            return True
        if self.gui_handle(event):
            return True
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt):
        self.gui_update(dt)
        self._step()
        busy = self.pending is not None
        self.sign_up_button.enabled = self.sign_in_button.enabled = not busy

    def draw(self, surface):
        c = theme.colours
        surface.blit(theme.backdrop(surface.get_size()), (0, 0))
        theme.draw_title(surface, "Online", 64)
        theme.draw_text(surface, "Play friends anywhere through a Sandtable club (docs/club.md).", (640, 116),
                        theme.SIZE_BODY, c.text_dim, anchor="center")
        theme.draw_panel(surface, (FORM_X - 40, 160, FORM_W + 80, 400))
        for b in self.buttons:
            b.draw(surface)
        self.gui_draw(surface)
        if self.pending is not None:
            theme.draw_text(surface, "Asking the club…", (640, 590), theme.SIZE_BODY, c.text_dim, anchor="center")
        elif self.error:
            for j, line in enumerate(theme.wrap_text(self.error, 900, theme.SIZE_BODY)[:3]):
                theme.draw_text(surface, line, (640, 590 + j * 28), theme.SIZE_BODY, c.bad, anchor="center")
        theme.draw_hint(surface, "Tab moves between fields  ·  Enter or F5 signs in  ·  Esc back")

    def frame_rate(self) -> float:
        return max(super().frame_rate(), 10.0 if self.pending is not None else 0.0)
