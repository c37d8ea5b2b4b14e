-- Clubs own games; bearer tokens (stored hashed) act for one club with scopes.
CREATE TABLE clubs (
    club        text        PRIMARY KEY CHECK (club ~ '^[a-z0-9][a-z0-9._-]{0,62}$'),
    name        text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tokens (
    token_id    uuid        PRIMARY KEY,
    club        text        NOT NULL REFERENCES clubs (club),
    name        text        NOT NULL,
    scopes      text[]      NOT NULL CHECK (scopes <@ ARRAY['read', 'record', 'arbiter', 'admin']
                                            AND cardinality(scopes) >= 1),
    token_hash  text        NOT NULL UNIQUE,   -- SHA-256 of the secret; the secret is never stored
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);
CREATE INDEX tokens_club ON tokens (club);

-- A club's own rule profiles (documents validated by rules.documents.load_profile).
CREATE TABLE club_profiles (
    club        text        NOT NULL REFERENCES clubs (club),
    profile_id  text        NOT NULL,
    document    jsonb       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    created_by  text        NOT NULL,
    PRIMARY KEY (club, profile_id)
);
