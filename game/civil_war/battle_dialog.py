"""The Civil War battle choice on the kit's combat dialog (game.wargame.combat_dialog).

After a larger force attacks a smaller one, the attacker says how many enemy units to
destroy and which, and which of its own units pay for it. The choices are the rules'
listed `battle` actions and nothing else: a quick button per listed total destroyed
(keys 1-9), steppers for the kinds within what the listed outcomes use, and Fight
live only while the counts on show are one of them.
"""
from game.civil_war.orders import KINDS, composition, describe
from game.wargame.combat_dialog import Choice, CombatDialog

ROWS = (("eliminate", "Destroy"), ("lose", "You lose"))


def _choice(action: dict) -> Choice:
    counts = {"eliminate": composition(action["eliminate"]), "lose": composition(action["lose"])}
    total = sum(counts["eliminate"].values())
    return Choice(action=action, counts=counts, group=total, label=f"Destroy {total}" if total else "Garrison")


def _sentence(choice: Choice) -> str:
    return f"Destroy {describe(choice.counts['eliminate'])}; you lose {describe(choice.counts['lose'])}."


def battle_dialog(options: list[dict], title: str, subtitle: str, on_choose, centre) -> CombatDialog:
    """The dialog over the listed `battle` actions `options`, starting on the one that destroys most for least."""
    choices = sorted((_choice(o) for o in options), key=lambda c: c.group)   # quick buttons by total, smallest first
    best = max(choices, key=lambda c: (c.group, -sum(c.counts["lose"].values())))
    totals = {c.group for c in choices}

    def explain(counts) -> str:
        destroyed = sum(counts["eliminate"].values())
        if destroyed not in totals:
            return "Not possible: pick one of the totals above."
        need = min(sum(c.counts["lose"].values()) for c in choices if c.group == destroyed)
        if sum(counts["lose"].values()) != need:
            return f"Destroying {destroyed} costs you exactly {need}: adjust your losses."
        return "Those units are not there: adjust the kinds."

    return CombatDialog(title, subtitle, choices, on_choose, centre, rows=ROWS, keys=KINDS, initial=best,
                        group_hint="How many enemy units to destroy (you lose one fewer):", describe=_sentence,
                        explain=explain)
