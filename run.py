"""`python run.py [command]`: the same as the `sandtable` console script.

The program's entry point, above every package: it hands the command line the
benchmark suite (bench/), so no product package imports the harness.
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
