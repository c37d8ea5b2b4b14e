-- Double-dummy analyses of deals (GET /games/{id}/deals/{n}/analysis), computed by a job
-- and kept: one row per game, deal, digest of the deal's facts (hands, contract, cards
-- played, declarations: a void that changes the deal changes it) and version of the
-- analysis code (a change of the solver or the rules makes the old rows unused).
CREATE TABLE deal_analyses (
    game_id       uuid        NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    deal          integer     NOT NULL CHECK (deal >= 1),
    digest        text        NOT NULL,
    code_version  text        NOT NULL,
    analysis      jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, deal, digest, code_version)
);

-- Two more kinds of job: one deal's analysis, and the double-dummy statistics of an archive.
ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_kind_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check
    CHECK (kind IN ('audit', 'stats', 'import', 'analysis', 'ddstats'));
