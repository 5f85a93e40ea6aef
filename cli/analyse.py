"""`analyse SAVE [--seat S] [--json OUT] [--png OUT]`: the expert's analysis of a recorded game, headless.

For each decision of the seats asked for (every seat by default) the expert weighs the action played against
its own best, from that seat's view at the time (bots/analysis.py), on the machine's cores in worker processes.
It prints each seat's count of inaccuracies, mistakes and blunders and the marked moves; `--json` writes the
whole report (every verdict, each seat's worth over the game), `--png` the chart of each seat's worth.
Progress goes to stderr; Ctrl+C stops the workers. A save that cannot be read is one sentence and exit 1.
"""
import json
import os
import sys
import time


def add_parser(sub) -> None:
    a = sub.add_parser("analyse", help="the expert's analysis of a saved game (marks, worth over the game)")
    a.add_argument("path", metavar="SAVE")
    a.add_argument("--seat", type=int, action="append", default=None, metavar="S",
                   help="a seat to analyse (0 is the first; repeat for more; default every seat)")
    a.add_argument("--json", default=None, metavar="OUT", help="write the whole report as JSON")
    a.add_argument("--png", default=None, metavar="OUT", help="write the chart of each seat's worth as a PNG")
    a.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="worker processes (default: one a core)")


def run(args, parser) -> int:
    from bots import analysis
    from engine import decisions, games
    from engine.errors import SaveError
    try:
        header, log = decisions.read(args.path)
    except SaveError as e:
        print(e, file=sys.stderr, flush=True)
        return 1
    game_id, n_seats = header["game"], header["n_seats"]
    if games.is_realtime(game_id):
        print(f"{games.rules(game_id).TITLE} is raced in real time: there are no turns for the expert to weigh.",
              file=sys.stderr, flush=True)
        return 1
    seats = args.seat if args.seat is not None else list(range(n_seats))
    bad = [s for s in seats if not 0 <= s < n_seats]
    if bad:
        parser.error(f"--seat {bad[0]}: this game has seats 0 to {n_seats - 1}")
    job = analysis.Analysis(game_id, decisions.of_save(header, log, seats), seats, workers=max(1, args.workers),
                            n_seats=n_seats)
    began = time.monotonic()
    job.start()
    try:
        while not job.wait(0.5):
            _say_progress(job.progress)
    except KeyboardInterrupt:
        job.cancel()
        print("\nStopped: nothing written.", file=sys.stderr, flush=True)
        return 130
    if job.progress.error:
        print(job.progress.error, file=sys.stderr, flush=True)
        return 1
    report = job.result()
    report["seconds"] = round(time.monotonic() - began, 1)
    print(file=sys.stderr)
    names = [s.get("name") or f"seat {i}" for i, s in enumerate(header.get("seats") or [{}] * n_seats)]
    print(summary(report, names))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    if args.png:
        from game.analysis_chart import save_png
        save_png(report, args.png, names)
    return 0


def _say_progress(progress) -> None:
    if progress.total:
        print(f"\ranalysed {progress.done} of {progress.total} decisions", end="", file=sys.stderr, flush=True)


def summary(report: dict, names: list[str]) -> str:
    """Each seat's marks, then every marked decision: where, what was played, what the expert would play."""
    lines = []
    for seat in report["seats"]:
        s = report["summary"][str(seat)]
        lines.append(f"{names[seat]}: {s['decisions']} decisions, {s['inaccuracy']} inaccuracies, "
                     f"{s['mistake']} mistakes, {s['blunder']} blunders")
    for v in report["verdicts"]:
        if v["mark"]:
            lines.append(f"  move {v['index'] + 1}, {names[v['seat']]}: {v['mark']} (worth {v['drop']:.3f} less): "
                         f"played {describe(v['played'])}; the expert: {describe(v['best'])}")
    lines.append(f"({report.get('seconds', 0)} s)")
    return "\n".join(lines)


def describe(actions: list) -> str:
    """Actions as short text: the type and its fields (a plan: its first few moves and how many in all)."""
    def one(action):
        fields = " ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in action.items() if k != "type")
        return f"{action['type']} {fields}".strip()
    if len(actions) <= 2:
        return ", ".join(one(a) for a in actions)
    return f"{len(actions)} actions: " + ", ".join(one(a) for a in actions[:2]) + ", …"
