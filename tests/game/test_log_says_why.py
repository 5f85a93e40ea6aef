"""The log says why (issues 42 and 43): a line that a rule decided ends with the rule, whose help shows under the
pointer; an undo strikes out the lines of the action it took back; only whole lines are drawn; a round reads
the same in the log as in the header; a move within one named place reads as a person would say it; the
table's refusals stay in the log with their rule. The events are the engines' own, from real games' rules."""
import pygame

from engine.ah_tactics.units import ROSTER
from game import rule_help
from game.ah_tactics.log import EventLog as TacticsLog
from game.board_kit.hud import build_rule_help
from game.risk.log import EventLog as RiskLog
from game.tactics1940.log import EventLog as NavalLog
from game.tactics1940.powers import Powers

UNITS = [{"name": u.name, "side": ("blue", "red")[u.side]} for u in ROSTER]


def named(side: str, name: str) -> int:
    return next(i for i, u in enumerate(UNITS) if u["side"] == side and u["name"] == name)


def tactics_log(width: int = 272) -> TacticsLog:
    return TacticsLog({"cities": []}, lambda: UNITS, width)


def naval_log() -> NavalLog:
    return NavalLog(560, powers=lambda: Powers(["North", "South", "East", "West"]),
                    seat_name=lambda s: ["Ada", "Bob", "Cy", "Di"][s], piece_info=lambda p: ("transport", 0))


def test_an_hq_lost_in_contact_names_the_unit_whose_move_made_it_and_the_rule(app):
    log = tactics_log(900)
    hq, armd = named("blue", "1st Army HQ"), named("red", "2nd Armd")
    log.add({"type": "eliminated", "unit": hq, "at": [8, 29], "reason": "contact", "rule": "hq_contact",
             "by": [armd], "mover": armd})
    entry = log.entries[-1]
    assert entry["text"] == "Blue's 1st Army HQ is eliminated at 8,29 — Red's 2nd Armd moved next to it."
    assert entry["rule"].label == "F: an HQ is lost on contact" and not entry["marked"]
    assert entry["rule_rects"], "the rule is drawn, where the pointer finds it"


def test_a_halted_unit_says_what_it_met(app):
    log = tactics_log()
    inf, enemy = named("blue", "1st Inf"), named("red", "9th Inf")
    log.add({"type": "halted", "unit": inf, "at": [30, 4], "rule": "contact_halts", "by": [enemy]})
    assert log.entries[-1]["text"] == "Blue's 1st Inf halts at 30,4, in contact with Red's 9th Inf."
    assert log.entries[-1]["rule"].ref == "C6"


def test_the_pointer_on_a_rule_finds_its_help_and_loses_it_off_the_rule(app):
    log = tactics_log()
    log.add({"type": "halted", "unit": named("blue", "1st Inf"), "at": [30, 4], "rule": "contact_halts",
             "by": [named("red", "9th Inf")]})
    surface = pygame.Surface((1280, 800))
    well = pygame.Rect(1004, 488, 272, 308)
    log.draw(surface, well)
    hit = log._hits[-1][0]
    assert log.rule_at(hit.center) == rule_help.help_of("ah_tactics", "contact_halts")
    assert log.rule_at((hit.right + 5, hit.centery)) is None and log.rule_at((10, 10)) is None
    tip = build_rule_help(log.rule_at(hit.center))
    assert tip.get_width() < 520, "the help wraps to a box that fits beside the log"


def test_an_undo_strikes_out_the_lines_of_the_action_it_takes_back_and_adds_none(app):
    log = RiskLog({"peru": "Peru", "brazil": "Brazil"}, lambda s: ["Ada", "Bob"][s], 272)
    log.add({"type": "placed", "seat": 0, "territory": "peru", "count": 2, "owner": 0})
    log.add({"type": "placed", "seat": 0, "territory": "brazil", "count": 1, "owner": 0})
    log.add({"type": "phase", "phase": "attack"})   # no line of its own, yet one of the action's events
    log.add({"type": "undo", "seat": 0, "events": 2})
    assert [(e["text"], e["struck"]) for e in log.entries] == [("Ada places 2 armies on Peru.", False),
                                                               ("Ada places 1 army on Brazil.", True)]
    log.add({"type": "undo", "seat": 0, "events": 1})   # a second undo reaches the action before
    assert all(e["struck"] for e in log.entries) and len(log.entries) == 2


def test_an_undo_of_part_of_a_merged_line_gives_back_its_count(app):
    log = RiskLog({"peru": "Peru"}, lambda s: ["Ada", "Bob"][s], 272)
    for _ in range(3):
        log.add({"type": "placed", "seat": 0, "territory": "peru", "count": 1, "owner": 0})
    log.add({"type": "undo", "seat": 0, "events": 1})
    assert [(e["text"], e["struck"]) for e in log.entries] == [("Ada places 2 armies on Peru.", False)]


def test_only_whole_entries_are_drawn_at_the_top_of_a_full_log(app):
    log = tactics_log()
    for n in range(40):
        log.add({"type": "turn", "side": "blue" if n % 2 else "red", "round": n // 2 + 1})
        log.add({"type": "halted", "unit": named("blue", "1st Inf"), "at": [30, 4], "rule": "contact_halts",
                 "by": [named("red", "9th Inf"), named("red", "10th Inf")]})
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    well = pygame.Rect(1004, 488, 272, 308)
    log.draw(surface, well)
    drawn = [y for y in range(well.top, well.bottom)
             if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(well.x, well.right, 2))]
    assert drawn and drawn[0] > well.top + 1, "the topmost line is drawn whole, below the well's edge"


def test_the_rounds_read_in_the_log_as_the_header_counts_them(app):
    log = naval_log()
    log.add({"type": "turn", "seat": 1, "turn_number": 6, "round": 2})
    assert log.entries[-1]["text"] == "Round 2: South (Bob)"
    tactics = tactics_log()
    tactics.add({"type": "turn", "side": "red", "round": 3})
    assert tactics.entries[-1]["text"] == "Round 3: Red moves"


def test_a_move_within_one_home_area_reads_as_a_person_says_it(app):
    from engine.tactics1940.board import load
    home = sorted(sq for sq, power in load().home_of.items() if power == "North" and sq not in load().bases
                  and load().kinds.get(sq) == "land")
    log = naval_log()
    log.add({"type": "moved", "seat": 0, "piece": 5, "from": list(home[0]), "path": [list(home[1])],
             "captured": []})
    assert log.entries[-1]["text"] == "North moves a transport within its home area."


def test_the_tables_refusal_stays_in_the_log_with_its_rule(app):
    log = tactics_log()
    log.add_refusal("The 1st Inf is in contact and can move no further this turn.", "contact_halts")
    assert log.entries[-1]["text"].startswith("Refused: The 1st Inf")
    assert log.entries[-1]["rule"].title == "a unit stops next to the enemy"
    log.add_refusal("A rule this game does not have.", "no_such_rule")
    assert len(log.entries) == 1


def test_a_line_that_names_its_rule_already_shows_only_a_mark(app):
    log = naval_log()
    log.add({"type": "drew", "seat": 0, "card": {"kind": "plane_attack", "title": "Plane Attack"},
             "rule": "plane_attack"})
    assert log.entries[-1]["marked"] and log.entries[-1]["rule"].title == "Plane Attack"


def test_a_board_that_joins_a_game_under_way_fills_its_log_from_the_hosts_history(app):
    """Issue 43: after Rejoin the log was empty, where Continue fills it. The host's `history` (the events the
    seat would have seen) goes through the board as a continued game's events do: the same lines."""
    import bots
    from game import boards
    from net.local import LocalTable
    from engine.session import Session
    played = Session("civil_war", 2, seed=4)
    events = []
    for _ in range(6):
        seat = played.to_act()[0]
        events += played.apply(seat, bots.make("civil_war", "easy", seat, 1).choose(played.view(seat)))
    link = LocalTable("civil_war", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}], seed=4,
                      bot_delay=0, bot_factory=bots.make)
    board = boards.board_scene(app, link)
    app.push(board)
    app.step(1 / 60)
    handed = {"past": list(events)}

    def take_past():   # as a host's link hands over its history (net.client.RemoteTable.take_past): once
        past, handed["past"] = handed["past"], []
        return past
    link.take_past = take_past
    app.step(1 / 60)
    continued = boards.board_scene(app, link)
    for e in events:
        continued.log.add(e)
    assert [e["text"] for e in board.log.entries] == [e["text"] for e in continued.log.entries]
    assert any("moves" in e["text"] for e in board.log.entries)


def test_the_rules_help_shows_under_the_pointer_and_goes_when_it_moves_on_or_leaves_the_window(app):
    import bots
    from game import boards
    from net.local import LocalTable
    link = LocalTable("civil_war", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}], seed=4,
                      bot_delay=0, bot_factory=bots.make)
    board = boards.board_scene(app, link)
    app.push(board)
    app.step(1 / 60)
    board.log.add({"type": "coin", "at": [3, 3], "winner": 1, "rule": "even_battle"})
    surface = pygame.Surface((1280, 800))
    board.draw(surface)
    rule_rect = board.log._hits[-1][0]
    app.mouse_pos = rule_rect.center
    assert board.draw_rule_help(surface), "the rule's help shows under the pointer"
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(rule_rect.left - 30, rule_rect.top - 40), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    board.draw(surface)
    assert not board.draw_rule_help(surface), "moved on: the help goes"
    app.mouse_pos = rule_rect.center
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    assert not board.draw_rule_help(surface), "the pointer left the window: nothing stays under it"


def test_a_loss_in_its_owners_own_place_reads_as_its_own(app):
    from engine.tactics1940.board import load
    base = sorted(sq for sq, power in load().home_of.items() if power == "North" and sq in load().bases)[0]
    log = naval_log()
    log.add({"type": "destroyed", "piece": 3, "owner": 0, "kind": "airplane", "at": list(base), "by": 1,
             "cause": "plane", "to": "supply_base", "rule": "plane_raid"})
    assert log.entries[-1]["text"] == ("North's airplane at its plane base is bombed from the air by South, off to "
                                       "the Supply Base.")
    assert log.entries[-1]["rule"].title == "Plane Raid"
