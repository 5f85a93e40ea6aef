"""Frames, the host-authoritative table server, clients and LAN discovery. Knows nothing of pygame."""
