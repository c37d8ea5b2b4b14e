"""``GET /verify`` (a club's games against the last checkpoint) and ``GET
/checkpoints/latest`` (the file a club keeps or publishes)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify
from flask.typing import ResponseReturnValue
from marshmallow import fields, validate

from events.anchor.checkpoints import checkpoints, latest
from service.api.access import require
from service.api.problems import Problem, _
from service.api.requests import load_args
from service.api.schemas import NoArgs, Strict
from service.bootstrap import services
from workers.anchoring import verify_anchors

bp = Blueprint("verify", __name__)


DIGEST = validate.Regexp(r"^[0-9a-f]{64}$", error="a checkpoint digest: 64 hex digits")


class VerifyArgs(Strict):
    checkpoint = fields.String(validate=DIGEST)
    chains = fields.Boolean(load_default=False)


@bp.get("/verify")
def verify() -> ResponseReturnValue:
    """The token's club's games against the last checkpoint (or the one with the digest
    ``checkpoint``), the checkpoints' own chain and signatures; ``chains=true`` also
    recomputes every game's hash chain."""
    token = require("read")
    args = load_args(VerifyArgs())
    app: Any = current_app._get_current_object()  # type: ignore[attr-defined]
    kept = None
    if args.get("checkpoint"):
        with services().pool.connection() as conn:
            kept = next((cp for cp in checkpoints(conn) if cp.digest == args["checkpoint"]), None)
        if kept is None:
            detail = f"no checkpoint {args['checkpoint'][:16]}… in this store"
            missing = {"problem": "checkpoint-missing", "detail": detail}
            return jsonify({"ok": False, "checkpoint": None, "problems": [missing]})
    report = verify_anchors(app, kept, token.club, chains=args["chains"])
    return jsonify(report.document())


@bp.get("/checkpoints/latest")
def latest_checkpoint() -> ResponseReturnValue:
    """The last checkpoint as the small signed file a club keeps or publishes."""
    require("read")
    load_args(NoArgs())
    with services().pool.connection() as conn:
        found = latest(conn)
    if found is None:
        raise Problem("not-found", _("no checkpoint was taken yet"))
    return jsonify(found.document())
