"""Every problem type's ``detail`` in the negotiated language: golden French and English.

Each case provokes one problem type through the real app (or, for the few the app only
meets when something breaks, turns the error into its problem inside a real request) and
checks the detail word for word in both languages. The types a server answers before it
has read a request (its language is not known yet) are written by ``service.cli.guard``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from werkzeug.exceptions import NotAcceptable

from events.errors import StoreUnavailable
from i18n.findings import render
from i18n.vocabulary import Vocabulary
from service.api.errors import to_problem
from service.api.problems import PROBLEMS
from service.api.requests import ReadTimeout
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api
from tests.service.test_append_api import first_revoke

GUARD_ONLY = {"uri-too-long", "headers-too-large", "expectation-failed", "not-implemented"}
LANGS = {"en": {"Accept-Language": "en"}, "fr": {"Accept-Language": "fr-FR,fr;q=0.9"}}
Case = Callable[[Api, dict[str, str]], tuple[Any, dict[str, str]]]
"""(api, language headers) → (the answer, the words its golden details take)."""
MAKE_TOKEN: list[Callable[..., str]] = []  # the session's token maker, for a second club


def _bad_request(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    return api.client.post("/audits", json=[1], headers={**bearer(api.reader), **lang}), {}


def _validation(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    return api.client.get("/profiles?lang=de", headers=lang), {}


def _unauthorized(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    return api.client.get("/games", headers={"Authorization": "Basic abc", **lang}), {}


def _forbidden(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    return api.client.post("/games", json={}, headers={**bearer(api.reader), **lang}), {}


def _not_found(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    return api.client.get("/problems/nope", headers=lang), {}


def _method(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    return api.client.delete("/profiles", headers=lang), {}


def _game(api: Api) -> str:
    _g, events = wire_game("ffb", 3, record_hands=False)
    created = api.create(events[0])
    assert created.status_code == 201
    game: str = created.get_json()["id"]
    return game


def _version(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    game = _game(api)
    over = [{"type": "GameAbandoned", "data": {"reason": "x"}}]
    answer = api.client.post(f"/games/{game}/events", json={"expected_version": 7, "events": over},
                             headers={**bearer(api.recorder), **lang})  # fmt: skip
    return answer, {"game": game}


def _conflict(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    url = f"/clubs/{api.club}/profiles"
    name = f"p{uuid.uuid4().hex[:8]}"
    first = api.client.post(url, json={"base": "ffb", "id": name}, headers=bearer(api.admin))
    assert first.status_code == 201
    again = api.client.post(url, json={"base": "ffb", "id": name, "target": 1500},
                            headers={**bearer(api.admin), **lang})  # fmt: skip
    return again, {"club": api.club, "name": name}


def _too_large(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    limit = api.client.application.config["MAX_CONTENT_LENGTH"]
    body = b'{"profile": "' + b"x" * limit + b'"}'
    answer = api.client.post("/games", data=body, content_type="application/json",
                             headers={**bearer(api.recorder), **lang})  # fmt: skip
    return answer, {"length": str(len(body)), "limit": str(limit)}


def _media_type(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    answer = api.client.post("/games", data="profile=ffb", headers={**bearer(api.recorder), **lang},
                             content_type="application/x-www-form-urlencoded")  # fmt: skip
    return answer, {}


def _rule_breach(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    events, line, _rule = first_revoke("yeeqia")
    game, version = api.record(events[:line])
    answer = api.client.post(
        f"/games/{game}/events",
        json={"expected_version": version, "events": events[line : line + 1]},
        headers={**bearer(api.recorder), **lang},
    )
    problem = answer.get_json()
    words = {
        code: render(problem["rule"], problem["params"], code, Vocabulary.YEEQIA) for code in LANGS
    }
    return answer, words


def _impossible(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    game = _game(api)
    body = {"position": 999, "expected_version": 1}
    answer = api.client.post(f"/games/{game}/penalties", json=body,
                             headers={**bearer(api.arbiter), **lang})  # fmt: skip
    return answer, {}


def _invalid_event(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    game = _game(api)
    bad = [{"type": "GameAbandoned", "data": {}}]
    answer = api.client.post(f"/games/{game}/events", json={"expected_version": 1, "events": bad},
                             headers={**bearer(api.recorder), **lang})  # fmt: skip
    return answer, {}


def _roster(api: Api, name: str) -> str:
    made = api.client.post(f"/clubs/{api.club}/players", json={"name": name},
                           headers=bearer(api.admin))  # fmt: skip
    assert made.status_code == 201, made.get_json()
    player: str = made.get_json()["id"]
    return player


def _ambiguous(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    name = f"Homonyme {uuid.uuid4().hex[:6]}"
    ids = [_roster(api, name), _roster(api, name.lower())]  # the roster lists by age
    _g, events = wire_game("ffb", 3, record_hands=False)
    seats = {"N": name.upper(), "E": "e1", "S": "s1", "W": "w1"}
    body = dict(events[0]["data"], seats=seats)
    answer = api.client.post("/games", json=body, headers={**bearer(api.recorder), **lang})
    return answer, {"name": name.upper(), "ids": ", ".join(ids)}


def _cross_club(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    mine = _roster(api, f"m{uuid.uuid4().hex[:6]}")
    other = Api(api.client, MAKE_TOKEN[0], f"other-{uuid.uuid4().hex[:8]}")
    theirs = _roster(other, f"t{uuid.uuid4().hex[:6]}")
    answer = api.client.post(f"/clubs/{api.club}/players/{mine}/merge", json={"into": theirs},
                             headers={**bearer(api.admin), **lang})  # fmt: skip
    return answer, {"player": theirs, "club": api.club}


def _tournament(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    body = {"name": "Concours", "format": {"base": "concours", "rounds": 99}}
    answer = api.client.post("/tournaments", json=body, headers={**bearer(api.arbiter), **lang})
    return answer, {}


def _bad_profile(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    body = {"base": "ffb", "id": "x1", "min_bid": "eighty"}
    answer = api.client.post(f"/clubs/{api.club}/profiles", json=body,
                             headers={**bearer(api.admin), **lang})  # fmt: skip
    return answer, {}


def _link_refused(api: Api, lang: dict[str, str]) -> tuple[Any, dict[str, str]]:
    made = api.client.post(f"/clubs/{api.club}/sign-in-links", json={"name": "table 1"},
                           headers=bearer(api.admin))  # fmt: skip
    code = made.get_json()["code"]
    api.client.post("/sign-in-links/redeem", json={"code": code})
    return api.client.post("/sign-in-links/redeem", json={"code": code}, headers=lang), {}


GOLDEN: dict[str, tuple[Case, str, str]] = {
    "link-refused": (
        _link_refused,
        "this sign-in link was used already: each link works once; ask the club for a new one",
        "ce lien de connexion a déjà servi : chaque lien ne sert qu'une fois ; demandez-en un "
        "nouveau au club",
    ),
    "bad-request": (
        _bad_request,
        "the body must be a JSON object (a selection of games)",
        "le corps de la requête doit être un objet JSON (une sélection de parties)",
    ),
    "validation": (
        _validation,
        "lang: 'de' is not a language of this service: fr, en",
        "lang : 'de' n'est pas une langue de ce service : fr, en",
    ),
    "unauthorized": (
        _unauthorized,
        "use 'Authorization: Bearer <token>'",
        "utilisez « Authorization: Bearer <jeton> »",
    ),
    "forbidden": (
        _forbidden,
        "the token lacks the 'record' scope",
        "le jeton n'a pas le droit « record »",
    ),
    "not-found": (_not_found, "no problem type 'nope'", "pas de type de problème 'nope'"),
    "method-not-allowed": (
        _method,
        "this method is not allowed on this URL",
        "cette méthode n'est pas permise sur cette URL",
    ),
    "version-conflict": (
        _version,
        "game {game}: expected version 7, but it is at 1",
        "partie {game} : version attendue 7, mais elle en est à 1",
    ),
    "conflict": (
        _conflict,
        "club '{club}' already has another profile '{name}'",
        "le club « {club} » a déjà un autre profil « {name} »",
    ),
    "payload-too-large": (
        _too_large,
        "the body is {length} bytes; the limit is {limit}",
        "le corps de la requête fait {length} octets ; la limite est {limit}",
    ),
    "unsupported-media-type": (
        _media_type,
        "send application/json, not application/x-www-form-urlencoded",
        "envoyez application/json, pas application/x-www-form-urlencoded",
    ),
    "rule-breach": (_rule_breach, "{en}", "{fr}"),
    "impossible-event": (
        _impossible,
        "no finding at position 999",
        "aucun constat à la position 999",
    ),
    "invalid-event": (
        _invalid_event,
        "event 0 (GameAbandoned) is invalid: reason: Missing data for required field.",
        "l'événement 0 (GameAbandoned) n'est pas valide : reason: Champ requis manquant.",
    ),
    "ambiguous-player": (
        _ambiguous,
        "N: '{name}' matches 2 players ({ids}): give the id",
        "N : « {name} » correspond à 2 joueurs ({ids}) : donnez l'identifiant",
    ),
    "cross-club-merge": (
        _cross_club,
        "player {player} is not of club '{club}': players of two clubs are never merged",
        "le joueur {player} n'est pas du club « {club} » : les joueurs de deux clubs ne sont "
        "jamais fusionnés",
    ),
    "bad-profile": (
        _bad_profile,
        "min_bid: must be an integer, got 'eighty'",
        "min_bid : doit être un entier, reçu 'eighty'",
    ),
    "tournament-refused": (
        _tournament,
        "must be an integer from 1 to 30",
        "doit être un entier de 1 à 30",
    ),
}

BROKEN: dict[str, tuple[Exception, str, str]] = {
    "not-acceptable": (
        NotAcceptable(),
        "this resource cannot answer in a media type the request accepts",
        "cette ressource ne peut répondre dans aucun type de média que la requête accepte",
    ),
    "request-timeout": (
        ReadTimeout("12 s"),
        "the body did not arrive in time: 12 s",
        "le corps de la requête n'est pas arrivé à temps : 12 s",
    ),
    "unavailable": (
        StoreUnavailable("gone"),
        "the database is unavailable; retry in a moment",
        "la base de données est indisponible ; réessayez dans un instant",
    ),
    "internal": (
        RuntimeError("boom"),
        "an unexpected error occurred; it has been logged",
        "une erreur inattendue s'est produite ; elle a été journalisée",
    ),
}


def test_every_problem_type_has_a_golden_detail() -> None:
    covered = set(GOLDEN) | set(BROKEN) | GUARD_ONLY
    assert covered == set(PROBLEMS)


@pytest.mark.parametrize("slug", sorted(GOLDEN))
def test_the_detail_of_each_problem_type_in_french_and_english(
    api: Api, make_token: Callable[..., str], slug: str
) -> None:
    MAKE_TOKEN[:] = [make_token]
    case, english, french = GOLDEN[slug]
    seen = {}
    for code, headers in LANGS.items():
        answer, words = case(api, headers)
        problem = answer.get_json()
        assert problem["type"] == f"/problems/{slug}", problem
        assert answer.headers["Content-Language"] == code
        seen[code] = problem["detail"]
        expected = (english if code == "en" else french).format_map(words)
        assert problem["detail"] == expected
    assert seen["fr"] != seen["en"]


@pytest.mark.parametrize("slug", sorted(BROKEN))
def test_the_detail_of_a_breakdown_in_french_and_english(app: Any, slug: str) -> None:
    error, english, french = BROKEN[slug]
    for code, expected in (("en", english), ("fr", french)):
        with app.test_request_context("/games", headers=LANGS[code]):
            body = to_problem(error).body()
        assert body["type"] == f"/problems/{slug}" and body["detail"] == expected


def test_a_field_message_in_errors_follows_the_language_too(api: Api) -> None:
    fr = api.client.get("/profiles?lang=xx", headers=LANGS["fr"]).get_json()
    en = api.client.get("/profiles?lang=xx", headers=LANGS["en"]).get_json()
    assert en["errors"] == {"lang": ["'xx' is not a language of this service: fr, en"]}
    assert fr["errors"] == {"lang": ["'xx' n'est pas une langue de ce service : fr, en"]}


def test_the_schema_messages_in_errors_follow_the_language(api: Api) -> None:
    body = {"expected_version": 1, "extra": 1}
    game = _game(api)
    said = {}
    for code, headers in LANGS.items():
        answer = api.client.post(f"/games/{game}/events", json=body,
                                 headers={**bearer(api.recorder), **headers})  # fmt: skip
        assert answer.status_code == 422
        said[code] = answer.get_json()["errors"]
    english = {"events": ["Missing data for required field."], "extra": ["Unknown field."]}
    assert said["en"] == english
    assert said["fr"] == {"events": ["Champ requis manquant."], "extra": ["Champ inconnu."]}


def test_an_event_id_sent_twice_is_refused_in_the_language_asked(api: Api) -> None:
    game = _game(api)
    twice = str(uuid.uuid4())
    over = {"type": "GameAbandoned", "data": {"reason": "x"}, "id": twice}
    body = {"expected_version": 1, "events": [over, dict(over)]}
    said = {}
    for code, headers in LANGS.items():
        answer = api.client.post(f"/games/{game}/events", json=body,
                                 headers={**bearer(api.recorder), **headers})  # fmt: skip
        assert answer.status_code == 409 and answer.get_json()["type"] == "/problems/conflict"
        said[code] = answer.get_json()["detail"]
    assert said["en"] == f"event id {twice} appears twice in the batch"
    assert said["fr"] == f"l'identifiant d'événement {twice} apparaît deux fois dans le lot"
