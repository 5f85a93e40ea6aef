"""The counter-wargame kit: the parts of a board of squares or hexes with counters on it, for any
game's window. Import them; do not copy them. None knows a rule: what may be done comes from the
seat's `legal` (engine.legal's shape), read through `reach`.

  grid          SquareGrid(cols, rows, size) / HexGrid(cols, rows, size, orientation="flat"|"pointy",
                shifted="odd"|"even"): cell (col, row) <-> world point, corners, box, side(a, b),
                neighbours, cells_in(x, y, w, h), bounds. World units are pixels at zoom 1. `as_cell`.
  camera        Camera(viewport, world, max_zoom): zoom levels from "whole board" to max (1.0 among
                them), set_zoom/zoom_by around an anchor, pan_by, centre_on, show; never lets the board
                leave the viewport; to_screen / to_world; `version` counts moves.
  map_view      MapView(grid, viewport, max_zoom): the grid through its camera on the logical screen —
                cell_at(pos), centre(cell), polygon(cell), cell_rect(cell), side(a, b), visible_cells(),
                is_visible, cell_px, clipped(surface). WorldPicture: a zoom-1 board surface drawn at the
                camera's zoom (scaled once per camera move).
  board_map     open_map(grid, rect, max_zoom, on_click) -> BoardMap: a board's map view, picture, pointer,
                reach lights and shading, and inspector card in one call.
  lit_places    LessonPlaces(view, lights): a lesson's places lit, boxed and brought into view.
  map_input     MapPointer(view, on_click(cell, button)): press/drag/click state machine over the map;
                the wheel zooms at the mouse, + / - zoom, arrows pan, 0 fits; `hover`.
  terrain       TerrainLayer(grid, terrain={cell: name}, styles={name: TerrainStyle(fill, pattern)},
                art=surface, edges=[(a, b, name)], edge_styles={name: EdgeStyle(colour, width, along)},
                outline=rgba): the ground at zoom 1; composite(key, decorate) for what changes in play.
  symbols       draw(surface, kind, rect, ink): NATO-style unit symbols (infantry X, armour oval,
                mechanized, cavalry/recon, artillery, engineer, airborne, anti-tank, HQ staff, mountain,
                amphibious) and ship
                silhouettes (battleship, cruiser, destroyer, carrier, transport, submarine, gunboat);
                size_mark("division") -> "XX".
  counters      Counters().sprite(CounterLook(colour, symbol, echelon, label, factors, rows, dimmed,
                depth, marks, hidden), (w, h)): unit counters and roster counters, cached per look and size.
  stacks        by_cell(pieces), face_size(cell_px), positions(cell_rect, faces, "single"|"split"|"pile").
  selection     Selection(keys): the picked cell and how many of each key (a kind, or a unit id) go;
                adjust, presets / next_preset (Tab), update, group.
  reach         reach_from_legal(legal, kind, field, hostile=, cost_of=, **fixed) -> {cell: Mark(style,
                cost)}; cells_of(legal, kind, field, **fixed); ReachOverlay().draw(surface, view, marks) /
                light(surface, view, cell, style, alpha) in the shared styles (game.board_kit.highlights),
                with cost labels.
  combat_dialog CombatDialog(title, subtitle, [Choice(action, counts, group, label)], on_choose, centre,
                rows=, keys=, initial=, group_hint=, odds=, describe=, explain=): quick buttons per group,
                steppers per (row, key), an odds line, confirm live only on a listed choice.
  fog           FogLayer(): cover(surface, view, cells) veils what the seat cannot see; marker(...) a
                face-down counter for a piece known only as "something here"; own_hidden(...) the rim
                on the seat's own hidden piece.

Kept stable for the boards built on it; add keyword arguments with defaults rather than change them.
"""
