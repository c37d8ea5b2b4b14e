"""The browser pages under ``/ui``: game list, replay viewer, statistics dashboard.

Each page is a static shell (a Jinja template) whose script reads the JSON API with
the token the user pasted, kept in the browser's ``localStorage`` and sent as
``Authorization: Bearer``. The pages hold no game data and need no token, so a
link to one can be shared: the API decides what its reader may see. Every script,
style and icon comes from ``service/static/ui`` (no CDN, nothing fetched from
another host), and the Content-Security-Policy allows this origin only.

>>> sorted(PROFILE_IDS)[:2]
['contree', 'contree-points-annonces']
"""

from __future__ import annotations

from uuid import UUID

from flask import Blueprint, Response, redirect, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from rules.registry import PROFILES

bp = Blueprint(
    "pages",
    __name__,
    static_folder="static/ui",
    static_url_path="/ui/static",
    template_folder="templates",
)

PROFILE_IDS = tuple(sorted(PROFILES))
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)


@bp.after_request
def _headers(response: Response) -> Response:
    """Only this origin's scripts and styles; no framing; no referrer to other hosts."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    return response


@bp.get("/ui")
@bp.get("/ui/")
def home() -> BaseResponse:
    return redirect(url_for("pages.games"))


@bp.get("/ui/games")
def games() -> str:
    return render_template("ui/games.html", profiles=PROFILE_IDS)


@bp.get("/ui/games/<uuid:game_id>")
def replay(game_id: UUID) -> str:
    """The position (``?at=3.5.2``, a version or ``p<position>``) and the view are read
    by the script from the query string, so the shell is the same for every position."""
    return render_template("ui/replay.html", game_id=str(game_id))


@bp.get("/ui/stats")
def stats() -> str:
    return render_template("ui/stats.html", profiles=PROFILE_IDS)
