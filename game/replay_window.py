"""`python run.py replay PATH`: a window showing one saved game, with replay controls."""
import sys

from engine.errors import SaveError


def run(path) -> int:
    from game.replay_link import ReplayLink
    try:
        link = ReplayLink(path)
    except SaveError as e:
        print(e, file=sys.stderr)
        return 1
    return watch(link)


def watch(link) -> int:
    """A window with the replay scene over `link` (a ReplayLink, or a club game's RecordedReplayLink)."""
    from game.app import App
    from game.scenes.replays import ReplayScene
    app = App()
    try:
        scene = ReplayScene(app, link)
    except ImportError:
        print(f"This Sandtable has no board to show a game of {link.game!r}.", file=sys.stderr)
        app.close()
        return 1
    app.push(scene)
    return app.run()
