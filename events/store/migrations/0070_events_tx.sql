-- The feed's order without a table lock (see events/store/feed_order.py).
--
-- Each event carries the id of the transaction that wrote it (never lower than the
-- previous event of its game: see events/store/append.py). Readers that tail the feed
-- read in (tx, position) order and only rows with tx below their snapshot's xmin, the
-- oldest transaction still running: nothing that can still commit is ever passed.
-- Rows stored before this migration were written under LOCK TABLE events IN EXCLUSIVE
-- MODE, so their positions are their commit order: they get tx 0, before every new row.
ALTER TABLE events ADD COLUMN tx xid8 NOT NULL DEFAULT '0';
ALTER TABLE events ALTER COLUMN tx SET DEFAULT pg_current_xact_id();
CREATE INDEX events_feed_order ON events (tx, position);
