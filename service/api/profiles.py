"""Rule profiles: the built-in ones with every switch and convention, and clubs' own.

A club's profile is posted as a profile document (a ``base`` profile and the
switches it changes, or every switch); a bad document is refused naming the
switch at fault. Games then name it ``"profile": "club:<id>"`` (see
:mod:`service.api.club_profiles`).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

from rules.documents import profile_document
from rules.errors import ProfileError
from rules.registry import PROFILES
from service.api import club_profiles
from service.api.access import require
from service.api.problems import Problem, _, profile_problem
from service.api.requests import json_body, load_args
from service.api.schemas import NoArgs
from service.bootstrap import services

bp = Blueprint("profiles", __name__)


@bp.get("/profiles")
def list_profiles() -> Response:
    load_args(NoArgs())
    return jsonify({"profiles": [profile_document(p) for p in PROFILES.values()]})


@bp.get("/profiles/<profile_id>")
def get_profile(profile_id: str) -> Response:
    load_args(NoArgs())
    profile = PROFILES.get(profile_id)
    if profile is None:
        raise Problem(
            "not-found",
            _("no built-in profile {profile}; see GET /profiles", profile=repr(profile_id)),
        )
    return jsonify(profile_document(profile))


@bp.post("/clubs/<club>/profiles")
def create_club_profile(club: str) -> Response:
    token = require("admin", club)
    try:
        document = club_profiles.complete(json_body())
    except ProfileError as error:
        raise profile_problem(error) from None
    with services().pool.connection() as conn:
        saved = club_profiles.save(conn, club, document, token.recorded_by)
    if saved is None:
        raise Problem(
            "conflict",
            _("club '{club}' already has another profile '{profile}'", club=club,
              profile=document["id"]),
        )  # fmt: skip
    response = jsonify(document)
    response.status_code = 201 if saved else 200
    response.headers["Location"] = url_for(
        "profiles.get_club_profile", club=club, profile_id=document["id"]
    )
    return response


@bp.get("/clubs/<club>/profiles")
def list_club_profiles(club: str) -> Response:
    load_args(NoArgs())
    require("read", club)
    with services().pool.connection() as conn:
        return jsonify({"profiles": club_profiles.listed(conn, club)})


@bp.get("/clubs/<club>/profiles/<profile_id>")
def get_club_profile(club: str, profile_id: str) -> Response:
    load_args(NoArgs())
    require("read", club)
    with services().pool.connection() as conn:
        document = club_profiles.find(conn, club, profile_id)
    if document is None:
        raise Problem(
            "not-found",
            _("club '{club}' has no profile {profile}", club=club, profile=repr(profile_id)),
        )
    return jsonify(document)
