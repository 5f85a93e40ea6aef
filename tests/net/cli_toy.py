"""`python -m tests.net.cli_toy ARGS...`: the real command line, with the tests' own games in the catalog."""
import sys

import tests.own_games  # noqa: F401 - registers the toy game and relay, with their bots
import tests.net.conftest  # noqa: F401 - discovery on loopback
from cli import main

if __name__ == "__main__":
    sys.exit(main())
