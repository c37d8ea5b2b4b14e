"""The workers' endpoints against their contract in openapi.yaml, checked with
schemathesis on the live app and the real database (no 5xx, every response
documented)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings

from tests.conftest import bearer
from tests.workers.conftest import club_games, import_events
from tests.workers.hand import fixture_events

ROOT = Path(__file__).resolve().parents[2]
CLUB = "contract-jobs"


def contract() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return loaded


WORKERS = r"^/(audits|stats|jobs)|/analysis$"  # a deal's analysis is a job too
schema = schemathesis.openapi.from_dict(contract()).include(path_regex=WORKERS)
schema.config.generation.update(max_examples=15, no_shrink=True, deterministic=True)
schema.config.checks.positive_data_acceptance.expected_statuses = [
    "2XX", "401", "403", "404", "409", "422",
]  # fmt: skip


@pytest.fixture(scope="module")
def admin(wapp: Any, store: Any, make_token: Callable[..., str], wait_job: Any) -> str:
    secret = make_token(CLUB, ("admin",))
    ids = import_events(store, club_games(CLUB, "ffb", range(2), breaches=0.05))
    r = wapp.test_client().post("/audits", json={"games": [str(i) for i in ids]},
                                headers=bearer(secret))  # fmt: skip
    # a one-deal game for the deal analysis: at most one cheap analysis job
    (one_deal,) = import_events(store, [fixture_events("01-worked-example", CLUB)])
    schema.config.parameters = {"job_id": r.json["job"]["id"], "game_id": str(one_deal)}
    return secret


def test_the_contract_has_the_workers_operations():
    labels = {result.ok().label for result in schema.get_all_operations()}
    assert labels == {
        "POST /audits", "POST /stats", "GET /jobs/{job_id}", "POST /jobs/{job_id}/cancel",
        "GET /jobs/{job_id}/findings", "GET /stats/{mode}",
        "GET /games/{game_id}/deals/{deal}/analysis", "POST /stats/analysis",
    }  # fmt: skip


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_every_workers_operation_matches_the_contract(case: Any, wapp: Any, worker: Any,
                                                      admin: str) -> None:  # fmt: skip
    case.operation.schema.app = wapp
    response = case.call_and_validate(app=wapp, headers=bearer(admin))
    if response.status_code == 202 and case.operation.label == "POST /stats/analysis":
        # a generated selection may take every readable game: the contract is the answer,
        # not minutes of analysis that would hold the shared worker, so it stops at once
        job = response.json()["job"]["id"]
        wapp.test_client().post(f"/jobs/{job}/cancel", headers=bearer(admin))
