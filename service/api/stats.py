"""The statistics read model over HTTP: ``GET /stats/{players|partnerships|clubs|profiles}``.

The figures of the games the token may read (its club's and public games), grouped
by ``period`` (month, year or all), filtered by club, profile, player, dates or a
statistics job's games, as JSON or CSV (``format=csv`` or ``Accept: text/csv``).
The rows are the workers' read model (:mod:`workers.results`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from service.api.access import require
from service.api.jobs import readable_job
from service.api.requests import load_args
from service.api.schemas import StatsArgs
from service.bootstrap import services
from service.players.names import named
from service.players.registry import player_keys
from workers.results import stats_as_of, stats_columns, stats_rows, to_csv

bp = Blueprint("stats", __name__)


@bp.get("/stats/<any(players, partnerships, clubs, profiles):mode>")
def get_stats(mode: str) -> Response | dict[str, Any]:
    token = require("read")
    q = {k.rstrip("_"): v for k, v in load_args(StatsArgs()).items()}
    if q.get("job") is not None:
        readable_job(str(q["job"]))
    q["readable_by"] = token.club
    with services().pool.connection() as conn:
        if q.get("player") is not None:
            q["player"] = player_keys(conn, q["player"])
        rows = named(conn, stats_rows(conn, mode, q["period"], q))
        as_of = stats_as_of(conn)
    wants_csv = q["format"] == "csv" or (
        q["format"] is None
        and request.accept_mimetypes.best_match(["application/json", "text/csv"]) == "text/csv"
    )
    if wants_csv:
        return Response(to_csv(rows, stats_columns(mode)), mimetype="text/csv")
    return {
        "mode": mode,
        "period": q["period"],
        "as_of": as_of,
        "columns": stats_columns(mode),
        "rows": rows,
    }
