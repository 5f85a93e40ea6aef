"""Ratings per game: OpenSkill's Plackett-Luce model (Weng-Lin Bayesian ratings: many players, teams), and the
bots' levels as fixed marks on the same scale (docs/club.md, "Ratings").

A rating is the model's (mu, sigma); what a player reads is the library's conservative `ordinal` (mu - 3 sigma),
marked provisional for its first PROVISIONAL_GAMES games. A rated table's end is rated by `rate`, inside the
transaction that stores the game's last action (club.db), so a table process killed then leaves both or neither.

Who ranks where: each side of the game (engine.sides: a side's seats play as one team) holding a winner ranks
first, every other side second, tied; no winner (a draw) ties every side. A resignation and a forfeit on a
deadline are results like any other (the other camp wins), so they count as losses. A bot's seat plays at its
level's mark, which no game moves: against a bot only the players' ratings change.
"""
import json
from functools import cache

import catalog
from engine.resources import package_path
from openskill.models import PlackettLuce

MODEL = PlackettLuce()     # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
PROVISIONAL_GAMES = 5      # a rating is marked provisional until its player has played this many rated games
HISTORY = 100              # the most recent changes a player's rating answer carries (its chart)


def shown(mu: float, sigma: float) -> float:
    """The number a player reads: the library's ordinal (mu - 3 sigma), to a tenth."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(), 1)


def rating_row(mu: float, sigma: float, games: int) -> dict:
    """A rating as the wire carries it (docs/club.md)."""
    return {"rating": shown(mu, sigma), "mu": mu, "sigma": sigma, "games": games,
            "provisional": games < PROVISIONAL_GAMES}


DEFAULT = rating_row(MODEL.mu, MODEL.sigma, 0)   # a player who has played no rated game of a game


# ----- the bots' marks ------------------------------------------------------------------------
@cache
def marks(game: str) -> dict[str, dict]:
    """Each bot level's fixed rating in `game` ({level: {"mu", "sigma", "rating"}}), from the file its catalog
    entry names (`bot_marks`, measured by bench/bot_marks.py); empty for a game with none."""
    try:
        name = catalog.spec(game).bot_marks
    except KeyError:
        return {}
    if name is None:
        return {}
    data = json.loads(package_path(*catalog.shipped(name)).read_text(encoding="utf-8"))
    return {level: dict(m, rating=shown(m["mu"], m["sigma"])) for level, m in data["marks"].items()}


def like(rating: float, game: str) -> str | None:
    """The bot level whose mark is nearest `rating` (what "about as strong as hard" says), or None."""
    levels = marks(game)
    if not levels:
        return None
    return min(levels, key=lambda level: abs(levels[level]["rating"] - rating))


# ----- a game's end -------------------------------------------------------------------------
def outcome(session, players: dict[int, str]) -> dict:
    """Who played whom at a finished table and how it ended, as `rate` takes it: a team per side, each member
    a club player (`players`: seat -> name) or a bot at its level, and each team's rank (1 best, ties equal)."""
    result = session.result()
    winners = set(result["winners"]) if result else set()
    teams, ranks = [], []
    for side in session.sides():
        members = []
        for seat in side["seats"]:
            entry = session.seats[seat]
            members.append({"seat": seat, "level": entry["level"]} if entry.get("kind") == "bot"
                           else {"seat": seat, "player": players[seat]})
        teams.append(members)
        ranks.append(1 if winners & set(side["seats"]) else 2)
    return {"game": session.game_id, "teams": teams, "ranks": ranks}


def new_ratings(outcome_: dict, before: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The players' ratings after the game (`before`: player -> (mu, sigma)), by the model; bots keep their marks."""
    levels = marks(outcome_["game"])
    teams = [[MODEL.rating(*(before[m["player"]] if "player" in m else
                             (levels[m["level"]]["mu"], levels[m["level"]]["sigma"])))
              for m in team] for team in outcome_["teams"]]
    rated = MODEL.rate(teams, ranks=list(outcome_["ranks"]))
    return {m["player"]: (r.mu, r.sigma) for team, after in zip(outcome_["teams"], rated)
            for m, r in zip(team, after) if "player" in m}


def rate(conn, table_id: int, outcome_: dict) -> None:
    """Rate a finished table, inside the caller's transaction (the one storing the game's last action): its
    players' rows locked in name order (two tables ending at once, in two processes, wait for each other), the
    model's new ratings written, and a change row per player, whose key refuses a second rating of the table."""
    game = outcome_["game"]
    seats = {m["player"]: (m["seat"], rank == 1) for team, rank in zip(outcome_["teams"], outcome_["ranks"])
             for m in team if "player" in m}
    names = sorted(seats)
    if not names:
        return
    conn.execute("INSERT INTO ratings (player, game, mu, sigma) SELECT p, %s, %s, %s FROM unnest(%s::text[]) AS p "
                 "ORDER BY p ON CONFLICT DO NOTHING", (game, MODEL.mu, MODEL.sigma, names))
    before = {p: (mu, sigma, games) for p, mu, sigma, games in conn.execute(
        "SELECT player, mu, sigma, games FROM ratings WHERE game = %s AND player = ANY(%s) ORDER BY player "
        "FOR UPDATE", (game, names))}
    after = new_ratings(outcome_, {p: (mu, sigma) for p, (mu, sigma, _g) in before.items()})
    with conn.cursor() as cur:
        cur.executemany("UPDATE ratings SET mu = %s, sigma = %s, games = games + 1, updated_at = now() "
                        "WHERE player = %s AND game = %s", [(*after[p], p, game) for p in names])
        cur.executemany(
            "INSERT INTO rating_changes (table_id, player, game, seat, won, mu_before, sigma_before, mu_after, "
            "sigma_after, games) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [(table_id, p, game, *seats[p], *before[p][:2], *after[p], before[p][2] + 1) for p in names])


# ----- what the lobby answers ----------------------------------------------------------------
def of_players(conn, pairs: set[tuple[str, str]]) -> dict[tuple[str, str], dict]:
    """The ratings of (player, game) pairs, each `rating_row` (the default for a pair with none)."""
    if not pairs:
        return {}
    players, games_ = zip(*sorted(pairs))
    rows = conn.execute("SELECT r.player, r.game, r.mu, r.sigma, r.games FROM ratings r "
                        "JOIN unnest(%s::text[], %s::text[]) AS w(player, game) USING (player, game)",
                        (list(players), list(games_))).fetchall()
    found = {(p, g): rating_row(mu, sigma, n) for p, g, mu, sigma, n in rows}
    return {pair: found.get(pair, DEFAULT) for pair in pairs}


def board(conn, game: str, skip: int = 0, limit: int = 50) -> list[dict]:
    """The game's leaderboard: players by their shown rating, best first."""
    rows = conn.execute("SELECT player, mu, sigma, games FROM ratings WHERE game = %s AND games > 0 "
                        "ORDER BY mu - 3 * sigma DESC, player LIMIT %s OFFSET %s", (game, limit, skip)).fetchall()
    return [dict(rating_row(mu, sigma, n), player=p, place=skip + i + 1) for i, (p, mu, sigma, n) in enumerate(rows)]


def of_player(conn, player: str, game: str) -> dict:
    """A player's rating in a game, with its history (oldest first: each rated game's rating after it) and the
    bot level it is nearest."""
    now = of_players(conn, {(player, game)})[(player, game)]
    rows = conn.execute(
        "SELECT table_id, extract(epoch FROM at), mu_after, sigma_after, games, won FROM ("
        "  SELECT * FROM rating_changes WHERE player = %s AND game = %s ORDER BY at DESC, table_id DESC LIMIT %s"
        ") recent ORDER BY at, table_id", (player, game, HISTORY)).fetchall()
    history = [{"table": t, "at": float(at), "rating": shown(mu, sigma), "games": n, "won": won}
               for t, at, mu, sigma, n, won in rows]
    return dict(now, player=player, game=game, history=history, like=like(now["rating"], game))


def of_table(conn, table_id: int) -> list[dict]:
    """What a rated table's end did to each player's rating (empty until it is rated), in seat order."""
    rows = conn.execute(
        "SELECT seat, player, won, mu_before, sigma_before, mu_after, sigma_after, games FROM rating_changes "
        "WHERE table_id = %s ORDER BY seat", (table_id,)).fetchall()
    out = []
    for seat, player, won, mu0, s0, mu1, s1, n in rows:
        before, after = shown(mu0, s0), shown(mu1, s1)
        out.append({"seat": seat, "player": player, "won": won, "before": before, "after": after,
                    "change": round(after - before, 1), "games": n, "provisional": n < PROVISIONAL_GAMES})
    return out
