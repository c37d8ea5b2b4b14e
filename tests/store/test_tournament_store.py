"""The tournament streams' contract, on every backend: versions, conflicts, retries,
append-only, the hash chain."""

from __future__ import annotations

import uuid
from typing import Any

import psycopg
import pytest

from events.errors import ConcurrencyError, EventRefused, IdempotencyError, InvalidEvent
from events.records import NewEvent
from events.store.event_store import EventStore
from events.store.tournaments import TournamentNotFound, TournamentStore


def created() -> NewEvent:
    return NewEvent(
        "TournamentCreated", {"name": "Spring", "club": "lyon", "format": {"base": "concours"}}
    )


def team(n: int) -> NewEvent:
    return NewEvent(
        "TeamRegistered",
        {"team": str(n), "name": f"T{n}", "players": [f"a{n}", f"b{n}"], "first_round": 1},
    )


@pytest.fixture
def tournaments(store: EventStore) -> TournamentStore:
    return TournamentStore(store.pool)


def test_a_stream_is_created_appended_and_read_in_order(tournaments: TournamentStore) -> None:
    tid = uuid.uuid4()
    first = tournaments.append(tid, [created(), team(1)], 0, "club-token")
    assert (first.first_version, first.last_version) == (1, 2)
    tournaments.append(tid, [team(2)], 2, "club-token")
    events = tournaments.read(tid)
    assert [e.type for e in events] == ["TournamentCreated", "TeamRegistered", "TeamRegistered"]
    assert [e.version for e in events] == [1, 2, 3]
    assert events[2].data == team(2).data
    assert tournaments.get(tid).version == 3 and tournaments.get(tid).club == "lyon"
    assert tid in {row.id for row in tournaments.list("lyon")}
    assert tournaments.verify(tid) is None


def test_a_stale_version_is_a_conflict_and_stores_nothing(tournaments: TournamentStore) -> None:
    tid = uuid.uuid4()
    tournaments.append(tid, [created()], 0, "x")
    with pytest.raises(ConcurrencyError) as caught:
        tournaments.append(tid, [team(1)], 0, "x")
    assert caught.value.actual == 1
    with pytest.raises(ConcurrencyError):
        tournaments.append(tid, [team(1)], 5, "x")
    assert len(tournaments.read(tid)) == 1


def test_a_retry_with_the_same_ids_answers_the_original(tournaments: TournamentStore) -> None:
    tid = uuid.uuid4()
    batch = [created(), team(1)]
    tournaments.append(tid, batch, 0, "x")
    again = tournaments.append(tid, batch, 0, "x")
    assert again.replayed and (again.first_version, again.last_version) == (1, 2)
    changed = NewEvent("TeamRegistered", {**team(1).data, "name": "Other"}, id=batch[1].id)
    with pytest.raises(IdempotencyError):
        tournaments.append(tid, [changed], 2, "x")
    assert len(tournaments.read(tid)) == 2


def test_structure_and_payloads_are_checked(tournaments: TournamentStore) -> None:
    tid = uuid.uuid4()
    with pytest.raises(EventRefused):
        tournaments.append(tid, [team(1)], 0, "x")
    with pytest.raises(TournamentNotFound):
        tournaments.read(tid)
    with pytest.raises(InvalidEvent) as caught:
        tournaments.append(
            tid,
            [NewEvent("TournamentCreated", {"name": "x", "club": "Bad Club", "format": {}})],
            0,
            "x",
        )
    assert "club" in caught.value.errors
    with pytest.raises(InvalidEvent):
        tournaments.append(tid, [created(), NewEvent("TeamRegistered", {"team": "1"})], 0, "x")
    tournaments.append(tid, [created()], 0, "x")
    with pytest.raises(EventRefused):
        tournaments.append(tid, [created()], 1, "x")
    assert len(tournaments.read(tid)) == 1


def test_tournament_events_are_append_only(
    tournaments: TournamentStore, raw: psycopg.Connection[Any]
) -> None:
    tid = uuid.uuid4()
    tournaments.append(tid, [created()], 0, "x")
    for sql in (
        "UPDATE tournament_events SET data = '{}' WHERE tournament_id = %s",
        "DELETE FROM tournament_events WHERE tournament_id = %s",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute(sql, (tid,))


def test_a_draw_seating_a_team_twice_is_refused(tournaments: TournamentStore) -> None:
    tid = uuid.uuid4()
    tables = [{"table": 1, "ns": "1", "ew": "2", "first_dealer": "N"},
              {"table": 2, "ns": "3", "ew": "1", "first_dealer": "E"}]  # fmt: skip
    drawn = NewEvent("RoundDrawn", {"round": 1, "seed": 1, "method": "random", "tables": tables})
    with pytest.raises(InvalidEvent) as caught:
        tournaments.append(tid, [created(), drawn], 0, "x")
    assert "tables" in caught.value.errors
    with pytest.raises(TournamentNotFound):
        tournaments.read(tid)
