"""Names: cleaning (NFC, trimmed, no control character) and the matching key of a roster."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.names import PLAYER_ID, clean_name, match_key

names = st.text(
    st.characters(categories=("L", "M", "N", "Zs", "P")), min_size=1, max_size=30
).filter(lambda s: s.strip() and any(not unicodedata.combining(c) for c in s.strip()))


@pytest.mark.parametrize(
    ("one", "other"),
    [("Emma", "emma"), ("emma", "EMMA  "), ("zoe ", "Zoé"), ("Zoe\u0301", "ZOÉ"),
     ("Jean  Martin", " jean martin"), ("Jean-Pierre", "jean-pierre"), ("Straße", "STRASSE")],
)  # fmt: skip
def test_spellings_of_one_person_share_a_key(one: str, other: str) -> None:
    assert match_key(one) == match_key(other)


@pytest.mark.parametrize(("one", "other"), [("Emma", "Emmy"), ("Jean Martin", "JeanMartin")])
def test_different_names_keep_different_keys(one: str, other: str) -> None:
    assert match_key(one) != match_key(other)


@pytest.mark.parametrize("bad", ["", "   ", "a\x1b[31m", "line\nbreak", "\u202eevil", "nul\x00"])
def test_a_key_refuses_what_a_name_refuses(bad: str) -> None:
    with pytest.raises(ValueError):
        match_key(bad)


@given(names)
def test_the_key_ignores_case_accents_spacing_and_normal_form(name: str) -> None:
    key = match_key(name)
    assert match_key(key) == key  # a key is its own key
    assert match_key(unicodedata.normalize("NFD", name)) == key
    assert match_key("  " + "   ".join(name.split()) + " ") == key
    assert match_key(name.casefold()) == key
    assert key == key.strip() and "  " not in key


def test_player_ids_are_opaque_and_never_a_cleaned_name() -> None:
    assert PLAYER_ID.match("pl_" + "0123456789abcdef" * 2)
    for wrong in ("pl_" + "A" * 32, "pl_123", "Emma", "pl_" + "0" * 33):
        assert not PLAYER_ID.match(wrong)
    assert clean_name(" Zoe\u0301 ") == "Zoé"
