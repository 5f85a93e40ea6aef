import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sys  # noqa: E402

from engine import games  # noqa: E402
from tests.net import toy_bot  # noqa: E402

games.register("toy", "tests.toy_game")
# `bots.make("toy", ...)` imports `bots.toy`; the toy game's bot lives with the tests.
sys.modules.setdefault("bots.toy", toy_bot)
