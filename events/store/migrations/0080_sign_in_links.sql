-- Short-lived, single-use sign-in links: a club admin hands one to a recorder (a URL or
-- a QR code); opening it trades the link's code for a new token of the club, once.
-- Only the SHA-256 of the code is stored, as for tokens.
CREATE TABLE sign_in_links (
    link_id     uuid        PRIMARY KEY,
    club        text        NOT NULL REFERENCES clubs (club),
    name        text        NOT NULL,
    scopes      text[]      NOT NULL CHECK (scopes <@ ARRAY['read', 'record']
                                            AND cardinality(scopes) >= 1),
    code_hash   text        NOT NULL UNIQUE,
    created_by  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    redeemed_at timestamptz,
    token_id    uuid        REFERENCES tokens (token_id),
    CHECK (expires_at > created_at),
    CHECK ((redeemed_at IS NULL) = (token_id IS NULL))
);
CREATE INDEX sign_in_links_club ON sign_in_links (club);
