-- Tournaments (concours, duplicate sessions): one stream per tournament, apart from the
-- games' streams (a tournament event is not a table event: the games' feed, judgement and
-- anchoring never see it). The same guarantees as the events table: insert-only, unique
-- (stream, version) as the concurrency conflict, unique event ids, a hash chain.

CREATE TABLE tournaments (
    tournament_id uuid        PRIMARY KEY,
    club          text        NOT NULL,
    name          text        NOT NULL,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    last_version  integer     NOT NULL CHECK (last_version >= 1),
    last_hash     text        NOT NULL
);
CREATE INDEX tournaments_club_created ON tournaments (club, created_at);

CREATE TABLE tournament_events (
    position        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament_id   uuid        NOT NULL REFERENCES tournaments (tournament_id),
    version         integer     NOT NULL CHECK (version >= 1),
    event_id        uuid        NOT NULL UNIQUE,
    type            text        NOT NULL,
    schema_version  smallint    NOT NULL CHECK (schema_version >= 1),
    data            jsonb       NOT NULL,
    recorded_at     timestamptz NOT NULL,
    recorded_by     text        NOT NULL,
    hash            text        NOT NULL,
    CONSTRAINT tournament_events_stream_version UNIQUE (tournament_id, version)
);

CREATE FUNCTION tournament_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'tournament events are append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'correct a result by appending a ResultCorrected event';
END;
$$;

CREATE TRIGGER tournament_events_no_update_delete
    BEFORE UPDATE OR DELETE ON tournament_events
    FOR EACH ROW EXECUTE FUNCTION tournament_events_refuse_change();

CREATE TRIGGER tournament_events_no_truncate
    BEFORE TRUNCATE ON tournament_events
    FOR EACH STATEMENT EXECUTE FUNCTION tournament_events_refuse_change();
