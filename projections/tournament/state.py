"""A tournament's state: the fold of its stream's events.

``fold(events)`` replays ``(type, data)`` pairs in order into a :class:`Tournament`; the
events are already checked (by the store's schemas and, before that, by
:mod:`projections.tournament.decide`), so the fold trusts them.

>>> t = fold([("TournamentCreated", {"name": "Spring", "club": "lyon",
...                                  "format": {"base": "concours"}})])
>>> t.format.rounds, t.teams
(4, {})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from rules.tournament.formats import Format, format_from_document


@dataclass(slots=True)
class Team:
    id: str
    name: str
    players: list[str]
    first_round: int
    withdrawn: bool = False
    reason: str | None = None


@dataclass(slots=True)
class Table:
    """One table of a round: teams, first dealer, its linked game and its result.

    ``points`` is the game's final score, ``boards`` the marks of each duplicate board;
    both as ``{"NS": n, "EW": m}``, the last correction winning."""

    number: int
    ns: str
    ew: str
    first_dealer: str
    game: str | None = None
    points: dict[str, int] | None = None
    boards: dict[int, dict[str, int]] = field(default_factory=dict)
    corrections: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Round:
    number: int
    seed: int
    method: str
    tables: dict[int, Table]
    bye: str | None
    rematches: list[list[str]]
    boards: list[dict[str, Any]]


@dataclass(slots=True)
class Tournament:
    name: str
    club: str
    format: Format
    format_document: dict[str, Any]
    teams: dict[str, Team] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    version: int = 0

    def table_of(self, round_number: int, table: int) -> Table | None:
        if not 1 <= round_number <= len(self.rounds):
            return None
        return self.rounds[round_number - 1].tables.get(table)

    def round_complete(self, rnd: Round) -> bool:
        """Every table of ``rnd`` has its result (every board, in duplicate)."""
        boards = self.format.length_value
        if self.format.duplicate:
            return all(len(t.boards) == boards for t in rnd.tables.values())
        return all(t.points is not None for t in rnd.tables.values())

    def seated(self, team: str, rnd: Round) -> Table | None:
        return next((t for t in rnd.tables.values() if team in (t.ns, t.ew)), None)

    @property
    def active(self) -> list[str]:
        return [t.id for t in self.teams.values() if not t.withdrawn]


def fold(events: Iterable[tuple[str, Mapping[str, Any]]]) -> Tournament:
    """The tournament after ``events`` (its first one a ``TournamentCreated``)."""
    state: Tournament | None = None
    for event_type, data in events:
        if event_type == "TournamentCreated":
            state = Tournament(
                data["name"],
                data["club"],
                format_from_document(data["format"]),
                dict(data["format"]),
            )
        elif state is None:
            raise ValueError("a tournament stream starts with TournamentCreated")
        else:
            _apply(state, event_type, data)
        state.version += 1
    if state is None:
        raise ValueError("an empty tournament stream")
    return state


def fold_more(state: Tournament, events: Iterable[tuple[str, Mapping[str, Any]]]) -> Tournament:
    """``state`` after more ``events``, as a new state (``state`` is left as it was)."""
    after = deepcopy(state)
    for event_type, data in events:
        _apply(after, event_type, data)
        after.version += 1
    return after


def _apply(state: Tournament, event_type: str, data: Mapping[str, Any]) -> None:
    if event_type == "TeamRegistered":
        team = Team(data["team"], data["name"], list(data["players"]), data["first_round"])
        state.teams[team.id] = team
    elif event_type == "TeamWithdrew":
        state.teams[data["team"]].withdrawn = True
        state.teams[data["team"]].reason = data.get("reason")
    elif event_type == "RoundDrawn":
        tables = {
            t["table"]: Table(t["table"], t["ns"], t["ew"], t["first_dealer"])
            for t in data["tables"]
        }
        state.rounds.append(
            Round(
                data["round"],
                data["seed"],
                data["method"],
                tables,
                data.get("bye"),
                list(data.get("rematches", [])),
                list(data.get("boards", [])),
            )
        )
    elif event_type == "GameLinked":
        table = _table(state, data)
        table.game = data["game"]
    elif event_type in ("ResultRecorded", "ResultCorrected"):
        table = _table(state, data)
        points = {"NS": data["points"]["NS"], "EW": data["points"]["EW"]}
        if data.get("board") is None:
            table.points = points
        else:
            table.boards[data["board"]] = points
        if event_type == "ResultCorrected":
            table.corrections.append(dict(data))
    else:
        raise ValueError(f"unknown tournament event {event_type!r}")


def _table(state: Tournament, data: Mapping[str, Any]) -> Table:
    table = state.table_of(data["round"], data["table"])
    if table is None:
        raise ValueError(f"round {data['round']} has no table {data['table']}")
    return table
