-- Statistics read models: facts extracted from finished (or abandoned) games by the
-- workers (workers/facts.py), one row per game, per deal, and per seat of each deal.
-- The views of 0032 aggregate them; dashboards may query tables and views directly.

CREATE TABLE stat_games (
    game_id       uuid        PRIMARY KEY,
    club          text,
    profile       text        NOT NULL,     -- profile id ('custom' for an inline document)
    visibility    text        NOT NULL,
    played_at     timestamptz NOT NULL,     -- when the game was created
    status        text        NOT NULL,     -- finished or abandoned
    players       text[]      NOT NULL,     -- N, E, S, W
    winner        text,                     -- NS, EW or NULL
    deals         integer     NOT NULL,
    total_ns      integer     NOT NULL,
    total_ew      integer     NOT NULL,
    last_version  integer     NOT NULL
);
CREATE INDEX stat_games_club ON stat_games (club, played_at);

CREATE TABLE stat_deals (
    game_id        uuid        NOT NULL REFERENCES stat_games (game_id) ON DELETE CASCADE,
    deal           integer     NOT NULL,
    club           text,
    profile        text        NOT NULL,
    visibility     text        NOT NULL,
    played_at      timestamptz NOT NULL,
    dealer         text        NOT NULL,
    outcome        text        NOT NULL CHECK (outcome IN ('contract', 'passed', 'misdeal')),
    taker          text,                    -- seat
    taker_position integer,                 -- 1 = first to speak after the dealer, 4 = dealer
    takers         text,                    -- NS or EW
    bid            integer,                 -- NULL for a capot bid
    level          text,                    -- 80, 90, … 150, 160+ or capot
    capot_bid      boolean     NOT NULL DEFAULT false,
    trump          text,                    -- C D H S SA TA
    trump_class    text,                    -- suit, SA or TA
    coinche        integer,                 -- 1, 2 or 4
    coincher       text,                    -- seat
    surcoincher    text,                    -- seat
    made           boolean,
    takers_points  integer,
    defence_points integer,
    margin         integer,                 -- takers' points minus the bid (not for capot bids)
    capot_team     text,                    -- the team that took all 8 tricks
    generale       boolean     NOT NULL DEFAULT false,
    announces      integer     NOT NULL DEFAULT 0,  -- announces declared (valid or not)
    announce_points integer    NOT NULL DEFAULT 0,  -- points of the announces that counted
    belotes        integer     NOT NULL DEFAULT 0,  -- belotes scored
    points_ns      integer     NOT NULL,
    points_ew      integer     NOT NULL,
    marks_ns       integer     NOT NULL,
    marks_ew       integer     NOT NULL,
    PRIMARY KEY (game_id, deal)
);

CREATE TABLE stat_seats (
    game_id          uuid        NOT NULL REFERENCES stat_games (game_id) ON DELETE CASCADE,
    deal             integer     NOT NULL,
    seat             text        NOT NULL,
    player           text        NOT NULL,
    partner          text        NOT NULL,
    team             text        NOT NULL,
    partnership      text        NOT NULL,  -- both players, sorted, joined by ' & '
    club             text,
    profile          text        NOT NULL,
    visibility       text        NOT NULL,
    played_at        timestamptz NOT NULL,
    position         integer     NOT NULL,  -- 1 = first to speak after the dealer, 4 = dealer
    has_contract     boolean     NOT NULL,
    is_taker         boolean     NOT NULL,
    side_took        boolean     NOT NULL,  -- this seat's team holds the contract
    made             boolean,               -- the contract was made (NULL: no contract)
    level            text,
    trump_class      text,
    capot_bid        boolean     NOT NULL,
    coinche          integer,
    coinched_by_me   boolean     NOT NULL,
    surcoinched_by_me boolean    NOT NULL,
    side_coinched    boolean     NOT NULL,  -- this team coinched the opponents' contract
    side_surcoinched boolean     NOT NULL,  -- this team surcoinched its own contract
    margin           integer,               -- on the taker's row only
    side_margin      integer,               -- the team's margin when it holds the contract
    capot_won        boolean     NOT NULL,  -- this team took all 8 tricks
    announces        integer     NOT NULL,  -- announces declared by this seat
    announce_points  integer     NOT NULL,  -- counted points of this seat's announces
    side_announces   integer     NOT NULL,
    side_announce_points integer NOT NULL,
    belote           boolean     NOT NULL,  -- this seat scored a belote
    side_belotes     integer     NOT NULL,
    team_points      integer     NOT NULL,
    team_marks       integer     NOT NULL,
    opp_marks        integer     NOT NULL,
    game_won         boolean     NOT NULL,  -- this team won the game
    PRIMARY KEY (game_id, deal, seat)
);
CREATE INDEX stat_seats_player ON stat_seats (player, played_at);
CREATE INDEX stat_seats_club ON stat_seats (club, played_at);

-- How far the statistics have followed the event feed (global position).
CREATE TABLE stat_checkpoint (
    name        text        PRIMARY KEY,
    position    bigint      NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO stat_checkpoint (name, position) VALUES ('stats', 0);
