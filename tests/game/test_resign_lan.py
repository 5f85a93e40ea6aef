"""Conceding across the LAN, window to window: this window hosts the Civil War Game (Host on LAN, as a player
does) and a second window in its own process (tests/game/window_lan_guest.py) takes the Union and concedes
there with Ctrl+R and Enter. The resignation goes over the wire as that seat's own action: the hosted table
ends the game with the Confederacy the winner, this window logs it and shows the game-over scene with the
reason, and the other window shows it too. Every wait is bounded."""
import pygame

from game.civil_war import BoardScene
from game.scenes.game_over import GameOverScene
from tests.game.test_lan_lobby import host_from_the_window, until


def test_a_player_concedes_in_the_other_window_and_both_windows_show_the_game_over(ui, guest):
    lobby = host_from_the_window(ui, "civil_war", ("you", "open"))
    session = lobby.host.host.table.session
    window = guest(*lobby.host.address, "resign")
    assert until(ui, lambda: window.said("seated 1"), 60), window.report()
    assert until(ui, lambda: all(s["connected"] for s in lobby.link.seats), 30)
    ui.key(pygame.K_F5)   # the host starts the table
    assert until(ui, lambda: isinstance(ui.top, BoardScene), 30)
    board = ui.top

    assert until(ui, lambda: session.result() is not None, 60), window.report()
    # the guest's own lines are read as they come: what it said before conceding may still be on its way
    assert until(ui, lambda: any(line.startswith("asked: ") for line in window.lines), 30), window.report()
    assert window.said("asked: True"), "the other window asked before it conceded"
    result = session.result()
    assert result["winners"] == [0] and result["reason"] == "Union resigns."
    assert session.log[-1] == [1, {"type": "resign", "seat": 1}], "the Union's own action, not the table's"
    assert until(ui, lambda: isinstance(ui.top, GameOverScene), 30)
    assert ui.top.result["reason"] == "Union resigns."
    assert board.log.entries[-1]["text"] == "Edsger forfeits the game."
    assert until(ui, lambda: window.said("game over: Union resigns."), 30), window.report()
