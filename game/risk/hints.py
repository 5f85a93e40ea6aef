"""The Risk board's hint line on the player's own move: one sentence for the phase and step, and its keys."""
from game.words import plural


def move_hint(pub: dict, actions: list, controls, names: dict, held: int) -> tuple[str, str]:
    """The hint line on this window's move: what to do now in this phase, and the keys that help."""
    phase = pub["phase"]
    keys = "Enter end phase  ·  A attack again  ·  B blitz  ·  1-3 dice  ·  Esc cancel  ·  N names  ·  H help"
    if phase == "claim":
        return "Claim: click an empty territory.", "N names  ·  H help"
    if phase == "setup":
        if pub.get("setup_step") == "neutral":
            return "Place one army for the neutral player on a grey territory.", "N names  ·  H help"
        return ("Place a starting army on a lit territory (Shift+click: all the rest go there).",
                "click one  ·  Shift+click all the rest there  ·  Enter: place the rest for me  ·  N names  ·  "
                "H help")
    if phase == "reinforce":
        if pub.get("must_trade"):
            return f"You hold {held} cards, too many: pick a set in your hand and trade it.", "click cards  ·  T trade"
        n = pub.get("armies_to_place", 0)
        extra = " (or trade a set first)" if any(a["type"] == "trade" for a in actions) else ""
        return f"Place {plural(n, 'army')} on your territories.{extra}", \
            "click +1  ·  Shift+click all  ·  T trade picked cards  ·  H help"
    if phase == "attack":
        if controls.blitz:
            return "Blitzing… Esc stops.", keys
        if controls.source:
            return f"Attack from {names[controls.source]}: click a red neighbour.", keys
        return "Attack: pick one of your lit territories, or press Enter to stop attacking.", keys
    if phase == "occupy":
        return "Conquered! Choose how many armies move in.", "M move all  ·  Enter confirm  ·  arrows adjust"
    if phase == "fortify":
        if controls.source:
            return f"Fortify from {names[controls.source]}: click where the armies go.", \
                "Enter end turn  ·  Esc cancel  ·  H help"
        return "Fortify once: pick where to move armies from, or press Enter to end your turn.", \
            "Enter end turn  ·  H help"
    if phase == "defend":
        return "You are attacked: choose how many dice to defend with.", "1 / 2 dice"
    return "", ""



def action_words(action: dict, territories: list[str], names: dict) -> str:
    """An action in words, for the expert's hint ("attack Ukraine from Ural with 3 dice")."""
    kind, named = action["type"], [names.get(t, t) for t in territories]
    if kind in ("claim", "place"):
        return f"{'claim' if kind == 'claim' else 'place ' + plural(action.get('count', 1), 'army') + ' on'} {named[0]}"
    if kind == "attack":
        return f"attack {named[1]} from {named[0]} with {plural(action['dice'], 'die')}"
    if kind == "occupy":
        return f"move {plural(action['count'], 'army')} into {named[1]}" if len(named) > 1 else \
            f"move {plural(action['count'], 'army')} in"
    if kind == "fortify":
        return f"fortify {named[1]} from {named[0]} with {plural(action['count'], 'army')}"
    if kind == "trade":
        return "trade a set of cards in"
    if kind == "defend":
        return f"defend with {plural(action['dice'], 'die')}"
    return {"end_attack": "stop attacking", "end_turn": "end the turn"}.get(kind, kind.replace("_", " "))
