"""Archives: import NDJSON (``POST /archives``), export any set of games as NDJSON
(``GET /archives/export``).

An import needs an ``admin`` token; every game of the archive must belong to the
token's club. Up to ``IMPORT_SYNC_MAX`` bytes the archive is imported in the
request (200, the summary); larger ones are saved under the data folder and
imported by a job of the workers (202, ``Location: /jobs/<id>``). Exports stream, one game per
line, the games the caller may read; a live game is exported only to the tokens
of its club that may see its hidden information (an archive carries the hands,
and its hash chain forbids leaving them out).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO

from flask import Blueprint, Response, current_app, jsonify, request

from events.store.bulk_export import export_lines
from events.store.event_store import EventStore
from events.store.games import GameFilter, GameRow
from projections.judgement import ClubCheck
from service.api.access import current_token, reader_club, require, sees_hidden
from service.api.listing import filter_of, visible_games
from service.api.problems import Problem, _
from service.api.requests import body_limit, load_args
from service.api.schemas import ExportArgs
from service.auth import Token
from service.bootstrap import services
from service.representations import summary_json
from workers.queue import submit

bp = Blueprint("archives", __name__)
NDJSON = ("application/x-ndjson", "application/jsonl", "application/ndjson")
_CHUNK = 64 * 1024


@bp.post("/archives")
@body_limit("MAX_IMPORT_LENGTH")
def import_archive() -> Response:
    token = require("admin")
    if request.mimetype not in NDJSON:
        sent = request.mimetype or "no Content-Type"
        raise Problem(
            "unsupported-media-type", _("send application/x-ndjson, not {sent}", sent=sent)
        )
    threshold = int(current_app.config["IMPORT_SYNC_MAX"])
    head = _read_upto(request.stream, threshold + 1)
    if len(head) <= threshold:
        s = services()
        summary = s.store.import_ndjson(
            head.split(b"\n"),
            check=ClubCheck(token.club, s.judgement),
            recorded_by=token.recorded_by,
            progress=False,
        )
        return jsonify(summary_json(summary))
    return _import_later(token, head)


def _read_upto(stream: IO[bytes], size: int) -> bytes:
    parts, count = [], 0
    while count < size:
        chunk = stream.read(min(_CHUNK, size - count))
        if not chunk:
            break
        parts.append(chunk)
        count += len(chunk)
    return b"".join(parts)


def upload_path(data_dir: str) -> Path:
    """A new file for an upload in ``<data dir>/imports`` (absolute: a worker reads it)."""
    folder = Path(data_dir).expanduser().resolve() / "imports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{uuid.uuid4()}.ndjson"


def _import_later(token: Token, head: bytes) -> Response:
    """Save the archive under the data folder and queue an import job (202)."""
    path = upload_path(current_app.config["DATA_DIR"])
    try:
        with open(path, "wb") as out:
            out.write(head)
            while chunk := request.stream.read(_CHUNK):
                out.write(chunk)
        s = services()
        params = {"path": str(path), "recorded_by": token.recorded_by, "club": token.club}
        try:
            job = submit(s.celery, s.pool, "import", params, token.recorded_by, token.club)
        except Exception as e:
            limit = current_app.config["IMPORT_SYNC_MAX"]
            raise Problem("unavailable", _(
                "the job system does not answer ({error}): send archives of at most {limit} "
                "bytes", error=type(e).__name__, limit=limit)) from e  # fmt: skip
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    response = jsonify({"job": str(job), "status": "queued", "href": f"/jobs/{job}"})
    response.status_code = 202
    response.headers["Location"] = f"/jobs/{job}"
    return response


@bp.get("/archives/export")
def export() -> Response:
    args = load_args(ExportArgs())
    token, club = current_token(), reader_club()
    where = filter_of(args, game_ids=args.get("game"), limit=200)
    store = services().store
    response = Response(_lines(store, where, club, token), mimetype="application/x-ndjson")
    response.headers["Content-Disposition"] = 'attachment; filename="games.ndjson"'
    return response


def _lines(
    store: EventStore, where: GameFilter, club: str | None, token: Token | None
) -> Iterator[str]:
    while True:
        rows = visible_games(store, where, club)
        shown: list[GameRow] = [r for r in rows if sees_hidden(r, token)]
        if shown:
            yield from export_lines(store.pool, [r.game_id for r in shown])
        if where.limit is None or len(rows) < where.limit:
            return
        where = replace(where, after=(rows[-1].created_at, rows[-1].game_id))
