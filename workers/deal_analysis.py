"""One deal's double-dummy analysis, kept in the database (``deal_analyses``).

``GET /games/{id}/deals/{n}/analysis`` answers from the rows kept here; a missing row
is computed by an ``analysis`` job (one chunk: the game; :func:`analysis_chunk`). A row
is keyed by the game, the deal, a digest of the deal's facts (the profile, the hands,
the contract, the cards played, the declarations: a void or a ruling that changes the
deal changes the digest) and the version of the analysis code (a digest of the
sources of :mod:`analysis` and :mod:`rules`), so a changed deal or a changed solver is
analysed again rather than answered from an old row.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID

from psycopg import Connection

import analysis
import rules
from projections.entries import Entry
from projections.fold import states
from rules.cards import card_name, iter_cards
from rules.deal import Deal
from rules.seats import Seat


class Unanalysable(Exception):
    """The deal cannot be analysed: ``missing`` (no such deal), ``unfinished`` (still
    being played) or ``no-cards`` (a score-only deal, a misdeal, unknown hands)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@cache
def analysis_version() -> str:
    """A digest of the sources of :mod:`analysis` and :mod:`rules`."""
    digest = hashlib.sha256()
    for package in (analysis, rules):
        folder = Path(package.__file__ or "").parent
        for f in sorted(folder.rglob("*.py")):
            digest.update(f"{package.__name__}/{f.relative_to(folder).as_posix()}\n".encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def find_deal(entries: Iterable[Entry], number: int) -> Deal:
    """Deal ``number`` (1 first) of the game, over and with its four hands known."""
    last: Deal | None = None
    final = None
    for _entry, state in states(entries):
        final = state
        deal = state.game.deal if state.game is not None else None
        if deal is not None and deal.number == number:
            last = deal
    game = final.game if final is not None else None
    count = game.deal_number if game is not None else 0
    if number > count:
        raise Unanalysable("missing", f"the game has {count} deals: there is no deal {number}")
    record = next((r for r in game.records if r.number == number), None) if game else None
    if record is None:
        raise Unanalysable("unfinished", f"deal {number} is still being played")
    if record.misdeal is not None:
        raise Unanalysable("no-cards", f"deal {number} was a misdeal: it has no card play")
    if last is None:
        message = f"deal {number} was recorded as a score only: no card of it is known"
        raise Unanalysable("no-cards", message)
    if any(last.dealt(s) is None for s in Seat):
        message = f"the hands of deal {number} were not recorded and not all its cards were played"
        raise Unanalysable("no-cards", message)
    return last


def deal_digest(deal: Deal) -> str:
    """A digest of everything the analysis of ``deal`` depends on."""
    contract = deal.contract
    pairs = [(s, c) for t in deal.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    pairs += zip(deal.trick_seats, deal.trick_cards, strict=True)
    played = [(s.name, card_name(c)) for s, c in pairs]
    facts = {
        "profile": deal.profile.id,
        "rules": hashlib.sha256(repr(deal.profile).encode()).hexdigest(),
        "deal": deal.number,
        "dealer": deal.dealer.name,
        "hands": [[card_name(c) for c in iter_cards(deal.dealt(s) or 0)] for s in Seat],
        "contract": None
        if contract is None
        else [contract.taker.name, str(contract.value), contract.trump.name, contract.coinche],
        "played": played,
        "declared": [
            [d.seat.name, str(d.kind), [card_name(c) for c in d.cards], d.trick, d.in_time]
            for d in deal.declared
        ],
        "belotes": [
            [b.seat.name, str(b.word), card_name(b.card) if b.card is not None else None]
            for b in deal.belotes
        ],
    }
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def kept(conn: Connection[Any], game_id: UUID, number: int, digest: str) -> dict[str, Any] | None:
    """The kept analysis of this deal as it is now, by this code; None when there is none."""
    row = conn.execute(
        "SELECT analysis FROM deal_analyses "
        "WHERE game_id = %s AND deal = %s AND digest = %s AND code_version = %s",
        (game_id, number, digest, analysis_version()),
    ).fetchone()
    return None if row is None else dict(row[0])


def keep(
    conn: Connection[Any], game_id: UUID, number: int, digest: str, doc: dict[str, Any]
) -> None:
    conn.execute(
        "INSERT INTO deal_analyses (game_id, deal, digest, code_version, analysis) "
        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
        (game_id, number, digest, analysis_version(), json.dumps(doc)),
    )


def running_job(conn: Connection[Any], game_id: UUID, number: int, digest: str) -> UUID | None:
    """A queued or running analysis job of this very deal, if there is one."""
    row = conn.execute(
        "SELECT job_id FROM jobs WHERE kind = 'analysis' AND status IN ('queued', 'running') "
        "AND params->>'game' = %s AND params->>'deal' = %s AND params->>'digest' = %s "
        "ORDER BY created_at DESC LIMIT 1",
        (str(game_id), str(number), digest),
    ).fetchone()
    return None if row is None else UUID(str(row[0]))


def analyse_kept(
    conn: Connection[Any], game_id: UUID, entries: list[Entry], number: int, solver: Any
) -> tuple[str, dict[str, Any]]:
    """(digest, analysis) of deal ``number``: the kept one, else computed (not yet kept)."""
    from analysis.report import analyse_deal

    deal = find_deal(entries, number)
    digest = deal_digest(deal)
    found = kept(conn, game_id, number, digest)
    return digest, found if found is not None else analyse_deal(deal, solver)


def analysis_chunk(
    conn: Connection[Any], jid: UUID, ids: list[UUID]
) -> tuple[dict[str, Any], Callable[[Connection[Any]], None]]:
    """The work of an ``analysis`` job: its deal (``params["deal"]``) of its one game."""
    from analysis.solver import Solver
    from workers import jobs
    from workers.loading import load_games

    job = jobs.get_job(conn, jid)
    assert job is not None
    number = int(job.params["deal"])
    done: list[tuple[UUID, str, dict[str, Any]]] = []
    for game in load_games(conn, ids):
        digest, doc = analyse_kept(conn, game.game_id, game.entries(), number, Solver())
        done.append((game.game_id, digest, doc))
    partial = {
        "games": len(done),
        "deals": [{"game": str(g), "deal": number, "digest": d} for g, d, _doc in done],
    }

    def write(c: Connection[Any]) -> None:
        for game_id, digest, doc in done:
            keep(c, game_id, number, digest, doc)

    return partial, write
