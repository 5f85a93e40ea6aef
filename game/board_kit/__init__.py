"""Parts every board scene shares, whatever the game: import them, do not copy them.

Each module is one idea and knows nothing about any one game's rules or data:
  board_scene  BaseBoardScene: the frame every board is (link reading, the view for the seat on
               show, cover, help card, log, hint line, tooltip, a modal in front, Esc to cancel or
               leave, the game-over scene); a board fills in its own parts (see its docstring)
  seats        which seat the window may act for (one seat, hot-seat, watching), sending actions
               through the link, refusing clicks with a toast
  cover        the hot-seat "pass the device" screen between two human seats
  help_card    the keyboard-help card (H / F1), worded per game in game/help/keys/<game_id>.json
  hud          cached heads-up surfaces: `Cached`, `fit_text`, the top bar's ground, the hint line,
               tooltips, the help overlay, the side panel's backdrop
  highlights   the highlight styles every board lights places in, and the sprite that paints one
  reach_shading  (counter boards) a reach shaded by cost band with contour lines, and the path to the
               cell under the pointer with its cost — no label on every cell
  inspector    (counter boards) the unit inspector card: (label, value) rows the board asks its engine for
  chart_window a game's table (a CRT) as a chart window: lit columns and cells, notes; also on Rules
  log          the event log panel: one sentence per event, in its seat's colour
  autoplay     posting real mouse/key events and running frames until a condition holds
               (scripted players for UI tests, screenshots and benches build on it)
  countdown    (real-time boards) the "3, 2, 1, Go!" each window counts before play
  predictions  (real-time boards) moves shown as sent, until the table settles them

Every game's board builds on it (a real-time race's bots' pacing in a local game is game.paced_bots,
part of building the table); boards of squares or hexes with counters build on game/wargame as well.
A board's bench rows and screenshot script are named by its game's catalog entry. Keep the signatures
stable; add keyword arguments with defaults rather than changing them.
"""
