"""The language of an answer: ``?lang=``, then the page's cookie, then ``Accept-Language``,
then French for the pages and English for the API; rule ids stay English, words follow."""

from __future__ import annotations

import pytest

from i18n.findings import render
from i18n.vocabulary import Vocabulary
from tests.service.conftest import Api
from tests.service.test_append_api import first_revoke


def _refused(api: Api, pid: str = "yeeqia", **headers: str):  # type: ignore[no-untyped-def]
    events, line, _rule = first_revoke(pid)
    game, version = api.record(events[:line])
    answer = api.client.post(
        f"/games/{game}/events",
        json={"expected_version": version, "events": events[line : line + 1]},
        headers={"Authorization": f"Bearer {api.recorder}", **headers},
    )
    assert answer.status_code == 422
    return answer


def test_a_refused_revoke_is_worded_in_french_when_asked(api: Api) -> None:
    answer = _refused(api, **{"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    problem = answer.get_json()
    assert answer.headers["Content-Language"] == "fr"
    assert problem["type"] == "/problems/rule-breach" and problem["rule"].startswith("must-")
    assert problem["title"] == "L'événement enfreint une règle du jeu"
    assert problem["detail"].startswith("renonce : ")
    vocabulary = Vocabulary.YEEQIA
    assert problem["detail"] == render(problem["rule"], problem["params"], "fr", vocabulary)


def test_the_api_answers_in_english_by_default(api: Api) -> None:
    answer = _refused(api)
    problem = answer.get_json()
    assert answer.headers["Content-Language"] == "en"
    assert problem["title"] == "The event breaks a rule of the game"
    assert " played " in problem["detail"] and "allowed: " in problem["detail"]
    assert "Accept-Language" in answer.headers["Vary"]


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "expected"),
    [
        ("?lang=en", "fr", "fr", "en"),  # the explicit choice first
        ("?lang=fr", "en", "en", "fr"),
        ("", "en", "fr", "en"),  # then the page's cookie
        ("", "fr", "en", "fr"),
        ("", None, "en-GB,en;q=0.8", "en"),  # then Accept-Language
        ("", None, "de,fr;q=0.5", "fr"),
        ("", "klingon", "en", "en"),  # a cookie that names no language is ignored
        ("", None, None, "en"),  # the API's default
    ],
)
def test_negotiation_order(
    api: Api, query: str, cookie: str | None, accept: str | None, expected: str
) -> None:
    if cookie is not None:
        api.client.set_cookie("coinche_lang", cookie)
    headers = {"Accept-Language": accept} if accept else {}
    answer = api.client.get(f"/games/00000000-0000-0000-0000-000000000000{query}", headers=headers)
    api.client.delete_cookie("coinche_lang")
    assert answer.status_code == 404
    assert answer.headers["Content-Language"] == expected
    titles = {"fr": "Ressource introuvable", "en": "No such resource"}
    assert answer.get_json()["title"] == titles[expected]


@pytest.mark.parametrize("value", ["de", "", "fr\u202e", "x" * 300, "fr;drop table"])
def test_an_unknown_language_is_a_422_naming_lang(api: Api, value: str) -> None:
    answer = api.client.get("/profiles", query_string={"lang": value})
    problem = answer.get_json()
    assert answer.status_code == 422 and problem["errors"].keys() == {"lang"}


def test_lang_is_accepted_by_every_route_that_refuses_unknown_parameters(api: Api) -> None:
    assert api.client.get("/profiles?lang=fr").status_code == 200
    assert api.client.get("/profiles?langue=fr").status_code == 422


def test_the_audit_words_findings_in_the_negotiated_language_and_caches_per_language(
    api: Api,
) -> None:
    events, _line, _rule = first_revoke("tripot")
    events[0]["data"]["enforcement"] = "record"
    game, version = api.record(events)
    over = [{"type": "GameAbandoned", "data": {"reason": "la salle ferme"}}]
    assert api.append(game, over, version).status_code == 201  # over: its reads get ETags
    fr = api.get(f"/games/{game}/audit?lang=fr", api.arbiter)
    en = api.get(f"/games/{game}/audit", api.arbiter)
    assert fr.status_code == en.status_code == 200
    french, english = fr.get_json()["findings"], en.get_json()["findings"]
    assert [f["rule"] for f in french] == [f["rule"] for f in english] and french
    assert all(f["detail"] == render(f["rule"], f["params"], "fr", Vocabulary.TRIPOT)
               for f in french)  # fmt: skip
    assert french[0]["detail"] != english[0]["detail"]
    assert fr.headers["ETag"] != en.headers["ETag"]  # one ETag per language
    tag = {"If-None-Match": fr.headers["ETag"]}
    assert api.get(f"/games/{game}/audit?lang=fr", api.arbiter, **tag).status_code == 304
    assert api.get(f"/games/{game}/audit", api.arbiter, **tag).status_code == 200


@pytest.mark.parametrize(("lang", "title", "explained", "fix", "heading"), [
    ("fr", "L'événement enfreint une règle du jeu", "Dans une partie `strict`, l'événement",
     "Enregistrez la carte vraiment jouée", "Exemple"),
    ("en", "The event breaks a rule of the game", "In a `strict` game, the event",
     "Record the card that was really played", "Example"),
])  # fmt: skip
def test_a_problem_type_is_documented_in_the_language_asked(
    api: Api, lang: str, title: str, explained: str, fix: str, heading: str
) -> None:
    doc = api.client.get(f"/problems/rule-breach?lang={lang}")
    assert doc.headers["Content-Language"] == lang
    body = doc.get_json()
    assert body["title"] == title and body["status"] == 422
    assert body["explanation"].startswith(explained) and body["example"]["fix"].startswith(fix)
    assert "/games/0193a1b2-0000-7000-8000-000000000001/events" in body["example"]["request"]
    page = api.client.get(f"/problems/rule-breach?lang={lang}", headers={"Accept": "text/html"})
    html = page.get_data(as_text=True)
    assert page.headers["Content-Language"] == lang and f'<html lang="{lang}">' in html
    assert title.replace("'", "&#39;") in html and f"<h2>{heading}</h2>" in html
    assert explained.replace("'", "&#39;") in html
    assert '<code>"type": "/problems/rule-breach"</code>' in html
    index = api.client.get("/problems", headers={"Accept": "text/html", "Accept-Language": lang})
    listed = index.get_data(as_text=True)
    assert index.headers["Content-Language"] == lang and f'<html lang="{lang}">' in listed
    assert title.replace("'", "&#39;") in listed
    assert ("<h1>Erreurs</h1>" if lang == "fr" else "<h1>Errors</h1>") in listed


def test_the_event_vocabulary_page_says_it_is_english(api: Api) -> None:
    page = api.client.get("/docs/events", headers={"Accept-Language": "fr"})
    html = page.get_data(as_text=True)
    assert page.headers["Content-Language"] == "en" and '<html lang="en">' in html


@pytest.mark.parametrize(
    "accept", ["*", "xx, yy;q=abc", ";;;", "fr;q=0", "é" * 500, "en;q=0.1, fr;q=0.9"]
)
def test_any_accept_language_gives_a_language(api: Api, accept: str) -> None:
    answer = api.client.get("/profiles", headers={"Accept-Language": accept})
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] in {"fr", "en"}
    if accept.startswith("en;q=0.1"):
        assert answer.headers["Content-Language"] == "fr"


def test_a_duplicated_lang_takes_the_first_and_a_hostile_cookie_is_ignored(api: Api) -> None:
    answer = api.client.get("/profiles?lang=fr&lang=en")
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "fr"
    api.client.set_cookie("coinche_lang", "fr\u202e<script>" * 50)
    answer = api.client.get("/profiles")
    api.client.delete_cookie("coinche_lang")
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "en"
