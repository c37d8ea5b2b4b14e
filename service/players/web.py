"""A roster refusal as the API's problem+json."""

from __future__ import annotations

from service.api.problems import Problem
from service.players.registry import RosterError


def roster_problem(error: RosterError) -> Problem:
    extra = dict(error.extra)
    if error.field is not None and "errors" not in extra:
        extra["errors"] = {error.field: [error.detail]}
    return Problem(error.slug, error.detail, **extra)
