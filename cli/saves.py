"""Reading a saved game for a command (`serve --resume`, `replay`): the game, or one sentence why not."""
import sys


def load_save(path: str):
    """The game saved at `path`, or None after saying on stderr why it cannot be read (a command then exits 1)."""
    from engine.errors import SaveError
    from engine.session import Session
    try:
        return Session.load(path)
    except SaveError as e:
        print(str(e), file=sys.stderr, flush=True)
        return None
