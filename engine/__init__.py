"""Pure rules: no pygame, no sockets, no threads, no wall clock.

`engine.session.Session` is the one authority over a game; each game is a
package here offering the rules surface described in DESIGN.md.
"""
from engine.errors import RuleError, SaveError
from engine.session import Session

__all__ = ["RuleError", "SaveError", "Session"]
