"""`python -m tests.net.cli_toy ARGS...`: the real command line, with the toy game and its test bot registered."""
import sys

import tests.conftest  # noqa: F401 - registers the "toy" game
import tests.net.conftest  # noqa: F401 - registers the toy bot
from cli import main

if __name__ == "__main__":
    sys.exit(main())
