-- Background jobs (audits, statistics, archive imports) run by Celery workers.
-- Celery has no result backend here: status, progress and results live in these tables.

CREATE TABLE jobs (
    job_id       uuid        PRIMARY KEY,
    kind         text        NOT NULL CHECK (kind IN ('audit', 'stats', 'import')),
    params       jsonb       NOT NULL,
    status       text        NOT NULL DEFAULT 'queued'
                             CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    done         integer     NOT NULL DEFAULT 0,   -- progress: games (or lines) processed
    total        integer     NOT NULL DEFAULT 0,
    chunks       integer     NOT NULL DEFAULT 0,   -- chunks planned
    chunks_done  integer     NOT NULL DEFAULT 0,   -- the atomic done-counter
    created_at   timestamptz NOT NULL DEFAULT now(),
    started_at   timestamptz,
    finished_at  timestamptz,
    error        text,
    result       jsonb,                            -- the merged result (summary)
    created_by   text        NOT NULL,
    club         text
);
CREATE INDEX jobs_club_created ON jobs (club, created_at);

-- One row per (job, chunk of games), planned when the job starts. A chunk's partial
-- result is written once: the completing UPDATE only matches a row that is not done.
CREATE TABLE job_chunks (
    job_id       uuid        NOT NULL REFERENCES jobs (job_id) ON DELETE CASCADE,
    chunk        integer     NOT NULL,
    game_ids     uuid[]      NOT NULL,
    done         boolean     NOT NULL DEFAULT false,
    partial      jsonb,
    worker       text,                             -- hostname of the worker that finished it
    runs         integer     NOT NULL DEFAULT 0,   -- executions started (redeliveries show here)
    finished_at  timestamptz,
    PRIMARY KEY (job_id, chunk)
);

-- Audit findings of a job, written with their chunk's completion (so exactly once).
CREATE TABLE job_findings (
    job_id    uuid     NOT NULL REFERENCES jobs (job_id) ON DELETE CASCADE,
    game_id   uuid     NOT NULL,
    seq       integer  NOT NULL,                   -- order within the game
    position  bigint,                              -- global event position
    version   integer,                             -- the event's version in its game
    deal      integer,
    trick     integer,
    seat      text,
    player    text,
    rule      text     NOT NULL,
    detail    text     NOT NULL,
    severity  text     NOT NULL,
    source    text     NOT NULL,                   -- rules, log, score, chain, append
    PRIMARY KEY (job_id, game_id, seq)
);
CREATE INDEX job_findings_rule ON job_findings (job_id, rule);
