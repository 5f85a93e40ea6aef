"""The risk board scene: the map, armies, dice, cards, log and controls.

The scene talks only to a TableLink: it reads views, sends actions and shows
what comes back. It never changes game state and owns no rules: what is legal
comes from `engine.risk.legal` via game.risk.controls.

Seats: on a LAN (or vs bots) the window plays one seat. In hot-seat it plays
several, and shows one at a time: when the move passes to another human seat a
cover asks to pass the device, and only after that player reveals it does
their hand (their private view) appear.
"""
import math

import pygame

from game import sound, theme
from game.board_kit.board_scene import BaseBoardScene
from game.board_kit.cover import HotSeatCover
from game.board_kit.hud import Cached
from game.risk import hints, hud, panels
from game.risk.armies import ArmyTokens
from game.risk.cards import CardHand
from game.risk.chooser import CountChooser
from game.risk.controls import TurnControls, legal_actions
from game.risk.dice import DiceRoll
from game.risk.geometry import load as load_geometry
from game.risk.labels import map_labels
from game.risk.log import EventLog
from game.risk.map_layer import LessonPlaces, MapLayer
from game.risk.panels import CARDS_TOP
from game.scene import GLOW, SMOOTH, STILL
from game.widgets import Button
from game.words import plural

SIDE = hud.SIDE
TURN_BOX_POS = (SIDE.x + 8, SIDE.y + 8)
LOG_RECT = pygame.Rect(SIDE.x + 4, SIDE.y + 456, SIDE.w - 8, SIDE.h - 460)
BOTTOM_DICE_X = hud.BOTTOM.right - 140
AUTO = "auto"   # a standing order for the opening: spread over the seat's front (TurnControls.spread_target)


class BoardScene(BaseBoardScene):
    side_rect = SIDE
    log_rect = LOG_RECT
    hint_rect = hud.BOTTOM
    help_centre = (500, 400)
    idle_keys = "N names  ·  H help  ·  mouse over a territory for details"
    pace_rect = pygame.Rect(1010, 4, 146, 32)
    undo_rect = pygame.Rect(1162, 4, 110, 32)   # the bottom line's right end is the dice's ...
    advice_rect = pygame.Rect(BOTTOM_DICE_X - 190, hud.BOTTOM.y + 8, 110, 32)   # ... and the Hint stays left of them
    show_names = True   # territory names on the map (N): kept for the next board in this window

    def __init__(self, app, link):
        super().__init__(app, link, cover=HotSeatCover(self.reveal))
        self.geometry = load_geometry()
        self.tooltip.bounds = self.geometry.map_rect
        self.names = {tid: t.name for tid, t in self.geometry.territories.items()}
        self.layer = MapLayer(self.geometry)
        self.lesson_places = LessonPlaces(self.layer, self.geometry)
        self.labels = map_labels(self.geometry)
        self.standing: dict[int, str] = {}   # opening: seat -> where its starting armies keep going ("auto": anywhere)
        self.tokens = ArmyTokens()
        self.controls = TurnControls(self.names)
        self.hand = CardHand(self.names)
        self.log = EventLog(self.names, self.seat_name, LOG_RECT.w)
        self.chooser: CountChooser | None = None
        self.dice: DiceRoll | None = None
        self.hover: str | None = None
        self.traded = [0] * len(link.seats)
        self.conquests = [0] * len(link.seats)
        self.actions: list[dict] = []
        self._top_bar = Cached(hud.build_top_bar)
        self._turn_box = Cached(hud.build_turn_box)
        x, y, w = SIDE.x + 8, SIDE.y + 120, SIDE.w - 16
        self.end_button = Button((x, y, w, 44), "End attack", self.end_phase, primary=True, hotkey_label="Enter")
        self.again_button = Button((x, y + 52, w // 2 - 4, 40), "Again", self.attack_again, hotkey_label="A", size=20)
        self.blitz_button = Button((x + w // 2 + 4, y + 52, w // 2 - 4, 40), "Blitz", self.start_blitz,
                                   hotkey_label="B", size=20)
        self.trade_button = Button((x, CARDS_TOP + 146, w, 36), "Trade set", self.trade, hotkey_label="T", size=20)
        self.dice_buttons = [Button((BOTTOM_DICE_X + i * 44, hud.BOTTOM.y + 22, 38, 38), str(i + 1),
                                    lambda n=i + 1: self.choose_dice(n), size=22) for i in range(3)]
        self.defend_buttons = [Button((0, 0, 150, 48), plural(n, "die"),
                                      lambda n=n: self.defend(n), primary=True) for n in (1, 2)]
        self.buttons = [self.end_button, self.again_button, self.blitz_button, self.trade_button]
        self.refresh()

    # ----- the view ----------------------------------------------------------------------
    def reset_input(self) -> None:
        self.chooser = None
        self.controls.reset()
        self.hand.selected = []

    def read_view(self) -> None:
        active = self.active_seat
        was_defending = self._defend_prompt_up()
        self.actions = legal_actions(self.view, active) if active is not None else []
        if self._defend_prompt_up() and not was_defending:
            sound.play("attacked")   # out of turn: someone attacks you and waits for your answer
        self.hand.sync(self.private_cards())
        self._sync_modal()

    def private_cards(self) -> list[dict]:
        """The shown seat's own cards; nothing when no seat is shown or the cover is up."""
        if self.cover.up or self.shown_seat is None or not self.view:
            return []
        return list(self.view.get("private", {}).get("cards", []))

    def _sync_modal(self) -> None:
        pub = self.view["public"]
        if pub["phase"] == "occupy" and self.actions:
            if self.chooser is None or self.chooser.title[:6] != "Occupy":
                p = pub["pending"]
                self.chooser = CountChooser(f"Occupy {self.names[p['to']]}: armies to move in", p["min"], p["max"],
                                            self.occupy, confirm="Move in")
        elif self.chooser is not None and (pub["phase"] != "fortify" or not self.actions):
            self.chooser = None

    # ----- acting ------------------------------------------------------------------------
    def end_phase(self) -> None:
        if self.chooser is not None:
            self.chooser.confirm()
            return
        pub = self.view["public"] if self.view else {}
        phase = pub.get("phase")
        if self.active_seat is None:
            self.refuse("It is not your move.")
        elif phase == "setup":
            self.place_rest(AUTO)
        elif phase == "attack":
            self.ask_first("End your attacks?", "You go on to fortify: one move of armies between two of your "
                           "territories, then your turn ends.", "End attacks",
                           lambda: self._send_reset({"type": "end_attack"}))
        elif phase == "fortify":
            self.ask_first("End your turn without fortifying?", "No armies move this turn; the next player goes on.",
                           "End turn", lambda: self._send_reset({"type": "end_turn"}))
        elif phase == "reinforce":
            self.refuse("Trade a set first." if pub.get("must_trade") else
                        f"Place your {plural(pub.get('armies_to_place', 0), 'army')} first.")
        elif phase == "defend":
            self.refuse("Choose how many dice to defend with.")
        else:
            self.refuse("Click a territory to go on.")

    def _send_reset(self, action: dict) -> None:
        self.controls.reset()
        self.send(action)

    def main_enter_button(self):
        return self.end_button if self.end_button.enabled else None

    def attack_again(self) -> None:
        if self.active_seat is None or self.view["public"]["phase"] != "attack":
            self.refuse("You can attack again only in your attack phase.")
            return
        self._apply(self.controls.again(self.actions))

    def start_blitz(self) -> None:
        if self.active_seat is None or self.view["public"]["phase"] != "attack":
            self.refuse("Blitz works in your attack phase.")
            return
        target = self.hover if self.controls.source and self.hover in TurnControls.targets(
            self.actions, "attack", self.controls.source) else None
        if target is not None:
            self.controls.last_attack = (self.controls.source, target)
        out = self.controls.again(self.actions)
        if out.action is None:
            self.refuse("Pick an attack first (source, then target), then blitz with B.")
            return
        self.controls.blitz = True
        self.send(out.action)

    def _continue_blitz(self) -> None:
        if not self.controls.blitz or self.pending_seq is not None:
            return
        if self.view["public"]["phase"] != "attack" or self.active_seat is None:
            self.controls.blitz = False
            return
        out = self.controls.again(self.actions)
        if out.action is None:
            self.controls.blitz = False  # the source is down to one army, or the target changed hands
            return
        self.send(out.action)

    def choose_dice(self, n: int) -> None:
        self.controls.dice = n
        self.app.notify(f"Attacking with up to {plural(n, 'die')}.")

    def trade(self) -> None:
        """Trade the three picked cards, if `legal` lists that trade."""
        trades = [a for a in self.actions if a["type"] == "trade"]
        chosen = sorted(self.hand.selected)
        match = next((a for a in trades if sorted(a["cards"]) == chosen), None)
        if match is not None:
            self.send(match)
            self.hand.selected = []
        elif not trades:
            self.refuse("You cannot trade now: trades happen while you reinforce.")
        else:
            self.refuse("Pick three cards that make a set: three alike, one of each, or two and a wild.")

    # ----- the opening: placing starting armies without a click each ------------------------------------
    def place_rest(self, where: str) -> None:
        """Keep placing this seat's starting armies, one a turn as the rules have it: all on `where`, or
        (AUTO) spread over the seat's front, each to where the enemy outnumbers it most, choosing from the seat's
        legal placements."""
        seat = self.active_seat
        if seat is None or self.pub.get("phase") != "setup":
            self.refuse("Starting armies are placed in the opening only.")
            return
        self.standing[seat] = where
        sound.play("click")
        what = "to your front, where the enemy outnumbers you most" if where == AUTO else f"on {self.names[where]}"
        self.app.notify(f"Your remaining starting armies go {what}, one a turn.")
        self._keep_placing()

    def _keep_placing(self) -> None:
        """Send the next starting army of a standing order, when it is this seat's turn to place one."""
        seat = self.active_seat
        if seat is None or seat not in self.standing or self.waiting or self.pub.get("phase") != "setup":
            if self.pub.get("phase") not in (None, "setup"):
                self.standing.clear()
            return
        if self.pub.get("setup_step") == "neutral":
            return   # a neutral army: the player chooses where (it is rarely where their own should go)
        where = self.standing[seat]
        if where == AUTO:
            target = TurnControls.spread_target(self.pub, seat, TurnControls.places(self.actions),
                                                self.geometry.adjacent)
            action = {"type": "place", "territory": target, "count": 1} if target else None
        else:
            action = {"type": "place", "territory": where, "count": 1}
        if action is None or action not in self.actions:
            del self.standing[seat]
            self.refuse("The standing order cannot go on: place the next army yourself.")
            return
        self.send(action)

    def occupy(self, count: int) -> None:
        self.chooser = None
        self.send({"type": "occupy", "count": count})

    def defend(self, dice: int) -> None:
        self.send({"type": "defend", "dice": dice})

    def _fortify_chooser(self, src: str, dst: str, lo: int, hi: int) -> None:
        def done(count):
            self.chooser = None
            self.controls.reset()
            self.send({"type": "fortify", "from": src, "to": dst, "count": count})

        def cancel():
            self.chooser = None
        self.chooser = CountChooser(f"Fortify {self.names[dst]} from {self.names[src]}", lo, hi, done,
                                    on_cancel=cancel, confirm="Fortify")

    def _apply(self, out) -> None:
        if out.action is not None:
            self.send(out.action)
        elif out.choose is not None:
            self._fortify_chooser(*out.choose[1:])
            sound.play("click")
        elif out.selected:
            sound.play("click")
        elif out.message:
            self.refuse(out.message)

    def click_territory(self, tid: str, shift: bool) -> None:
        if self.active_seat is None:
            self.refuse(self.seats.not_your_move())
            return
        if shift and self.pub.get("phase") == "setup" and self.pub.get("setup_step") != "neutral":
            if {"type": "place", "territory": tid, "count": 1} in self.actions:
                self.place_rest(tid)
                return
        self._apply(self.controls.click(tid, self.view["public"], self.actions, all_armies=shift))

    # ----- input ---------------------------------------------------------------------------
    def modal(self):
        return self.chooser

    def cancel(self) -> bool:
        if self.controls.blitz:
            self.controls.blitz = False
        elif self.controls.source is not None:
            self.controls.reset()
        elif self.hand.selected:
            self.hand.selected = []
        else:
            return False
        return True

    def key_commands(self) -> dict:
        commands = {pygame.K_RETURN: self.end_phase, pygame.K_KP_ENTER: self.end_phase, pygame.K_SPACE: self.end_phase,
                    pygame.K_a: self.attack_again, pygame.K_b: self.start_blitz, pygame.K_t: self.trade,
                    pygame.K_1: lambda: self.choose_dice(1), pygame.K_2: lambda: self.choose_dice(2),
                    pygame.K_3: lambda: self.choose_dice(3), pygame.K_n: self.toggle_names,
                    pygame.K_m: lambda: self.refuse("Move all is for the army chooser (after a conquest or when "
                                                    "fortifying).")}
        if self._defend_prompt_up():   # attacked: the number keys say how many dice defend
            dice = {pygame.K_1: 1, pygame.K_KP1: 1, pygame.K_2: 2, pygame.K_KP2: 2}
            commands.update({k: (lambda n=n: self.defend_key(n)) for k, n in dice.items()})
        return commands

    def toggle_names(self) -> None:
        BoardScene.show_names = not BoardScene.show_names
        sound.play("click")

    def defend_key(self, n: int) -> None:
        if {"type": "defend", "dice": n} in self.actions:
            self.defend(n)
        else:
            self.refuse("You can defend with only 1 die here.")

    def board_pointer(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.geometry.territory_at(event.pos) if self.geometry.map_rect.collidepoint(event.pos) else None
        live = self.buttons + (self.dice_buttons if self._dice_selector_up() else []) + \
            (self.defend_buttons if self._defend_prompt_up() else [])
        for b in live:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            return True
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        if self.dice is not None and not self.dice.rolling and self.geometry.map_rect.collidepoint(event.pos):
            self.dice = None   # the player has read it and moved on: the tray gets out of the way
        card = self.hand.card_at(event.pos)
        if card is not None and event.button == 1:
            self.hand.toggle(card)
            sound.play("click")
            return True
        if not self.geometry.map_rect.collidepoint(event.pos):
            return False
        tid = self.geometry.territory_at(event.pos)
        if event.button == 3 or (event.button == 1 and tid is None):
            self.controls.reset()
        elif event.button == 1:
            self.click_territory(tid, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        return True

    def _defend_prompt_up(self) -> bool:
        return bool(self.view and self.view["public"]["phase"] == "defend" and self.actions)

    def _dice_selector_up(self) -> bool:
        return bool(self.view and self.view["public"]["phase"] == "attack" and self.actions)

    # ----- frame ---------------------------------------------------------------------------
    def quick_step(self) -> bool:
        """The opening's placements, and a bot's reinforcements, are routine: bots place them quickly."""
        pub = self.pub
        return pub.get("phase") in ("claim", "setup") or (pub.get("phase") == "reinforce" and self.active_seat is None)

    def skip_animations(self) -> None:
        self.dice = None
        self.tokens.clear_floaters()

    def tick(self, dt: float) -> None:
        self._keep_placing()
        self._continue_blitz()
        if self.dice is not None:
            self.dice.update(dt)
            if self.dice.done:
                self.dice = None
        self.tokens.update(dt)

    def frame_rate(self) -> float:
        if self.dice is not None or self.tokens.floaters:
            return SMOOTH
        if self.view and not self.covered and self.active_seat is not None and self.actions:
            return GLOW   # the places I may pick pulse
        return STILL

    def answer(self, msg: dict) -> None:
        if msg.get("t") == "err":
            self.controls.blitz = False  # a refused attack ends a blitz
        super().answer(msg)

    def on_event(self, e: dict) -> None:
        super().on_event(e)
        kind = e["type"]
        terr = self.geometry.territories
        if kind == "battle":
            factor = self.animation_factor
            if factor > 0:
                keep = self.dice is not None and self.dice.rolling
                roll = DiceRoll(e, self.seat_name(e["attacker"]), self.seat_name(e["defender"]), factor)
                if keep:
                    roll.t = self.dice.t  # back-to-back rolls (blitz) keep tumbling instead of restarting
                self.dice = roll
            sound.play("conquest" if e["conquered"] else "dice")
            if factor > 0 and e["attacker_losses"]:
                self.tokens.float_number(terr[e["from"]].army, -e["attacker_losses"], theme.colours.bad)
            if factor > 0 and e["defender_losses"]:
                self.tokens.float_number(terr[e["to"]].army, -e["defender_losses"], theme.colours.bad)
            if e["conquered"] and 0 <= e["attacker"] < len(self.conquests):
                self.conquests[e["attacker"]] += 1
        elif kind == "placed" and self.animation_factor > 0:
            self.tokens.float_number(terr[e["territory"]].army, e["count"], theme.colours.good)
        elif kind in ("occupied", "fortified") and self.animation_factor > 0:
            self.tokens.float_number(terr[e["to"]].army, e["count"], theme.colours.good)
        elif kind == "traded" and 0 <= e["seat"] < len(self.traded):
            self.traded[e["seat"]] += 1
        elif kind == "turn":
            self.controls.reset()
            self.controls.last_attack = None
            self.dice = None   # last turn's roll is over: the tray does not linger into the next player's turn
            if e["seat"] in self.link.my_seats:
                sound.play("turn")

    def game_over_rows(self) -> list | None:
        if self.dice is not None:
            return None   # the last roll shows to the end first
        stats = self.pub.get("stats") or []
        return [("Territories", [s.get("territories", 0) for s in stats]),
                ("Armies", [s.get("armies", 0) for s in stats]),
                ("Sets traded", list(self.traded)),
                ("Conquests", list(self.conquests))]

    # ----- drawing -------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        pub = self.pub
        territories = pub["territories"]
        surface.blit(self.layer.composite({t: v["owner"] for t, v in territories.items()}), (0, 0))
        self.labels.draw_continents(surface)
        self._draw_highlights(surface, pub)
        if self.dice is not None:   # where the roll on show is happening
            b = self.dice.battle
            for tid in (b["from"], b["to"]):
                self.layer.draw_highlight(surface, tid, "battle", 200)
        if self.show_names:
            self.labels.draw_names(surface)
        self.tokens.draw(surface, self.geometry, territories, emphasis=self._emphasis(pub))
        self.tokens.draw_floaters(surface)
        if self.dice is not None:
            self.dice.draw(surface)

    def _emphasis(self, pub) -> set:
        out = set()
        if self.controls.source:
            out.add(self.controls.source)
        if pub.get("pending"):
            out.update((pub["pending"]["from"], pub["pending"]["to"]))
        return out

    def _draw_highlights(self, surface, pub) -> None:
        pulse = int(170 + 85 * math.sin(self.time * 5.0))
        for tid, style in self.controls.highlights(pub, self.actions).items():
            self.layer.draw_highlight(surface, tid, style, 255 if style == "selected" else pulse)
        if self.hover is not None:
            self.layer.draw_highlight(surface, self.hover, "hover", 200)
        src = self.controls.source
        if src and self.hover and pub["phase"] in ("attack", "fortify") and \
                self.hover in TurnControls.targets(self.actions, pub["phase"], src):
            a = self.geometry.territories[src].army
            b = self.geometry.territories[self.hover].army
            colour = theme.colours.bad if pub["phase"] == "attack" else theme.colours.good
            pygame.draw.line(surface, (0, 0, 0), a, b, 7)
            pygame.draw.line(surface, colour, a, b, 4)

    def draw_panels(self, surface) -> None:
        pub, seats = self.pub, self.link.seats
        surface.blit(self._top_bar.get((repr(pub.get("stats")), pub.get("current"), pub["phase"],
                                        tuple(pub.get("hand_counts") or ()), tuple(pub.get("eliminated") or ()),
                                        self.shown_seat, theme.colours, tuple(s.get("name") for s in seats)),
                                       seats, pub, self.shown_seat), hud.TOP_BAR)
        box_key = (pub.get("current"), pub["phase"], pub.get("armies_to_place"), pub.get("next_set_value"),
                   repr(pub.get("setup_pools")), pub.get("setup_step"), self.active_seat, pub.get("turn_number"),
                   repr(pub.get("pending")), theme.colours)
        surface.blit(self._turn_box.get(box_key, seats, pub, self.active_seat), TURN_BOX_POS)
        self._sync_buttons(pub)
        for b in self.buttons:
            b.draw(surface)
        panels.draw_hand(self, surface)
        if self._dice_selector_up():
            theme.draw_text(surface, "Dice", (BOTTOM_DICE_X - 12, hud.BOTTOM.y + 41), 20, theme.colours.text_dim,
                            anchor="midright", shadow=False)
            for i, b in enumerate(self.dice_buttons):
                b.primary = (self.controls.dice or 3) == i + 1
                b.draw(surface)
        if self._defend_prompt_up():
            panels.draw_defend(self, surface, pub)

    def _sync_buttons(self, pub) -> None:
        phase = pub["phase"]
        mine = self.active_seat is not None
        self.end_button.label = {"attack": "End attack", "fortify": "End turn", "setup": "Place all for me"}.get(
            phase, "End phase")
        self.end_button.enabled = mine and (phase in ("attack", "fortify") or
                                            (phase == "setup" and self.active_seat not in self.standing))
        self.again_button.enabled = mine and phase == "attack" and self.controls.last_attack is not None
        self.blitz_button.enabled = mine and phase == "attack"
        self.blitz_button.label = "Blitzing…" if self.controls.blitz else "Blitz"
        self.trade_button.enabled = mine and any(a["type"] == "trade" for a in self.actions)

    def tooltip_lines(self) -> list | None:
        return panels.territory_tooltip(self) if self.hover is not None else panels.seat_tooltip(self)

    def move_hint(self) -> tuple[str, str]:
        return hints.move_hint(self.pub, self.actions, self.controls, self.names, len(self.private_cards()))

    def _advised_territories(self, action: dict) -> list[str]:
        if action["type"] == "occupy" and self.pub.get("pending"):
            return [self.pub["pending"]["from"], self.pub["pending"]["to"]]
        return [action[k] for k in ("territory", "from", "to") if k in action]

    def advice_points(self, action: dict) -> list:
        return [self.geometry.territories[t].army for t in self._advised_territories(action)
                if t in self.geometry.territories]

    def advice_words(self, action: dict) -> str:
        return hints.action_words(action, self._advised_territories(action), self.names)
