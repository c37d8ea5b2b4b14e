"""A refused field's message in the reader's language: every listed form, the messages
marshmallow's validators, the event vocabulary's fields and the rules' notation really
give (so that a changed wording upstream fails here), and whole answers of the API."""

from __future__ import annotations

import re
from typing import Any

import pytest
from marshmallow import Schema, ValidationError
from marshmallow import validate as v

from events.vocabulary.fields import (
    BidValueField,
    CardField,
    Choice,
    Int,
    SeatField,
    Text,
    TrumpField,
)
from rules.cards import parse_card, parse_suit
from rules.contract import TRUMP_HINT, parse_trump
from rules.errors import NotationError
from rules.seats import parse_seat, parse_team
from service.api.field_messages import FORMS, WORDS, field_message
from service.api.problems import Text as Said
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


def _said(message: str, lang: str) -> str:
    found = field_message(message)
    assert isinstance(found, Said), f"not a listed form: {message!r}"
    return found.render(lang)


@pytest.mark.parametrize("form", FORMS)
def test_every_form_is_worded_again_in_french(form: str) -> None:
    names = re.findall(r"\{(\w+)\}", form)
    english = form.format(**{name: f"<{i}>" for i, name in enumerate(names)})
    assert _said(english, "en") == english
    french = _said(english, "fr")
    assert french != english and "{" not in french
    for i in range(len(names)):
        assert f"<{i}>" in french  # every word is kept


def test_the_words_a_message_carries_are_worded_too() -> None:
    assert (
        _said("an integer is required, not a string", "fr")
        == "un entier est requis, pas une chaîne"
    )
    assert TRUMP_HINT in WORDS  # the trump hint is worded: the same English as the rules'
    said = _said(f"'XX' is not a trump: {TRUMP_HINT}", "fr")
    assert said.startswith("'XX' n'est pas un atout : utilisez C, D, H, S, SA ou TA")


def test_a_message_of_no_listed_form_stays_as_it_is() -> None:
    assert field_message("something else entirely") == "something else entirely"
    assert field_message("Must be greater than or equal to 1 and more") == (
        "Must be greater than or equal to 1 and more"
    )


def _refusal(call: Any) -> str:
    with pytest.raises((ValidationError, NotationError)) as caught:
        call()
    error = caught.value
    if isinstance(error, ValidationError):
        messages = error.messages
        return str(messages[0] if isinstance(messages, list) else next(iter(messages.values()))[0])
    return str(error)


class One(Schema):
    seat = SeatField()
    card = CardField()
    trump = TrumpField()
    value = BidValueField()
    level = Int(1, 10)
    name = Text(max_length=5)
    rank = Choice("789TJQKA", "a rank")


REFUSALS = [
    lambda: v.Range(1, 500)(0),
    lambda: v.Range(min=1)(0),
    lambda: v.Range(max=1)(2),
    lambda: v.Length(1, 200)(""),
    lambda: v.Length(min=2)("a"),
    lambda: v.Length(max=1)("ab"),
    lambda: v.Length(equal=3)("ab"),
    lambda: v.OneOf(["json", "csv"])("xml"),
    lambda: v.Regexp("^x$")("y"),
    lambda: parse_card("ZZ"),
    lambda: parse_card(7),
    lambda: parse_suit("X"),
    lambda: parse_seat("X"),
    lambda: parse_team("X"),
    lambda: parse_trump("XX"),
    lambda: One().load({"seat": "X"}),
    lambda: One().load({"seat": 3}),
    lambda: One().load({"seat": "NORTHERN-SEAT"}),
    lambda: One().load({"card": "ZZ"}),
    lambda: One().load({"trump": 4}),
    lambda: One().load({"trump": "XX"}),
    lambda: One().load({"value": "lots"}),
    lambda: One().load({"value": True}),
    lambda: One().load({"level": 11}),
    lambda: One().load({"level": "3"}),
    lambda: One().load({"name": 3}),
    lambda: One().load({"name": "toolongname"}),
    lambda: One().load({"rank": "X"}),
]


@pytest.mark.parametrize("index", range(len(REFUSALS)))
def test_the_messages_really_given_are_of_listed_forms(index: int) -> None:
    message = _refusal(REFUSALS[index])
    french = _said(message, "fr")
    assert french != message


def test_a_query_refused_by_a_validator_is_said_in_french(api: Api) -> None:
    answer = api.client.get("/games?limit=0", headers={**bearer(api.recorder), **FR})
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["errors"] == {
        "limit": ["Doit être supérieur ou égal à 1 et inférieur ou égal à 500."]
    }
    assert body["detail"].endswith(
        "limit: Doit être supérieur ou égal à 1 et inférieur ou égal à 500."
    )


def test_an_event_with_a_card_of_no_deck_is_said_in_french(api: Api) -> None:
    _g, events = wire_game("ffb", 3, record_hands=False)
    created = api.create(events[0])
    game = created.get_json()["id"]
    bad = {"type": "CardPlayed", "data": {"seat": "N", "card": "ZZ"}}
    for lang, start in (("fr", "'ZZ' n'est pas une carte : écrivez le rang"),
                        ("en", "'ZZ' is not a card: write rank then suit")):  # fmt: skip
        answer = api.client.post(
            f"/games/{game}/events", json={"expected_version": 1, "events": [bad]},
            headers={**bearer(api.recorder), "Accept-Language": lang},
        )  # fmt: skip
        assert answer.status_code == 422
        assert answer.get_json()["errors"]["card"][0].startswith(start)
