-- The seats a table waits for, kept with every step, so the lobby lists "your move" tables first
-- (correspondence play) without replaying a game.
ALTER TABLE tables ADD COLUMN to_act jsonb NOT NULL DEFAULT '[]';
CREATE INDEX seats_player ON seats (player);
