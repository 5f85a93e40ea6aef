"""Learn: a guided first game of each game, played on the game's own board against a scripted opponent.

A tutorial is data (engine.tutorial: a TOML file per game in game/tutorials/, docs/tutorials.md says how to
write one); this package is the one engine that plays any of them in the window:

  library   the tutorials there are, by game
  lesson    where a learner stands in one (the step, what it waits for), kept between visits
  table     the table a tutorial is played at: the learner's actions checked against the step before the
            rules see them (anything else is refused kindly, changing nothing), the scripted seats' moves
            and the table's timed steps played when the step says
  coach     the card on the board that says what to do next, what happened and why
  scene     the lesson on screen: the game's own board with the coach over it, the step's places lit
            through the board's own highlights, Next, and the offer of a real game at the end
  learn     the Learn menu: every tutorial with how far the player got

A board takes part through one optional part, its `lesson_places` (docs/tutorials.md): `light(surface, places,
alpha)` lights the step's places with the board's own highlight styles, and `rects(places)` says where they are on
screen (the coach keeps clear of them); a board with a camera brings them into view (`show(places)`).
"""
