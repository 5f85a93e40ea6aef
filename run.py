"""`python run.py [command]` in a source checkout: the `sandtable` command, plus `bench`.

Not installed: the installed `sandtable` runs `cli:main` alone. This entry point sits above
every package and hands the command line the benchmark suite (bench/), which lives only in
the checkout, so no product package imports the harness.
"""
import sys


def run_bench(quick: bool) -> int:
    from bench import runner
    return runner.run(quick=quick)


def main(argv: list[str] | None = None) -> int:
    from cli import main as run_command
    return run_command(argv, bench=run_bench)


if __name__ == "__main__":
    sys.exit(main())
