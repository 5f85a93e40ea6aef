"""`python run.py replay PATH`: a window showing one saved game, with replay controls."""
import sys

from engine.errors import SaveError


def run(path) -> int:
    from game.app import App
    from game.replay_link import ReplayLink
    from game.scenes.replays import ReplayScene
    try:
        link = ReplayLink(path)
    except SaveError as e:
        print(e, file=sys.stderr)
        return 1
    app = App()
    try:
        scene = ReplayScene(app, link)
    except ImportError:
        print(f"This Sandtable has no board to show a game of {link.game!r}.", file=sys.stderr)
        app.close()
        return 1
    app.push(scene)
    return app.run()
