"""Creating, listing and getting games; who may do it."""

from __future__ import annotations

import io
import uuid
from typing import Any

from service.auth import revoke_token
from service.bootstrap import services
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api

SEATS = {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}


def body(**extra: Any) -> dict[str, Any]:
    return {"profile": "ffb", "seats": dict(SEATS), "first_dealer": "N", **extra}


def test_create_a_game_with_the_token_club_by_default(api: Api) -> None:
    answer = api.client.post("/games", json=body(), headers=bearer(api.recorder))
    assert answer.status_code == 201
    doc = answer.get_json()
    assert doc["version"] == 1 and doc["position"] >= 1
    assert answer.headers["Location"] == f"/games/{doc['id']}"
    game = api.get(answer.headers["Location"], api.reader).get_json()
    assert game["club"] == api.club and game["status"] == "live"
    assert game["seats"] == SEATS and game["visibility"] == "private"
    first = api.get(f"/games/{doc['id']}/events", api.recorder).get_json()["events"][0]
    assert first["recorded_by"].startswith("token:") and api.recorder not in str(first)


def test_a_client_id_and_event_id_make_creation_retry_safe(api: Api) -> None:
    game, event = str(uuid.uuid4()), str(uuid.uuid4())
    first = api.client.post(
        "/games", json=body(id=game, event_id=event), headers=bearer(api.recorder)
    )
    again = api.client.post(
        "/games", json=body(id=game, event_id=event), headers=bearer(api.recorder)
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json() == again.get_json()
    other = api.client.post("/games", json=body(id=game), headers=bearer(api.recorder))
    assert other.status_code == 409 and other.get_json()["type"] == "/problems/conflict"


def test_creating_needs_a_record_token_of_the_club(api: Api, make_token: Any) -> None:
    no_token = api.client.post("/games", json=body())
    assert no_token.status_code == 401
    assert no_token.headers["WWW-Authenticate"].startswith("Bearer")
    assert no_token.mimetype == "application/problem+json"
    reader = api.client.post("/games", json=body(), headers=bearer(api.reader))
    assert reader.status_code == 403 and "'record' scope" in reader.get_json()["detail"]
    other_club = api.client.post(
        "/games", json=body(club="elsewhere"), headers=bearer(api.recorder)
    )
    assert other_club.status_code == 403 and "elsewhere" in other_club.get_json()["detail"]
    bogus = api.client.post("/games", json=body(), headers=bearer("ck_not-a-token"))
    assert bogus.status_code == 401
    scheme = api.client.post("/games", json=body(), headers={"Authorization": "Basic abc"})
    assert scheme.status_code == 401


def test_a_revoked_token_is_refused(api: Api, make_token: Any, app: Any) -> None:
    secret = make_token(api.club, ("record",))
    assert api.client.post("/games", json=body(), headers=bearer(secret)).status_code == 201
    with services(app).pool.connection() as conn:
        token_id = conn.execute(
            "SELECT token_id FROM tokens WHERE token_hash = encode(sha256(%s::bytea), 'hex')",
            (secret.encode(),),
        ).fetchone()[0]
        assert revoke_token(conn, token_id)
    refused = api.client.post("/games", json=body(), headers=bearer(secret))
    assert refused.status_code == 401 and "revoked" in refused.get_json()["detail"]


def test_bad_bodies_are_refused_naming_the_field(api: Api) -> None:
    h = bearer(api.recorder)
    unknown = api.client.post("/games", json=body(colour="red"), headers=h)
    assert unknown.status_code == 422
    assert unknown.get_json()["errors"] == {"colour": ["Unknown field."]}
    seat = api.client.post("/games", json=body(first_dealer="Q"), headers=h)
    assert seat.status_code == 422 and "first_dealer" in seat.get_json()["errors"]
    missing = api.client.post("/games", json={"profile": "ffb"}, headers=h)
    assert set(missing.get_json()["errors"]) == {"seats", "first_dealer"}
    profile = api.client.post("/games", json=body(profile="belote-de-comptoir"), headers=h)
    assert profile.status_code == 422 and profile.get_json()["rule"] == "bad-profile"


def test_malformed_and_oversize_bodies(api: Api, app: Any) -> None:
    h = bearer(api.recorder)
    broken = api.client.post("/games", data="{not json", headers=h, content_type="application/json")
    assert broken.status_code == 400 and "malformed JSON" in broken.get_json()["detail"]
    nan = api.client.post(
        "/games", data='{"target": NaN}', headers=h, content_type="application/json"
    )
    assert nan.status_code == 400
    form = api.client.post("/games", data="profile=ffb", headers=h,
                           content_type="application/x-www-form-urlencoded")  # fmt: skip
    assert form.status_code == 415
    assert form.get_json()["type"] == "/problems/unsupported-media-type"
    limit = app.config["MAX_CONTENT_LENGTH"]
    huge = b'{"profile": "' + b"x" * limit + b'"}'
    big = api.client.post("/games", data=huge, headers=h, content_type="application/json")
    assert big.status_code == 413 and big.get_json()["type"] == "/problems/payload-too-large"
    array = api.client.post("/games", json=[1, 2], headers=h)
    assert array.status_code == 422


def test_a_body_without_length_is_capped_while_read(api: Api, app: Any) -> None:
    """A chunked body has no Content-Length: the read itself stops at the limit."""
    limit = app.config["MAX_CONTENT_LENGTH"]
    answer = api.client.post(
        "/games",
        input_stream=io.BytesIO(b'{"profile": "' + b"x" * limit + b'"}'),
        headers={**bearer(api.recorder), "Content-Type": "application/json",
                 "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )  # fmt: skip
    assert answer.status_code == 413


def test_list_filters_pages_and_shows_only_readable_games(client: Any, make_token: Any) -> None:
    mine = Api(client, make_token, f"list-{uuid.uuid4().hex[:6]}")
    theirs = Api(client, make_token, f"other-{uuid.uuid4().hex[:6]}")
    made = []
    for n in range(3):
        doc = mine.create({"data": body(seats={**SEATS, "N": f"player{n}"})}).get_json()
        made.append(doc["id"])
    public = theirs.create({"data": body(visibility="public")}).get_json()["id"]
    private = theirs.create({"data": body()}).get_json()["id"]
    page = mine.get(f"/games?club={mine.club}&limit=2", mine.reader).get_json()
    assert [g["id"] for g in page["games"]] == made[:2] and page["next"]
    rest = mine.get(f"/games?club={mine.club}&limit=2&after={page['next']}", mine.reader)
    assert [g["id"] for g in rest.get_json()["games"]] == made[2:]
    assert rest.get_json()["next"] is None
    seen = {g["id"] for g in _all(mine, "/games?limit=500", mine.reader)}
    assert set(made) <= seen and public in seen and private not in seen
    anonymous = {g["id"] for g in _all(mine, "/games?limit=500", None)}
    assert public in anonymous and not set(made) & anonymous
    theirs_only = mine.get(f"/games?club={theirs.club}", mine.reader).get_json()["games"]
    assert [g["id"] for g in theirs_only] == [public]
    player = mine.get("/games?player=player1", mine.reader).get_json()["games"]
    assert [g["id"] for g in player] == [made[1]]
    assert (
        mine.get("/games?status=finished&club=" + mine.club, mine.reader).get_json()["games"] == []
    )
    future = mine.get(f"/games?club={mine.club}&from=2999-01-01", mine.reader).get_json()
    assert future["games"] == []
    assert mine.get("/games?after=nonsense").status_code == 422
    assert mine.get("/games?limit=0").status_code == 422
    assert mine.get("/games?colour=red").get_json()["errors"] == {"colour": ["Unknown field."]}


def _all(api: Api, path: str, secret: str | None) -> list[dict[str, Any]]:
    out, cursor = [], None
    while True:
        page = api.get(path + (f"&after={cursor}" if cursor else ""), secret).get_json()
        out += page["games"]
        cursor = page["next"]
        if cursor is None:
            return out


def test_a_private_game_is_hidden_from_others(api: Api, client: Any, make_token: Any) -> None:
    game = api.create({"data": body()}).get_json()["id"]
    stranger = make_token(f"stranger-{uuid.uuid4().hex[:6]}", ("admin",))
    assert api.get(f"/games/{game}").status_code == 401
    assert api.get(f"/games/{game}", stranger).status_code == 404
    assert api.get(f"/games/{game}", api.reader).status_code == 200
    assert api.get(f"/games/{uuid.uuid4()}", api.reader).status_code == 404
    assert api.get("/games/not-a-uuid").status_code == 404


def test_a_club_profile_is_embedded_when_a_game_names_it(api: Api) -> None:
    doc = {"base": "ffb", "id": f"quick-{uuid.uuid4().hex[:4]}", "target": 500}
    made = api.client.post(f"/clubs/{api.club}/profiles", json=doc, headers=bearer(api.admin))
    assert made.status_code == 201
    game = api.create({"data": body(profile=f"club:{doc['id']}")}).get_json()["id"]
    created = api.get(f"/games/{game}/events", api.recorder).get_json()["events"][0]
    assert created["data"]["profile"]["target"] == 500
    assert created["data"]["profile"]["id"] == doc["id"]
    state = api.get(f"/games/{game}/state", api.reader).get_json()
    assert state["profile"] == doc["id"] and state["target"] == 500
    missing = api.create({"data": body(profile="club:nope")})
    assert missing.status_code == 422 and "nope" in missing.get_json()["detail"]
    inline = api.create({"data": body(profile={"base": "ffb", "id": "inline-x", "min_bid": 7.5})})
    assert inline.status_code == 422 and inline.get_json()["switch"] == "min_bid"


def test_games_of_every_profile_can_be_created(api: Api) -> None:
    for profile in ("ffb", "contree", "tripot", "yeeqia"):
        _g, events = wire_game(profile, 1, max_deals=1)
        assert api.create(events[0]).status_code == 201
