"""A scripted player that plays the board the way a person would: by posting
real mouse and key events to the window, one input at a time.

Used by the UI tests (a whole game through clicks) and by the screenshot
script (to reach the attack, occupy and cards scenes). It reads only what is on
screen for its seat: the lit territories, the tokens, the hand, the chooser.
"""
import pygame

from game.board_kit.autoplay import post_click, post_key
from game.risk.controls import TurnControls

__all__ = ["ClickPlayer", "post_click", "post_key"]


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
