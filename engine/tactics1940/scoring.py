"""The end of the game and the final scores (Rules 18 and 19).

When a seaport is blockaded the winning camp (the blockading belligerent and its allies)
shares the whole Gold Reserve: equal shares, the odd coins to the belligerent who began
the war. Then every player counts:
  coins                                                        1 each
  his pieces in his own home area, at sea or in the safety zone regular value
  his pieces in another player's home area                     double value
  the losing belligerent's pieces in his home area             triple value
(a battleship is worth 5, every other piece 1; protest cards score nothing). The loser's
pieces outside his home area are lost, except those in another player's home area, which
that player takes at triple value. A home area nobody plays counts as open sea. Each pair
of players settles the difference of their scores: `settlement[i][j]` = score i - score j,
what j pays i when positive. The winners of the table are the players with the highest
score (the one collecting most in the settlement).
"""
from engine.tactics1940 import diplomacy, rule_ids as why
from engine.tactics1940.pieces import VALUE, seat_of_power
from engine.why import RULE


def share_jackpot(state, winning_camp: str, events: list) -> None:
    seats = diplomacy.camp_seats(state, winning_camp)
    leader = seat_of_power(state, winning_camp)
    pot = state["reserve"]
    share, odd = divmod(pot, len(seats))
    shares = {s: share + (odd if s == leader else 0) for s in seats}
    for s, n in shares.items():
        state["coins"][s] += n
    state["reserve"] = 0
    events.append({"type": "jackpot", "camp": winning_camp, "coins": pot,
                   "shares": [[s, n] for s, n in sorted(shares.items())], RULE: why.SCORING})


def scores(board, state, loser) -> tuple[list, list]:
    """(score per seat, breakdown per seat) with `loser` the blockaded seat (None: no blockade)."""
    n = state["n"]
    parts = [{"coins": state["coins"][s], "regular": 0, "double": 0, "triple": 0, "lost": 0} for s in range(n)]
    for p in state["pieces"]:
        if p["at"] is None:
            continue
        sq = (p["at"][0], p["at"][1])
        power = board.home_of.get(sq)
        area = seat_of_power(state, power) if power is not None else None
        value, owner = VALUE[p["kind"]], p["owner"]
        if owner == loser and area != loser:
            if area is None:
                parts[owner]["lost"] += value
            else:
                parts[area]["triple"] += 3 * value
        elif area is None or area == owner:
            parts[owner]["regular"] += value
        else:
            parts[owner]["double"] += 2 * value
    totals = [pt["coins"] + pt["regular"] + pt["double"] + pt["triple"] for pt in parts]
    return totals, parts


def settlement(totals: list) -> list:
    return [[a - b for b in totals] for a in totals]


def finish(board, state, loser, reason: str, events: list) -> None:
    """End the game: the jackpot (after a blockade), the scores, the settlement."""
    if loser is not None:
        share_jackpot(state, diplomacy.opposite_camp(state, loser), events)
    totals, parts = scores(board, state, loser)
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    state["outcome"] = {"winners": winners, "scores": totals, "reason": reason, "loser": loser,
                        "breakdown": parts, "settlement": settlement(totals)}
    state["steps"] = []
    events.append({"type": "game_over", "winners": winners, "scores": totals, "reason": reason, "loser": loser,
                   RULE: why.SCORING})
