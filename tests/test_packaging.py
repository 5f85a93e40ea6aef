"""Installable like an application (issue 15): a wheel built from this tree, installed into a
fresh venv, runs from an empty folder: it serves a bot game to the end and draws the window's
first frame. The wheel holds every asset and help text and nothing at top level but the product.

The build runs on a copy of the tree (no stale build/ output can slip in). Dependencies come
through pip as the machine has it configured (its package cache and index), like any install.
"""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine import resources
from tools import smoke

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = {"catalog", "engine", "net", "game", "bots", "cli", "club", "assets"}
PIP_TIMEOUT = 420
# Shipped beside the code and read through engine.resources: every file of these folders.
DATA_FOLDERS = ("assets", "game/help", "game/tutorials", "club/migrations")
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                    ".hypothesis", "*.pyc")

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


def _pip(*args, python=None) -> None:
    command = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    if python is not None:
        command += ["--python", str(python)]
    done = subprocess.run(command + list(args), capture_output=True, text=True, timeout=PIP_TIMEOUT,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"pip {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    _pip("wheel", str(source), "--no-deps", "-w", str(tmp / "dist"))
    (built,) = (tmp / "dist").glob("sandtable-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed by pip (dependencies resolved as for any user)."""
    venv = tmp_path_factory.mktemp("venv") / "v"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    # --no-compile: what the programs import is compiled as they import it; byte-compiling every dependency
    # ahead (numba, numpy, pygame...) cost more than half the install's CPU and changes nothing they do
    _pip("install", "--no-compile", str(wheel), python=python)
    return venv


def _script(venv: Path) -> Path:
    return venv / ("Scripts/sandtable.exe" if sys.platform == "win32" else "bin/sandtable")


def _shipped_data() -> set[str]:
    out = set()
    for folder in DATA_FOLDERS:
        for p in (ROOT / folder).rglob("*"):
            if p.is_file() and p.suffix not in (".py", ".pyc"):
                out.add(p.relative_to(ROOT).as_posix())
    return out


def test_the_wheel_holds_every_asset_and_help_text(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(_shipped_data() - names)
    assert not missing, f"not in the wheel (add their pattern to [tool.setuptools.package-data]): {missing}"
    assert "assets/__init__.py" in names


def test_the_wheel_installs_only_the_product_packages_at_top_level(wheel):
    """No `run` module, no bench harness, no tests or tools: only the packages of the layout."""
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert top == PRODUCT
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "sandtable = cli:main" in text


def test_the_installed_program_uses_its_own_copy_not_this_checkout(installed, tmp_path):
    env = smoke.clean_env(tmp_path / "home")
    python = installed / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    done = subprocess.run([str(python), "-c", "import engine.resources as r; print(r.board_path('risk'))"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    board = Path(done.stdout.strip())
    assert board.is_file() and installed in board.parents and ROOT not in board.parents


def test_the_installed_program_serves_a_bot_game_and_draws_a_first_frame_from_an_empty_folder(installed):
    frame, over = smoke.smoke([str(_script(installed))])
    assert frame.startswith("first frame after ")
    assert over.startswith("game over: ") and "won" in over


def test_the_installed_program_says_the_benchmark_lives_in_a_checkout(installed, tmp_path):
    done = subprocess.run([str(_script(installed)), "bench", "--quick"], cwd=tmp_path,
                          env=smoke.clean_env(tmp_path / "home"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "python run.py bench" in done.stderr


def test_resources_come_out_of_a_zipped_package_as_real_files(tmp_path):
    """A package imported from a zip still gives file names for libraries that need them."""
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped_data/__init__.py", "")
        z.writestr("zipped_data/boards/x.json", '{"ok": true}')
    sys.path.insert(0, str(archive))
    try:
        path = resources.package_path("zipped_data", "boards", "x.json")
        assert path.is_file() and path.read_text() == '{"ok": true}'
    finally:
        sys.path.remove(str(archive))
        sys.modules.pop("zipped_data", None)
