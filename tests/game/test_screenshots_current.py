"""The pictures in docs/screenshots/ are the window as the code draws it now (tools/screenshots.py made them
from these very sources), every picture the README shows exists, and no picture of a screen that is gone is
left behind."""
import re

from tools import shot_manifest

ROOT = shot_manifest.ROOT


def test_the_screenshots_were_made_from_the_code_as_it_is():
    manifest = shot_manifest.read()
    assert manifest["made_from"] == shot_manifest.digest(), \
        "the window's code, art or help changed since the screenshots were made: run python tools/screenshots.py"


def test_the_screenshot_folder_holds_exactly_what_the_script_made():
    manifest = shot_manifest.read()
    present = sorted(p.name for p in shot_manifest.SHOTS_DIR.glob("*.png"))
    assert present == manifest["shots"]


def test_every_picture_the_readme_shows_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = re.findall(r"\]\((docs/screenshots/[^)]+\.png)\)", readme)
    assert pictures
    missing = [p for p in pictures if not (ROOT / p).is_file()]
    assert missing == []
