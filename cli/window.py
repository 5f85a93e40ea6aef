"""`python run.py` (the main menu) and `python run.py join HOST:PORT` (straight into a table's lobby)."""


def run(args, parser) -> int:
    from game.app import App
    from game.scenes.title import TitleScene
    app = App()
    app.push(TitleScene(app))
    if getattr(args, "command", None) == "join":
        from game.scenes.lan_browser import LanBrowserScene
        browser = LanBrowserScene(app)
        app.push(browser)
        host, port = args.address
        browser.join_at(host, port)
    return app.run()
