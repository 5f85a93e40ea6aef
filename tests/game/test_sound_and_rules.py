"""Sound effects made by code, the rules help, the first frame of `python run.py`."""
import os
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game import sound
from game.scenes.rules import RulesScene, help_games
from tools import make_sounds

ROOT = Path(__file__).resolve().parents[2]


def test_committed_sounds_are_exactly_what_the_script_makes(tmp_path):
    """Sound effects are made by a script in tools/ (no downloads): regenerating gives the committed files."""
    for name, make in make_sounds.EFFECTS.items():
        fresh = tmp_path / f"{name}.wav"
        make_sounds.write(fresh, make())
        assert fresh.read_bytes() == (sound.SOUNDS_DIR / f"{name}.wav").read_bytes(), name
    assert set(make_sounds.EFFECTS) == set(sound.NAMES)


def test_every_effect_is_a_short_mono_wav_that_is_not_silent():
    for name in sound.NAMES:
        with wave.open(str(sound.SOUNDS_DIR / f"{name}.wav")) as w:
            assert w.getnchannels() == 1 and w.getframerate() == make_sounds.RATE
            seconds = w.getnframes() / w.getframerate()
            frames = w.readframes(w.getnframes())
        assert 0.02 < seconds < 1.5, name
        assert max(frames) > 0, name


def test_music_loops_are_mono_wavs_made_by_the_script_that_join_without_a_seam():
    """Music is made by code too (tools/make_music.py, one loop per track the window plays); each loop ends where
    it begins, so it repeats without a click."""
    import array
    from tools import make_music
    assert set(make_music.TRACKS) == set(sound.TRACKS)
    for name in sound.TRACKS:
        with wave.open(str(sound.MUSIC_DIR / f"{name}.wav")) as w:
            assert w.getnchannels() == 1 and w.getframerate() == make_music.RATE and w.getsampwidth() == 2
            samples = array.array("h", w.readframes(w.getnframes()))
        assert 10 < len(samples) / make_music.RATE < 40, name
        peak = max(abs(v) for v in samples)
        assert peak > 10_000, name
        assert abs(samples[-1] - samples[0]) < peak * 0.1, name   # the end meets the start


def test_music_has_a_volume_of_its_own():
    """Settings keep the music's volume apart from the effects'; the app hands each to its player."""
    from game.settings import Settings
    from game.app import App
    app = App(settings=Settings(player_name="Tester", volume=0.9, music_volume=0.2))
    try:
        assert sound.sounds.volume == 0.9 and sound.music_player.volume == 0.2
        app.settings.music_volume = 0.6
        app.apply_settings()
        assert sound.music_player.volume == 0.6 and sound.sounds.volume == 0.9
    finally:
        app.close()


def test_without_a_mixer_playing_is_a_silent_no_op(monkeypatch):
    """If the mixer can't start, sound is a silent no-op and the game goes on."""
    player = sound.Sounds()

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    assert player.start(0.5) is False
    player.play("dice")  # must not raise
    assert player.played == ["dice"] and not player.enabled


def test_rules_text_exists_for_risk_and_scrolls(ui):
    """The rules are readable in the window and scroll with the wheel and keys."""
    if "risk" not in help_games():
        raise AssertionError("risk has no rules text in game/help/")
    ui.key(pygame.K_u)
    scene = ui.top
    assert isinstance(scene, RulesScene)
    scene.choose(help_games().index("risk"))
    assert scene.max_scroll > 0  # longer than one screen
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    ui.frames(1)
    assert scene.scroll > 0
    ui.key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    ui.key(pygame.K_HOME)
    assert scene.scroll == 0
    assert any("defender" in line for _, line in scene.lines)  # "ties go to the defender" is explained


def test_python_run_py_draws_its_first_frame_quickly(sandbox_home):
    """`python run.py` opens the main menu; with the first-frame flag it reports the frame and exits 0."""
    env = dict(os.environ, SANDTABLE_FIRST_FRAME_EXIT="1", SANDTABLE_HOME=str(sandbox_home))
    proc = subprocess.run([sys.executable, str(ROOT / "run.py")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("first frame after")
    assert float(proc.stdout.split()[3]) < 5.0


def test_closing_the_window_halts_the_effects_and_music_before_pygame_quits(app, monkeypatch):
    """pygame-ce's mixer quit can deadlock with an effect ending on the audio thread (game/sound.py,
    `quiet_before_quit`): the window halts every channel, the GIL let go, before pygame.quit()."""
    calls = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (22050, -16, 1))
    monkeypatch.setattr(pygame.mixer, "stop", lambda: calls.append("effects halted"))
    monkeypatch.setattr(pygame.mixer.music, "stop", lambda: calls.append("music halted"))
    real_quit = pygame.quit
    monkeypatch.setattr(pygame, "quit", lambda: (calls.append("pygame.quit"), real_quit()))
    app.close()
    assert calls == ["effects halted", "music halted", "pygame.quit"]


def test_a_process_ending_without_closing_its_window_halts_the_mixer_before_pygames_own_quit(monkeypatch):
    """pygame quits at exit from C, after Python's atexit functions: starting the sounds registers the halt
    once, so a window process that ends by sys.exit cannot hang there either."""
    registered = []
    monkeypatch.setattr(sound.atexit, "register", registered.append)
    fresh = sound.Sounds()
    if not fresh.start(0.5):
        pytest.skip("no mixer here (not even SDL's dummy audio driver)")
    fresh.start(0.5)
    assert registered == [sound.quiet_before_quit]
