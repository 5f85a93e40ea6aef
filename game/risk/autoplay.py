"""A scripted player that plays the board the way a person would: by posting
real mouse and key events to the window, one input at a time.

Used by the UI tests (a whole game through clicks) and by the screenshot
script (to reach the attack, occupy and cards scenes). It reads only what is on
screen for its seat: the lit territories, the tokens, the hand, the chooser.
"""
import pygame

from game.board_kit.autoplay import BotClickPlayer, post_click, post_key
from game.risk.controls import TurnControls

__all__ = ["BotHand", "ClickPlayer", "post_click", "post_key"]


class ClickPlayer:
    def __init__(self, scene, make_bot=None, level: str = "normal", seed: int = 0):
        """Every scripted player takes (scene, make_bot, level, seed); this one chooses for itself, from what
        the board lights, and needs no bot."""
        self.scene = scene
        self.inputs = 0

    def point(self, tid: str):
        return self.scene.geometry.territories[tid].army

    def step(self) -> str | None:
        """Post the next input for the seat at the controls; returns what it did (None: nothing to do)."""
        s = self.scene
        if s.cover.up:
            post_key(pygame.K_RETURN)
            return self._did("reveal")
        if s.confirm.shown:   # the board asks before ending a phase: this player meant it
            post_key(pygame.K_RETURN)
            return self._did("confirm")
        if s.pending_seq is not None or s.controls.blitz or not s.actions:
            return None
        pub = s.view["public"]
        phase = pub["phase"]
        terr = pub["territories"]
        seat = s.active_seat
        if s.chooser is not None:
            if s.chooser.value != s.chooser.hi:
                post_key(pygame.K_m)
                return self._did("move all")
            post_key(pygame.K_RETURN)
            return self._did("confirm")
        if phase in ("claim", "setup"):
            spots = sorted(TurnControls.places(s.actions), key=lambda t: (-self._threat(pub, seat, t), t))
            post_click(self.point(spots[0]))
            return self._did(f"{phase} {spots[0]}")
        if phase == "reinforce":
            trades = [a for a in s.actions if a["type"] == "trade"]
            if trades:
                want = trades[0]["cards"]
                for cid in want:
                    if cid not in s.hand.selected and cid in s.hand.rects:
                        post_click(s.hand.rects[cid].center)
                        return self._did(f"pick card {cid}")
                if sorted(s.hand.selected) == sorted(want):
                    post_key(pygame.K_t)
                    return self._did("trade")
                post_key(pygame.K_ESCAPE)  # a stray pick: clear it and start again
                return self._did("clear picks")
            spots = TurnControls.places(s.actions)
            best = max(sorted(spots), key=lambda t: (self._threat(pub, seat, t) > 0, terr[t]["armies"]))
            post_click(self.point(best), shift=True)
            return self._did(f"reinforce {best}")
        if phase == "attack":
            pair = self._best_attack(pub, s.actions)
            if pair is None:
                post_key(pygame.K_RETURN)
                return self._did("end attack")
            src, dst = pair
            if s.controls.source == src and s.controls.last_attack == (src, dst):
                post_key(pygame.K_b)
                return self._did(f"blitz {src}->{dst}")
            if s.controls.source == src:
                post_click(self.point(dst))
                return self._did(f"attack {src}->{dst}")
            post_click(self.point(src))
            return self._did(f"select {src}")
        if phase == "defend":
            post_key(pygame.K_2 if {"type": "defend", "dice": 2} in s.actions else pygame.K_1)
            return self._did("defend")
        if phase == "fortify":
            post_key(pygame.K_RETURN)
            return self._did("end turn")
        return None

    def _did(self, what: str) -> str:
        self.inputs += 1
        return what

    def _threat(self, pub, seat, tid) -> int:
        adjacent = self.scene.geometry.adjacent[tid]
        return sum(1 for t in adjacent if pub["territories"][t]["owner"] != seat)

    @staticmethod
    def _best_attack(pub, actions):
        terr = pub["territories"]
        best, best_score = None, 0
        for a in actions:
            if a["type"] != "attack":
                continue
            mine, theirs = terr[a["from"]]["armies"], terr[a["to"]]["armies"]
            if mine >= 3 and mine > theirs + 1:
                score = mine - theirs
                if score > best_score or (score == best_score and (a["from"], a["to"]) < best):
                    best, best_score = (a["from"], a["to"]), score
        return best


class BotHand(BotClickPlayer):
    """A player carrying out a bot's chosen action (a factory like a table's, `make_bot(game_id, level, seat,
    seed)`) the way a person would: placing with a click (all at once with Shift), attacking by clicking the
    source then the target (a number key first for fewer dice), settling the count chooser with - / + and
    Enter, picking cards and pressing T, and Enter to end a phase."""
    GAME = "risk"

    def ready(self) -> bool:
        return bool(self.scene.actions)

    def revision(self):
        return self.scene.shown_rev

    def view(self) -> dict:
        return self.scene.view

    def point(self, tid: str):
        return self.scene.geometry.territories[tid].army

    def _chooser(self, count: int) -> str | None:
        chooser = self.scene.chooser
        if chooser is None:
            return None
        if chooser.value != count:
            post_key(pygame.K_RIGHT if chooser.value < count else pygame.K_LEFT)
            return self._did(f"count {'+' if chooser.value < count else '-'}")
        post_key(pygame.K_RETURN)
        return self._did(f"confirm {count}")

    def _pick(self, src: str) -> str:
        if self.scene.controls.source not in (None, src):
            post_key(pygame.K_ESCAPE)
            return self._did("drop source")
        post_click(self.point(src))
        return self._did(f"select {src}")

    def _claim(self, action):
        post_click(self.point(action["territory"]))
        return self._did(f"claim {action['territory']}")

    def _place(self, action):
        """One army a click; Shift-click when the action places every army left (a bot's other counts are
        placed one at a time, its plan asked again after each)."""
        every = action["count"] > 1 and action["count"] == self.scene.pub.get("armies_to_place")
        post_click(self.point(action["territory"]), shift=every)
        return self._did(f"place {action['count'] if every else 1} on {action['territory']}")

    def _attack(self, action):
        s = self.scene
        if s.controls.source != action["from"]:
            return self._pick(action["from"])
        most = s.controls.max_dice(s.actions, action["from"], action["to"])
        if action["dice"] != (most if s.controls.dice is None else min(s.controls.dice, most)):
            post_key(pygame.K_0 + action["dice"])
            return self._did(f"{action['dice']} dice")
        post_click(self.point(action["to"]))
        return self._did(f"attack {action['from']} -> {action['to']}")

    def _occupy(self, action):
        return self._chooser(action["count"])

    def _fortify(self, action):
        s = self.scene
        if s.chooser is not None:
            return self._chooser(action["count"])
        if s.controls.source != action["from"]:
            return self._pick(action["from"])
        post_click(self.point(action["to"]))
        return self._did(f"fortify {action['from']} -> {action['to']}")

    def _trade(self, action):
        hand = self.scene.hand
        for cid in action["cards"]:
            if cid not in hand.selected and cid in hand.rects:
                post_click(hand.rects[cid].center)
                return self._did(f"pick card {cid}")
        post_key(pygame.K_t)
        return self._did("trade")

    def _defend(self, action):
        post_key(pygame.K_0 + action["dice"])
        return self._did(f"defend with {action['dice']}")

    def _end_attack(self, action):
        post_key(pygame.K_RETURN)
        return self._did("end attack")

    def _end_turn(self, action):
        post_key(pygame.K_RETURN)
        return self._did("end turn")
