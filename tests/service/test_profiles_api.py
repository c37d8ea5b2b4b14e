"""Built-in profiles with every switch, and a club's own profiles."""

from __future__ import annotations

import uuid
from typing import Any

from rules.registry import PROFILES
from tests.conftest import bearer
from tests.service.conftest import Api


def test_the_built_in_profiles_with_every_switch(api: Api) -> None:
    listed = api.get("/profiles").get_json()["profiles"]
    assert [p["id"] for p in listed] == list(PROFILES)
    ffb = api.get("/profiles/ffb").get_json()
    assert ffb == next(p for p in listed if p["id"] == "ffb")
    assert ffb["target"] == 2000 and "direction" in ffb and ffb["conventions"]
    assert api.get("/profiles/nope").status_code == 404


def test_a_club_profile_good_and_bad(api: Api, make_token: Any) -> None:
    url = f"/clubs/{api.club}/profiles"
    name = f"fast-{uuid.uuid4().hex[:4]}"
    good = {"base": "contree", "id": name, "target": 1000}
    made = api.client.post(url, json=good, headers=bearer(api.admin))
    assert made.status_code == 201 and made.headers["Location"] == f"{url}/{name}"
    doc = made.get_json()
    assert doc["target"] == 1000 and doc["min_bid"] == PROFILES["contree"].min_bid
    again = api.client.post(url, json=good, headers=bearer(api.admin))
    assert again.status_code == 200 and again.get_json() == doc
    changed = api.client.post(url, json=dict(good, target=1500), headers=bearer(api.admin))
    assert changed.status_code == 409
    assert doc in api.get(url, api.reader).get_json()["profiles"]
    assert api.get(f"{url}/{name}", api.reader).get_json() == doc
    assert api.get(f"{url}/other", api.reader).status_code == 404

    bad = api.client.post(url, json={"base": "ffb", "id": "x1", "min_bid": "eighty"},
                          headers=bearer(api.admin))  # fmt: skip
    problem = bad.get_json()
    assert bad.status_code == 422 and problem["type"] == "/problems/bad-profile"
    assert problem["switch"] == "min_bid" and "min_bid" in problem["errors"]
    unknown = api.client.post(url, json={"base": "ffb", "id": "x2", "trumps_fly": True},
                              headers=bearer(api.admin))  # fmt: skip
    assert unknown.get_json()["switch"] == "trumps_fly"
    builtin = api.client.post(url, json={"base": "ffb", "id": "ffb", "target": 1},
                              headers=bearer(api.admin))  # fmt: skip
    assert builtin.get_json()["switch"] == "id"


def test_club_profiles_are_the_club_admin_business(api: Api, make_token: Any) -> None:
    url = f"/clubs/{api.club}/profiles"
    good = {"base": "ffb", "id": "mine"}
    assert api.client.post(url, json=good).status_code == 401
    assert api.client.post(url, json=good, headers=bearer(api.recorder)).status_code == 403
    stranger = make_token(f"else-{uuid.uuid4().hex[:6]}", ("admin",))
    assert api.client.post(url, json=good, headers=bearer(stranger)).status_code == 403
    assert api.get(url).status_code == 401
    assert api.get(url, stranger).status_code == 403
    text = api.client.post(url, data="x", content_type="text/plain", headers=bearer(api.admin))
    assert text.status_code == 415
