-- Cached projection states, written at deal boundaries (projections/snapshots.py).
-- A cache, not a source of truth: rows may be deleted at any time; a state is
-- rebuilt from the events when its snapshot is missing or was written by another
-- version of the projection code (code_version).
CREATE TABLE projection_snapshots (
    game_id      uuid        NOT NULL,
    version      integer     NOT NULL,
    code_version text        NOT NULL,
    deals        integer     NOT NULL,      -- deals finished at this version
    state        bytea       NOT NULL,      -- pickled projections.state.GameState + log
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, code_version, version)
);
