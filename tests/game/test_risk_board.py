"""The risk board scene, played through real pygame events on the dummy driver.

Every loop is bounded by a frame count and a wall-clock limit.
"""
import bots
import time


from game.risk import BoardScene
from game.risk.autoplay import ClickPlayer, post_click
from game.risk.cards import CardHand
from net.local import LocalTable
from tests.game.driver import FRAME, on_screen, run_board



def seats(*kinds, level="easy"):
    out = []
    for i, kind in enumerate(kinds):
        s = {"kind": kind, "name": f"{'Human' if kind == 'human' else 'Bot'} {i + 1}"}
        if kind == "bot":
            s["level"] = level
        out.append(s)
    return out


def start(app, kinds, *, seed=5, options=None, link=None):
    link = link or LocalTable("risk", seats(*kinds), options=options, seed=seed, bot_delay=0, bot_factory=bots.make)
    return on_screen(app, BoardScene, link, frames=0)


run = run_board


def session_view(link, seat):
    return link.session.view(seat)


# (A whole game by clicks, from the main menu to its end: tests/game/test_full_game.py.)


# ----- hot-seat privacy ------------------------------------------------------------------------------

def test_hot_seat_covers_between_humans_and_never_draws_another_seats_cards(app, monkeypatch):
    """Hot-seat: a "pass the device" cover comes up between human seats, and the hand drawn is
    always the revealed seat's own (never another seat's, never while the cover is up)."""
    link, scene = start(app, ["human", "human", "bot"], seed=8)
    drawn = []
    original = CardHand.draw

    def spy(self, surface, seat, cards, topleft):
        drawn.append((seat, sorted(c["id"] for c in cards), scene.cover.up, scene.revealed))
        return original(self, surface, seat, cards, topleft)

    monkeypatch.setattr(CardHand, "draw", spy)
    covers = []
    show = scene.cover.show

    def record_show(seat, name):
        covers.append(seat)
        show(seat, name)

    scene.cover.show = record_show
    player = ClickPlayer(scene)
    hands_seen = {0: False, 1: False}

    def enough():
        return (hands_seen[0] and hands_seen[1] and len(covers) >= 6) or link.session.result() is not None

    deadline = time.monotonic() + 40
    for _ in range(5000):
        if enough() or time.monotonic() > deadline:
            break
        player.step()
        before = len(drawn)
        app.step(FRAME)
        for seat, ids, cover_up, revealed in drawn[before:]:
            assert not cover_up, "a hand was drawn while the cover was up"
            assert seat == revealed, f"drew seat {seat}'s hand while seat {revealed} was revealed"
            own = sorted(c["id"] for c in session_view(link, seat)["private"]["cards"])
            assert ids == own, "the hand drawn is not the shown seat's own hand"
            other = 1 - seat
            theirs = sorted(c["id"] for c in session_view(link, other)["private"]["cards"])
            assert not (set(ids) & set(theirs))
            if ids:
                hands_seen[seat] = True
    assert hands_seen[0] and hands_seen[1], "both players should have held cards during the test"
    assert {0, 1} <= set(covers)
    # the cover alternates: it never asks the same person twice in a row
    assert all(a != b for a, b in zip(covers, covers[1:]))


def test_cover_hides_the_board_until_the_player_reveals(app):
    """While the cover is up nothing of the board is drawn; the reveal button shows the named seat."""
    link, scene = start(app, ["human", "human"], seed=3)
    app.step(FRAME)
    actor = link.session.to_act()[0]
    assert scene.cover.up and scene.cover.seat == actor
    assert scene.private_cards() == []
    post_click((100, 100))  # clicks on the map do nothing under the cover
    app.step(FRAME)
    assert scene.sent == [] and scene.cover.up
    post_click(scene.cover.button.rect.center)
    app.step(FRAME)
    assert not scene.cover.up and scene.revealed == actor and scene.active_seat == actor


# ----- highlights ---------------------------------------------------------------------------------------

def test_lit_sources_and_targets_match_the_rules(app):
    """Click source -> its legal targets light up, exactly the attacks the rules allow from it."""
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    player = ClickPlayer(scene)

    def my_attack():
        return (scene.view["public"]["phase"] == "attack" and scene.active_seat == 0
                and any(a["type"] == "attack" for a in scene.actions))

    assert run(app, scene, my_attack, player=player)
    legal = link.session.legal_actions(0)
    sources = {a["from"] for a in legal if a["type"] == "attack"}
    lit = scene.controls.highlights(scene.view["public"], scene.actions)
    assert {t for t, style in lit.items() if style == "source"} == sources
    src = sorted(sources)[0]
    post_click(scene.geometry.territories[src].army)
    app.step(FRAME)
    lit = scene.controls.highlights(scene.view["public"], scene.actions)
    targets = {a["to"] for a in legal if a["type"] == "attack" and a["from"] == src}
    assert lit.pop(src) == "selected"
    assert lit == {t: "target" for t in targets}
    # and they are really drawn: a lit target's pixels differ from the plain map's
    surface = app.surface
    target = sorted(targets)[0]
    territory = scene.geometry.territories[target]
    plain = scene.layer.composite({t: v["owner"] for t, v in scene.view["public"]["territories"].items()})
    ring = territory.polygons[0]
    x, y = (int(v) for v in ring[0])
    probe = [(px, py) for px in range(x - 3, x + 4) for py in range(y - 3, y + 4)]
    assert any(surface.get_at(p)[:3] != plain.get_at(p)[:3] for p in probe)


# ----- errors -----------------------------------------------------------------------------------------

class RefusingLink:
    """A LocalTable whose host turns down the next action (as a LAN host does when a view was stale)."""

    def __init__(self, inner):
        self.inner = inner
        self.refuse_next = False

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def send(self, action, seat=None):
        if self.refuse_next:
            self.refuse_next = False
            self.inner._seq += 1
            self.inner._inbox.append({"t": "err", "seq": self.inner._seq, "code": "illegal",
                                      "msg": "The host says: that territory is not yours any more."})
            return self.inner._seq
        return self.inner.send(action, seat)


def test_an_err_from_the_link_shows_a_toast_and_changes_nothing(app):
    """An err answer is shown as a toast, changes nothing on the board, and the next click works."""
    inner = LocalTable("risk", seats("human", "bot", "bot"), seed=5, bot_delay=0, bot_factory=bots.make)
    link = RefusingLink(inner)
    _, scene = start(app, None, link=link)
    player = ClickPlayer(scene)
    assert run(app, scene, lambda: scene.active_seat == 0 and scene.view["public"]["phase"] == "setup", player=player)
    rev = inner.rev
    territories = {t: dict(v) for t, v in scene.view["public"]["territories"].items()}
    spot = sorted(scene.controls.places(scene.actions))[0]
    link.refuse_next = True
    post_click(scene.geometry.territories[spot].army)
    app.step(FRAME)
    app.step(FRAME)
    assert any("not yours any more" in t[0] for t in app.toasts)
    assert inner.rev == rev
    assert scene.view["public"]["territories"] == territories
    assert scene.pending_seq is None
    post_click(scene.geometry.territories[spot].army)
    app.step(FRAME)
    assert inner.rev > rev


def test_a_click_that_cannot_be_played_explains_itself(app):
    """Clear feedback on every click: clicking an enemy territory while reinforcing says why not."""
    link, scene = start(app, ["human", "bot", "bot"], seed=12)
    player = ClickPlayer(scene)
    assert run(app, scene, lambda: scene.active_seat == 0 and scene.view["public"]["phase"] == "reinforce"
               and not scene.view["public"]["must_trade"], player=player)
    enemy = next(t for t, v in sorted(scene.view["public"]["territories"].items()) if v["owner"] != 0)
    rev = link.rev
    post_click(scene.geometry.territories[enemy].army)
    app.step(FRAME)
    assert link.rev == rev
    assert scene.refusals and "not yours" in scene.refusals[-1]
    assert any("not yours" in t[0] for t in app.toasts)
