"""The browser pages under ``/ui``: game list, replay viewer, statistics dashboard, and a
tournament's live ranking and printable draws.

Each page is a static shell (a Jinja template) whose script reads the JSON API with
the token the user pasted, kept in the browser's ``localStorage`` and sent as
``Authorization: Bearer``. The pages hold no game data and need no token, so a
link to one can be shared: the API decides what its reader may see. Every script,
style and icon comes from ``service/ui/static/ui`` (no CDN, nothing fetched from
another host), and the Content-Security-Policy allows this origin only.

>>> sorted(PROFILE_IDS)[:2]
['contree', 'contree-points-annonces']
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from events.store.tournaments import TournamentNotFound
from i18n.catalogues import known
from i18n.glossary import GLOSSARY
from projections.tournament.documents import standings_document, tournament_document
from rules.registry import PROFILES
from service.api.problems import _
from service.bootstrap import services
from service.language import COOKIE, PARAM, language, scripts_catalogue
from service.tournaments import load, shown

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
    """Only this origin's scripts and styles; no framing; no referrer to other hosts. A
    language chosen with ``?lang=`` is remembered in a cookie for the next pages."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    chosen = known(request.args.get(PARAM))
    if chosen is not None and request.cookies.get(COOKIE) != chosen:
        response.set_cookie(COOKIE, chosen, max_age=365 * 24 * 3600, samesite="Lax")
    return response


@bp.app_context_processor
def _language() -> dict[str, Any]:
    """Every page knows its language (``<html lang>``) and gives its scripts the catalogue
    (a JSON data block, never run: the Content-Security-Policy allows no inline script)."""
    lang = language()
    return {"lang": lang, "ui_messages": scripts_catalogue(lang)}


@bp.get("/")
@bp.get("/ui")
@bp.get("/ui/")
def home() -> BaseResponse:
    """The service's root leads to the pages (the API lives under its own paths)."""
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


@bp.get("/ui/record")
def record() -> str:
    """The table recording page: sign in (a pasted token or a sign-in link, whose code
    comes in the URL's fragment), start a game, record its deals, offline-safe."""
    return render_template("ui/record.html", profiles=PROFILE_IDS)


@bp.get("/ui/record-sw.js")
def record_worker() -> Response:
    """The recording page's service worker (its own files kept for a reload with no
    network; never an API answer). Served from ``/ui/`` so that its scope may cover
    ``/ui/record``; always checked again (``no-cache``) so that a new version is used."""
    response = send_from_directory(bp.static_folder or "", "record/sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/ui/"
    return response


@bp.get("/docs/glossary")
def glossary() -> str:
    """The French glossary: each term, its meaning, its rule ids, its English id."""
    return render_template("ui/glossary.html", terms=GLOSSARY)


@bp.get("/ui/tournaments")
def tournaments() -> str:
    """A club's tournaments (``?club=``, or the saved token's club)."""
    return render_template("ui/tournaments.html")


@bp.get("/ui/tournaments/<uuid:tid>")
def tournament(tid: UUID) -> str:
    """The big-screen page: the live ranking and the current round's table plan."""
    return render_template("ui/tournament.html", tournament_id=str(tid))


@bp.get("/ui/tournaments/<uuid:tid>/print")
def tournament_print(tid: UUID) -> str:
    """Every round's table plan on a sheet of its own, the hand records of the complete
    duplicate rounds, and the ranking: rendered here, printable without a script (a
    tournament's draws and ranking are public)."""
    try:
        state = load(services().tournaments, tid)
    except TournamentNotFound:
        abort(404, _("no tournament {tournament}", tournament=tid))
    boards = {r.number: r.boards for r in state.rounds}
    t, standings = shown(
        services().tournaments, [tournament_document(state, str(tid)), standings_document(state)]
    )
    return render_template("ui/tournament_print.html", t=t, standings=standings, boards=boards)
