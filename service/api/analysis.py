"""``GET /games/{id}/deals/{n}/analysis``: a deal's double-dummy analysis.

The table per trump, the makeable contracts, par, each card's cost in marks and the
critical moments (:func:`analysis.report.analyse_deal`), answered from the rows the
workers keep (:mod:`workers.deal_analysis`). When there is none for the deal as it
is now, an ``analysis`` job computes it and the answer is 202 with the job; the same
request answers 200 once it is done. The analysis shows every hand: during a live
game it is for the tokens that may see them (as the events' hands).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Blueprint, Response, jsonify, request

from projections.entries import from_stored
from service.api.access import current_token, sees_hidden
from service.api.game_reads import readable
from service.api.jobs import job_view
from service.api.problems import Problem
from service.api.requests import load_args
from service.api.schemas import NoArgs
from service.bootstrap import services
from workers import jobs
from workers.deal_analysis import (
    Unanalysable,
    analysis_version,
    deal_digest,
    find_deal,
    kept,
    running_job,
)
from workers.queue import submit

bp = Blueprint("analysis", __name__)


@bp.get("/games/<uuid:game_id>/deals/<int:number>/analysis")
def deal_analysis(game_id: UUID, number: int) -> Response | tuple[dict[str, Any], int, Any]:
    load_args(NoArgs())
    game = readable(game_id)
    token = current_token()
    if not sees_hidden(game, token):
        why = "the analysis shows every hand: during a live game it needs a token of its club"
        why += " with the 'record' or 'arbiter' scope"
        raise Problem("unauthorized" if token is None else "forbidden", why)
    if number < 1:
        raise Problem("not-found", f"deals are numbered from 1: there is no deal {number}")
    entries = list(from_stored(services().store.read(game_id)))
    try:
        deal = find_deal(entries, number)
    except Unanalysable as e:
        raise Problem("not-found" if e.reason == "missing" else "conflict", str(e)) from None
    digest = deal_digest(deal)
    etag = f"{digest[:32]}-{analysis_version()}"
    s = services()
    with s.pool.connection() as conn:
        doc = kept(conn, game_id, number, digest)
        job_id = None if doc is not None else running_job(conn, game_id, number, digest)
    if doc is not None:
        if request.if_none_match.contains(etag):
            response = Response(status=304)
        else:
            response = jsonify({"game": str(game_id), "digest": digest, **doc})
        response.set_etag(etag)
        response.headers["Cache-Control"] = "no-cache"
        response.vary.add("Authorization")
        return response
    here = f"/games/{game_id}/deals/{number}/analysis"
    if job_id is None:
        params = {"games": [str(game_id)], "game": str(game_id), "deal": number, "digest": digest,
                  "readable_by": game.club}  # fmt: skip
        who = token.recorded_by if token is not None else "anonymous"
        club = token.club if token is not None else None
        try:
            job_id = submit(s.celery, s.pool, "analysis", params, who, club)
        except Exception as e:
            message = f"the job queue does not answer: {type(e).__name__}"
            raise Problem("unavailable", message) from e
    with s.pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
    assert job is not None
    mine = token is not None and token.allows("read") and token.club == job.club
    where = f"/jobs/{job_id}" if mine else here
    body = {"job": job_view(job), "links": {"analysis": here}}
    return body, 202, {"Location": where, "Retry-After": "1"}
