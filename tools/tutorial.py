"""Writing a tutorial (docs/tutorials.md): set its scene by playing it, then check it against the rules.

    python tools/tutorial.py prelude SAVE [--upto N]   print a saved game's actions as a tutorial's prelude
    python tools/tutorial.py check FILE [--events]     play a tutorial through the rules, step by step

`prelude` reads any save (a hot-seat game in which you played the position you want, found in the saves
folder) and prints its actions in the tutorial file's format, with its seed and options, ready to paste.
`check` plays the prelude and every step through a real Session and says which step the rules refuse, or
which promised event did not come; `--events` prints what each step's actions brought, to write its words.
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.session import Session  # noqa: E402
from engine.tutorial import TutorialError, new_session, parse, play_step  # noqa: E402


def toml_value(value) -> str:
    """A plain value (an action's field) as TOML, inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"{value!r} has no TOML form here")


def prelude(path: str, upto: int | None) -> int:
    session = Session.load(path)
    log = session.log if upto is None else session.log[:upto]
    print(f'game = "{session.game_id}"\nseats = {session.n_seats}\nseed = {session.seed}')
    print(f"options = {toml_value(session.options)}")
    print("prelude = [")
    for seat, action in log:
        print(f"  [{toml_value('table') if seat is None else seat}, {toml_value(action)}],")
    print("]")
    return 0


def check(path: str, events: bool) -> int:
    try:
        tutorial = parse(Path(path).read_text(encoding="utf-8"), source=Path(path).name)
        session = new_session(tutorial)
        print(f"{tutorial.title}: prelude of {len(tutorial.prelude)} actions played")
        for index, step in enumerate(tutorial.steps):
            got = play_step(session, tutorial, index)
            print(f"  step {index + 1:2d} {step.title or step.say[:40]!s:40} {len(step.actions)} action(s) ok")
            if events:
                for e in got:
                    print(f"        {e}")
    except TutorialError as e:
        print(f"refused: {e}")
        return 1
    print(f"every step accepted; the table then waits for seat(s) {session.to_act()}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prelude", help="print a save's actions as a tutorial's prelude")
    p.add_argument("save")
    p.add_argument("--upto", type=int, default=None, help="only the first N actions")
    c = sub.add_parser("check", help="play a tutorial through the rules")
    c.add_argument("file")
    c.add_argument("--events", action="store_true", help="print each step's events")
    args = parser.parse_args(argv)
    if args.command == "prelude":
        return prelude(args.save, args.upto)
    return check(args.file, args.events)


if __name__ == "__main__":
    sys.exit(main())
