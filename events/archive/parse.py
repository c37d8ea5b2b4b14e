"""Reading archive lines (:mod:`events.archive.format`) into checked games, without the database.

**Two paths, one result.** :meth:`LineParser.parse` first reads a line with orjson
and a fast path that accepts only what it can prove the reference path would
accept in exactly the same form: plain types checked with ``type(x) is ...``,
payloads the vocabulary's fast checks vouch for (:mod:`events.vocabulary.fast`),
current schema versions, no floats anywhere (orjson turns integers beyond 64 bits
into floats, the standard parser does not). The moment anything else is met (an
error, a non-canonical spelling, a float, a hash that does not match), the line is
read again by the reference path (the standard ``json`` parser, the schemas through
:func:`events.vocabulary.prepare.prepare_one`, one event after the other), which
alone words the per-line errors. The tests check that both paths give identical
games for valid and broken lines alike.

**Rows.** Each event leaves here as its row of a binary ``COPY`` into ``events``
(:mod:`events.archive.binary_copy`), hashed from the very text it stores
(:func:`events.vocabulary.chain.link_hash`); the parsed document is dropped at once,
so a batch waiting to be written is a few bytes objects per game and gives the
garbage collector nothing to scan. Event ids that the archive does not give are
generated time-ordered (:mod:`events.archive.ids`).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson

from events.archive.binary_copy import (
    HASH_LEN,
    UUID_LEN,
    VERSIONS_THEN_ID,
    game_head,
    jsonb_field,
    row,
    text_field,
    time_field,
    type_fields,
    version_field,
)
from events.archive.format import EVENT_KEYS, MAX_EVENTS_PER_GAME, ArchivedGame, GameMeta
from events.archive.ids import NewIds, fresh_ids, id_bytes
from events.errors import EventRefused, ImportLineError, InvalidEvent
from events.records import Pending
from events.vocabulary.chain import GENESIS, event_hash, format_time, head_text, link_hash, quoted
from events.vocabulary.fast import PAYLOAD_CHECKS, PLAYED, game_created, plain
from events.vocabulary.log import meta_of
from events.vocabulary.prepare import Prepared, check_recorded_by, prepare_one
from events.vocabulary.upcasting import CURRENT

_UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

_PLAYED = {
    card: {seat: (text, jsonb_field(text)) for seat, text in by_seat.items()}
    for card, by_seat in PLAYED.items()
}
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
        """``recorded_by`` must already be valid (see
        :func:`events.vocabulary.prepare.check_recorded_by`);
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
        head = game_head(game_id)
        prefix = head_text(gid)
        fast, types, now, keep = PAYLOAD_CHECKS, self._types, self.now, self.keep
        default_quoted, default_stamp = self._author(self.by)[0], self._stamp(now, self.by)
        rows: list[bytes] = []
        given: list[str] = []
        pending: list[Pending] = []
        ids: list[str] | None = None
        raw_ids = b""
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
                kind, type_field = card_type
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
                kind, type_field = types.get((event_type, version)) or self._type(
                    event_type, version
                )
                data_field = jsonb_field(data_json)
            if len(entry) == 2:
                if ids is None:
                    ids = self.new_ids(len(events))
                    raw_ids = id_bytes(ids)
                event_id, by_text, stamp, at = ids[index], default_quoted, default_stamp, now
                raw_id = raw_ids[16 * index : 16 * index + 16]
                expected = None
            else:
                if not entry.keys() <= EVENT_KEYS:
                    raise _Decline
                event_id, by_text, stamp, at, expected = self._extras(entry)
                if "id" in entry:
                    given.append(event_id)
                    raw_id = bytes.fromhex(event_id.replace("-", ""))
                else:
                    if ids is None:
                        ids = self.new_ids(len(events))
                        raw_ids = id_bytes(ids)
                    event_id = ids[index]
                    raw_id = raw_ids[16 * index : 16 * index + 16]
            number = index + 1
            previous = link_hash(prefix, number, event_id, kind, data_json, at, by_text, previous)
            if expected is not None and expected != previous:
                raise _Decline
            rows.append(
                b"".join(
                    (
                        head,
                        VERSIONS_THEN_ID[number]
                        if number < 1024
                        else version_field(number) + UUID_LEN,
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
        current = CURRENT["GameCreated"]
        version = entry.get("version", current)
        found = game_created(data) if version == current and type(version) is int else None
        if found is None:
            return self._reference(entry, data, 0)
        return found[0], found[1], current, current

    def _reference(
        self, entry: dict[str, Any], data: dict[str, Any], index: int
    ) -> tuple[str, Any, int, int]:
        """An event without a fast check, through the schemas (as the reference path would)."""
        version = entry.get("version")
        if not plain(data) or (version is not None and type(version) is not int):
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
        by_text = self._author(by)[0]
        expected = entry.get("hash")
        if "hash" in entry and type(expected) is not str:
            raise _Decline  # (null is a hash that does not match)
        return event_id, by_text, self._stamp(at, by), at, expected

    def _time(self, written: str) -> tuple[str, bytes]:
        canonical = _moment(written)
        if canonical is None:
            raise _Decline
        self._times[written] = known = (canonical, time_field(canonical))
        return known

    def _author(self, by: str) -> tuple[str, bytes]:
        known = self._authors.get(by)
        if known is None:
            try:
                valid = check_recorded_by(by)
            except InvalidEvent:
                raise _Decline from None
            self._authors[by] = known = (quoted(valid), text_field(valid))
        return known

    def _stamp(self, at: str, by: str) -> bytes:
        """The recorded_at and recorded_by fields, then the length of the hash that follows."""
        stamp = self._stamps.get((at, by))
        if stamp is None:
            stamp = self._stamps[(at, by)] = time_field(at) + self._author(by)[1] + HASH_LEN
        return stamp

    def _type(self, event_type: str, version: int) -> tuple[str, bytes]:
        self._types[(event_type, version)] = known = type_fields(event_type, version)
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
        head = game_head(game_id)
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
            rows.append(row(head, index + 1, event_id, prepared, at, by, digest))
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


__all__ = ["LineParser", "parse_line"]
