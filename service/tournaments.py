"""Running a tournament command for any entry point (the API, the ``coinche tournament``
commands): read the stream, fold it, let :mod:`projections.tournament.decide` make the
events, append them at the version that was read.

A concurrent write between the read and the append is a version conflict: the command is
decided again on the new state (three tries), so two organisers never both succeed on a
stale state and nothing half-done is stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any
from uuid import UUID, uuid4

from events.errors import ConcurrencyError
from events.records import NewEvent
from events.store.event_store import EventStore
from events.store.games import get_game
from events.store.tournaments import TournamentStore
from projections.replay import state_at
from projections.sheet import score_sheet
from projections.tournament import decide
from projections.tournament.state import Tournament, fold, fold_more
from rules.tournament.errors import N_, TournamentError

Command = Callable[..., list[tuple[str, dict[str, Any]]]]


def new_seed() -> int:
    """A seed for a draw, from the operating system's randomness (recorded in the event)."""
    return secrets.randbits(62)


def create(
    store: TournamentStore, name: str, club: str, fmt: Any, by: str, tid: UUID | None = None
) -> tuple[UUID, int]:
    if isinstance(fmt, str):
        fmt = {"base": fmt}
    events = decide.create(name, club, fmt)
    tid = tid or uuid4()
    done = store.append(tid, [NewEvent(t, d) for t, d in events], 0, by)
    return tid, done.last_version


def load(store: TournamentStore, tid: UUID) -> Tournament:
    return fold((e.type, e.data) for e in store.read(tid))


def run(
    store: TournamentStore, tid: UUID, by: str, command: Command, *args: Any, **kwargs: Any
) -> tuple[Tournament, list[tuple[str, dict[str, Any]]]]:
    """Decide ``command`` on the current state and append its events; the new state."""
    for attempt in range(3):
        state = load(store, tid)
        events = command(state, *args, **kwargs)
        try:
            store.append(tid, [NewEvent(t, d) for t, d in events], state.version, by)
        except ConcurrencyError:
            if attempt == 2:
                raise
            continue
        return fold_more(state, events), events
    raise AssertionError("unreachable")


def link_game(
    store: TournamentStore,
    games: EventStore,
    tid: UUID,
    by: str,
    club: str,
    round_number: int,
    table: int,
    game_id: UUID,
) -> tuple[Tournament, list[tuple[str, dict[str, Any]]]]:
    """Link a game of the club to a table; when the game is finished, its result (its totals,
    or in duplicate its deals' marks as the boards) is recorded with it. In duplicate, a
    deal whose hands were recorded must be its board's. A game linked while it was played is
    linked again once finished, to record its result."""
    with games.pool.connection() as conn:
        row = get_game(conn, game_id)
        if row is None or row.club != club:
            raise TournamentError(
                "unknown-game", N_("no game {game} of club {club}"), "game", game=game_id, club=club
            )
        sheet = score_sheet(state_at(conn, game_id, None)) if row.status == "finished" else None
    dealt = [e.data.get("hands") for e in games.read(game_id) if e.type == "DealStarted"]

    def command(state: Tournament) -> list[tuple[str, dict[str, Any]]]:
        events = decide.link(state, round_number, table, str(game_id), dealt)
        if sheet is None:
            if not events:
                raise TournamentError(
                    "game-not-finished",
                    N_("game {game} is linked to this table; link it again once it is finished"),
                    "game",
                    game=game_id,
                )
            return events
        after = fold_more(state, events)
        if state.format.duplicate:
            for number, deal in enumerate(sheet["deals"][: state.format.length_value], start=1):
                events += decide.record(after, round_number, table, deal["marks"], number, "game")
                after = fold_more(after, events[-1:])
        else:
            events += decide.record(after, round_number, table, sheet["totals"], None, "game")
        return events

    return run(store, tid, by, command)
