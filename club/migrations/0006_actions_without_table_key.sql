-- An action's row no longer checks its table's row (the foreign key): a table's actions are written only by the
-- process that loaded that table's row and holds its lock, and no table row is ever deleted. The check was a
-- lookup and a row lock on the table at every move, about 0.06 ms of a move's INSERT (docs/club.md, "Measured").
ALTER TABLE actions DROP CONSTRAINT actions_table_id_fkey;
