-- Snapshots become versioned data (projections/codec): the pickled rows are dropped
-- unread. The table is a cache: every state is rebuilt from the events on demand.
DROP TABLE projection_snapshots;

CREATE TABLE projection_snapshots (
    game_id      uuid        NOT NULL,
    version      integer     NOT NULL,
    code_version text        NOT NULL,      -- digest of the projection code's sources
    format       smallint    NOT NULL,      -- projections.codec.FORMAT of data
    deals        integer     NOT NULL,      -- deals finished at this version
    event_id     uuid        NOT NULL,      -- the event at this version: used only on that history
    data         bytea       NOT NULL,      -- the state as JSON (UTF-8)
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, code_version, version)
);
