"""The analysis of a finished game (bots/analysis.py, engine/decisions.py, `sandtable analyse`): each decision is
judged from the view its seat had then, known blunders planted in bot games are marked (bench/planted.py; the
bench counts ten of them, bench/analysis.py), a seat's marks are the same on a twin game that differs only in
other seats' secrets, and the command line writes the report."""
import copy
import json

import bots
from bench import planted
from bots import analysis
from cli import main as sandtable
from engine import decisions, legal
from engine.rng import Rng
from engine.session import Session
from tests.bot_games import bot_step

QUICK = analysis.AnalysisSettings(iterations=8, inaccuracy=0.004, mistake=0.05, blunder=0.15)


def _hard_session(game_id: str, actions: int, n_seats: int = 2, seed: int = 4) -> Session:
    s = Session(game_id, n_seats, seed=seed)
    players = [bots.make(game_id, "hard", seat, seed * 10 + seat) for seat in range(n_seats)]
    while s.rev < actions and s.result() is None:
        bot_step(s, players)
    return s


def test_each_decision_comes_with_the_view_its_seat_had_and_an_action_taken_back_is_none():
    s = _hard_session("risk", 60)
    log = list(s.log) + [[s.to_act()[0], {"type": "undo"}]]   # an undo: the action before it was taken back
    found = list(decisions.of_save(s.header(), log[:-1], [0]))
    replay = Session.from_header(s.header())
    for seat, action in s.log:
        if seat == 0 and replay.rev in {d.index for d in found}:
            d = next(d for d in found if d.index == replay.rev)
            assert (d.view, d.action) == (replay.view(0), action)
        replay.apply(seat, action)
    assert decisions.taken_back(log) == {len(log) - 1, max(i for i, (seat, _) in enumerate(s.log) if seat == log[-1][0])}


def test_a_card_thrown_away_is_marked_and_the_hard_bot_s_own_choice_there_is_not_a_blunder():
    """Tactics (1940), Rule 16: a plane card sinks an enemy transport; spent on a neutral's piece it only draws a
    protest, and the enemy keeps its ship."""
    for seed in range(9, 13):
        s = _hard_session("tactics1940", 400, n_seats=4, seed=seed)
        units = [u for seat in range(4) for u in analysis.units("tactics1940", decisions.of_save(s.header(), s.log,
                                                                                               [seat]))]
        thrown = planted.card_thrown_away(units)
        if thrown:
            break
    settings = analysis.settings_for("tactics1940")
    verdicts = [analysis.judge("tactics1940", unit, settings) for unit in thrown[:5]]
    assert sum(1 for v in verdicts if v["mark"]) >= 0.8 * len(verdicts), [(v["drop"], v["error"]) for v in verdicts]
    own = [next(u for u in units if u.index == unit.index) for unit in thrown[:5]]
    assert all(analysis.judge("tactics1940", unit, settings)["mark"] != "blunder" for unit in own)


def test_an_hq_marched_into_the_enemy_s_reach_is_marked():
    """Tactics (1954), rule F: an HQ is lost the moment an enemy division controls its square."""
    session = _hard_session("ah_tactics", 160, seed=1)
    units = [u for seat in (0, 1) for u in analysis.units("ah_tactics", decisions.of_save(session.header(),
                                                                                          session.log, [seat]))]
    unit = planted.planted_1954(units, planted.hq_into_reach)[0]
    verdict = analysis.judge("ah_tactics", unit, analysis.settings_for("ah_tactics"))
    assert verdict["mark"] is not None, verdict


def _twins(game_id: str, seat: int, at: int, steps: int):
    """A game, and its twin from `at` on: the same position as `seat` sees it, every other seat's secrets drawn
    afresh (sample_state), both driven on by the same actions. Each one's decisions of `seat`."""
    real = _hard_session(game_id, at)
    twin = copy.deepcopy(real)
    twin.state = real.rules.sample_state(real.view(seat), seat, Rng(99))
    players = [bots.make(game_id, "hard", s, 7 + s) for s in range(real.n_seats)]
    mine = ([], [])
    for _ in range(steps):
        acting = real.to_act()
        if real.result() is not None or not acting:
            break
        who = acting[0]
        action = players[who].choose(real.view(who))
        if not legal.contains(twin.legal(who), action):
            break   # another seat's secret made the twin part from the game: stop there
        if who == seat:
            mine[0].append(decisions.Decision(real.rev, seat, real.view(seat), action))
            mine[1].append(decisions.Decision(twin.rev, seat, twin.view(seat), action))
        real.apply(who, action)
        twin.apply(who, action)
    return mine


def test_a_seat_s_marks_are_the_same_on_a_twin_game_that_differs_only_in_other_seats_secrets():
    """The twin check of tests/conformance/test_information_sets.py, for the analysis: it reads only the seat's view."""
    real, twin = _twins("risk", 0, 80, 60)
    assert len(real) >= 5
    judged = [[analysis.judge("risk", u, QUICK) for u in analysis.units("risk", each)] for each in (real, twin)]
    assert [v["mark"] for v in judged[0]] == [v["mark"] for v in judged[1]]
    assert judged[0] == judged[1]


def test_sandtable_analyse_prints_each_seat_s_marks_and_writes_the_report(tmp_path, capsys, monkeypatch):
    s = _hard_session("tactics1940", 40)
    s.save(tmp_path / "game.sandtable")
    monkeypatch.setattr(analysis, "settings_for", lambda game_id: QUICK)
    code = sandtable(["analyse", str(tmp_path / "game.sandtable"), "--seat", "1", "--workers", "1",
                      "--json", str(tmp_path / "report.json"), "--png", str(tmp_path / "chart.png")])
    assert code == 0
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["seats"] == [1] and report["verdicts"] and all(v["seat"] == 1 for v in report["verdicts"])
    assert (tmp_path / "chart.png").stat().st_size > 0
    assert "decisions" in capsys.readouterr().out


def test_sandtable_analyse_says_why_a_save_cannot_be_read(tmp_path, capsys):
    (tmp_path / "bad.sandtable").write_bytes(b"")
    assert sandtable(["analyse", str(tmp_path / "bad.sandtable")]) == 1
    assert "empty" in capsys.readouterr().err
