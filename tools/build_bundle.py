"""Build Sandtable as one folder that runs without Python (PyInstaller), for people who have none.

    pip install -e '.[bundle]'            # PyInstaller, once
    python tools/build_bundle.py [--dist DIR] [--smoke]

The result is DIR/sandtable/ (default dist/sandtable/): the program `sandtable` (`sandtable.exe`
on Windows) beside an `_internal` folder holding Python, the libraries and the assets. Zip the
folder and hand it over; it takes the same commands as the installed `sandtable` (no command:
the window). Build on each OS you ship for: PyInstaller does not cross-compile.

Every module of the product packages is collected, because games and bots are found by name at
run time (the names in the catalog), which PyInstaller's import scan cannot see; the data files
come in as package data of `assets` and `game` (help texts), read through engine.resources.
`--smoke` then runs tools/smoke.py against the bundle: the window's first frame, a bot game served.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "sandtable"
PRODUCT = ("catalog", "engine", "net", "game", "bots", "cli", "assets")
DATA = ("assets", "game")
ENTRY = "from cli import main\nimport sys\n\nif __name__ == '__main__':\n    sys.exit(main())\n"


def program(dist: Path) -> Path:
    return dist / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def pyinstaller_command(entry: Path, dist: Path, work: Path) -> list[str]:
    command = [sys.executable, "-m", "PyInstaller", str(entry), "--name", NAME, "--onedir", "--console",
               "--noconfirm", "--clean", "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work),
               "--specpath", str(work), "--paths", str(ROOT)]
    for package in PRODUCT:
        command += ["--collect-submodules", package]
    for package in DATA:
        command += ["--collect-data", package]
    # The harness and the tests are no part of the product.
    for package in ("bench", "tests", "tools", "pytest", "hypothesis"):
        command += ["--exclude-module", package]
    return command


def build(dist: Path) -> Path:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit("PyInstaller is not installed here: pip install -e '.[bundle]'")
    with tempfile.TemporaryDirectory(prefix="sandtable-bundle-") as tmp:
        work = Path(tmp)
        entry = work / f"{NAME}.py"
        entry.write_text(ENTRY)
        if (dist / NAME).exists():
            shutil.rmtree(dist / NAME)
        started = time.monotonic()
        subprocess.run(pyinstaller_command(entry, dist, work), cwd=ROOT, check=True)
    exe = program(dist)
    if not exe.is_file():
        sys.exit(f"PyInstaller finished but {exe} is missing")
    size = sum(p.stat().st_size for p in (dist / NAME).rglob("*") if p.is_file())
    print(f"built {exe} in {time.monotonic() - started:.0f} s ({size / 2 ** 20:.0f} MiB in {dist / NAME})")
    return exe


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Build the one-folder Sandtable bundle (PyInstaller).")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle folder goes (default dist/)")
    p.add_argument("--smoke", action="store_true", help="then run the smoke test against the bundle")
    args = p.parse_args(argv)
    exe = build(args.dist.resolve())
    if args.smoke:
        sys.path.insert(0, str(ROOT))
        from tools import smoke
        return smoke.main([str(exe)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
