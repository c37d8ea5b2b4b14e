"""Every message of the recording page's scripts reaches the catalogues.

Babel's JavaScript extractor does not look inside a template literal's ``${…}``: a
``_("…")`` written there is never extracted, so it has no translation and shows in
English on a French page. This test finds each ``_()``, ``ngettext()`` and
``pgettext()`` call of ``service/ui/static/ui/record/*.js`` by its text and checks that
the extractor sees it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

FOLDER = Path(__file__).resolve().parents[2] / "service/ui/static/ui/record"
CALL = re.compile(r'(?<![\w.])(?:_|ngettext)\(\s*"((?:[^"\\]|\\.)*)"')
CONTEXT_CALL = re.compile(r'(?<![\w.])pgettext\(\s*"[^"]*",\s*"((?:[^"\\]|\\.)*)"')


@pytest.mark.parametrize("script", sorted(p.name for p in FOLDER.glob("*.js")))
def test_every_message_of_the_script_is_extracted(script: str) -> None:
    path = FOLDER / script
    text = path.read_text("utf-8")
    written = {m.group(1) for m in CALL.finditer(text)} | {
        m.group(1) for m in CONTEXT_CALL.finditer(text)
    }
    extracted = {
        message if isinstance(message, str) else message[0]
        for _line, message, _comments, _context in extract_from_file("javascript", str(path))
    }
    assert sorted(written - extracted) == [], "messages the extractor misses (inside ${…}?)"
