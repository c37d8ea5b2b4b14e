"""The catalogues are complete and current: checked against a fresh extraction.

A test fails when a message id of the code lacks a translation in a catalogue, when a
catalogue holds an entry the code no longer uses (obsolete or unused) or a fuzzy one,
when a translation uses a placeholder its message does not give, or when a compiled
``.mo`` does not say what its ``.po`` says (``pybabel compile`` was forgotten).
English is the source language: its message ids are its text.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n.catalogues import DIRECTORY, DOMAIN, LANGUAGES, SOURCE, translations

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
EXTRA_PLACEHOLDERS = {"the_card", "the_best"}  # French puts the article with the card
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_]+)\}")


def extracted() -> set[tuple[str | None, str]]:
    """(context, message id) of every message the code and templates use, as ``pybabel
    extract -F babel.cfg`` finds them."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(ROOT / "babel.cfg"))
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map
    ):
        found.add((context, message if isinstance(message, str) else message[0]))
    return found


def catalogue(lang: str):  # type: ignore[no-untyped-def]
    with open(DIRECTORY / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def in_code() -> set[tuple[str | None, str]]:
    return extracted()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_unused(lang: str, in_code: set) -> None:
    cat = catalogue(lang)
    entries = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in cat if m.id}
    assert len(in_code) > 100
    assert sorted(in_code - set(entries), key=str) == [], "messages without a translation"
    assert sorted(set(entries) - in_code, key=str) == [], "entries the code no longer uses"
    assert not cat.obsolete, "obsolete entries"
    for key, m in entries.items():
        assert not m.fuzzy, f"fuzzy: {key}"
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        assert strings and all(strings), f"untranslated: {key}"
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        given = {p for i in ids for p in PLACEHOLDER.findall(i)} | EXTRA_PLACEHOLDERS
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) <= given, f"unknown placeholder in {key}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_compiled(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(lang))
    shipped = (DIRECTORY / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
    assert shipped == compiled.getvalue(), "run: pybabel compile -d i18n/translations"


def test_french_plurals_are_those_of_french() -> None:
    fr = translations("fr")
    assert [fr.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (0, 1, 2, 3)] == [
        "0 pli",
        "1 pli",
        "2 plis",
        "3 plis",
    ]


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="not a language"):
        translations("de")
