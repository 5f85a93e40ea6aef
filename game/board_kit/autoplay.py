"""Driving a window the way a person does: real mouse and key events posted to
pygame's queue, then frames run until something holds.

Scripted players (UI tests, screenshot scripts, benches) build on these; they
post input in logical coordinates, which is what the app hands scenes when the
window is at its logical size (as it is under the dummy video driver).
"""
import pygame

FRAME = 1 / 60


def post_motion(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def post_click(pos, button: int = 1, shift: bool = False) -> None:
    """Move there, press and release (with Shift held when `shift`)."""
    pygame.key.set_mods(pygame.KMOD_LSHIFT if shift else pygame.KMOD_NONE)
    post_motion(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key: int, mod: int = 0) -> None:
    pygame.key.set_mods(mod or pygame.KMOD_NONE)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def run_until(app, scene, done, *, player=None, max_frames: int = 6000) -> bool:
    """Run frames (a player's `step()` before each, if given) until `done()`; False if `scene` left the top
    of the stack or the frames ran out first."""
    for _ in range(max_frames):
        if done():
            return True
        if app.stack.top is not scene:
            return False
        if player is not None:
            player.step()
        app.step(FRAME)
    return done()


class BotClickPlayer:
    """A scripted player for a board whose window shows a bot's pick as clicks: a bot (a factory like a
    table's, `make_bot(game_id, level, seat, seed)`) chooses an action from the view the scene shows for
    the seat at the controls, and the game's subclass carries it out with one `_<action type>` method
    per kind, each posting one input and returning what it did (None: nothing to do yet).

    A subclass names its GAME and says, from its scene, whether a choice can be made now (`ready`),
    which revision the scene has read (`revision`, a new plan for each) and the view it shows (`view`).
    """
    GAME = ""

    def __init__(self, scene, make_bot, level: str = "normal", seed: int = 0):
        self.scene = scene
        self.make_bot = make_bot
        self.level, self.seed = level, seed
        self.brains: dict[int, object] = {}
        self.plan: dict | None = None
        self.plan_key = None
        self.inputs = 0
        self.done: list[str] = []   # what it did, newest last

    # ----- what a subclass reads from its scene ------------------------------------------------
    def ready(self) -> bool:
        raise NotImplementedError

    def revision(self):
        raise NotImplementedError

    def view(self) -> dict:
        raise NotImplementedError

    # ----- shared ---------------------------------------------------------------------------------
    def _brain(self, seat):
        if seat not in self.brains:
            self.brains[seat] = self.make_bot(self.GAME, self.level, seat, self.seed + seat)
        return self.brains[seat]

    def centre(self, square) -> tuple[int, int]:
        """Where a square is on screen now (through the map's zoom and pan)."""
        return self.scene.map.centre(square)

    def _did(self, what: str) -> str:
        self.inputs += 1
        self.done.append(what)
        return what

    def step(self) -> str | None:
        """Post the next input for the seat at the controls; returns what it did (None: nothing to do)."""
        s = self.scene
        if s.cover.up:
            post_key(pygame.K_RETURN)
            return self._did("reveal")
        if s.confirm.shown:   # the board asks before something final: the bot meant it
            post_key(pygame.K_RETURN)
            return self._did("confirm")
        if s.waiting or s.help_card.shown or not self.ready():
            return None
        key = self.revision()
        if self.plan is None or self.plan_key != key:
            self.plan = self._brain(s.active_seat).choose(self.view())
            self.plan_key = key
        if self.plan is None:
            return None
        return getattr(self, "_" + self.plan["type"])(self.plan)
