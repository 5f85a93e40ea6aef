-- A seat's last_seq is no longer kept in its row: the actions (each ok's seq) and the refusals say it, and a
-- table taken over rebuilds it from them (club.table_host.rebuilt_answers). A move writes its action only.
ALTER TABLE seats DROP COLUMN last_seq;
