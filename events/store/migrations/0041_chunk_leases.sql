-- A chunk being worked on holds a lease, renewed while its worker lives: a chunk whose
-- lease ran out (its worker was killed) is sent again by resume_stalled (workers/jobs.py).
ALTER TABLE job_chunks
    ADD COLUMN claimed_by  text,           -- hostname:pid of the process that took it last
    ADD COLUMN claimed_at  timestamptz,
    ADD COLUMN lease_until timestamptz;    -- NULL: never taken (or its message is queued)
CREATE INDEX job_chunks_pending ON job_chunks (job_id) WHERE NOT done;
