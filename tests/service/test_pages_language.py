"""The pages in each language: ``lang`` attribute, the scripts' catalogue, the language
switch and its cookie, French by default, ``/`` leading to the pages, the glossary."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from i18n.findings import RULES
from i18n.glossary import GLOSSARY


def catalogue_of(html: str) -> dict[str, Any]:
    block = r'<script type="application/json" id="ui-messages">(.*?)</script>'
    found = re.search(block, html, re.S)
    assert found, "the page carries its scripts' catalogue"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_pages_default_to_french(client: Any) -> None:
    page = client.get("/ui/games")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Content-Language"] == "fr"
    assert '<html lang="fr">' in html and "<h1>Parties</h1>" in html
    messages = catalogue_of(html)
    assert messages["Replay"] == "Rejouer" and messages["seat\u0004W"] == "O"
    assert messages["{n} game"] == ["{n} partie", "{n} parties"]


def test_accept_language_picks_english(client: Any) -> None:
    page = client.get("/ui/stats", headers={"Accept-Language": "en-GB,en;q=0.9"})
    html = page.get_data(as_text=True)
    assert '<html lang="en">' in html and "<h1>Statistics</h1>" in html
    assert catalogue_of(html) == {}  # English is the source: the scripts use the ids


def test_the_switch_is_remembered_in_a_cookie(client: Any) -> None:
    page = client.get("/ui/games?lang=en", headers={"Accept-Language": "fr"})
    assert '<html lang="en">' in page.get_data(as_text=True)
    assert "coinche_lang=en" in page.headers["Set-Cookie"]
    again = client.get("/ui/stats", headers={"Accept-Language": "fr"})  # the cookie wins
    assert '<html lang="en">' in again.get_data(as_text=True)
    client.delete_cookie("coinche_lang")


def test_the_switch_links_both_languages_and_marks_the_current_one(client: Any) -> None:
    html = client.get("/ui/games?lang=fr").get_data(as_text=True)
    client.delete_cookie("coinche_lang")
    assert re.search(r'href="\?lang=fr"[^>]*aria-current="true"', html)
    assert 'href="?lang=en"' in html


def test_the_replay_page_speaks_french(client: Any) -> None:
    html = client.get("/ui/games/00000000-0000-0000-0000-000000000001?lang=fr").get_data(
        as_text=True
    )
    client.delete_cookie("coinche_lang")
    assert "Feuille de marque" in html and "Enchères" in html and "Raccourcis clavier" in html


@pytest.mark.parametrize("value", ["de", "xx-FR", "<script>"])
def test_a_page_with_an_unknown_language_is_a_422(client: Any, value: str) -> None:
    answer = client.get("/ui/games", query_string={"lang": value})
    assert answer.status_code == 422 and answer.get_json()["errors"].keys() == {"lang"}
    assert "Set-Cookie" not in answer.headers


def test_the_root_leads_to_the_pages(client: Any) -> None:
    answer = client.get("/")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/ui/games")


@pytest.mark.parametrize(("lang", "heading", "meaning"), [
    ("fr", "Glossaire de la table", "jouer une carte de la couleur demandée"),
    ("en", "Glossary of the table", "to play a card of the suit led"),
])  # fmt: skip
def test_the_glossary_names_each_term_its_rules_and_english_id(
    client: Any, lang: str, heading: str, meaning: str
) -> None:
    html = client.get(f"/docs/glossary?lang={lang}").get_data(as_text=True)
    client.delete_cookie("coinche_lang")
    assert f"<h1>{heading}</h1>" in html and meaning in html
    assert '<th scope="row" lang="fr">fournir</th>' in html
    assert "<code>must-follow-suit</code>" in html and "follow suit" in html


def test_the_api_documentation_links_the_glossary(client: Any) -> None:
    page = client.get("/docs", headers={"Accept-Language": "fr"})
    html = page.get_data(as_text=True)
    assert page.headers["Content-Language"] == "en" and '<html lang="en">' in html
    links = re.findall(r'href="(docs/glossary\?lang=(?:fr|en))"', html)
    assert sorted(links) == ["docs/glossary?lang=en", "docs/glossary?lang=fr"]
    for link in links:  # relative to /docs
        answer = client.get("/" + link)
        assert answer.status_code == 200 and "<code>must-follow-suit</code>" in answer.text
    client.delete_cookie("coinche_lang")
    assert 'href="problems"' in html and 'href="docs/events"' in html


def test_the_glossary_names_only_real_rule_ids_and_every_revoke() -> None:
    named = {r for t in GLOSSARY for r in t.rules}
    assert named <= set(RULES)
    assert {"must-follow-suit", "must-trump", "must-overtrump", "must-undertrump"} <= named


@pytest.mark.parametrize(("lang", "h1", "caption", "site"), [
    ("fr", "<h1>Tournois</h1>", "Les tournois du club, le plus récent d'abord", ">Parties<"),
    ("en", "<h1>Tournaments</h1>", "The club's tournaments, newest first", ">Games<"),
])  # fmt: skip
def test_the_tournament_pages_speak_the_language_asked(
    client: Any, lang: str, h1: str, caption: str, site: str
) -> None:
    page = client.get("/ui/tournaments", headers={"Accept-Language": lang})
    html = page.get_data(as_text=True)
    assert page.headers["Content-Language"] == lang and f'<html lang="{lang}">' in html
    assert h1 in html and caption in html and site in html
    live = client.get(
        "/ui/tournaments/00000000-0000-0000-0000-000000000001",
        headers={"Accept-Language": lang},
    )
    shell = live.get_data(as_text=True)
    assert live.headers["Content-Language"] == lang and f'<html lang="{lang}">' in shell
    assert ("Classement en direct" if lang == "fr" else "Live ranking") in shell
    messages = catalogue_of(shell)
    if lang == "fr":  # the script's words come with the page
        assert messages["Table plan, round {number}"] == "Plan de table, manche {number}"
        assert messages["{n} board"] == ["{n} donne", "{n} donnes"]
    else:
        assert messages == {}
