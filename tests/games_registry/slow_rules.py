"""A rules module whose import stops halfway until a test lets it finish: while it waits, it sits in
sys.modules without its TITLE, as a real one does while another thread imports it."""
from tests.games_registry.gate import entered, release

entered.set()
release.wait(10)
TITLE = "Slow to import"
