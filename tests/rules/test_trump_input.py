"""A trump as a person types it: the codes, the signs the pages show, the French names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.contract import Trump, parse_trump
from rules.errors import NotationError

SPELLINGS = {
    Trump.C: ["C", "c", "♣", "♧", "trèfle", "trefle", "Trèfles", "TREFLE"],
    Trump.D: ["D", "d", "♦", "♢", "carreau", "Carreaux", "CARREAU"],
    Trump.H: ["H", "h", "♥", "♥\ufe0f", "♡", "cœur", "coeur", "Cœurs", "COEUR", "CŒUR"],
    Trump.S: ["S", "s", "♠", "♤", "pique", "Piques", " pique "],
    Trump.SA: ["SA", "sa", "sans-atout", "Sans-Atout", "sans atout", "SANS ATOUT"],
    Trump.TA: ["TA", "ta", "tout-atout", "tout atout", "Tout-Atouts"],
}


@pytest.mark.parametrize(("trump", "text"), [(t, x) for t, xs in SPELLINGS.items() for x in xs])
def test_every_spelling_reads_as_its_trump(trump: Trump, text: str) -> None:
    assert parse_trump(text) is trump


def test_a_decomposed_accent_is_the_same_word() -> None:
    assert parse_trump("tre\u0300fle") is Trump.C  # "è" typed as e + combining grave


@pytest.mark.parametrize("text", ["", "X", "♥♥", "sansatout", "coeurr", "hs", "sas", "atout"])
def test_other_words_are_refused_with_the_accepted_forms(text: str) -> None:
    with pytest.raises(NotationError, match="cœur"):
        parse_trump(text)


@given(st.text(max_size=12))
def test_anything_else_is_a_trump_or_a_notation_error(text: str) -> None:
    try:
        trump = parse_trump(text)
    except NotationError:
        return
    assert parse_trump(trump.name) is trump  # the canonical form reads back as itself
