"""The Tactics (1954) charts: the Combat Results Table as a chart window (key C, and on the Rules screen) with
the planned battle's column(s) and each die's outcome lit, and the battle calculator's line of chances for a
planned battle. The table, the columns and the chances are the rules' own (engine.ah_tactics.queries).
"""
from engine.ah_tactics import queries
from game import theme
from game.board_kit.chart_window import Chart

DOUBT_MARK = " *"   # after a cell the scan leaves in doubt (the footnote says what that means)
LOSS_COLOURS = {"attacker": (255, 130, 110), "defender": (140, 225, 150), None: (255, 214, 90)}
SHORT = (("defender", "def"), ("attacker", "att"), ("eliminated", "elim"), ("falls back", "back"),
         (" (prisoners under J1)", "+pris"), ("exchange", "exch"))


def percent(chance) -> str:
    return f"{round(float(chance) * 100)}%"


def short(outcome: str) -> str:
    for long, brief in SHORT:
        outcome = outcome.replace(long, brief)
    return outcome


def chances_text(attack: float, defence: float) -> str:
    """The battle calculator's line: "def elim 50% · exch 33% · att back 2 17%"."""
    return " · ".join(f"{short(o)} {percent(c)}" for o, c in queries.outcome_chances(attack, defence))


def loss_chances(attack: float, defence: float) -> dict:
    """Who loses a battle of those factors and how likely: {"defender", "attacker", None (an exchange)} -> chance,
    the outcomes of `queries.outcome_faces` added up by loser."""
    out: dict = {}
    for chance, result in queries.outcome_faces(attack, defence):
        out[result.loser] = out.get(result.loser, 0) + chance
    return out


LOSERS = {"defender": "defender loses", "attacker": "attacker loses", None: "exchange"}
LOSERS_SHORT = {"defender": "def loses", "attacker": "att loses", None: "exch"}


def loss_text(attack: float, defence: float, fits=None) -> str:
    """A battle's chances in one line, likeliest first: "defender loses 83% · exchange 17%" (shorter words where
    `fits(text)` says the long ones do not fit: "def loses 83% · exch 17%")."""
    ranked = sorted(loss_chances(attack, defence).items(), key=lambda kv: -kv[1])
    for words in (LOSERS, LOSERS_SHORT):
        text = " · ".join(f"{words[loser]} {percent(p)}" for loser, p in ranked if p)
        if fits is None or fits(text):
            break
    return text


def columns_text(battle: dict) -> str:
    """The column(s) of the table a planned battle is fought on: "4-1", "1-1 or 2-1" (a roll-off), "over 6-1": the
    one way the window writes a battle's odds (badge, panel, chart, log, card), the reduced ratio the CRT reads,
    never the raw factors ("10-2")."""
    return " or ".join(queries.battle_columns(battle["attack"], battle["defence"]))


def crt_chart(plan: list | None = None, focused: dict | None = None, names=None, fought: dict | None = None, *,
              in_game: bool = True) -> Chart:
    """The CRT as a chart. `focused` (a plan entry of the view: attack, defence, odds) lights its column(s) and
    tints each die's outcome by who loses; every battle of `plan` gets a line of its chances; `fought` (a
    `battle` event) lights the cell its die gave. Every cell reads as the rules engine reads it; the cells the
    scanned rule book leaves in doubt carry a mark and a footnote saying so."""
    data = queries.crt_chart()
    columns = data["columns"]
    uncertain = set(data["uncertain"])
    cells = [[data["cells"][c][die - 1] + (DOUBT_MARK if f"{c}/{die}" in uncertain else "") for c in columns]
             for die in range(1, data["rolls"] + 1)]
    chart = Chart("Combat Results Table", "die", columns, [str(d) for d in range(1, data["rolls"] + 1)], cells)
    c = theme.colours
    name = names or (lambda ids: "")
    if focused is not None:
        lit = queries.battle_columns(focused["attack"], focused["defence"])
        chart.lit_columns = {columns.index(col) for col in lit if col in columns}
        for j in chart.lit_columns:
            for i, loser in enumerate(data["losers"][columns[j]]):
                chart.tints[(i, j)] = LOSS_COLOURS[loser]
        who = f"{name(focused['attackers'])} against {name(focused['defenders'])}" if names else "The battle"
        chart.notes.append((f"Lit: {who}: {focused['attack']:g} to {focused['defence']:g}, odds {columns_text(focused)}",
                            c.accent))
        if len(lit) == 2:
            chart.notes.append(("Between two columns: each side throws the die, the higher takes the column in its "
                                "favour (one chance in two each).", c.text_dim))
        elif not chart.lit_columns:
            chart.notes.append(("Beyond the table: settled without the die.", c.text_dim))
        chart.notes.append(("In the lit column: green, the defender loses; red, the attacker; gold, both (exchange).",
                            c.text_dim))
        chart.notes.append(("Chances: " + " · ".join(f"{o} {percent(p)}" for o, p in
                                                     queries.outcome_chances(focused["attack"], focused["defence"])),
                            c.text))
    for i, b in enumerate(plan or []):
        if len(plan) > 1 or b is not focused:
            chart.notes.append((f"Battle {i + 1}" + (f", {name(b['attackers'])} against {name(b['defenders'])}"
                                                     if names else "")
                                + f" ({columns_text(b)}): {loss_text(b['attack'], b['defence'])}", c.text))
    if fought is not None and fought.get("column") in columns and fought.get("die"):
        chart.lit_cells = {(fought["die"] - 1, columns.index(fought["column"]))}
        chart.notes.append((f"Framed cell: the last battle, column {fought['column']}, die {fought['die']}: "
                            f"{fought.get('result', '')}", c.text_dim))
    chart.notes.append(("\"1\" and \"2\" name the side holding that number in the column's odds (in 1-3 the "
                        "attacker is 1, in 2-1 the defender).", c.text_dim))
    if uncertain:
        chart.notes.append((f"{DOUBT_MARK.strip()} The scanned rule book is hard to read in these cells: each shows what the "
                            "rules engine decides there, the likeliest reading (docs/ah_tactics.md).", c.text_dim))
    if not in_game:
        chart.notes.insert(0, ("Find the battle's odds column (attacker to defender factors), throw the die, read "
                               "its row. Between two columns, a roll-off picks one; over 6-1 the defender is "
                               "eliminated without the die.", c.text))
    elif focused is None and fought is None and not plan:
        chart.notes.insert(0, ("No battle planned: plan one (after movement) and its column lights here.", c.text_dim))
    return chart


def rules_charts() -> list[tuple[str, Chart]]:
    """The charts the Rules screen offers for this game (game/scenes/rules.py)."""
    return [("Combat Results Table", crt_chart(in_game=False))]
