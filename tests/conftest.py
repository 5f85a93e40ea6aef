import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sys  # noqa: E402

import bots  # noqa: E402
from engine import games  # noqa: E402
from tests.net import toy_bot  # noqa: E402

games.register("toy", "tests.toy_game")
# `bots.make("toy", ...)` imports `bots.toy`; the toy game's bot lives with the tests.
sys.modules.setdefault("bots.toy", toy_bot)
# Relay, the sixth game: its rules and its bot registered here, and named by no product file.
games.register("relay", "tests.relay")
bots.register("relay", "tests.relay.bot")
