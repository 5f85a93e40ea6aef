"""The window's scenes besides the boards (which live in game/<game_id>/)."""
