-- The players' roster of each club: a plain table (not an event stream), because a
-- person's name must be deletable (GDPR erasure) and an append-only log is not.
-- Games recorded through the service seat players by their opaque id (GameCreated v3,
-- "roster": true): the events, the games rows, the statistics, the findings, the
-- snapshots and the exports hold ids, and the name lives here only.

CREATE TABLE players (
    player_id     text        PRIMARY KEY CHECK (player_id ~ '^pl_[0-9a-f]{32}$'),
    club          text        NOT NULL REFERENCES clubs (club),
    display_name  text,                       -- NULL once erased
    licence       text,                       -- a federation licence number, optional
    match_key     text,                       -- rules.names.match_key(display_name)
    merged_into   text        REFERENCES players (player_id),  -- a duplicate: the one kept
    created_at    timestamptz NOT NULL DEFAULT now(),
    created_by    text        NOT NULL,
    erased_at     timestamptz,
    erased_by     text,
    CHECK ((erased_at IS NULL) = (display_name IS NOT NULL)),
    CHECK ((display_name IS NULL) = (match_key IS NULL)),
    CHECK (erased_at IS NULL OR licence IS NULL),
    CHECK (merged_into IS DISTINCT FROM player_id)
);
CREATE INDEX players_club_key ON players (club, match_key);
CREATE INDEX players_merged_into ON players (merged_into) WHERE merged_into IS NOT NULL;
CREATE UNIQUE INDEX players_club_licence ON players (club, licence) WHERE licence IS NOT NULL;

-- What happened to a roster entry, by whom and when; never a name (an erasure leaves
-- this history as it is: it holds nothing of the person but the opaque id).
CREATE TABLE player_history (
    seq        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id  text        NOT NULL REFERENCES players (player_id),
    action     text        NOT NULL
               CHECK (action IN ('created', 'merged-into', 'absorbed', 'adopted', 'erased')),
    other      text        REFERENCES players (player_id),  -- the other player of a merge
    games      integer,                                     -- games concerned, when counted
    at         timestamptz NOT NULL DEFAULT now(),
    by         text        NOT NULL
);
CREATE INDEX player_history_player ON player_history (player_id, seq);

-- Games recorded before the roster (GameCreated v1/v2, or "roster": false) seat names;
-- `coinche players adopt` links each such seat to a roster entry, chosen by an admin.
CREATE TABLE game_seats (
    game_id    uuid        NOT NULL,
    seat       text        NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
    player_id  text        NOT NULL REFERENCES players (player_id),
    linked_at  timestamptz NOT NULL DEFAULT now(),
    linked_by  text        NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_player ON game_seats (player_id);

-- The roster's rewrites (workers/roster.py) find a game's findings by game.
CREATE INDEX job_findings_game ON job_findings (game_id);
