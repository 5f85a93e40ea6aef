"""Joining a LAN table without leaving the screen until it has answered.

`PendingJoin` holds a RemoteTable that is still connecting. The scene that started it (the LAN
browser, Rejoin) calls `step()` each frame: once the table welcomes us it hands the link to the
scene's `on_joined` (which opens the lobby: this module knows no scene, so no import runs back up); if the
table cannot be reached, refuses us, or is not the table the row showed, it says so in a sentence
and the player stays where they were. Nothing is pushed on a failure, so there is never an empty
lobby under an error.
"""
from game import tables


class PendingJoin:
    def __init__(self, app, host: str, port: int, *, on_joined, **join_options):
        """`on_joined(link, (host, port))`: what the scene does with the link once the table welcomed us."""
        self.app = app
        self.host, self.port = host, port
        self.on_joined = on_joined
        self.link = tables.join(host, port, player_name=app.settings.player_name, **join_options)

    @property
    def label(self) -> str:
        return f"Joining {self.host}:{self.port}…"

    def step(self) -> str:
        """`waiting`, `joined` (the lobby is on top now) or `failed` (the player was told why)."""
        status = self.link.status
        if status == "connected":
            self.on_joined(self.link, (self.host, self.port))
            return "joined"
        if status == "closed":
            self.app.notify(f"Could not join {self.host}:{self.port}. {self.link.error or ''}".strip(), warning=True)
            tables.close_in_background(self.link)
            return "failed"
        return "waiting"

    def cancel(self) -> None:
        tables.close_in_background(self.link)


class JoiningScreen:
    """A screen that joins a table without leaving until it answers (the LAN browser, Rejoin): `joining` is
    its PendingJoin, or None. Back cancels a join in progress before it leaves the screen."""
    joining: PendingJoin | None = None

    def step_join(self) -> None:
        """Each frame: forget the join once it is settled (joined: the lobby is on top; failed: told why)."""
        if self.joining is not None and self.joining.step() != "waiting":
            self.joining = None

    def back(self) -> None:
        if self.joining is not None:
            self.joining.cancel()
            self.joining = None
            return
        self.app.pop()

