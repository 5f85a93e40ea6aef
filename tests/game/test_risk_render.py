"""Frame cost: static layers are cached, re-rendered only when what they show changes."""
from game.risk.autoplay import ClickPlayer
from tests.game.test_risk_board import FRAME, run, start


def test_map_fills_and_panels_are_rebuilt_only_when_their_content_changes(app):
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    player = ClickPlayer(scene)
    assert run(app, scene, lambda: scene.view["public"]["phase"] == "reinforce" and scene.active_seat == 0,
               player=player)
    app.step(FRAME)
    fills, bar, box = scene.layer.rebuilds, scene._top_bar.builds, scene._turn_box.builds
    for _ in range(30):  # nothing happens: the same surfaces are reused
        app.step(FRAME)
    assert (scene.layer.rebuilds, scene._top_bar.builds, scene._turn_box.builds) == (fills, bar, box)
    # a placement changes armies (panels) but no owner (fills stay)
    spot = sorted(scene.controls.places(scene.actions))[0]
    scene.send({"type": "place", "territory": spot, "count": 1})
    app.step(FRAME)
    app.step(FRAME)
    assert scene.layer.rebuilds == fills
    assert scene._top_bar.builds > bar
