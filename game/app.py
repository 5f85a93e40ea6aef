"""The window: a resizable pygame-ce window showing a 1280x800 logical surface,
a frame loop that draws only when something changed, and the scene stack.

Scenes draw on the logical surface; the app scales it to the window (letterboxed,
keeping the aspect ratio) and maps mouse positions back to logical coordinates
before any scene sees an event. Esc that a scene does not consume calls its
`back()` (by default: pop it). A scene's `handle` returns True when it consumed
the event. A held key repeats only where that makes sense (game/keys.py); the
window itself (size, full screen, icon) is game/window.py, the loop's timing
game/pacing.py.
"""
import os
import time

import pygame

from game import settings as settings_module
from game import art, keys, pacing, sound, theme
from game.notices import Toasts
from game.scene import LOGICAL_SIZE, SMOOTH, TICK, Scene, SceneStack
from game.window import DesktopWindow, apply_hints

FPS = pacing.FULL
# `python run.py` with this set draws one frame, prints "first frame after S s" and exits (bench/ui.py).
FIRST_FRAME_ENV = "SANDTABLE_FIRST_FRAME_EXIT"
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
OFF_WINDOW = (-1, -1)   # where the pointer is, in logical coordinates, once it has left the window
TOAST_SECONDS = 4.0
TOAST_FADE = 1.0          # a toast fades out over its last second
BANNER_RATE = 2 * TICK    # the reconnecting banner's dots move every 0.4 s
MAX_UPDATE_STEP = 0.1     # scenes' updates advance at most this much time at once
MAX_UPDATE_CATCH_UP = 1.0  # after a longer pause (a hidden window) they catch up this much, then go on


class App:
    def __init__(self, *, settings: settings_module.Settings | None = None, window_size=None, bot_factory=None):
        """`window_size`: the windowed size to open at (None: what fits the desktop)."""
        started = time.perf_counter()
        apply_hints()
        if not (pygame.display.get_init() and pygame.font.get_init()):   # else pygame lives on from a window
            pygame.init()                                                # closed with quit_pygame=False, fonts too
            theme.reset_caches()
            art.reset_cache()
        pygame.event.clear()
        keys.restore_repeat()
        notice = None
        if settings is None:
            settings, notice = settings_module.load()
        self.settings = settings
        self.desktop = DesktopWindow(size=window_size, scale=settings.scale)
        self.window = self.desktop.surface
        self.surface = pygame.Surface(LOGICAL_SIZE).convert()
        self.clock = pygame.time.Clock()
        self.pacer = pacing.Pacer(time.monotonic())
        self.held_keys = keys.HeldKeys()
        self.stack = SceneStack()
        self.running = True
        self.mouse_pos = (0, 0)        # last mouse position in logical coordinates
        self.active_link = None        # the link of the game on screen, for the reconnecting banner
        self.hosted = None             # a HostHandle while this window hosts a LAN table
        self.bot_factory = bot_factory  # None: the bots package (tests pass their own for small games)
        self.toasts = Toasts()         # short messages, each owned by the scene that said it (game.notices)
        self.frames = 0
        self.started = started
        self._first_frame_exit = os.environ.get(FIRST_FRAME_ENV) == "1"
        self._banner_phase = 0.0
        self._banner_shown = False
        sound.sounds.start(settings.volume)
        self.apply_settings()
        if notice:
            self.notify(notice, warning=True)

    # ----- window and coordinates -----------------------------------------------------
    def apply_settings(self) -> None:
        """Push the settings into theme, sound and window (after the Settings scene changes them)."""
        theme.set_colour_blind(self.settings.colour_blind)
        self.desktop.set_scale(self.settings.scale)
        self.window = self.desktop.surface
        sound.sounds.set_volume(self.settings.volume)
        sound.music_player.set_volume(self.settings.music_volume)
        if self.desktop.fullscreen != self.settings.fullscreen:
            self.desktop.set_fullscreen(self.settings.fullscreen)
            self.window = self.desktop.surface
        self.redraw()

    def save_settings(self) -> None:
        try:
            settings_module.save(self.settings)
        except OSError as e:
            self.notify(f"Settings could not be saved ({e.strerror or e}).", warning=True)

    def viewport(self) -> pygame.Rect:
        """Where the logical surface lands in the window: the largest aspect-true fit, centred."""
        ww, wh = self.window.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh)
        # Snap to a whole multiple when close, so pixel art stays crisp at 2x, 3x...
        if scale >= 1 and abs(scale - round(scale)) < 0.04:
            scale = round(scale)
        w, h = max(1, int(lw * scale)), max(1, int(lh * scale))
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos) -> tuple[int, int]:
        view = self.viewport()
        x = (pos[0] - view.x) * LOGICAL_SIZE[0] / view.w
        y = (pos[1] - view.y) * LOGICAL_SIZE[1] / view.h
        return int(x), int(y)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """The same event with positions in logical coordinates."""
        if event.type not in MOUSE_EVENTS:
            return event
        attrs = dict(event.dict)
        attrs["pos"] = self.to_logical(event.pos)
        if "rel" in attrs:
            view = self.viewport()
            attrs["rel"] = (int(event.rel[0] * LOGICAL_SIZE[0] / view.w), int(event.rel[1] * LOGICAL_SIZE[1] / view.h))
        return pygame.event.Event(event.type, attrs)

    # ----- scenes ---------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        self.redraw()

    def pop(self) -> None:
        self.stack.pop()
        self.redraw()
        if not len(self.stack):
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        self.redraw()

    def back_to(self, scene_type: type) -> None:
        """Pop scenes until one of `scene_type` is on top (e.g. back to the main menu)."""
        while len(self.stack) > 1 and not isinstance(self.stack.top, scene_type):
            self.stack.pop()
        self.redraw()

    def to_menu(self) -> None:
        """Back to the main menu (the title scene at the bottom of the stack)."""
        from game.scenes.title import TitleScene
        self.back_to(TitleScene)

    def show_game_over(self, link, rows: list, colours=None) -> None:
        """The game-over scene over the board of `link`'s game: `rows` as game.scenes.game_over shows them."""
        from game.scenes.game_over import show_game_over
        show_game_over(self, link, rows, **({"colours": colours} if colours else {}))

    def quit(self) -> None:
        self.running = False

    def redraw(self) -> None:
        """Something on screen changed outside input (a move from the table, a new list): draw a frame."""
        self.pacer.request()

    def notify(self, text: str, *, warning: bool = False, moment=None, scene: Scene | None = None) -> None:
        """A short message at the top of the window that fades by itself. It belongs to `scene` (default:
        the scene on top now) and goes at once when that scene leaves the top, or when `moment` ends
        (game.notices) — "Press Esc again to leave" stays with its board."""
        colour = theme.colours.warning if warning else theme.colours.text
        self.toasts.say(text, colour, owner=scene if scene is not None else self.stack.top, moment=moment,
                        seconds=TOAST_SECONDS)
        self.redraw()

    # ----- the loop -------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        self.pacer.input(time.monotonic())
        if self.held_keys.dropped(event):
            return   # a held key that takes a step takes it once (Esc, Enter, letters)
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.apply_settings()
            self.save_settings()
            return
        if event.type == pygame.VIDEORESIZE:
            return   # the display surface follows the window by itself; the next frame scales to it
        if event.type == pygame.WINDOWLEAVE:   # the pointer left the window: what was under it is no longer
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=OFF_WINDOW, rel=(0, 0), buttons=(0, 0, 0))
        else:
            event = self.map_event(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
        top = self.stack.top
        if top is None:
            return
        consumed = top.handle(event)
        if not consumed and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            top.back()
        keys.restore_repeat()

    def step(self, dt: float | None = None, *, paced: bool = False) -> None:
        """One frame: events, update, draw (always; `paced`: only when the program's loop would, as a test waiting
        on another process does). Tests and benches call it directly, with posted events; the program's own loop
        is `run`, which draws only when something changed."""
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        self._turn(dt, force_draw=not paced)

    def _turn(self, dt: float, *, force_draw: bool = False) -> None:
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        top = self.stack.top
        if top is not None:
            left = min(dt, MAX_UPDATE_CATCH_UP)
            while True:   # long gaps in small steps: scene clocks stay true, animations do not leap
                top.update(min(left, MAX_UPDATE_STEP))
                left -= MAX_UPDATE_STEP
                if left <= 0 or self.stack.top is not top:
                    break
        keys.restore_repeat()
        self.desktop.settle()
        self._update_toasts(dt)
        now, rate = time.monotonic(), self.frame_rate()
        if force_draw or self.pacer.should_draw(now, rate):
            self.draw()
            self.pacer.drawn(now, rate)

    def frame_rate(self) -> float:
        """The frames a second the screen needs with nobody touching anything: the top scene's rate, a
        fading toast's, the reconnecting banner's."""
        top = self.stack.top
        rate = top.frame_rate() if top is not None else 0.0
        if any(t[1] < TOAST_FADE for t in self.toasts):
            rate = max(rate, SMOOTH)
        if self.reconnecting:
            rate = max(rate, BANNER_RATE)
        return rate

    def run_once(self) -> None:
        """One turn of the program's loop: sleep until input arrives or something is due, then run a frame,
        drawing it only if something changed (game/pacing.py)."""
        pacer = self.pacer
        pacer.visible = pygame.display.get_active()
        now = time.monotonic()
        due = pacer.next_turn(now, self.frame_rate())
        while now < due - pacing.EARLY:
            time.sleep(min(pacer.slice(), due - now))
            now = time.monotonic()
            if pygame.event.peek():
                break   # input: answer it at once
        self._turn(pacer.updated(now))

    def draw(self) -> None:
        self.compose()
        self.present()
        self.frames += 1
        if self.frames == 1 and self._first_frame_exit:
            print(f"first frame after {time.perf_counter() - self.started:.3f} s", flush=True)
            self.running = False

    def compose(self) -> None:
        """Draw the frame on the logical surface (the scenes shown, the banner, the notices), not yet shown."""
        self.surface.fill(theme.colours.background)
        for scene in self.stack.visible():
            scene.draw(self.surface)
        self._draw_banner()
        self._draw_toasts()

    def present(self) -> None:
        self.window = pygame.display.get_surface() or self.window
        view = self.viewport()
        if view.size != self.window.get_size():
            self.window.fill((0, 0, 0))   # the bars beside a letterboxed view
        if view.size == LOGICAL_SIZE:
            self.window.blit(self.surface, view)
        elif view.w % LOGICAL_SIZE[0] == 0 and view.h % LOGICAL_SIZE[1] == 0:
            self.window.blit(pygame.transform.scale(self.surface, view.size), view)
        else:
            self.window.blit(pygame.transform.smoothscale(self.surface, view.size), view)
        pygame.display.flip()

    def run(self) -> int:
        try:
            while self.running and len(self.stack):
                self.run_once()
        finally:
            self.close()
        return 0

    def end_game(self) -> None:
        """Leave whatever game is on: close its link and stop a table this window hosts."""
        from game.tables import close_in_background
        link, self.active_link = self.active_link, None
        host, self.hosted = self.hosted, None
        close_in_background(link, host)

    def close(self, *, quit_pygame: bool = True) -> None:
        """Leave: the scenes popped, the game ended, the sound halted, and pygame quit (unless `quit_pygame` is
        False: the window tests open hundreds of windows in one process, and pygame, its fonts and the drawn
        art made again for each cost about a tenth of their CPU)."""
        while len(self.stack):
            self.stack.pop()
        self.end_game()
        sound.quiet_before_quit()
        if quit_pygame:
            pygame.quit()

    # ----- overlays -------------------------------------------------------------------
    def _update_toasts(self, dt: float) -> None:
        shown = [id(t) for t in self.toasts]
        self.toasts.update(dt, self.stack.top)
        if [id(t) for t in self.toasts] != shown:
            self.redraw()
        self._banner_phase = (self._banner_phase + dt) % 1.2
        if self.reconnecting != self._banner_shown:
            self._banner_shown = not self._banner_shown
            self.redraw()

    def _draw_toasts(self) -> None:
        self.toasts.draw(self.surface, getattr(self.stack.top, "toast_area", None))

    @property
    def reconnecting(self) -> bool:
        link = self.active_link
        return link is not None and getattr(link, "status", "connected") == "reconnecting"

    def _draw_banner(self) -> None:
        if not self.reconnecting:
            return
        dots = "." * (1 + int(self._banner_phase / 0.4))
        rect = pygame.Rect(0, 0, 420, 56)
        rect.midtop = (LOGICAL_SIZE[0] // 2, 70)
        theme.draw_panel(self.surface, rect, theme.colours.panel, border=theme.colours.warning, alpha=245)
        theme.draw_text(self.surface, f"Reconnecting{dots}", (rect.centerx, rect.y + 17), theme.SIZE_LARGE - 4,
                        theme.colours.warning, anchor="center", bold=True)
        theme.draw_text(self.surface, "the game picks up where it was", (rect.centerx, rect.y + 42), theme.SIZE_SMALL - 2,
                        theme.colours.text_dim, anchor="center", shadow=False)


def main_menu_app(**kwargs) -> App:
    """An App with the title scene on its stack."""
    from game.scenes.title import TitleScene
    app = App(**kwargs)
    app.push(TitleScene(app))
    return app
