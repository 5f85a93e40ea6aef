"""Real-X window tests: skipped, with the reason, only where an X server cannot be had."""
import pytest

from tests.desktop.xdesktop import Desktop, missing_tools


@pytest.fixture
def desktop_of():
    """Start a desktop of a given size: `desktop_of((1366, 768))`; all are closed after the test."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"no real X server here: {', '.join(missing)} missing "
                    "(.ci/run installs them: apt-get install xvfb xdotool openbox x11-utils)")
    started = []

    def start(size=(1366, 768)) -> Desktop:
        desktop = Desktop(size)
        started.append(desktop)
        return desktop
    yield start
    for desktop in started:
        desktop.close()


@pytest.fixture
def laptop(desktop_of) -> Desktop:
    """A 1366x768 screen: the laptop the window used not to fit."""
    return desktop_of((1366, 768))
