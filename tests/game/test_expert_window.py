"""The window keeps drawing while the expert thinks: behind the New Game form (bots.make_for_table) the expert
searches in a helper process of its own, so no search runs in the window's process and its frames keep coming
while a seat's answer is awaited (docs/bots.md, "The window while the expert thinks")."""
import time

import bots
from bots.expert import ExpertBot
from game import boards, local_play


def test_the_window_keeps_drawing_while_the_expert_thinks_in_a_process_of_its_own(ui, monkeypatch):
    searched_here = []
    search = ExpertBot._search
    monkeypatch.setattr(ExpertBot, "_search", lambda self, *args: searched_here.append(self.seat) or search(self, *args))
    ui.app.bot_factory = bots.make_for_table   # what the program's own window gives its tables
    seats = [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "expert"}]
    link = local_play.start_local_table(ui.app, "risk", seats, {})
    board = boards.board_scene(ui.app, link)
    ui.app.push(board)
    frames_thinking = 0
    deadline = time.monotonic() + 120
    while link.session.rev < 6 and time.monotonic() < deadline:
        ui.frames(1)
        frames_thinking += any(bot.thinking for bot in link.table.bots.values())
    assert link.session.rev >= 6, "the experts never played"
    assert frames_thinking >= 6, "no frame was drawn while an expert thought"
    assert not searched_here, "the expert searched in the window's own process"
    helpers = [bot._helper for bot in link.table.bots.values()]
    link.close()
    assert not any(helper.alive for helper in helpers)
