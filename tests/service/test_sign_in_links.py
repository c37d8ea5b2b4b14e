"""Sign-in links: an admin makes one, a recorder's device trades it once for a token.

Every refusal (malformed, unknown, expired, used, wrong club, wrong scope, hostile
input) makes no token; a link works exactly once even when two devices race for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from service.bootstrap import services
from tests.conftest import bearer

CLUB = "links-club"


@pytest.fixture(scope="module")
def admin(make_token: Callable[..., str]) -> str:
    return make_token(CLUB, ("admin",))


def make_link(client: Any, admin: str, **body: Any) -> Any:
    return client.post(f"/clubs/{CLUB}/sign-in-links", json=body, headers=bearer(admin))


def token_count(app: Any) -> int:
    with services(app).pool.connection() as conn:
        row = conn.execute("SELECT count(*) FROM tokens WHERE club = %s", (CLUB,)).fetchone()
    assert row is not None
    return int(row[0])


def test_a_link_gives_a_record_token_once(client: Any, app: Any, admin: str) -> None:
    made = make_link(client, admin, name="table 3")
    assert made.status_code == 201, made.get_json()
    doc = made.get_json()
    assert doc["scopes"] == ["record"] and doc["club"] == CLUB and doc["name"] == "table 3"
    assert doc["code"].startswith("cl_") and doc["url"].endswith("/ui/record#link=" + doc["code"])
    assert made.headers["Cache-Control"] == "no-store"

    redeemed = client.post("/sign-in-links/redeem", json={"code": doc["code"]})
    assert redeemed.status_code == 201, redeemed.get_json()
    got = redeemed.get_json()
    assert got["club"] == CLUB and got["scopes"] == ["record"] and got["token"].startswith("ck_")
    me = client.get("/tokens/current", headers=bearer(got["token"]))
    assert me.status_code == 200
    assert me.get_json() == {"id": got["token_id"], "club": CLUB, "name": "table 3",
                             "scopes": ["record"]}  # fmt: skip
    created = client.post(
        "/games",
        json={"profile": "ffb", "first_dealer": "N",
              "seats": {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}},
        headers=bearer(got["token"]),
    )  # fmt: skip
    assert created.status_code == 201, created.get_json()

    before = token_count(app)
    again = client.post("/sign-in-links/redeem", json={"code": doc["code"]})
    assert again.status_code == 410
    assert again.get_json()["type"] == "/problems/link-refused"
    assert again.get_json()["reason"] == "used"
    assert token_count(app) == before


def test_an_expired_link_is_refused_and_makes_nothing(client: Any, app: Any, admin: str) -> None:
    code = make_link(client, admin, ttl=60).get_json()["code"]
    with services(app).pool.connection() as conn:
        conn.execute(
            "UPDATE sign_in_links SET created_at = now() - interval '2 hours', "
            "expires_at = now() - interval '1 second' WHERE code_hash = encode(sha256(%s), 'hex')",
            (code.encode(),),
        )
    before = token_count(app)
    refused = client.post("/sign-in-links/redeem", json={"code": code})
    assert refused.status_code == 410 and refused.get_json()["reason"] == "expired"
    assert token_count(app) == before


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"code": ""},
        {"code": "ck_" + "a" * 32},
        {"code": "cl_" + "a" * 31},
        {"code": "cl_" + "a" * 32 + "\x00"},
        {"code": "cl_' OR 1=1 --" + "a" * 19},
        {"code": 12},
        {"code": ["cl_" + "a" * 32]},
        {"code": "cl_" + "a" * 32, "club": CLUB},
    ],
)
def test_malformed_codes_are_422(client: Any, body: dict[str, Any]) -> None:
    answer = client.post("/sign-in-links/redeem", json=body)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["type"] == "/problems/validation"


def test_an_unknown_code_is_404(client: Any) -> None:
    answer = client.post("/sign-in-links/redeem", json={"code": "cl_" + "b" * 32})
    assert answer.status_code == 404 and answer.get_json()["type"] == "/problems/not-found"


def test_not_json_is_refused(client: Any) -> None:
    answer = client.post("/sign-in-links/redeem", data="code=cl_x", content_type="text/plain")
    assert answer.status_code == 415


def test_only_an_admin_of_the_club_makes_links(
    client: Any, admin: str, make_token: Callable[..., str]
) -> None:
    recorder = make_token(CLUB, ("record",))
    other_admin = make_token("links-other", ("admin",))
    assert make_link(client, recorder).status_code == 403
    assert client.post(f"/clubs/{CLUB}/sign-in-links", json={}).status_code == 401
    wrong_club = client.post(f"/clubs/{CLUB}/sign-in-links", json={}, headers=bearer(other_admin))
    assert wrong_club.status_code == 403
    assert "links-other" in wrong_club.get_json()["detail"]


@pytest.mark.parametrize(
    "body",
    [
        {"scopes": ["admin"]},
        {"scopes": ["arbiter"]},
        {"scopes": []},
        {"ttl": 10},
        {"ttl": 8 * 24 * 3600},
        {"ttl": "900"},
        {"name": ""},
        {"name": "evil\u202ename"},
        {"name": "a\nb"},
        {"extra": 1},
    ],
)
def test_bad_link_requests_are_422_and_make_nothing(
    client: Any, app: Any, admin: str, body: dict[str, Any]
) -> None:
    with services(app).pool.connection() as conn:
        before = conn.execute("SELECT count(*) FROM sign_in_links").fetchone()
    answer = make_link(client, admin, **body)
    assert answer.status_code == 422, answer.get_json()
    with services(app).pool.connection() as conn:
        after = conn.execute("SELECT count(*) FROM sign_in_links").fetchone()
    assert before == after


def test_a_read_link_gives_a_read_token(client: Any, admin: str) -> None:
    code = make_link(client, admin, scopes=["read"]).get_json()["code"]
    got = client.post("/sign-in-links/redeem", json={"code": code}).get_json()
    assert got["scopes"] == ["read"]
    refused = client.post(
        "/games",
        json={"profile": "ffb", "first_dealer": "N",
              "seats": {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}},
        headers=bearer(got["token"]),
    )  # fmt: skip
    assert refused.status_code == 403


def test_two_devices_racing_for_one_link_get_one_token(app: Any, admin: str) -> None:
    code = make_link(app.test_client(), admin).get_json()["code"]
    answers: list[int] = []

    def redeem() -> None:
        answers.append(
            app.test_client().post("/sign-in-links/redeem", json={"code": code}).status_code
        )

    threads = [threading.Thread(target=redeem) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [201, 410, 410, 410]


def test_tokens_current_needs_a_token(client: Any) -> None:
    assert client.get("/tokens/current").status_code == 401
    assert client.get("/tokens/current", headers=bearer("ck_nope")).status_code == 401
