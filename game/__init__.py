"""The pygame-ce frontend: scenes, board renderers, sprites, input, sound. Owns no rules."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no import banner in the player's terminal
