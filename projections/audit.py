"""A game's audit: every rule breach with its place, in DESIGN.md's findings format.

Voided events are left out (they did not happen); every table event is judged
knowing all four hands (recorded, or revealed by the deal's 32 cards); marks
written at the table (``ScoreRecorded``) are compared with the computed marks;
log-level anomalies (an event before ``GameCreated``, a bad void…) are reported
too. ``position`` is the event's game version: its 1-based line in a one-game
NDJSON file. A finding names its rule, the rule's facts (``params``: seat, card, led
suit, allowed cards…) and a ``detail``: those facts worded by the message catalogues
in the language asked for (English unless told) and the game's table vocabulary, and its
``address`` (``deal.trick.card``, the scheme of :mod:`projections.address`): where the
table stands right after the event, what ``?at=`` opens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.vocabulary import log
from i18n.findings import render
from i18n.vocabulary import Vocabulary, vocabulary_of
from projections.address import address_of
from projections.entries import Entry
from projections.fold import project, states
from projections.profiles import game_profile
from rules.actions import Action, CardPlayed
from rules.cards import card_name
from rules.game import Game
from rules.notation import TABLE_TYPES
from rules.penalties import PENALTY_FOR_RULE, PenaltyError, penalty_marks
from rules.profiles import Profile
from rules.replay import audit as audit_actions
from rules.seats import Seat, Team
from rules.verdict import Facts, as_params, facts


def finding(
    deal: int | None,
    trick: int | None,
    seat: str | None,
    version: int,
    rule: str,
    found: Facts,
    severity: str,
    card: str | None = None,
    *,
    lang: str = "en",
    vocabulary: Vocabulary = Vocabulary.FFB,
) -> dict[str, Any]:
    """A finding in DESIGN.md's shape; ``card`` names the card played, when there is one."""
    params = as_params(found)
    return {
        "deal": deal,
        "trick": trick,
        "seat": seat,
        "position": version,
        "rule": rule,
        "params": params,
        "detail": render(rule, params, lang, vocabulary),
        "severity": severity,
        "card": card,
    }


def audit_game(
    entries: Sequence[Entry], lang: str = "en", *, addresses: bool = True
) -> list[dict[str, Any]]:
    """Findings, ordered by position, each with its table address (``addresses=False``:
    without, sparing the fold that finds them: the workers store no address); empty for a
    clean game."""
    found = _findings(entries, lang)
    if found and addresses:
        wanted = {f["position"] for f in found}
        where = {
            e.version: None if (at := address_of(s)) is None else str(at)
            for e, s in states(entries)
            if e.version in wanted
        }
        for f in found:
            f["address"] = where.get(f["position"])
    return found


def _findings(entries: Sequence[Entry], lang: str) -> list[dict[str, Any]]:
    """Findings, ordered by position.

    The common game (``GameCreated`` first, then only table events and written
    scores) is judged straight from its events; a game with voids, rulings, an
    abandonment or a malformed start is folded first, for the voids and the
    log-level anomalies.
    """
    simple = _simple(entries)
    if simple is not None:
        words = (lang, vocabulary_of(simple[0]))
        return _judged(entries, *simple, voided=frozenset(), found=[], words=words)
    state = project(entries)
    meta = state.meta
    lang_words = (lang, vocabulary_of(meta.profile if meta is not None else None))
    kinds = {e.version: e.type for e in entries}
    found = [
        finding(
            a.deal,
            a.trick,
            a.seat.name if a.seat is not None else None,
            a.version,
            a.rule,
            a.facts,
            a.severity,
            lang=lang,
            vocabulary=lang_words[1],
        )
        for a in state.anomalies
        if kinds.get(a.version) not in TABLE_TYPES  # table events are judged below
        and a.severity == "impossible"
    ]
    if meta is None:
        return found
    return _judged(
        entries,
        meta.profile,
        meta.first_dealer,
        meta.target,
        meta.deals,
        voided=state.voided,
        found=found,
        words=lang_words,
    )


def _simple(entries: Sequence[Entry]) -> tuple[Profile, Seat, int | None, int | None] | None:
    """The game's settings when it needs no fold (see :func:`audit_game`)."""
    if not entries or entries[0].type != "GameCreated" or entries[0].version != 1:
        return None
    if any(e.type not in _PLAIN for e in entries[1:]):
        return None
    created = entries[0].record
    assert isinstance(created, log.GameCreated)
    try:
        profile = game_profile(created.profile)
    except ValueError:
        return None  # the fold reports it
    return profile, created.first_dealer, created.target, created.deals


_PLAIN = TABLE_TYPES | {"ScoreRecorded"}


def _judged(
    entries: Sequence[Entry],
    profile: Profile,
    first_dealer: Seat,
    target: int | None,
    deals: int | None,
    *,
    voided: frozenset[int],
    found: list[dict[str, Any]],
    words: tuple[str, Vocabulary],
) -> list[dict[str, Any]]:
    """``found`` plus every table event judged and every written score checked."""
    live = [e for e in entries if e.version not in voided]
    actions: list[tuple[int, Action]] = [
        (e.version, e.record)  # type: ignore[misc]
        for e in live
        if e.type in TABLE_TYPES
    ]
    findings, game = audit_actions(profile, first_dealer, [x for _, x in actions], target, deals)
    for f in findings:
        version, action = actions[f.index]
        row = finding(
            f.deal,
            f.trick,
            f.seat.name if f.seat is not None else None,
            version,
            f.rule,
            f.facts,
            f.severity.value,
            _card_of(action),
            lang=words[0],
            vocabulary=words[1],
        )
        row["penalty"] = standard_penalty(profile, game, f.rule, f.deal, f.trick, f.seat)
        found.append(row)
    computed = {r.number: r.result.marks for r in game.records}
    for e in live:
        if isinstance(e.record, log.ScoreRecorded):
            found += _score_check(e.version, e.record, computed, words)
    found.sort(key=lambda f: (f["position"], f["rule"]))
    return found


def standard_penalty(
    profile: Profile,
    game: Game,
    rule: str,
    deal: int | None,
    trick: int | None,
    seat: Seat | None,
) -> dict[str, Any] | None:
    """The standard penalty an arbiter may rule for a breach, or None (no such penalty in
    the profile, or the deal is not finished): the ``ruling`` to post in a
    ``RulingIssued`` on ``deal`` (``POST /games/{id}/penalties`` posts it), and the
    deal's marks before and after it."""
    name = PENALTY_FOR_RULE.get(rule)
    penalty = profile.penalty(name) if name is not None else None
    record = next((r for r in game.records if r.number == deal), None)
    if penalty is None or record is None or seat is None or deal is None:
        return None
    try:
        marks, made = penalty_marks(profile, record.result, seat.team, penalty)
    except PenaltyError:
        return None
    before = record.result.marks
    return {
        "deal": deal,
        "ruling": {
            "penalty": name,
            "offender": seat.name,
            "finding": {"deal": deal, "trick": trick, "seat": seat.name},
        },
        "marks_before": {"NS": before[0], "EW": before[1]},
        "marks_after": {"NS": marks[0], "EW": marks[1]},
        "made": made,
    }


def _score_check(
    version: int,
    rec: log.ScoreRecorded,
    computed: dict[int, tuple[int, int]],
    words: tuple[str, Vocabulary],
) -> list[dict[str, Any]]:
    lang, vocabulary = words
    written = (rec.marks.get(Team.NS, 0), rec.marks.get(Team.EW, 0))
    marks = computed.get(rec.deal)
    if marks is None:
        said = facts(deal=rec.deal)
        return [
            finding(
                rec.deal, None, None, version, "score-unknown-deal", said, "breach",
                lang=lang, vocabulary=vocabulary,
            )
        ]  # fmt: skip
    if marks == written:
        return []
    said = facts(
        deal=rec.deal,
        written_ns=written[0],
        written_ew=written[1],
        rules_ns=marks[0],
        rules_ew=marks[1],
    )
    return [
        finding(
            rec.deal, None, None, version, "score-mismatch", said, "breach",
            lang=lang, vocabulary=vocabulary,
        )
    ]  # fmt: skip


def _card_of(action: Action) -> str | None:
    return card_name(action.card) if isinstance(action, CardPlayed) else None
