"""The words of the cards: short in sentences, in full for screen readers, a trump named
as a trump ("neuf d'atout"); the module's own examples run here too."""

from __future__ import annotations

import doctest

import pytest

import i18n.words
from i18n.words import speaker


def test_the_module_examples_hold() -> None:
    failed, tried = doctest.testmod(i18n.words, raise_on_error=False, report=True)
    assert tried >= 3 and failed == 0


@pytest.mark.parametrize(("card", "trump", "fr", "en"), [
    ("9S", "S", "neuf d'atout", "nine of trumps"),
    ("JH", "H", "valet d'atout", "jack of trumps"),
    ("AC", "C", "as d'atout", "ace of trumps"),
    ("9S", "H", "neuf de pique", "nine of spades"),
    ("JH", None, "valet de cœur", "jack of hearts"),
    ("TD", "SA", "dix de carreau", "ten of diamonds"),
])  # fmt: skip
def test_a_card_in_words_names_a_trump_as_a_trump(
    card: str, trump: str | None, fr: str, en: str
) -> None:
    assert speaker("fr").card_words(card, trump=trump) == fr
    assert speaker("en").card_words(card, trump=trump) == en
