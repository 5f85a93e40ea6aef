"""Replays: a saved game is listed, opened on its board, stepped and played at speed through a read-only link."""
import bots
import pygame
import pytest

from engine.session import Session
from game import tables
from game.replay_link import ReplayLink
from game.scenes.replays import ReplayScene, ReplaysScene, list_saves


@pytest.fixture
def saved_game(sandbox_home):
    link = tables.start_local("toy", [{"kind": "bot", "level": "normal"}] * 2, {}, seed=7, bot_factory=bots.make,
                              bot_delay=0)
    for _ in range(20):
        link.poll()
        if link.phase == "over":
            break
    assert link.phase == "over"
    link.close()
    [path] = [s.path for s in list_saves()]
    return path


def test_stepping_forward_and_back_matches_loading_the_save_up_to_that_move(saved_game):
    """A replay shows the game as it was after each move (Session.load(path, upto=n))."""
    link = ReplayLink(saved_game)
    assert link.position == 0 and link.length > 2
    link.step()
    link.step()
    assert link.session.state_hash() == Session.load(saved_game, upto=2).state_hash()
    link.seek(1)
    assert link.position == 1
    assert link.session.state_hash() == Session.load(saved_game, upto=1).state_hash()
    updates = [m for m in link.poll() if m["t"] == "update"]
    assert [u["rev"] for u in updates] == [1, 2, 1]


def test_a_replay_cannot_be_played_into_and_shows_no_secrets(saved_game):
    """The replay link is read-only and shows a spectator's view."""
    link = ReplayLink(saved_game)
    link.step()
    rev = link.rev
    link.send({"type": "take", "count": 1}, 0)
    assert link.rev == rev
    assert [m["code"] for m in link.poll() if m["t"] == "err"] == ["not_your_turn"]
    assert link.my_seats == []
    assert link.view(0)["private"] == {}
    # the toy game's "peek" event carries a seat's secret word: a spectator never receives it
    link.seek(0)
    link.poll()
    link.step()
    events = [e for m in link.poll() for e in m["events"]]
    assert events and all(e["type"] != "peek" for e in events)


def test_replays_scene_opens_the_board_and_steps_with_keys(ui, saved_game):
    ui.key(pygame.K_r)
    assert isinstance(ui.top, ReplaysScene)
    assert len(ui.top.list.rows) == 1
    ui.key(pygame.K_RETURN)
    viewer = ui.top
    assert isinstance(viewer, ReplayScene)
    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)
    assert viewer.link.position == 2
    ui.key(pygame.K_LEFT)
    assert viewer.link.position == 1
    ui.key(pygame.K_END)
    assert viewer.link.position == viewer.link.length
    ui.key(pygame.K_HOME)
    assert viewer.link.position == 0


def test_play_runs_the_replay_at_the_chosen_speed(ui, saved_game):
    """Play at speed: at 2 moves a second, one second of frames replays two moves."""
    ui.key(pygame.K_r)
    ui.key(pygame.K_RETURN)
    viewer = ui.top
    assert viewer.speed == 2
    ui.key(pygame.K_SPACE)
    assert viewer.playing
    ui.frames(61)
    assert viewer.link.position == 2
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, ReplaysScene)


def test_unreadable_files_are_left_out_of_the_list(sandbox_home, saved_game):
    (saved_game.parent / "broken.sandtable").write_bytes(b"not a save")
    assert [s.path for s in list_saves()] == [saved_game]


def test_a_game_without_moves_is_not_offered_as_a_replay(sandbox_home, saved_game):
    """A table that never got a move (a lobby nobody started) has nothing to watch."""
    link = tables.start_local("toy", [{"kind": "human"}], {}, seed=1, bot_factory=bots.make)
    link.close()
    assert len(list(saved_game.parent.glob("*.sandtable"))) == 2
    assert [s.path for s in list_saves()] == [saved_game]
