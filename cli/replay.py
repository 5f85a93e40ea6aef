"""`replay PATH [--verify]`: check a save headless, or watch it in the window.

--verify prints the final state hash on its own line, then `rev N`; a save that
cannot be used prints its one-sentence reason and exits 1.
"""
import importlib
import importlib.util
import sys

from cli.saves import load_save


def run(args, parser) -> int:
    if args.verify:
        session = load_save(args.path)
        if session is None:
            return 1
        print(session.state_hash())
        print(f"rev {session.rev}", flush=True)
        return 0
    if importlib.util.find_spec("game.replay_window") is None:
        print("The replay viewer is not part of this build; `replay PATH --verify` checks a save headless.",
              file=sys.stderr, flush=True)
        return 1
    viewer = importlib.import_module("game.replay_window")
    return viewer.run(args.path) or 0
