"""Finished deals as data: the score sheet's records and each deal's checked declarations.

A record is ``[number, dealer, result, misdeal]``; a result the thirteen fields of
:class:`rules.scoring.DealResult` in order, pairs as ``[NS, EW]``.

>>> from rules.registry import find_profile
>>> from rules.scoring import misdeal_result
>>> record = DealRecord(3, Seat.E, misdeal_result(find_profile("ffb"), Seat.E), Seat.E)
>>> decode_record(encode_record(record), "r") == record
True
"""

from __future__ import annotations

from typing import Any

from projections.codec import read as r
from projections.codec.table import decode_contract, decode_declared, encode_contract
from projections.codec.table import encode_declared as _declared
from rules.actions import AnnounceKind, BeloteWord
from rules.announces import Announce, Resolution
from rules.belote import BeloteCheck
from rules.declarations import AnnounceCheck, Declarations
from rules.game import DealRecord
from rules.scoring import DealResult
from rules.seats import Seat


def encode_record(record: DealRecord) -> list[Any]:
    misdeal = None if record.misdeal is None else int(record.misdeal)
    return [record.number, int(record.dealer), encode_result(record.result), misdeal]


def decode_record(value: Any, where: str) -> DealRecord:
    number, dealer, result, misdeal = r.array(value, where, 4)
    return DealRecord(
        r.integer(number, where, 1),
        r.seat(dealer, where),
        decode_result(result, f"{where}.result"),
        r.optional_seat(misdeal, where),
    )


def encode_result(x: DealResult) -> list[Any]:
    return [
        encode_contract(x.contract),
        x.made,
        list(x.points),
        list(x.card_points),
        list(x.announces),
        list(x.belote),
        list(x.raw_marks),
        list(x.marks),
        list(x.penalties),
        None if x.tricks is None else list(x.tricks),
        None if x.capot is None else int(x.capot),
        None if x.generale is None else int(x.generale),
        None if x.declarations is None else _encode_declarations(x.declarations),
    ]


def decode_result(value: Any, where: str) -> DealResult:
    v = r.array(value, where, 13)
    return DealResult(
        decode_contract(v[0], where),
        r.optional_bool(v[1], where),
        r.pair(v[2], where),
        r.pair(v[3], where),
        r.pair(v[4], where),
        r.pair(v[5], where),
        r.pair(v[6], where),
        r.pair(v[7], where),
        r.pair(v[8], where),
        None if v[9] is None else r.pair(v[9], where),
        r.team(v[10], where),
        r.optional_seat(v[11], where),
        None if v[12] is None else _decode_declarations(v[12], where),
    )


def _encode_declarations(d: Declarations) -> list[Any]:
    return [
        [_encode_check(c) for c in d.announces],
        _encode_resolution(d.resolution),
        [[int(b.seat), b.word.value, b.card, b.rule, r.encode_facts(b.facts)] for b in d.belotes],
        list(d.belote_points),
        [[int(s), suit] for s, suit in d.belote_seats],
        list(d.penalties),
    ]


def _decode_declarations(value: Any, where: str) -> Declarations:
    checks, resolution, belotes, points, seats, penalties = r.array(value, where, 6)
    return Declarations(
        r.items(checks, where, _decode_check),
        _decode_resolution(resolution, where),
        r.items(belotes, where, _decode_belote_check),
        r.pair(points, where),
        r.items(seats, where, _seat_suit),
        r.pair(penalties, where),
    )


def _encode_check(c: AnnounceCheck) -> list[Any]:
    return [
        _declared(c.declared),
        _encode_announce(c.announce),
        c.rule,
        r.encode_facts(c.facts),
        c.penalty,
    ]


def _decode_check(value: Any, where: str) -> AnnounceCheck:
    declared, announce, rule, found, penalty = r.array(value, where, 5)
    return AnnounceCheck(
        decode_declared(declared, where),
        _decode_announce(announce, where),
        r.text(rule, where),
        r.facts(found, where),
        r.integer(penalty, where, 0),
    )


def _encode_announce(a: Announce | None) -> list[Any] | None:
    return None if a is None else [a.kind.value, a.cards, a.value, a.height, a.suit]


def _decode_announce(value: Any, where: str) -> Announce | None:
    if value is None:
        return None
    kind, cards, points, height, suit = r.array(value, where, 5)
    return Announce(
        r.choice(AnnounceKind, kind, where),
        r.card_set(cards, where),
        r.integer(points, where, 0),
        r.integer(height, where, 0, 7),
        None if suit is None else r.integer(suit, where, 0, 3),
    )


def _encode_resolution(x: Resolution) -> list[Any]:
    winner = None if x.winner is None else int(x.winner)
    best = [_encode_announce(a) for a in x.best]
    return [winner, x.tie, list(x.counted), best]


def _decode_resolution(value: Any, where: str) -> Resolution:
    winner, tie, counted, best = r.array(value, where, 4)
    ns, ew = r.array(best, where, 2)
    return Resolution(
        r.team(winner, where),
        r.boolean(tie, where),
        r.pair(counted, where),
        (_decode_announce(ns, where), _decode_announce(ew, where)),
    )


def _decode_belote_check(value: Any, where: str) -> BeloteCheck:
    seat, word, card, rule, found = r.array(value, where, 5)
    return BeloteCheck(
        r.seat(seat, where),
        r.choice(BeloteWord, word, where),
        r.optional_card(card, where),
        r.text(rule, where),
        r.facts(found, where),
    )


def _seat_suit(value: Any, where: str) -> tuple[Seat, int]:
    seat, suit = r.array(value, where, 2)
    return r.seat(seat, where), r.integer(suit, where, 0, 3)
