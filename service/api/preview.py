"""What an append would write on the score sheet, without storing it.

``POST /games/{id}/preview`` takes the body of ``POST /games/{id}/events`` and runs it
through the very same path (authentication, edge schema, the club and scope checks, the
store's append with the rules' judgement) inside a transaction that is always rolled
back: the answer is the sheet's new or changed deal rows, its totals and the winner as
they would be, or the problem the append would answer. Nothing is stored; a position
number the rolled-back insert took is burnt, as with any refused append (positions may
have gaps).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Blueprint, Response, jsonify
from psycopg import Rollback

from events.store.append import append_in
from events.store.boundary import translated
from projections.sheet import score_sheet
from projections.snapshots import load_state
from service.api.games import write_request
from service.bootstrap import services

bp = Blueprint("preview", __name__)
_LOCK = "SELECT 1 FROM games WHERE game_id = %s FOR UPDATE"


@bp.post("/games/<uuid:game_id>/preview")
def preview(game_id: UUID) -> Response:
    events, expected, token, check = write_request(game_id)
    s = services()
    doc: dict[str, Any] = {}
    with translated("preview"), s.pool.connection() as conn, conn.transaction():
        conn.execute(_LOCK, (game_id,))  # the sheet before is the one the append judges
        before = _sheet(conn, game_id)
        result = append_in(conn, game_id, events, expected, token.recorded_by, check)
        after = _sheet(conn, game_id)
        doc = _changes(game_id, result.last_version, result.replayed, before, after)
        raise Rollback()  # never stored: the block ends rolled back, without an error
    return jsonify(doc)


def _sheet(conn: Any, game_id: UUID) -> dict[str, Any]:
    state, _ = load_state(conn, game_id, write_snapshots=False)
    return score_sheet(state)


def _changes(
    game_id: UUID, version: int, replayed: bool, before: dict[str, Any], after: dict[str, Any]
) -> dict[str, Any]:
    old = {row["number"]: row for row in before["deals"]}
    deals = [row for row in after["deals"] if old.get(row["number"]) != row]
    return {
        "game": str(game_id),
        "version": version,
        "replayed": replayed,
        "deals": deals,
        "totals": after["totals"],
        "winner": after["winner"],
        "over": after.get("status") == "finished",
        "status": after.get("status"),
    }
