-- Ratings per game (docs/club.md, "Ratings"): OpenSkill's Plackett-Luce model, a rating being (mu, sigma).
-- A rated table rates its players once, in the transaction that stores its last action (club.ratings).
ALTER TABLE tables ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- Each player's rating in each game it has played rated; a player with no row has the model's default.
CREATE TABLE ratings (
    player      text NOT NULL REFERENCES players (name),
    game        text NOT NULL,
    mu          double precision NOT NULL,
    sigma       double precision NOT NULL,
    games       integer NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (player, game)
);
CREATE INDEX ratings_board ON ratings (game, (mu - 3 * sigma) DESC);

-- What each rated game did to each player's rating: the history a player's chart draws, and the change the
-- game-over screen shows. One row per player and table: the key refuses a second rating of a game.
CREATE TABLE rating_changes (
    table_id     bigint NOT NULL REFERENCES tables (id),
    player       text NOT NULL REFERENCES players (name),
    game         text NOT NULL,
    seat         integer NOT NULL,
    won          boolean NOT NULL,
    mu_before    double precision NOT NULL,
    sigma_before double precision NOT NULL,
    mu_after     double precision NOT NULL,
    sigma_after  double precision NOT NULL,
    games        integer NOT NULL,              -- the player's rated games in this game, this one included
    at           timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, player)
);
CREATE INDEX rating_changes_history ON rating_changes (player, game, at);
