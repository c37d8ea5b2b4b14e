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
from rules.names import PLAYER_ID
from rules.tournament.errors import N_, TournamentError
from service.players import registry
from service.players.names import named

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


def shown(store: TournamentStore, doc: Any) -> Any:
    """``doc`` as people read it: every roster id of a registration replaced by the
    player's name from the roster ("erased player" once erased)."""
    with store.pool.connection() as conn:
        return named(conn, doc)


def roster_players(store: TournamentStore, club: str, players: Any) -> Any:
    """A registration's ``players``, each a roster id of ``club`` or a free-text name (a
    club without a roster): an id must be the club's player and not erased, and a merged
    one counts as the player it was merged into; a name is left as typed. Anything else
    is left for :func:`projections.tournament.decide.register` to refuse."""
    if not isinstance(players, list) or not any(
        isinstance(p, str) and PLAYER_ID.match(p.strip()) for p in players
    ):
        return players
    out: list[Any] = []
    with store.pool.connection() as conn:
        for value in players:
            if not isinstance(value, str) or not PLAYER_ID.match(value.strip()):
                out.append(value)
                continue
            player = registry.get(conn, value.strip())
            if player is None or player.club != club:
                raise TournamentError(
                    "unknown-player",
                    N_("club {club} has no player {player}"),
                    "players",
                    club=repr(club),
                    player=value.strip(),
                )
            if player.erased_at is not None:
                raise TournamentError(
                    "erased-player",
                    N_("player {player} was erased"),
                    "players",
                    player=player.player_id,
                )
            out.append(player.merged_into or player.player_id)
    return out


def register(
    store: TournamentStore, tid: UUID, by: str, name: Any, players: Any
) -> tuple[Tournament, list[tuple[str, dict[str, Any]]]]:
    """Register team ``name`` of two ``players`` (roster ids or names, see
    :func:`roster_players`)."""
    club = load(store, tid).club
    return run(store, tid, by, decide.register, name, roster_players(store, club, players))


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
    linked again once finished, to record its result. The game must be played under the
    format's profile, and in duplicate deal ``i`` dealt as board ``i`` (its dealer, and its
    hands where they were recorded; :func:`projections.tournament.decide.link`)."""
    with games.pool.connection() as conn:
        row = get_game(conn, game_id)
        if row is None or row.club != club:
            raise TournamentError(
                "unknown-game", N_("no game {game} of club {club}"), "game", game=game_id, club=club
            )
        sheet = score_sheet(state_at(conn, game_id, None)) if row.status == "finished" else None
    facts = game_facts(games, game_id, row.profile)

    def command(state: Tournament) -> list[tuple[str, dict[str, Any]]]:
        events = decide.link(state, round_number, table, str(game_id), facts)
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


def game_facts(games: EventStore, game_id: UUID, profile: str | None) -> decide.GameFacts:
    """How ``game_id`` was played, from its events: its first dealer, and each deal's dealer
    and hands in order (a played deal's ``DealStarted``, a score-only ``DealSummarized``)."""
    first_dealer = ""
    deals: list[tuple[str, Any]] = []
    for e in games.read(game_id):
        if e.type == "GameCreated":
            first_dealer = str(e.data.get("first_dealer"))
        elif e.type == "DealStarted":
            deals.append((str(e.data.get("dealer")), e.data.get("hands")))
        elif e.type == "DealSummarized":
            deals.append((str(e.data.get("dealer")), None))
    return decide.GameFacts(profile, first_dealer, deals)
