"""The race board's news: what the table's events look and sound like (flashes where another racer laid, points
floating up, a base completed), and what its answers to my moves mean — a prediction settled, or a race lost and
rolled back (the piece flies home, the space flashes) with the reason on the hint line and in the log."""
from game import sound, theme
from game.situation4 import palette, race_hud
from game.situation4.targets import TANK


class RaceNews:
    def __init__(self, seats, board, proj, tray, predictions, effects, drops, log):
        """`seats`: the board's RaceSeats; `drops`: its input (the targets worked out anew); `log`: its RaceLog."""
        self.seats, self.board, self.proj, self.tray = seats, board, proj, tray
        self.predictions, self.effects, self.drops, self.log = predictions, effects, drops, log

    def on_event(self, e: dict) -> None:
        kind = e["type"]
        side = self.seats.side
        mine = side is not None and e.get("side") == side
        fx = self.effects
        if kind == "placed":
            if e.get("seat") != self.seats.seat:
                fx.flash(e["slot"], palette.TEAMMATE_FLASH if mine else palette.OPPONENT_FLASH)
            else:
                sound.play("place")
        elif kind == "flag_window" and mine:
            sound.play("turn")
        elif kind == "flagged":
            fx.float(f"+{e['points']}", self.proj.slot_centre(e["slot"]), palette.side_shade(e["side"]))
            if mine:
                sound.play("flag")
        elif kind == "square_won":
            xs = [self.proj.slot_centre(s) for s in self.board.squares[e["square"]]]
            centre = (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))
            fx.float(f"+{e['points']}", centre, palette.side_shade(e["side"]))
        elif kind == "bridge_placed":
            p, q = self.proj.edge_points(*self.board.bridge_positions[e["position"]])
            fx.float(f"+{e['points']}", ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), palette.side_shade(e["side"]))
        elif kind == "base_complete" and mine:
            box = race_hud.force_slots()[e["base"]]
            what = "tanks" if e["base"] == TANK else "paratroopers"
            fx.float(f"+{e['forces']} {what}", (box.centerx, box.bottom + 26), theme.colours.good)
            sound.play("turn")
        elif kind in ("paradropped", "tank_placed") and not mine:
            fx.flash(e.get("target", e.get("slot")), palette.OPPONENT_FLASH)

    def answer(self, msg: dict, tallied: bool) -> None:
        """The table's answer to a move of mine shown as a prediction (`tallied`: the final count is up)."""
        seats = self.seats
        if msg.get("t") == "ok":
            seats.accepted()
        said = self.predictions.settle(msg, seats.link.view(seats.seat) or seats.view)
        if said is None:
            return
        if msg.get("code") == "game_over" or tallied:
            return   # the puzzle was completed while the move was on its way: nothing to roll back, no refusal
        if isinstance(said, str):
            seats.refuse(said)
            if msg.get("rule"):   # the rule that refused it stays in the log with its help (engine.why)
                self.log.add_refusal(said, msg["rule"])
        else:
            self.show_rollback(said)

    def show_rollback(self, rollback) -> None:
        a = rollback.prediction.action
        if rollback.teammate:   # my side's piece stands there: nothing flies back
            self.effects.flash(a["slot"], palette.TEAMMATE_FLASH)
        elif a["type"] in ("place", "paradrop"):
            self.effects.flash(a["slot"], palette.ILLEGAL)
            self.effects.bounce("piece", a["piece"], self.proj.slot_centre(a["slot"]), self.tray.home_of(a["piece"]))
        elif a["type"] == "tank":
            self.effects.flash(a["slot"], palette.ILLEGAL)
        self.drops.rethink()
        self.seats.refuse(rollback.reason)
