"""Sound effects: `sound.play("click")` from anywhere in the window.

The effects are .wav files made by tools/make_sounds.py. If the mixer cannot
start (no audio device, a headless CI box) every call is a silent no-op: a game
without sound still plays.
"""
import pygame

from engine import resources

SOUNDS_DIR = resources.asset_path("sounds")
NAMES = ("click", "error", "dice", "conquest", "turn")


class Sounds:
    def __init__(self):
        self.enabled = False
        self.volume = 0.7
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names played, newest last (tests and the settings preview read it)

    def start(self, volume: float) -> bool:
        """Open the mixer and load the effects; False (and silence) if that is impossible."""
        self.volume = volume
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in NAMES:
                path = SOUNDS_DIR / f"{name}.wav"
                if path.exists():
                    self._effects[name] = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            self.enabled = False
            return False
        self.enabled = True
        return True

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> None:
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


sounds = Sounds()


def play(name: str) -> None:
    sounds.play(name)
