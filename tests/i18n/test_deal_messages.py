"""The recording page's deal module (deal.js) words everything through ``ctx.t``: every id
it passes is in its ``MESSAGES`` table (which the shell translates) and in French."""

from __future__ import annotations

import re
from pathlib import Path

from service.language import scripts_catalogue

DEAL_JS = Path(__file__).resolve().parents[2] / "service/ui/static/ui/record/deal.js"
LITERAL = r'"((?:[^"\\]|\\.)*)"'


def table() -> list[str]:
    return re.findall(r"N_\(" + LITERAL + r"\)", DEAL_JS.read_text(encoding="utf-8"))


def test_every_literal_passed_to_t_is_in_the_table() -> None:
    source = DEAL_JS.read_text(encoding="utf-8")
    used = set(re.findall(r"\btr\(" + LITERAL, source))
    assert len(used) > 30
    assert sorted(used - set(table())) == []


def test_every_message_of_the_table_has_a_french_translation() -> None:
    french = scripts_catalogue("fr")
    ids = table()
    assert len(ids) == len(set(ids)) > 50
    missing = [i for i in ids if not french.get(i)]
    assert missing == []
