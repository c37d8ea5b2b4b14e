"""Checking the store against a checkpoint: the checkpoints' own chain, then every game.

:func:`check` verifies the checkpoints (each digest recomputed, each linked to the one
before, each signed by the trusted key), recomputes the anchor's Merkle root from the
stored heads, then compares every anchored game with what the store holds now:

* ``deleted``: the checkpoint saw the game; neither its row nor its events remain;
* ``rewound``: the game's head was set back before the anchored version (its last
  events deleted and its row rewound to match: its own chain still verifies);
* ``truncated``: the event at the anchored version is gone, the row not rewound;
* ``rehashed``: the event at the anchored version no longer has the anchored hash
  (an event was rewritten and the chain after it recomputed);
* ``chain-broken``: with ``chains``, the chain recomputed from the rows breaks.

Games created after the checkpoint are counted as not anchored yet.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from psycopg import Connection

from events.anchor.checkpoints import Checkpoint, checkpoints, heads_at
from events.anchor.keys import fingerprint, signed_by
from events.anchor.merkle import merkle_root

_NOW = (
    "SELECT p.g::text, e.hash, gm.last_version, (SELECT max(version) FROM events x "
    "WHERE x.game_id = p.g) FROM unnest(%s::uuid[], %s::int[]) AS p(g, v) "
    "LEFT JOIN events e ON e.game_id = p.g AND e.version = p.v "
    "LEFT JOIN games gm ON gm.game_id = p.g"
)
_UNANCHORED = "SELECT count(*) FROM games WHERE NOT (game_id = ANY(%s::uuid[])) AND {club}"


@dataclass
class Report:
    checkpoint: Checkpoint | None
    trusted_key: str | None
    problems: list[dict[str, Any]] = field(default_factory=list)
    anchored: int = 0  # games checked against the checkpoint
    unanchored: int = 0  # games newer than it

    @property
    def ok(self) -> bool:
        return not self.problems

    def add(self, problem: str, detail: str, game: str | None = None, **extra: Any) -> None:
        found: dict[str, Any] = {"problem": problem, "detail": detail}
        if game is not None:
            found["game"] = str(game)
        self.problems.append(found | extra)

    def document(self) -> dict[str, Any]:
        cp = self.checkpoint
        return {
            "ok": self.ok,
            "checkpoint": None if cp is None else {"seq": cp.seq, "taken_at": cp.taken_at,
                                                   "digest": cp.digest, "root": cp.root},
            "key": None if self.trusted_key is None else fingerprint(self.trusted_key),
            "anchored": self.anchored,
            "unanchored": self.unanchored,
            "problems": self.problems,
        }  # fmt: skip


def check(
    conn: Connection[Any],
    trusted_key: str | None,
    kept: Checkpoint | None = None,
    club: str | None = None,
    chain_of: Callable[[str], int | None] | None = None,
) -> Report:
    """Check the checkpoints and the anchored games (of ``club`` and public... or all
    when None) against the last checkpoint, or against ``kept`` (a club's file).
    ``chain_of(game)`` gives the first broken version of a game's chain (or None)."""
    stored = checkpoints(conn)
    key = trusted_key or (kept.public_key if kept else None)
    report = Report(None, key)
    _check_chain(stored, key, report)
    anchor = stored[-1] if stored else None
    if kept is not None:
        _check_kept(kept, stored, key, report)
        anchor = kept
    report.checkpoint = anchor
    if anchor is None:
        report.add("no-checkpoint", "no checkpoint was taken yet: nothing is anchored")
        return report
    heads = heads_at(conn, anchor.seq)
    if merkle_root((g, v, h) for g, (v, h, _c) in heads.items()) != anchor.root:
        report.add("heads-altered", f"the heads stored for checkpoint {anchor.seq} do not give "
                   "its signed root: the anchor table itself was changed")  # fmt: skip
    mine = {g: head for g, head in heads.items() if club is None or head[2] == club}
    _check_games(conn, mine, report, chain_of)
    where = "true" if club is None else "club = %s"
    args: list[Any] = [list(heads)] + ([] if club is None else [club])
    row = conn.execute(_UNANCHORED.format(club=where), args).fetchone()
    report.unanchored = int(row[0]) if row else 0
    return report


def _check_chain(stored: list[Checkpoint], key: str | None, report: Report) -> None:
    previous = ""
    for n, cp in enumerate(stored, start=1):
        if cp.seq != n:
            report.add("checkpoint-missing", f"checkpoint {n} is missing (next is {cp.seq})")
        if hashlib.sha256(cp.statement()).hexdigest() != cp.digest or cp.previous != previous:
            report.add("checkpoint-altered", f"checkpoint {cp.seq} was changed after it was "
                       "taken, or does not follow the one before")  # fmt: skip
        if key is not None and not (cp.public_key == key and
                                    signed_by(key, cp.statement(), cp.signature)):  # fmt: skip
            report.add("checkpoint-signature", f"checkpoint {cp.seq} is not signed by the "
                       f"trusted key {fingerprint(key)}")  # fmt: skip
        previous = cp.digest


def _check_kept(kept: Checkpoint, stored: list[Checkpoint], key: str | None, rep: Report) -> None:
    if hashlib.sha256(kept.statement()).hexdigest() != kept.digest or not signed_by(
        key or kept.public_key, kept.statement(), kept.signature
    ):
        rep.add("kept-checkpoint-invalid", "the kept checkpoint's signature does not check")
    found = next((cp for cp in stored if cp.seq == kept.seq), None)
    if found is None or found.digest != kept.digest:
        rep.add("checkpoint-missing", f"the store no longer holds the kept checkpoint "
                f"{kept.seq} ({kept.digest[:16]}…)")  # fmt: skip


def _check_games(
    conn: Connection[Any],
    heads: dict[str, tuple[int, str, str | None]],
    report: Report,
    chain_of: Callable[[str], int | None] | None,
) -> None:
    games = sorted(heads)
    rows = conn.execute(_NOW, (games, [heads[g][0] for g in games])).fetchall()
    report.anchored = len(rows)
    for game, at_version, row_version, last_stored in rows:
        version, digest, _club = heads[game]
        if row_version is None and last_stored is None:
            report.add("deleted", f"the game (version {version} when anchored) is gone", game)
        elif row_version is None or row_version < version:
            report.add("rewound", f"anchored at version {version}, the game now ends at "
                       f"{row_version} (events up to {last_stored})", game,
                       anchored_version=version)  # fmt: skip
        elif at_version is None:
            report.add("truncated", f"anchored at version {version}, its events end at "
                       f"{last_stored or 0}", game, anchored_version=version)  # fmt: skip
        elif at_version != digest:
            report.add("rehashed", f"event {version} no longer has the anchored hash "
                       f"{digest[:16]}…", game, anchored_version=version)  # fmt: skip
        elif chain_of is not None and (broken := chain_of(game)) is not None:
            report.add("chain-broken", f"the hash chain breaks at event {broken}", game,
                       broken_version=broken)  # fmt: skip
