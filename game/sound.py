"""Sound effects and music: `sound.play("click")` and `sound.music("menu")` from anywhere in the window.

The effects are .wav files made by tools/make_sounds.py, the music loops by
tools/make_music.py; each has its own volume (Settings). If the mixer cannot
start (no audio device, a headless CI box) every call is a silent no-op: a game
without sound still plays.
"""
import atexit
import contextlib

import pygame

from engine import resources

SOUNDS_DIR = resources.asset_path("sounds")
MUSIC_DIR = resources.asset_path("music")
NAMES = ("click", "error", "dice", "conquest", "turn", "victory", "defeat", "place", "flag", "tick", "go", "attacked")
TRACKS = ("menu", "campaign")
FADE_MS = 800


class Sounds:
    def __init__(self):
        self.enabled = False
        self.volume = 0.7
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names played, newest last (tests and the settings preview read it)
        self.hushed = 0               # > 0 while a board replays what happened before it opened
        self._quiet_at_exit = False   # quiet_before_quit registered with atexit

    def start(self, volume: float) -> bool:
        """Open the mixer and load the effects; False (and silence) if that is impossible."""
        self.volume = volume
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
                self._effects.clear()   # made by a mixer that has quit since
            for name in NAMES:
                path = SOUNDS_DIR / f"{name}.wav"
                if name not in self._effects and path.exists():
                    self._effects[name] = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            self.enabled = False
            return False
        if not self._quiet_at_exit:
            # A process that ends without App.close() meets pygame's own quit at exit (registered in C, so it
            # runs after Python's atexit functions): the mixer is halted first there too. (A process playing
            # effects and ending by sys.exit under GIL pressure hung at exit in 2 of 40 runs without this.)
            atexit.register(quiet_before_quit)
            self._quiet_at_exit = True
        self.enabled = True
        return True

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> None:
        if self.hushed:
            return
        self.played.append(name)
        del self.played[:-32]
        effect = self._effects.get(name)
        if not self.enabled or effect is None or self.volume <= 0:
            return
        effect.set_volume(self.volume)
        try:
            effect.play()
        except pygame.error:
            pass


class Music:
    """One loop at a time, streamed by pygame.mixer.music, fading from one to the next."""

    def __init__(self):
        self.volume = 0.4
        self.track: str | None = None   # what is playing (tests read it)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        if sounds.enabled:
            try:
                pygame.mixer.music.set_volume(self.volume)
            except pygame.error:
                pass

    def play(self, track: str | None) -> None:
        """Loop `track` (one of TRACKS), or fade out with None; the track already playing goes on."""
        if track == self.track:
            return
        self.track = track
        if not sounds.enabled:
            return
        try:
            if track is None:
                pygame.mixer.music.fadeout(FADE_MS)
                return
            path = MUSIC_DIR / f"{track}.wav"
            if not path.exists():
                return
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.volume)
            pygame.mixer.music.play(loops=-1, fade_ms=FADE_MS)
        except pygame.error:
            pass


sounds = Sounds()
music_player = Music()


def play(name: str) -> None:
    sounds.play(name)


@contextlib.contextmanager
def hushed():
    """No effect plays inside (a continued game's earlier moves are read back, not heard again)."""
    sounds.hushed += 1
    try:
        yield
    finally:
        sounds.hushed -= 1


def music(track: str | None) -> None:
    music_player.play(track)


def quiet_before_quit() -> None:
    """Halt every effect and the music before pygame.quit(). pygame-ce's mixer quit keeps the GIL while it
    waits for the audio thread, and that thread, reporting an effect that has just ended, may be waiting for
    the GIL: the window hung for good on closing (seen in a test's teardown; a script closing a mixer 300
    times under GIL pressure hung in 2 runs of 6 without this, in none of 7 with it). pygame.mixer.stop()
    halts with the GIL let go, and then nothing is left for the audio thread to report."""
    if not pygame.mixer.get_init():
        return
    try:
        pygame.mixer.stop()
        pygame.mixer.music.stop()
    except pygame.error:
        pass
