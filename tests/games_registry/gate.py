"""Two events that hold tests/games_registry/slow_rules.py halfway through its import."""
import threading

entered = threading.Event()
release = threading.Event()
