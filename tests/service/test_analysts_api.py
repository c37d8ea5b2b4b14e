"""Analysts' roles through the API (an admin of the club), the same code as ``coinche
db-role``: the connection URL is answered once, the list never holds a secret, a
revocation drops the role; bad and hostile input is refused and changes nothing."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from service.bootstrap import services
from service.cli.main import main
from tests.conftest import bearer
from tests.service.conftest import Api


@pytest.fixture
def club(client: Any, make_token: Any, app: Any) -> Iterator[Api]:
    """A club of its own; its analyst role is dropped afterwards (roles are server-wide)."""
    api = Api(client, make_token, f"analyst-{uuid.uuid4().hex[:8]}")
    yield api
    app.test_cli_runner().invoke(main, ["db-role", "drop", api.club])


def roles_in_server(app: Any, club: str) -> list[str]:
    with services(app).pool.connection() as conn:
        rows = conn.execute(
            "SELECT rolname FROM pg_roles WHERE rolname = %s",
            ("analyst_" + club.replace("-", "_"),),
        ).fetchall()
    return [r[0] for r in rows]


def test_an_admin_creates_lists_and_revokes_the_clubs_role(club: Api, app: Any) -> None:
    url = f"/clubs/{club.club}/analyst-roles"
    assert club.get(url, club.admin).get_json() == {"roles": []}
    made = club.client.post(url, headers=bearer(club.admin))
    assert made.status_code == 201, made.get_json()
    assert made.headers["Cache-Control"] == "no-store"
    doc = made.get_json()
    role = doc["role"]
    assert role == "analyst_" + club.club.replace("-", "_") and doc["club"] == club.club
    assert doc["created_by"].startswith("token:") and doc["url"].startswith(f"postgresql://{role}:")
    with psycopg.connect(doc["url"], autocommit=True) as conn:  # the URL works, read-only
        assert conn.execute("SELECT current_user").fetchone() == (role,)
        assert conn.execute("SELECT count(*) FROM stat_games").fetchone() is not None
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            conn.execute("CREATE TEMP TABLE t (x int)")
    password = doc["url"].split("@")[0].rsplit(":", 1)[1]
    listed = club.get(url, club.admin)
    assert listed.get_json()["roles"] == [{k: doc[k] for k in ("role", "club", "created_at",
                                                                "created_by")}]  # fmt: skip
    assert password not in listed.get_data(as_text=True)  # shown once, never listed
    # the CLI sees the same role, as the API sees the CLI's
    shown = app.test_cli_runner().invoke(main, ["db-role", "list", club.club])
    assert [json.loads(line) for line in shown.output.splitlines()] == listed.get_json()["roles"]
    # a second creation is a conflict; a new password is 200 and another URL
    again = club.client.post(url, headers=bearer(club.admin))
    assert again.status_code == 409 and "has a role already" in again.get_json()["detail"]
    renewed = club.client.post(url, json={"new_password": True}, headers=bearer(club.admin))
    assert renewed.status_code == 200 and renewed.get_json()["url"] != doc["url"]
    assert renewed.get_json()["url"].split("@")[1] == doc["url"].split("@")[1]
    revoked = club.client.delete(f"{url}/{role}", headers=bearer(club.admin))
    assert revoked.status_code == 200 and revoked.get_json() == {"revoked": role, "club": club.club}
    assert roles_in_server(app, club.club) == []
    assert club.get(url, club.admin).get_json() == {"roles": []}
    assert club.client.delete(f"{url}/{role}", headers=bearer(club.admin)).status_code == 404


def test_bad_and_hostile_requests_are_refused_and_change_nothing(
    club: Api, client: Any, make_token: Any, app: Any
) -> None:
    other = Api(client, make_token, f"analyst-{uuid.uuid4().hex[:8]}")
    url = f"/clubs/{club.club}/analyst-roles"
    post = club.client.post
    assert post(url).status_code == 401
    assert post(url, headers=bearer(club.reader)).status_code == 403  # not an admin
    assert post(url, headers=bearer(other.admin)).status_code == 403  # another club's admin
    assert club.get(url, club.reader).status_code == 403
    assert club.get(url, other.admin).status_code == 403
    assert post(url, json={"new_password": True}, headers=bearer(club.admin)).status_code == 404
    for body, status in (({"new_password": "yes"}, 422), ({"club": other.club}, 422),
                         ([], 422), ({"new_password": None}, 422)):  # fmt: skip
        assert post(url, json=body, headers=bearer(club.admin)).status_code == status, body
    malformed = post(url, data="{", content_type="application/json", headers=bearer(club.admin))
    assert malformed.status_code == 400
    assert post(url, data="x", content_type="text/plain",
                headers=bearer(club.admin)).status_code == 415  # fmt: skip
    assert post(f"{url}?role=postgres", headers=bearer(club.admin)).status_code == 422
    assert roles_in_server(app, club.club) == []
    assert club.get(url, club.admin).get_json() == {"roles": []}
    # a role exists; revoking anything but it, or it from another club, changes nothing
    made = post(url, headers=bearer(club.admin))
    assert made.status_code == 201
    role = made.get_json()["role"]
    for name in ("postgres", 'analyst_x"; DROP ROLE postgres; --', role.upper(), "%00"):
        gone = club.client.delete(f"{url}/{name}", headers=bearer(club.admin))
        assert gone.status_code == 404, name
    assert club.client.delete(f"{url}/{role}", headers=bearer(other.admin)).status_code == 403
    other_url = f"/clubs/{other.club}/analyst-roles/{role}"
    assert club.client.delete(other_url, headers=bearer(other.admin)).status_code == 404
    assert club.client.delete(f"{url}/{role}", json={},
                              headers=bearer(club.admin)).status_code == 422  # fmt: skip
    assert roles_in_server(app, club.club) == [role]
    with services(app).pool.connection() as conn:
        assert conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'postgres'").fetchone()
