"""Parts every board scene shares, whatever the game: import them, do not copy them.

Each module is one idea and knows nothing about any one game's rules or data:
  seats        which seat the window may act for (one seat, hot-seat, watching), sending
               actions through the link, refusing clicks with a toast, leaving the board
  cover        the hot-seat "pass the device" screen between two human seats
  hud          cached heads-up surfaces: `Cached`, `fit_text`, the hint line, tooltips,
               the keyboard-help overlay
  log          the event log panel: one sentence per event, in its seat's colour
  autoplay     posting real mouse/key events and running frames until a condition holds
               (scripted players for UI tests and screenshots build on it)
  bench        frame timing for board bench rows: a board's frame as a multiple of an empty one
  screenshots  saving the window's logical surface to a PNG
  countdown    (real-time boards) the "3, 2, 1, Go!" each window counts before play
  predictions  (real-time boards) moves shown as sent, until the table settles them
  realtime_bots (real-time boards) bots that move on their own clock, paced by level

Boards using it: game/risk, game/civil_war, game/situation4 (the real-time modules: situation4 only). Keep the
signatures stable; add keyword arguments with defaults rather than changing them.
"""
