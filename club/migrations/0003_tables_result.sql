-- A finished game's result, kept once it is first asked for (the lobby's `finished`), so listing the
-- games over does not replay them; the most recent finished games are listed first.
ALTER TABLE tables ADD COLUMN result jsonb;
CREATE INDEX tables_over ON tables (updated_at DESC) WHERE state = 'over';
