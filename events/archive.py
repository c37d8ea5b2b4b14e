"""The NDJSON archive format: one game per line, parsed and checked without the database.

A line is ``{"game": "<uuid>", "events": [{"id", "type", "version", "data",
"recorded_at", "recorded_by", "hash"}, ...]}``; ``type`` and ``data`` are required,
``id`` (generated), ``version`` (the type's current schema version),
``recorded_at`` (now) and ``recorded_by`` (the importer's name) are optional, and
``hash``, when given, must match the recomputed chain (an archive altered after
export is refused). Export writes every field, in canonical JSON.

**Two paths, one result.** :meth:`LineParser.parse` first reads a line with orjson
and a fast path that accepts only what it can prove the reference path would
accept in exactly the same form: plain types checked with ``type(x) is ...``,
canonical seats and cards, current schema versions, no floats anywhere (orjson
turns integers beyond 64 bits into floats, the standard parser does not). The
moment anything else is met (an error, a non-canonical spelling, a float, a hash
that does not match), the line is read again by the reference path (the standard
``json`` parser, the marshmallow schemas through :func:`events.prepare.prepare_one`,
one event after the other), which alone words the per-line errors. The tests check
that both paths give identical games for valid and broken lines alike.

**Rows.** Each event leaves here as its row of a binary ``COPY`` into ``events``
(all columns but the trailing ``breaches``, which the writer adds), hashed from the
very text it stores; the parsed document is dropped at once, so a batch waiting to
be written is a few bytes objects per game and gives the garbage collector nothing
to scan. Event ids that the archive does not give are generated time-ordered
(the UUIDv7 layout of RFC 9562: 48 bits of Unix milliseconds, 74 random bits), so
the unique index on ``event_id`` grows at its right edge instead of being written
at random places.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import orjson

from events import catalog
from events.canonical import canonical_json
from events.chain import GENESIS, event_hash, format_time
from events.errors import EventRefused, ImportLineError, InvalidEvent
from events.games import meta_of
from events.prepare import Prepared, check_recorded_by, prepare_one
from events.records import Pending
from events.upcasting import CURRENT
from rules.cards import RANK_LETTERS, SUIT_LETTERS

EVENT_KEYS = frozenset(("id", "type", "version", "data", "recorded_at", "recorded_by", "hash"))
MAX_EVENTS_PER_GAME = 100_000
COLUMNS = "game_id, version, event_id, type, schema_version, data, recorded_at, recorded_by, hash"
"""The columns of a row built here, in order; the writer appends ``breaches``."""

GameMeta = tuple[str | None, str | None, list[str], str, str]  # see events.games.meta_of
NewIds = Callable[[int], list[str]]


@dataclass(slots=True)
class ArchivedGame:
    """A checked game, ready to be written."""

    line_no: int
    game_id: UUID
    rows: list[bytes]  # binary COPY rows of its events, without the breaches field
    given_ids: list[str]  # the event ids written in the archive (refused if repeated)
    meta: GameMeta
    first_at: str  # recorded_at of the first and last events (canonical text)
    last_at: str
    last_hash: str
    abandoned: bool  # a GameAbandoned is among its events
    pending: list[Pending] | None  # what a check hook sees; only kept when there is one


def fresh_ids(count: int) -> list[str]:
    """``count`` new event ids: UUIDv7 (Unix milliseconds first, then 74 random bits)."""
    head = f"{time.time_ns() // 1_000_000:012x}"
    prefix = f"{head[:8]}-{head[8:12]}-7"
    rnd = os.urandom(10 * count).hex()
    var = rnd.translate(_VARIANT)
    return [
        f"{prefix}{rnd[k : k + 3]}-{var[k + 3]}{rnd[k + 4 : k + 7]}-{rnd[k + 8 : k + 20]}"
        for k in range(0, 20 * count, 20)
    ]


def _id_bytes(ids: list[str]) -> bytes:
    """The ids' 16 bytes each, end to end (one conversion for a whole game)."""
    return bytes.fromhex("".join(ids).replace("-", ""))


_VARIANT = str.maketrans("0123456789abcdef", "89ab89ab89ab89ab")  # RFC 9562 variant 10xx


# --- binary COPY fields -----------------------------------------------------------------

_INT4 = struct.Struct("!i").pack
_JSONB_HEAD = struct.Struct("!iB").pack  # length, then jsonb's binary format version 1
_PG_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_UUID_LEN = _INT4(16)
_HASH_LEN = _INT4(64)
_VERSIONS = [_INT4(4) + _INT4(v) for v in range(1024)]
_VERSIONS_THEN_ID = [field + _UUID_LEN for field in _VERSIONS]  # ... and the event id's length
NULL_FIELD = _INT4(-1)
COPY_SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + _INT4(0) + _INT4(0)
COPY_TRAILER = b"\xff\xff"


def _text_field(text: str) -> bytes:
    raw = text.encode()
    return _INT4(len(raw)) + raw


def jsonb_field(text: str) -> bytes:
    raw = text.encode()
    return _JSONB_HEAD(len(raw) + 1, 1) + raw


def _time_field(canonical: str) -> bytes:
    moment = datetime.fromisoformat(canonical[:-1] + "+00:00")
    return _INT4(8) + struct.pack("!q", (moment - _PG_EPOCH) // _MICROSECOND)


def _version_field(version: int) -> bytes:
    return _VERSIONS[version] if version < len(_VERSIONS) else _INT4(4) + _INT4(version)


def _game_head(game_id: UUID) -> bytes:
    return struct.pack("!h", 10) + _UUID_LEN + game_id.bytes  # field count, then game_id


def _type_fields(event_type: str, schema_version: int) -> tuple[str, bytes]:
    """The type and schema version as hashed text (``"Passed",1,``) and as COPY fields."""
    text = f"{canonical_json(event_type)},{schema_version},"
    return text, _text_field(event_type) + _INT4(2) + struct.pack("!h", schema_version)


# --- fast validation of payloads --------------------------------------------------------

_SEATS = frozenset("NESW")
_CARDS = frozenset(r + u for u in SUIT_LETTERS for r in RANK_LETTERS)
_ANNOUNCE_SIZES = {"tierce": (3, 3), "cinquante": (4, 4), "cent": (5, 8), "carre": (4, 4)}
_DEAL_KEYS = frozenset(("dealer", "hands", "deck", "cut", "packets"))
_CREATED_KEYS = frozenset(
    ("profile", "seats", "first_dealer", "target", "enforcement", "club", "metadata", "visibility")
)
_UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_DEPTH = 64


def _plain(value: Any, depth: int = 0) -> bool:
    """True when ``value`` holds only objects, lists, strings, integers, booleans and
    null, nested at most 64 deep: then orjson and ``json`` read it identically."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if depth >= _DEPTH:
        return False
    if kind is dict:
        return all(_plain(item, depth + 1) for item in value.values())
    if kind is list:
        return all(_plain(item, depth + 1) for item in value)
    return False


def _cards(value: Any) -> str | None:
    """A JSON list of canonical card names, as canonical JSON."""
    if type(value) is not list or not all(type(c) is str and c in _CARDS for c in value):
        return None
    return '["' + '","'.join(value) + '"]' if value else "[]"


def _deal_started(d: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """``DealStarted`` in canonical form, with the payload the schema would load."""
    dealer = d.get("dealer")
    if not d.keys() <= _DEAL_KEYS or type(dealer) is not str or dealer not in _SEATS:
        return None
    hands, deck, cut, packets = d.get("hands"), d.get("deck"), d.get("cut"), d.get("packets")
    hands_json = deck_json = packets_json = "null"
    if hands is not None:
        if type(hands) is not dict or hands.keys() != _SEATS:
            return None
        parts = []
        for seat in "ENSW":
            text = _cards(hands[seat])
            if text is None or len(hands[seat]) != 8:
                return None
            parts.append(f'"{seat}":{text}')
        if len({c for seat in "NESW" for c in hands[seat]}) != 32:
            return None
        hands_json = "{" + ",".join(parts) + "}"
    if deck is not None:
        text = _cards(deck)
        if text is None or len(deck) != 32 or len(set(deck)) != 32:
            return None
        deck_json = text
    if cut is not None and (type(cut) is not int or not 1 <= cut <= 31):
        return None
    if packets is not None:
        if type(packets) is not list or not all(type(p) is int and 1 <= p <= 8 for p in packets):
            return None
        if sum(packets) != 8:
            return None
        packets_json = "[" + ",".join(map(str, packets)) + "]"
    text = (
        f'{{"cut":{"null" if cut is None else cut},"dealer":"{dealer}","deck":{deck_json},'
        f'"hands":{hands_json},"packets":{packets_json}}}'
    )
    loaded = {"dealer": dealer, "hands": hands, "deck": deck, "cut": cut, "packets": packets}
    return text, loaded


def _announce(d: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    seat, kind, cards = d.get("seat"), d.get("kind"), d.get("cards")
    if len(d) != 3 or type(seat) is not str or seat not in _SEATS:
        return None
    if type(kind) is not str or kind not in _ANNOUNCE_SIZES:
        return None
    text = _cards(cards)
    if text is None or type(cards) is not list:
        return None
    low, high = _ANNOUNCE_SIZES[kind]
    if not low <= len(cards) <= high or len(set(cards)) != len(cards):
        return None
    return f'{{"cards":{text},"kind":"{kind}","seat":"{seat}"}}', d


def _text(value: Any, high: int = 200) -> bool:
    return type(value) is str and 1 <= len(value) <= high and "\x00" not in value


def _game_created(d: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """``GameCreated`` v2 with a profile id (not an inline document), as the schema loads it."""
    if not d.keys() <= _CREATED_KEYS:
        return None
    profile, seats, first = d.get("profile"), d.get("seats"), d.get("first_dealer")
    if not _text(profile, 100) or type(first) is not str or first not in _SEATS:
        return None
    if type(seats) is not dict or seats.keys() != _SEATS:
        return None
    players = [seats[s] for s in "NESW"]
    if not all(_text(p) for p in players) or len(set(players)) != 4:
        return None
    target, club = d.get("target"), d.get("club")
    if target is not None and (type(target) is not int or not 1 <= target <= 100_000):
        return None
    if club is not None and not _text(club):
        return None
    enforcement = d.get("enforcement", "strict")
    visibility = d.get("visibility", "private")
    if enforcement not in ("strict", "record") or visibility not in ("private", "public"):
        return None  # (str or not: a list is never equal to these strings)
    metadata = d.get("metadata", {})
    if type(metadata) is not dict or (metadata and not _plain_text(metadata)):
        return None
    loaded = {
        "profile": profile,
        "seats": {s: seats[s] for s in "NESW"},
        "first_dealer": first,
        "target": target,
        "enforcement": enforcement,
        "club": club,
        "metadata": metadata,
        "visibility": visibility,
    }
    text = canonical_json(loaded)
    if len(text) > 16 * 1024:  # near the metadata limit: let the schema measure it
        return None
    return text, loaded


def _plain_text(value: Any) -> bool:
    """:func:`_plain`, and no NUL in any string or key (the schema refuses those)."""
    return _plain(value) and "\\u0000" not in canonical_json(value)


def _simple(event_type: str) -> Callable[[dict[str, Any]], tuple[str, dict[str, Any]] | None]:
    check = catalog.FAST_PATHS[event_type]

    def fast(d: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
        text = check(d)
        return None if text is None else (text, d)

    return fast


PAYLOAD_CHECKS: dict[str, Callable[[dict[str, Any]], tuple[str, dict[str, Any]] | None]] = {
    t: _simple(t) for t in catalog.FAST_PATHS
}
"""Per type, the fast check of a current-version payload: its canonical JSON and the payload
the schema would load, or None (then the schema decides)."""
PAYLOAD_CHECKS["DealStarted"] = _deal_started
PAYLOAD_CHECKS["AnnounceDeclared"] = _announce
PAYLOAD_CHECKS["GameCreated"] = _game_created
_PLAYED = {
    card: {seat: (text, jsonb_field(text)) for seat in _SEATS
           for text in (f'{{"card":"{card}","seat":"{seat}"}}',)}
    for card in _CARDS
}  # fmt: skip
"""``CardPlayed`` (most events) by card then seat: canonical JSON and its COPY field."""
_NOWHERE: dict[str, tuple[str, bytes]] = {}


class _Decline(Exception):
    """The fast path cannot vouch for this line: the reference path reads it."""


class LineParser:
    """Parses the lines of one import (see the module docstring); keeps small caches of
    the times, authors and types met, which repeat from line to line."""

    def __init__(
        self,
        recorded_by: str,
        now: datetime,
        keep_pending: bool = False,
        new_ids: NewIds = fresh_ids,
    ) -> None:
        """``recorded_by`` must already be valid (see :func:`events.prepare.check_recorded_by`);
        ``keep_pending``: keep what a check hook needs."""
        self.by, self.now = recorded_by, format_time(now)
        self.keep, self.new_ids = keep_pending, new_ids
        self._times: dict[str, tuple[str, bytes]] = {}  # recorded_at as written -> canonical, field
        self._authors: dict[str, tuple[str, bytes]] = {}  # recorded_by -> quoted JSON, field
        self._types: dict[tuple[str, int], tuple[str, bytes]] = {}
        self._stamps: dict[tuple[str, str], bytes] = {}  # (time, author) -> both COPY fields
        self.declined = 0  # lines read by the reference path

    def parse(self, line_no: int, line: str | bytes) -> ArchivedGame:
        """One archive line as a checked game, or :class:`ImportLineError` saying what is wrong."""
        try:
            doc = orjson.loads(line)
        except (ValueError, RecursionError):  # the reference path words the error
            doc = _Decline
        if doc is not _Decline:
            try:
                return self._fast(line_no, doc)
            except _Decline:
                pass
        self.declined += 1
        return self.parse_exact(line_no, line)

    # -- the fast path ---------------------------------------------------------------------

    def _fast(self, line_no: int, doc: Any) -> ArchivedGame:
        if type(doc) is not dict or len(doc) != 2:
            raise _Decline
        gid_text, events = doc.get("game"), doc.get("events")
        if type(gid_text) is not str or len(gid_text) > 36 or type(events) is not list:
            raise _Decline
        if not 1 <= len(events) <= MAX_EVENTS_PER_GAME:
            raise _Decline
        try:
            game_id = UUID(gid_text)
        except ValueError:
            raise _Decline from None
        gid = str(game_id)
        head = _game_head(game_id)
        prefix = f'["{gid}",'
        fast, types, now, keep = PAYLOAD_CHECKS, self._types, self.now, self.keep
        default_quoted, default_stamp = self._author(self.by)[0], self._stamp(now, self.by)
        sha256 = hashlib.sha256
        rows: list[bytes] = []
        given: list[str] = []
        pending: list[Pending] = []
        ids: list[str] | None = None
        id_bytes = b""
        previous = GENESIS
        abandoned = False
        meta: GameMeta | None = None
        first_at = now
        at = now
        card_type = types.get(("CardPlayed", 1)) or self._type("CardPlayed", 1)
        for index, entry in enumerate(events):
            if type(entry) is not dict:
                raise _Decline
            event_type, data = entry.get("type"), entry.get("data")
            if type(event_type) is not str or type(data) is not dict:
                raise _Decline
            if index and len(entry) == 2 and event_type == "CardPlayed" and len(data) == 2:
                seat, card = data.get("seat"), data.get("card")  # most events: inlined
                if type(seat) is not str or type(card) is not str:
                    raise _Decline
                played = _PLAYED.get(card, _NOWHERE).get(seat)  # canonical card and seat
                if played is None:
                    raise _Decline
                data_json, data_field = played
                loaded, current = data, 1
                version_text, type_field = card_type
            else:
                if index == 0:
                    if event_type != "GameCreated":
                        raise _Decline
                    data_json, loaded, version, current = self._first(entry, data)
                    meta = meta_of(loaded)
                elif event_type == "GameCreated":
                    raise _Decline  # refused by the reference path (game-already-created)
                else:
                    check = fast.get(event_type)
                    if check is None:
                        data_json, loaded, version, current = self._reference(entry, data, index)
                    else:
                        found = check(data)
                        current = CURRENT[event_type]
                        version = entry.get("version", current)
                        if found is None or type(version) is not int or version != current:
                            raise _Decline
                        data_json, loaded = found
                    if event_type == "GameAbandoned":
                        abandoned = True
                version_text, type_field = types.get((event_type, version)) or self._type(
                    event_type, version
                )
                data_field = jsonb_field(data_json)
            if len(entry) == 2:
                if ids is None:
                    ids = self.new_ids(len(events))
                    id_bytes = _id_bytes(ids)
                event_id, quoted, stamp, at = ids[index], default_quoted, default_stamp, now
                raw_id = id_bytes[16 * index : 16 * index + 16]
                expected = None
            else:
                if not entry.keys() <= EVENT_KEYS:
                    raise _Decline
                event_id, quoted, stamp, at, expected = self._extras(entry)
                if "id" in entry:
                    given.append(event_id)
                    raw_id = bytes.fromhex(event_id.replace("-", ""))
                else:
                    if ids is None:
                        ids = self.new_ids(len(events))
                        id_bytes = _id_bytes(ids)
                    event_id = ids[index]
                    raw_id = id_bytes[16 * index : 16 * index + 16]
            number = index + 1
            text = (
                f'{prefix}{number},"{event_id}",{version_text}{data_json},'
                f'"{at}",{quoted},"{previous}"]'
            )
            previous = sha256(text.encode()).hexdigest()
            if expected is not None and expected != previous:
                raise _Decline
            rows.append(
                b"".join(
                    (
                        head,
                        _VERSIONS_THEN_ID[number]
                        if number < 1024
                        else _version_field(number) + _UUID_LEN,
                        raw_id,
                        type_field,
                        data_field,
                        stamp,
                        previous.encode(),
                    )
                )
            )
            if index == 0:
                first_at = at
            if keep:
                pending.append(Pending(UUID(event_id), event_type, current, loaded))
        assert meta is not None
        return ArchivedGame(
            line_no,
            game_id,
            rows,
            given,
            meta,
            first_at,
            at,
            previous,
            abandoned,
            pending if keep else None,
        )

    def _first(self, entry: dict[str, Any], data: dict[str, Any]) -> tuple[str, Any, int, int]:
        version = entry.get("version", 2)
        found = _game_created(data) if version == 2 and type(version) is int else None
        if found is None:
            return self._reference(entry, data, 0)
        return found[0], found[1], 2, 2

    def _reference(
        self, entry: dict[str, Any], data: dict[str, Any], index: int
    ) -> tuple[str, Any, int, int]:
        """An event without a fast check, through the schemas (as the reference path would)."""
        version = entry.get("version")
        if not _plain(data) or (version is not None and type(version) is not int):
            raise _Decline
        try:
            prepared = prepare_one(entry["type"], data, version, UUID(int=0), index)
        except (InvalidEvent, EventRefused, ValueError):
            raise _Decline from None
        p = prepared.pending
        return prepared.data_json, p.data, prepared.stored_version, p.schema_version

    def _extras(self, entry: dict[str, Any]) -> tuple[str, str, bytes, str, str | None]:
        """id, quoted author, the time, author and hash length fields, time, expected hash."""
        event_id = ""
        if "id" in entry:
            event_id = entry["id"]
            if type(event_id) is not str or not _UUID_TEXT.fullmatch(event_id):
                raise _Decline
        at = self.now
        if "recorded_at" in entry:
            written = entry["recorded_at"]
            if type(written) is not str:
                raise _Decline
            known = self._times.get(written)
            if known is None:
                known = self._time(written)
            at = known[0]
        by = self.by
        if "recorded_by" in entry:
            by = entry["recorded_by"]
            if type(by) is not str:
                raise _Decline
        quoted = self._author(by)[0]
        expected = entry.get("hash")
        if "hash" in entry and type(expected) is not str:
            raise _Decline  # (null is a hash that does not match)
        return event_id, quoted, self._stamp(at, by), at, expected

    def _time(self, written: str) -> tuple[str, bytes]:
        canonical = _moment(written)
        if canonical is None:
            raise _Decline
        self._times[written] = known = (canonical, _time_field(canonical))
        return known

    def _author(self, by: str) -> tuple[str, bytes]:
        known = self._authors.get(by)
        if known is None:
            try:
                valid = check_recorded_by(by)
            except InvalidEvent:
                raise _Decline from None
            self._authors[by] = known = (canonical_json(valid), _text_field(valid))
        return known

    def _stamp(self, at: str, by: str) -> bytes:
        """The recorded_at and recorded_by fields, then the length of the hash that follows."""
        stamp = self._stamps.get((at, by))
        if stamp is None:
            stamp = self._stamps[(at, by)] = _time_field(at) + self._author(by)[1] + _HASH_LEN
        return stamp

    def _type(self, event_type: str, version: int) -> tuple[str, bytes]:
        self._types[(event_type, version)] = known = _type_fields(event_type, version)
        return known

    # -- the reference path ----------------------------------------------------------------

    def parse_exact(self, line_no: int, line: str | bytes) -> ArchivedGame:
        """The reference path: the standard parser, then the schemas, event after event."""
        try:
            doc = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise ImportLineError(line_no, f"not valid JSON: {str(error)[:200]}") from None
        if not isinstance(doc, dict) or set(doc) != {"game", "events"}:
            raise ImportLineError(line_no, 'a line is an object with exactly "game" and "events"')
        game_id = _uuid(doc["game"], line_no, "game")
        events = doc["events"]
        if not isinstance(events, list) or not 1 <= len(events) <= MAX_EVENTS_PER_GAME:
            raise ImportLineError(
                line_no, f'"events" is a list of 1 to {MAX_EVENTS_PER_GAME} events'
            )
        gid = str(game_id)
        head = _game_head(game_id)
        rows: list[bytes] = []
        given: list[str] = []
        pending: list[Pending] = []
        ids: list[str] | None = None
        previous = GENESIS
        first_at = at = self.now
        created: dict[str, Any] = {}
        abandoned = False
        for index, entry in enumerate(events):
            where = f"event {index + 1}"
            try:
                if not isinstance(entry, dict):
                    raise ImportLineError(line_no, f"{where}: an event is a JSON object")
                unknown = set(entry) - EVENT_KEYS
                if unknown:
                    raise ImportLineError(line_no, f"{where}: unknown fields {sorted(unknown)[:5]}")
                if "id" in entry:
                    event_id = str(_uuid(entry["id"], line_no, f"{where} id"))
                    given.append(event_id)
                else:
                    ids = ids or self.new_ids(len(events))
                    event_id = ids[index]
                kind, data, version = entry.get("type"), entry.get("data"), entry.get("version")
                prepared = prepare_one(kind, data, version, UUID(event_id), index)
                _check_first(prepared, index)
                at = self.now if "recorded_at" not in entry else _moment_of(entry, line_no, where)
                by = (
                    self.by
                    if "recorded_by" not in entry
                    else check_recorded_by(entry["recorded_by"])
                )
            except (InvalidEvent, EventRefused) as error:
                raise ImportLineError(line_no, f"{where}: {error}") from None
            p = prepared.pending
            digest = event_hash(
                gid, index + 1, event_id, p.type, prepared.stored_version, prepared.data_json,
                at, by, previous,
            )  # fmt: skip
            if "hash" in entry and entry["hash"] != digest:
                why = f"{where}: hash does not match its content (altered?)"
                raise ImportLineError(line_no, why)
            rows.append(_row(head, index + 1, event_id, prepared, at, by, digest))
            if self.keep:
                pending.append(p)
            if index == 0:
                first_at, created = at, p.data
            abandoned = abandoned or p.type == "GameAbandoned"
            previous = digest
        return ArchivedGame(
            line_no,
            game_id,
            rows,
            given,
            meta_of(created),
            first_at,
            at,
            previous,
            abandoned,
            pending if self.keep else None,
        )


def _check_first(prepared: Prepared, index: int) -> None:
    first = index == 0
    if first != (prepared.pending.type == "GameCreated"):
        rule = "game-created-first" if first else "game-already-created"
        raise EventRefused(rule, "a game starts with one GameCreated, and only one", index)


def _row(
    head: bytes, version: int, event_id: str, prepared: Prepared, at: str, by: str, digest: str
) -> bytes:
    """One event's binary COPY row (see :data:`COLUMNS`), field by field."""
    return b"".join(
        (
            head,
            _version_field(version),
            _UUID_LEN,
            UUID(event_id).bytes,
            _type_fields(prepared.pending.type, prepared.stored_version)[1],
            jsonb_field(prepared.data_json),
            _time_field(at),
            _text_field(by),
            _HASH_LEN,
            digest.encode(),
        )
    )


def _uuid(value: Any, line_no: int, what: str) -> UUID:
    if isinstance(value, str) and len(value) <= 36:
        try:
            return UUID(value)
        except ValueError:
            pass
    raise ImportLineError(line_no, f"{what}: a UUID string is required")


def _moment(value: Any) -> str | None:
    """The canonical text of an ISO 8601 time with a zone, or None (also for a time that
    UTC cannot hold, such as 0001-01-01T00:00+01:00)."""
    try:
        moment = (
            datetime.fromisoformat(value) if isinstance(value, str) and len(value) < 40 else None
        )
        return None if moment is None or moment.tzinfo is None else format_time(moment)
    except (ValueError, OverflowError):
        return None


def _moment_of(entry: dict[str, Any], line_no: int, where: str) -> str:
    moment = _moment(entry["recorded_at"])
    if moment is None:
        raise ImportLineError(line_no, f"{where}: recorded_at is an ISO 8601 time with a zone")
    return moment


def parse_line(
    line_no: int, line: str | bytes, recorded_by: str, now: datetime, keep_pending: bool = False
) -> ArchivedGame:
    """One line with a parser of its own (for callers with a single line)."""
    return LineParser(recorded_by, now, keep_pending).parse(line_no, line)


__all__ = ["PAYLOAD_CHECKS", "ArchivedGame", "LineParser", "fresh_ids", "parse_line"]
