"""How fast the board plays what the player only watches: bot turns and animations.

Three speeds, decided once a frame:
  * fast-forward — while the player holds Space with nothing of theirs to do, or has the HUD's
    toggle on (X): bots move about once a frame and animations are skipped;
  * quick — a step the board calls routine (placing starting armies, a bot's reinforcements):
    bots move at QUICK_DELAY, so the opening is not a minute of watching single armies;
  * normal — the table's own delay, set from the player's animation speed.
Only a table in this process can be hurried (it has a `bot_delay`); over a LAN the host keeps its
pace and fast-forward skips this window's animations only. A real-time race's bots keep their own
clocks (their table's delay is 0): fast-forward there skips animations alone.
"""
import pygame

from game.widgets import Button

FAST_DELAY = 0.001    # seconds between bot moves at fast-forward: one move a frame, so the map still moves
QUICK_DELAY = 0.15    # routine steps
TOGGLE_KEY = pygame.K_x
HOLD_KEY = pygame.K_SPACE


class Pace:
    def __init__(self, link, factor: float, rect: pygame.Rect | None = None):
        """`factor`: the player's animation speed (game.settings); the link's delay now is its normal pace;
        `rect`: where the fast-forward toggle sits (None: Space and X only)."""
        self.link = link
        self.rect = rect
        self.button = Button(rect or (0, 0, 0, 0), "", self.toggle, size=17)
        self.factor = factor
        self.normal = getattr(link, "bot_delay", None)   # None: the table's pace is not ours to set
        self.toggled = False
        self.held = False

    @property
    def fast(self) -> bool:
        return self.toggled or self.held

    @property
    def animation_factor(self) -> float:
        """Multiplier for the board's animations now (0: skip them)."""
        return 0.0 if self.fast else self.factor

    def toggle(self) -> None:
        self.toggled = not self.toggled

    def hold(self, down: bool) -> None:
        self.held = down

    def apply(self, quick: bool) -> None:
        """Set the table's delay for this frame (`quick`: the board calls what is happening routine)."""
        if not self.normal:   # no delay of ours to change (a LAN table, a race's paced bots)
            return
        delay = FAST_DELAY if self.fast else min(self.normal, QUICK_DELAY) if quick else self.normal
        if self.link.bot_delay != delay:
            self.link.bot_delay = delay

    def label(self) -> str:
        return "Fast-forward ON (X)" if self.toggled else "Fast-forward (X)"

    def handle(self, event, idle: bool) -> bool:
        """Space held while the window has nothing of its own to do (`idle`) fast-forwards; X (or the toggle)
        keeps it on. Space goes to the board as usual on the player's own move."""
        if event.type == pygame.KEYUP and event.key == HOLD_KEY:
            was_held = self.held
            self.hold(False)
            return was_held
        if event.type != pygame.KEYDOWN:
            return self.rect is not None and self.button.handle(event)
        if event.key == TOGGLE_KEY:
            self.toggle()
            return True
        if event.key == HOLD_KEY and (self.held or idle):
            self.hold(True)   # key repeat while held never reaches the board (it would end a phase)
            return True
        return False

    def draw(self, surface) -> None:
        if self.rect is not None:
            self.button.label = self.label()
            self.button.primary = self.fast
            self.button.draw(surface)
