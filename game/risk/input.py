"""The Risk board's input: the seat's legal actions read from its view, the turn's picks (the attack or fortify
source, the dice, the last attack, a blitz, the cards picked, the army chooser, the opening's standing order) and
what a click, a key or a button does with them. Nothing here is a rule: a click becomes an action `legal` lists
(game.risk.controls), or a sentence saying why not.
"""
import pygame

from game import sound
from game.risk.chooser import CountChooser
from game.risk.cards import CardHand
from game.risk.controls import TurnControls, legal_actions
from game.words import plural

AUTO = "auto"   # a standing order for the opening: spread over the seat's front (TurnControls.spread_target)


class Input:
    def __init__(self, seats, geometry, ask_first, notify, toggle_names):
        """`seats`: the board's Seats; `geometry`: the map's; `ask_first(question, detail, yes, then)`: the card that
        asks before what is final; `notify(text)`: a notice; `toggle_names()`: N, the names on the map."""
        self.seats, self.geometry, self.ask_first, self.notify = seats, geometry, ask_first, notify
        self.toggle_names = toggle_names
        self.names = {tid: t.name for tid, t in geometry.territories.items()}
        self.controls = TurnControls(self.names)
        self.hand = CardHand(self.names)
        self.standing: dict[int, str] = {}   # opening: seat -> where its starting armies keep going ("auto": anywhere)
        self.chooser: CountChooser | None = None
        self.hover: str | None = None
        self.actions: list[dict] = []

    @property
    def phase(self) -> str | None:
        return self.seats.pub.get("phase")

    # ----- the orders ------------------------------------------------------------------------
    def reset(self) -> None:
        self.chooser = None
        self.controls.reset()
        self.hand.selected = []

    def read_orders(self) -> None:
        active = self.seats.active_seat
        was_defending = self.defend_prompt_up()
        self.actions = legal_actions(self.seats.view, active) if active is not None else []
        if self.defend_prompt_up() and not was_defending:
            sound.play("attacked")   # out of turn: someone attacks you and waits for your answer
        self.hand.sync(self.private_cards())
        self._sync_chooser()

    def modal(self):
        return self.chooser

    def picked(self) -> bool:
        return self.controls.blitz or self.controls.source is not None or bool(self.hand.selected)

    def private_cards(self) -> list[dict]:
        """The shown seat's own cards; nothing when no seat is shown or the cover is up."""
        seats = self.seats
        if seats.covered or seats.shown_seat is None or not seats.view:
            return []
        return list(seats.view.get("private", {}).get("cards", []))

    def _sync_chooser(self) -> None:
        pub = self.seats.pub
        if pub["phase"] == "occupy" and self.actions:
            if self.chooser is None or self.chooser.title[:6] != "Occupy":
                p = pub["pending"]
                self.chooser = CountChooser(f"Occupy {self.names[p['to']]}: armies to move in", p["min"], p["max"],
                                            self.occupy, confirm="Move in")
        elif self.chooser is not None and (pub["phase"] != "fortify" or not self.actions):
            self.chooser = None

    def defend_prompt_up(self) -> bool:
        return bool(self.seats.view and self.phase == "defend" and self.actions)

    def dice_selector_up(self) -> bool:
        return bool(self.seats.view and self.phase == "attack" and self.actions)

    # ----- the turn's commands -------------------------------------------------------------------
    def end_phase(self) -> None:
        if self.chooser is not None:
            self.chooser.confirm()
            return
        seats = self.seats
        pub = seats.pub
        phase = pub.get("phase")
        if seats.active_seat is None:
            seats.refuse("It is not your move.")
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
            seats.refuse("Trade a set first." if pub.get("must_trade") else
                         f"Place your {plural(pub.get('armies_to_place', 0), 'army')} first.")
        elif phase == "defend":
            seats.refuse("Choose how many dice to defend with.")
        else:
            seats.refuse("Click a territory to go on.")

    def _send_reset(self, action: dict) -> None:
        self.controls.reset()
        self.seats.send(action)

    def attack_again(self) -> None:
        if self.seats.active_seat is None or self.phase != "attack":
            self.seats.refuse("You can attack again only in your attack phase.")
            return
        self._apply(self.controls.again(self.actions))

    def start_blitz(self) -> None:
        if self.seats.active_seat is None or self.phase != "attack":
            self.seats.refuse("Blitz works in your attack phase.")
            return
        controls = self.controls
        target = self.hover if controls.source and self.hover in TurnControls.targets(
            self.actions, "attack", controls.source) else None
        if target is not None:
            controls.last_attack = (controls.source, target)
        out = controls.again(self.actions)
        if out.action is None:
            self.seats.refuse("Pick an attack first (source, then target), then blitz with B.")
            return
        controls.blitz = True
        self.seats.send(out.action)

    def continue_blitz(self) -> None:
        controls = self.controls
        if not controls.blitz or self.seats.pending_seq is not None:
            return
        if self.phase != "attack" or self.seats.active_seat is None:
            controls.blitz = False
            return
        out = controls.again(self.actions)
        if out.action is None:
            controls.blitz = False  # the source is down to one army, or the target changed hands
            return
        self.seats.send(out.action)

    def on_event(self, e: dict) -> None:
        if e["type"] == "turn":
            self.controls.reset()
            self.controls.last_attack = None

    def refused(self) -> None:
        """The table refused an action: a blitz stops."""
        self.controls.blitz = False

    def choose_dice(self, n: int) -> None:
        self.controls.dice = n
        self.notify(f"Attacking with up to {plural(n, 'die')}.")

    def trade(self) -> None:
        """Trade the three picked cards, if `legal` lists that trade."""
        trades = [a for a in self.actions if a["type"] == "trade"]
        chosen = sorted(self.hand.selected)
        match = next((a for a in trades if sorted(a["cards"]) == chosen), None)
        if match is not None:
            self.seats.send(match)
            self.hand.selected = []
        elif not trades:
            self.seats.refuse("You cannot trade now: trades happen while you reinforce.")
        else:
            self.seats.refuse("Pick three cards that make a set: three alike, one of each, or two and a wild.")

    def occupy(self, count: int) -> None:
        self.chooser = None
        self.seats.send({"type": "occupy", "count": count})

    def defend(self, dice: int) -> None:
        self.seats.send({"type": "defend", "dice": dice})

    def defend_key(self, n: int) -> None:
        if {"type": "defend", "dice": n} in self.actions:
            self.defend(n)
        else:
            self.seats.refuse("You can defend with only 1 die here.")

    # ----- the opening: placing starting armies without a click each ------------------------------------
    def place_rest(self, where: str) -> None:
        """Keep placing this seat's starting armies, one a turn as the rules have it: all on `where`, or
        (AUTO) spread over the seat's front, each to where the enemy outnumbers it most, choosing from the seat's
        legal placements."""
        seat = self.seats.active_seat
        if seat is None or self.phase != "setup":
            self.seats.refuse("Starting armies are placed in the opening only.")
            return
        self.standing[seat] = where
        sound.play("click")
        what = "to your front, where the enemy outnumbers you most" if where == AUTO else f"on {self.names[where]}"
        self.notify(f"Your remaining starting armies go {what}, one a turn.")
        self.keep_placing()

    def keep_placing(self) -> None:
        """Send the next starting army of a standing order, when it is this seat's turn to place one."""
        seats = self.seats
        seat, pub = seats.active_seat, seats.pub
        if seat is None or seat not in self.standing or seats.waiting or pub.get("phase") != "setup":
            if pub.get("phase") not in (None, "setup"):
                self.standing.clear()
            return
        if pub.get("setup_step") == "neutral":
            return   # a neutral army: the player chooses where (it is rarely where their own should go)
        where = self.standing[seat]
        if where == AUTO:
            target = TurnControls.spread_target(pub, seat, TurnControls.places(self.actions), self.geometry.adjacent)
            action = {"type": "place", "territory": target, "count": 1} if target else None
        else:
            action = {"type": "place", "territory": where, "count": 1}
        if action is None or action not in self.actions:
            del self.standing[seat]
            seats.refuse("The standing order cannot go on: place the next army yourself.")
            return
        seats.send(action)

    # ----- the map ------------------------------------------------------------------------------
    def _fortify_chooser(self, src: str, dst: str, lo: int, hi: int) -> None:
        def done(count):
            self.chooser = None
            self.controls.reset()
            self.seats.send({"type": "fortify", "from": src, "to": dst, "count": count})

        def cancel():
            self.chooser = None
        self.chooser = CountChooser(f"Fortify {self.names[dst]} from {self.names[src]}", lo, hi, done,
                                    on_cancel=cancel, confirm="Fortify")

    def _apply(self, out) -> None:
        if out.action is not None:
            self.seats.send(out.action)
        elif out.choose is not None:
            self._fortify_chooser(*out.choose[1:])
            sound.play("click")
        elif out.selected:
            sound.play("click")
        elif out.message:
            self.seats.refuse(out.message)

    def click_territory(self, tid: str, shift: bool) -> None:
        seats = self.seats
        if seats.active_seat is None:
            seats.refuse(seats.not_your_move())
            return
        pub = seats.pub
        if shift and pub.get("phase") == "setup" and pub.get("setup_step") != "neutral":
            if {"type": "place", "territory": tid, "count": 1} in self.actions:
                self.place_rest(tid)
                return
        self._apply(self.controls.click(tid, pub, self.actions, all_armies=shift))

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

    def track(self, event) -> None:
        """The territory under the pointer."""
        geometry = self.geometry
        if event.type == pygame.MOUSEMOTION:
            self.hover = geometry.territory_at(event.pos) if geometry.map_rect.collidepoint(event.pos) else None

    def click(self, event) -> bool:
        """A press on the hand's cards or the map: it picks a card, a territory, or drops the pick."""
        geometry = self.geometry
        card = self.hand.card_at(event.pos)
        if card is not None and event.button == 1:
            self.hand.toggle(card)
            sound.play("click")
            return True
        if not geometry.map_rect.collidepoint(event.pos):
            return False
        tid = geometry.territory_at(event.pos)
        if event.button == 3 or (event.button == 1 and tid is None):
            self.controls.reset()
        elif event.button == 1:
            self.click_territory(tid, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        return True

    def key_commands(self) -> dict:
        commands = {pygame.K_RETURN: self.end_phase, pygame.K_KP_ENTER: self.end_phase, pygame.K_SPACE: self.end_phase,
                    pygame.K_a: self.attack_again, pygame.K_b: self.start_blitz, pygame.K_t: self.trade,
                    pygame.K_1: lambda: self.choose_dice(1), pygame.K_2: lambda: self.choose_dice(2),
                    pygame.K_3: lambda: self.choose_dice(3), pygame.K_n: self.toggle_names,
                    pygame.K_m: lambda: self.seats.refuse("Move all is for the army chooser (after a conquest or when "
                                                          "fortifying).")}
        if self.defend_prompt_up():   # attacked: the number keys say how many dice defend
            dice = {pygame.K_1: 1, pygame.K_KP1: 1, pygame.K_2: 2, pygame.K_KP2: 2}
            commands.update({k: (lambda n=n: self.defend_key(n)) for k, n in dice.items()})
        return commands
