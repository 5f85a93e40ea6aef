"""`python -m tests.net.cli_toy ARGS...`: the real command line, with the tests' own games in the catalog."""
import os
import sys

# Discovery stays on loopback, as tests/net/conftest.py keeps it in the test processes (set here rather than by
# importing that conftest: it imports pytest, a tenth of a second in every process the tests start).
os.environ["SANDTABLE_DISCOVERY_INTERFACES"] = "127.0.0.1"

import tests.own_games  # noqa: E402,F401 - registers the toy game and relay, with their bots
from cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
