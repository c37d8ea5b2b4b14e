"""A stored finding's words: its rule's facts kept with its sentence, worded when read.

``job_findings`` has one text column for a finding's words (``detail``). A finding
written by an audit job keeps there, as one JSON document, its English sentence, its
rule's facts (``params``) and the table's vocabulary, so that a reader gets it in the
language of the request. A row written before the facts were kept holds its English
sentence alone: it is shown as it is, with no ``params``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from i18n.findings import RULES, render
from i18n.vocabulary import Vocabulary

_KEYS = {"detail", "params", "vocabulary"}


def stored_detail(finding: Mapping[str, Any], vocabulary: Vocabulary) -> str:
    """The ``detail`` column of ``finding`` (its ``detail``, ``params`` and ``vocabulary``)."""
    if not isinstance(finding.get("params"), Mapping):
        return str(finding["detail"])
    kept = {"detail": finding["detail"], "params": finding["params"], "vocabulary": vocabulary}
    return json.dumps(kept, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def read_detail(rule: str, column: str, lang: str) -> tuple[str, dict[str, Any] | None]:
    """The finding's ``detail`` in ``lang`` and its ``params`` (None for an old row)."""
    kept = _kept(column)
    if kept is None:
        return column, None
    params: dict[str, Any] = kept["params"]
    if rule not in RULES:
        return str(kept["detail"]), params
    try:
        vocabulary = Vocabulary(kept["vocabulary"])
    except ValueError:
        vocabulary = Vocabulary.FFB
    return render(rule, params, lang, vocabulary), params


def _kept(column: str) -> dict[str, Any] | None:
    if not column.startswith('{"detail":'):
        return None  # an English sentence never starts so
    try:
        kept = json.loads(column)
    except ValueError:
        return None
    if not isinstance(kept, dict) or set(kept) != _KEYS or not isinstance(kept["params"], dict):
        return None
    return kept
