"""Rulings: ``POST /games/{id}/penalties`` rules, in one call, the standard penalty
the audit offers for a breach.

The arbiter names the finding by its ``position`` (the breach's game version, as
``GET /games/{id}/audit`` lists it); the audit is computed again here, and the
``RulingIssued`` it offers is appended at ``expected_version`` through the same
judgement as any event (a second penalty on a deal, or a deal voided since: 422).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from flask import Blueprint, Response, jsonify

from events.records import NewEvent
from projections.audit import audit_game
from projections.entries import from_stored
from service.api.access import check_view, check_write, current_token
from service.api.problems import Problem, _
from service.api.requests import json_body, load
from service.api.schemas import PenaltyBody
from service.bootstrap import services
from service.representations import append_json

bp = Blueprint("rulings", __name__)


@bp.post("/games/<uuid:game_id>/penalties")
def rule_penalty(game_id: UUID) -> Response:
    if current_token() is None:
        raise Problem("unauthorized", _("ruling a penalty needs a token with the 'arbiter' scope"))
    s = services()
    game = s.store.game(game_id)
    token, _undo = check_write(game, {"RulingIssued"})
    body = load(PenaltyBody(), json_body())
    check_view(game, "arbiter")
    found = audit_game(list(from_stored(s.store.read(game_id))))
    here = [f for f in found if f["position"] == body["position"]]
    offered = next((f for f in here if f.get("penalty") is not None), None)
    if offered is None:
        why = (
            _("no finding at position {position}", position=body["position"])
            if not here
            else _(
                "the finding at position {position} ({rule}) has no standard penalty in this "
                "game's profile, or its deal is not finished",
                position=body["position"],
                rule=here[0]["rule"],
            )
        )
        raise Problem("impossible-event", why, rule="no-standard-penalty", index=0)
    penalty: dict[str, Any] = offered["penalty"]
    ruling = penalty["ruling"]
    reason = body.get("reason") or (
        f"standard penalty '{ruling['penalty']}' for {offered['rule']} by {ruling['offender']} "
        f"(deal {penalty['deal']}, trick {offered['trick']})"
    )
    data = {"deal": penalty["deal"], "ruling": ruling, "reason": reason,
            "by": body.get("by") or token.name}  # fmt: skip
    event = NewEvent("RulingIssued", data, id=body.get("id") or uuid4())
    result = s.store.append(
        game_id, [event], body["expected_version"], token.recorded_by, check=s.judgement
    )
    response = jsonify({**append_json(result), "ruling": data, "marks": penalty["marks_after"]})
    response.status_code = 200 if result.replayed else 201
    return response
