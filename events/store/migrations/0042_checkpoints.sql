-- Checkpoints anchor every game's hash chain (events/anchor): append-only, each one
-- chained to the previous by its digest and signed with the server's Ed25519 key.
CREATE TABLE checkpoints (
    seq            bigint      PRIMARY KEY CHECK (seq >= 1),
    taken_at       timestamptz NOT NULL,
    games          integer     NOT NULL,      -- heads covered by the root
    last_position  bigint      NOT NULL,      -- the event feed's end when it was taken
    root           text        NOT NULL,      -- Merkle root over the heads (hex)
    previous       text        NOT NULL,      -- the previous checkpoint's digest ('' first)
    digest         text        NOT NULL UNIQUE,  -- SHA-256 of the signed statement
    public_key     text        NOT NULL,      -- Ed25519, raw, base64
    signature      text        NOT NULL       -- of the statement, base64
);

-- Each checkpoint stores the heads that changed since the previous one; a game's head
-- at checkpoint n is its latest row with seq <= n.
CREATE TABLE checkpoint_heads (
    game_id  uuid    NOT NULL,
    seq      bigint  NOT NULL REFERENCES checkpoints (seq),
    version  integer NOT NULL,
    hash     text    NOT NULL,
    club     text,
    PRIMARY KEY (game_id, seq)
);

CREATE FUNCTION checkpoints_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'checkpoints are append-only: % refused on table %', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER checkpoints_append_only BEFORE UPDATE OR DELETE ON checkpoints
    FOR EACH ROW EXECUTE FUNCTION checkpoints_refuse_change();
CREATE TRIGGER checkpoints_no_truncate BEFORE TRUNCATE ON checkpoints
    FOR EACH STATEMENT EXECUTE FUNCTION checkpoints_refuse_change();
CREATE TRIGGER checkpoint_heads_append_only BEFORE UPDATE OR DELETE ON checkpoint_heads
    FOR EACH ROW EXECUTE FUNCTION checkpoints_refuse_change();
CREATE TRIGGER checkpoint_heads_no_truncate BEFORE TRUNCATE ON checkpoint_heads
    FOR EACH STATEMENT EXECUTE FUNCTION checkpoints_refuse_change();
