"""The pygame-ce frontend: scenes, board renderers, sprites, input, sound. Owns no rules."""
