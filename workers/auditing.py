"""A stored game's audit: rule findings, recorded-score checks, chain breaks, summaries.

Pure functions over rows already read (see :mod:`workers.loading`). The rule
findings are those of :func:`projections.audit.audit_game` (every table event
judged knowing all four hands, recorded marks against computed marks, log
anomalies). On top come the append-time breaches kept
in the ``breaches`` column (when the audit does not find the same rule at the same
event) and the first break of the game's hash chain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from events.vocabulary.canonical import canonical_json
from events.vocabulary.chain import GENESIS, event_hash, head_text, kind_text, link_hash, quoted
from projections.audit import audit_game, finding
from projections.entries import Entry
from projections.fold import stored_facts as _stored
from rules.verdict import facts

FindingRow = dict[str, Any]
"""A finding as the workers store it (a ``job_findings`` row): ``game_id``, ``deal``, ``trick``,
``seat``, ``player``, ``position``, ``version``, ``card``, ``rule``, ``detail``, ``severity``,
``source``; :class:`rules.replay.Finding` is the rules' own record."""


def rule_findings(entries: Sequence[Entry]) -> list[FindingRow]:
    """The rule findings of one game: :func:`projections.audit.audit_game`."""
    return audit_game(entries, addresses=False)  # a job_findings row has no address


def append_breaches(entries: Sequence[Entry], found: Sequence[FindingRow]) -> list[FindingRow]:
    """Breaches stored at append time that the audit did not find again."""
    seen = {(f["position"], f["rule"]) for f in found}
    extra: list[FindingRow] = []
    for e in entries:
        for b in e.breaches:
            rule = str(b.get("rule", "breach"))
            if (e.version, rule) not in seen:
                seat = getattr(e.record, "seat", None)
                said = _stored(b)
                name = seat.name if seat is not None else None
                found_then = finding(None, None, name, e.version, rule, said, "breach")
                found_then["source"] = "append"
                extra.append(found_then)
                seen.add((e.version, rule))
    return extra


def chain_break(game_id: object, rows: Sequence[Any], head: tuple[int, str]) -> FindingRow | None:
    """The first broken link of a game's hash chain. ``rows`` in version order have
    ``version, event_id, type, schema_version, canonical`` (the payload's canonical JSON in
    orjson's encoding), ``data`` (the payload as read), ``recorded_at`` (canonical text),
    ``recorded_by`` and ``hash``; ``head`` is the game's stored (last version, hash)."""
    gid = str(game_id)
    start = head_text(gid)
    previous = GENESIS
    for expected_version, r in enumerate(rows, start=1):
        if r.version != expected_version:
            why = facts(why="missing", version=expected_version)
            return finding(None, None, None, expected_version, "hash-chain-break", why, "integrity")
        # the link from the parts as read (the payload in its fast canonical form); any
        # mismatch is decided by the reference functions below
        kind = kind_text(r.type, r.schema_version)
        link = link_hash(start, r.version, r.event_id, kind, r.canonical, r.recorded_at,
                         quoted(r.recorded_by), previous)  # fmt: skip
        if link != r.hash:
            args = (gid, r.version, r.event_id, r.type, r.schema_version)
            tail = (r.recorded_at, r.recorded_by, previous)
            expected = event_hash(*args, canonical_json(r.data), *tail)
            if expected != r.hash:
                why = facts(
                    why="changed",
                    version=r.version,
                    event=r.type,
                    stored=r.hash[:12],
                    computed=expected[:12],
                )
                return finding(None, None, None, r.version, "hash-chain-break", why, "integrity")
        previous = r.hash
    if head != (len(rows), previous):
        why = facts(why="head")
        return finding(None, None, None, len(rows), "hash-chain-break", why, "integrity")
    return None


def summarize(findings: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts by rule, by player and by severity (a game's or an archive's)."""
    by_rule: Counter[str] = Counter()
    by_player: Counter[str] = Counter()
    by_severity: Counter[str] = Counter()
    games: set[str] = set()
    total = 0
    for f in findings:
        total += 1
        by_rule[f["rule"]] += 1
        by_severity[f["severity"]] += 1
        if f.get("player"):
            by_player[f["player"]] += 1
        if f.get("game_id"):
            games.add(str(f["game_id"]))
    return {
        "findings": total,
        "games_with_findings": len(games),
        "by_rule": dict(sorted(by_rule.items())),
        "by_player": dict(sorted(by_player.items())),
        "by_severity": dict(sorted(by_severity.items())),
    }


def merge_summaries(parts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The sum of partial summaries (chunks) into one archive-level summary."""
    total: dict[str, Any] = {"games": 0, "findings": 0, "games_with_findings": 0}
    counters: dict[str, Counter[str]] = {
        k: Counter() for k in ("by_rule", "by_player", "by_severity")
    }
    for p in parts:
        for key in ("games", "findings", "games_with_findings"):
            total[key] += int(p.get(key, 0))
        for key, counter in counters.items():
            counter.update(p.get(key, {}))
    for key, counter in counters.items():
        total[key] = dict(sorted(counter.items()))
    return total
