"""Taking a checkpoint, reading one back, and its exported form.

A checkpoint is taken in one REPEATABLE READ transaction (a consistent view of every
game's head) while holding the checkpoints table's lock (one taker at a time). A game
whose head went backwards since the previous checkpoint (rewound, truncated, deleted,
or an earlier anchored event rehashed) is never blessed: its last anchored head is
carried into the new checkpoint, so the tampering stays detectable, and it is returned
in ``carried``.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from psycopg import Connection

from events.anchor.keys import ALGORITHM, public_text, sign
from events.anchor.merkle import merkle_root
from events.store.feed_order import feed_end
from events.vocabulary.canonical import canonical_bytes
from events.vocabulary.chain import format_time

FORMAT = "coinche-checkpoint/1"
_ALL = (
    "SELECT seq, taken_at, games, last_position, root, previous, digest, public_key, signature "
    "FROM checkpoints ORDER BY seq"
)
_LATEST = _ALL + " DESC LIMIT 1"
_INSERT = (
    "INSERT INTO checkpoints (seq, taken_at, games, last_position, root, previous, digest, "
    "public_key, signature) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
HEADS_AT = (
    "SELECT DISTINCT ON (game_id) game_id::text, version, hash, club FROM checkpoint_heads "
    "WHERE seq <= %s ORDER BY game_id, seq DESC"
)
_CURRENT = "SELECT game_id::text, last_version, last_hash, club FROM games"
_PREFIX_CHANGED = (
    "SELECT p.g::text FROM unnest(%s::uuid[], %s::int[], %s::text[]) AS p(g, v, h) "
    "LEFT JOIN events e ON e.game_id = p.g AND e.version = p.v WHERE e.hash IS DISTINCT FROM p.h"
)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    seq: int
    taken_at: str
    games: int
    last_position: int
    root: str
    previous: str
    digest: str
    public_key: str
    signature: str

    def statement(self) -> bytes:
        """The signed bytes: canonical JSON of everything but the digest and signature."""
        return statement_bytes(
            self.seq, self.taken_at, self.games, self.last_position, self.root, self.previous
        )

    def document(self) -> dict[str, Any]:
        """The exported file's content (small: a club keeps or publishes it)."""
        return {"format": FORMAT, "algorithm": ALGORITHM, **asdict(self)}


def statement_bytes(
    seq: int, taken_at: str, games: int, last_position: int, root: str, previous: str
) -> bytes:
    return canonical_bytes({"seq": seq, "taken_at": taken_at, "games": games,
                            "last_position": last_position, "root": root,
                            "previous": previous})  # fmt: skip


def from_document(doc: Any) -> Checkpoint:
    """A checkpoint from an exported file; ``ValueError`` naming what is wrong."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a checkpoint file (format {FORMAT})")
    if doc.get("algorithm") != ALGORITHM:
        raise ValueError(f"unknown signature algorithm {doc.get('algorithm')!r}")
    try:
        return Checkpoint(**{k: v for k, v in doc.items() if k not in ("format", "algorithm")})
    except TypeError as e:
        raise ValueError(f"not a checkpoint file: {e}") from None


def checkpoints(conn: Connection[Any]) -> list[Checkpoint]:
    rows = conn.execute(_ALL).fetchall()
    return [_row(r) for r in rows]


def latest(conn: Connection[Any]) -> Checkpoint | None:
    row = conn.execute(_LATEST).fetchone()
    return None if row is None else _row(row)


def heads_at(conn: Connection[Any], seq: int) -> dict[str, tuple[int, str, str | None]]:
    """Every game's head as anchored by checkpoint ``seq``: game id (text) → (version,
    hash, club). Ids stay text here: 100,000 of them sort and hash much faster so."""
    return {r[0]: (r[1], r[2], r[3]) for r in conn.execute(HEADS_AT, (seq,)).fetchall()}


def take(conn: Connection[Any], key: Ed25519PrivateKey) -> tuple[Checkpoint, list[str]]:
    """Take a checkpoint of every game's head; returns it and the games carried over."""
    with conn.transaction():
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        conn.execute("LOCK TABLE checkpoints IN EXCLUSIVE MODE")
        before = latest(conn)
        anchored = heads_at(conn, before.seq) if before else {}
        current = {r[0]: (r[1], r[2], r[3]) for r in conn.execute(_CURRENT).fetchall()}
        carried = _went_back(conn, anchored, current)
        heads = dict(current)
        heads.update({g: anchored[g] for g in carried})
        end = feed_end(conn)  # the feed's end in this snapshot: every event before it is here
        seq = before.seq + 1 if before else 1
        taken_at = format_time(datetime.now(UTC))
        root = merkle_root((g, v, h) for g, (v, h, _c) in heads.items())
        previous = before.digest if before else ""
        body = statement_bytes(seq, taken_at, len(heads), end, root, previous)
        made = Checkpoint(seq, taken_at, len(heads), end, root, previous,
                          hashlib.sha256(body).hexdigest(), public_text(key),
                          sign(key, body))  # fmt: skip
        conn.execute(
            _INSERT,
            (made.seq, made.taken_at, made.games, made.last_position, made.root, made.previous,
             made.digest, made.public_key, made.signature),
        )  # fmt: skip
        changed = [(g, seq, *head) for g, head in heads.items() if anchored.get(g) != head]
        with conn.cursor().copy(
            "COPY checkpoint_heads (game_id, seq, version, hash, club) FROM STDIN"
        ) as copy:
            for row in changed:
                copy.write_row(row)
    return made, sorted(carried)


def _went_back(
    conn: Connection[Any],
    anchored: dict[str, tuple[int, str, str | None]],
    current: dict[str, tuple[int, str, str | None]],
) -> set[str]:
    """Anchored games that are gone, shorter, or whose anchored event lost its hash."""
    back = {g for g in anchored if g not in current or current[g][0] < anchored[g][0]}
    moved = [g for g, head in anchored.items() if g not in back and current[g][:2] != head[:2]]
    if moved:
        rows = conn.execute(
            _PREFIX_CHANGED,
            (moved, [anchored[g][0] for g in moved], [anchored[g][1] for g in moved]),
        )
        back |= {r[0] for r in rows}
    return back


def _row(r: tuple[Any, ...]) -> Checkpoint:
    at = r[1] if isinstance(r[1], str) else format_time(r[1])
    return Checkpoint(int(r[0]), at, int(r[2]), int(r[3]), *r[4:])
