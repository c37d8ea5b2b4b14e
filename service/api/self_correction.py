"""Self-correction: a recorder undoes its own typing in the deal in progress.

A token with the ``record`` scope (and not ``arbiter``) may post ``EventVoided``
events naming events that *it* recorded (same ``recorded_by``) in the deal in
progress. Another token's event, or any event of a finished deal, stays an arbiter's
job: 403. The check runs in the append's transaction, after the game's row is
locked, on the state the judgement folds, so a deal that ends concurrently cannot
slip through; then the judgement judges the voids as it does an arbiter's (an
unknown version or a second void of one event: 422 ``impossible-event``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID

from events.records import CheckResult, Pending
from projections.judgement import Judgement
from service.api.problems import Problem, _

if TYPE_CHECKING:
    from psycopg import Connection

RECORDERS = "SELECT version, recorded_by FROM events WHERE game_id = %s AND version = ANY(%s)"


class OwnUndo:
    """The store's check for a recorder's voids: its own events of the deal in progress."""

    def __init__(self, recorded_by: str, judgement: Judgement) -> None:
        self.recorded_by, self.judgement = recorded_by, judgement

    def __call__(
        self,
        conn: Connection[Any],
        game_id: UUID,
        current_version: int,
        new_events: Sequence[Pending],
    ) -> CheckResult:
        state, _entries = self.judgement.current(conn, game_id, current_version)
        targets = sorted({int(p.data["version"]) for p in new_events})
        recorder = {int(v): str(by) for v, by in conn.execute(RECORDERS, (game_id, targets))}
        game = state.game
        start = (
            state.deal_versions[-1]
            if game is not None and game.in_deal and state.deal_versions
            else None
        )
        for index, pending in enumerate(new_events):
            target = int(pending.data["version"])
            if target not in recorder:
                continue  # no such event: the judgement says so (422)
            if recorder[target] != self.recorded_by:
                detail = _(
                    "event {version} was recorded by another token: voiding it is an "
                    "arbiter's job (a token with the 'arbiter' scope)",
                    version=target,
                )
                raise Problem("forbidden", detail, index=index, version=target)
            if start is None or target < start:
                detail = (
                    _(
                        "event {version} is not in the deal in progress (no deal is in "
                        "progress): voiding it is an arbiter's job (a token with the 'arbiter' "
                        "scope)",
                        version=target,
                    )
                    if start is None
                    else _(
                        "event {version} is not in the deal in progress (its deal is finished): "
                        "voiding it is an arbiter's job (a token with the 'arbiter' scope)",
                        version=target,
                    )
                )
                raise Problem("forbidden", detail, index=index, version=target)
        return self.judgement(conn, game_id, current_version, new_events)
