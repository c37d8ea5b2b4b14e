-- The append-only event store: one row per event, one row per game (stream).

CREATE TABLE games (
    game_id       uuid        PRIMARY KEY,
    club          text,
    profile       text,                       -- profile id; NULL for an inline profile document
    players       text[]      NOT NULL,       -- player ids in seat order N, E, S, W
    visibility    text        NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public')),
    enforcement   text        NOT NULL DEFAULT 'strict' CHECK (enforcement IN ('strict', 'record')),
    status        text        NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'finished', 'abandoned')),
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    last_version  integer     NOT NULL CHECK (last_version >= 1),
    last_hash     text        NOT NULL
);
CREATE INDEX games_club_created ON games (club, created_at);
CREATE INDEX games_created ON games (created_at);
CREATE INDEX games_profile ON games (profile);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_players ON games USING gin (players);

-- position: global, assigned while holding LOCK TABLE events IN EXCLUSIVE MODE so that
-- positions are in commit order (see events/store/event_store.py). Gaps are possible (rollbacks).
CREATE TABLE events (
    position        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id         uuid        NOT NULL,
    version         integer     NOT NULL CHECK (version >= 1),
    event_id        uuid        NOT NULL UNIQUE,
    type            text        NOT NULL,
    schema_version  smallint    NOT NULL CHECK (schema_version >= 1),
    data            jsonb       NOT NULL,
    recorded_at     timestamptz NOT NULL,
    recorded_by     text        NOT NULL,
    breaches        jsonb,
    hash            text        NOT NULL,
    CONSTRAINT events_stream_version UNIQUE (game_id, version)
);

-- Append-only, enforced by the database itself and not only by the code.
CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: % refused on table events', TG_OP
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'correct a recording mistake by appending an EventVoided event';
END;
$$;

CREATE TRIGGER events_no_update_delete
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_refuse_change();

CREATE TRIGGER events_no_truncate
    BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change();

-- Audits look for the events stored with rule breaches (record mode).
CREATE INDEX events_with_breaches ON events (game_id, version) WHERE breaches IS NOT NULL;
