"""Tournament commands: each reads the current state and returns the events it makes, or
raises :class:`~rules.tournament.errors.TournamentError` with a stable rule id (nothing is
then stored). The caller appends the events at the state's version, so two organisers
acting at once cannot both succeed on a stale state.

>>> t = fold(create("Spring", "lyon", {"base": "concours"}))
>>> register(t, "Les As", ["Ann", "Bob"])
[('TeamRegistered', {'team': '1', 'name': 'Les As', 'players': ['Ann', 'Bob'], 'first_round': 1})]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from projections.tournament.ranking import met_pairs, standings
from projections.tournament.state import Tournament, fold
from rules.names import clean_name
from rules.registry import find_profile
from rules.seats import Direction
from rules.tournament.boards import deal_boards
from rules.tournament.errors import N_, TournamentError
from rules.tournament.formats import format_document, format_from_document
from rules.tournament.pairing import first_dealer, random_draw, swiss_draw

Event = tuple[str, dict[str, Any]]
MAX_TEAMS = 1000

__all__ = [
    "GameFacts", "correct", "create", "draw", "fold", "link", "record", "register", "withdraw",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What a linked game says about how it was played: its profile, its first dealer and,
    for each deal in order, its dealer and its hands (None where they were not recorded,
    as in a score-only deal)."""

    profile: str | None  # None: a club's own or an inline profile
    first_dealer: str
    deals: Sequence[tuple[str, Mapping[str, Sequence[str]] | None]] = ()


def create(name: str, club: str, format_doc: Mapping[str, Any]) -> list[Event]:
    fmt = format_from_document(format_doc)
    return [
        (
            "TournamentCreated",
            {"name": _name(name, "name"), "club": club, "format": format_document(fmt)},
        )
    ]


def register(state: Tournament, name: str, players: list[str]) -> list[Event]:
    """A team of two; a team registered after round ``k`` was drawn enters round ``k + 1``."""
    _not_over(state)
    if len(state.teams) >= MAX_TEAMS:
        raise TournamentError("too-many-teams", N_("at most {n} teams"), None, n=MAX_TEAMS)
    clean = _name(name, "name")
    if not isinstance(players, list) or len(players) != 2:
        raise TournamentError("bad-team", N_("a team is two players"), "players")
    two = [_name(p, "players") for p in players]
    if two[0].casefold() == two[1].casefold():
        raise TournamentError("bad-team", N_("the two players are one person"), "players")
    for team in state.teams.values():
        if team.name.casefold() == clean.casefold():
            raise TournamentError(
                "team-already-registered",
                N_("a team named {name} is registered (team {team})"),
                None,
                name=repr(clean),
                team=team.id,
            )
        if team.withdrawn:
            continue
        for p in two:
            if p.casefold() in (q.casefold() for q in team.players):
                raise TournamentError(
                    "player-in-two-teams",
                    N_("{player} already plays in team {team}"),
                    None,
                    player=repr(p),
                    team=team.id,
                )
    data = {
        "team": str(len(state.teams) + 1),
        "name": clean,
        "players": two,
        "first_round": len(state.rounds) + 1,
    }
    return [("TeamRegistered", data)]


def withdraw(state: Tournament, team_id: str, reason: str | None) -> list[Event]:
    """A team leaves between rounds; its results stay in the ranking."""
    team = _team(state, team_id)
    if team.withdrawn:
        raise TournamentError(
            "team-already-withdrawn", N_("team {team} has already withdrawn"), None, team=team_id
        )
    if state.rounds:
        rnd = state.rounds[-1]
        table = state.seated(team_id, rnd)
        if table is not None and not _table_done(state, table):
            raise TournamentError(
                "game-in-progress",
                N_("team {team} plays at table {table} of round {round}: record that result first"),
                None,
                team=team_id,
                table=table.number,
                round=rnd.number,
            )
    return [("TeamWithdrew", {"team": team_id, "reason": reason})]


def draw(state: Tournament, seed: int) -> list[Event]:
    """The next round: random from ``seed`` first, then by ranking without rematch."""
    _not_over(state)
    if state.rounds and not state.round_complete(state.rounds[-1]):
        rnd = state.rounds[-1]
        missing = [str(t.number) for t in rnd.tables.values() if not _table_done(state, t)]
        raise TournamentError(
            "round-incomplete",
            N_("round {round} still waits for tables {tables}"),
            None,
            round=rnd.number,
            tables=", ".join(missing),
        )
    active = state.active
    if len(active) < 2:
        raise TournamentError("too-few-teams", N_("a round needs at least two teams"))
    number = len(state.rounds) + 1
    if not state.rounds:
        pairing, method = random_draw(active, seed), "random"
    else:
        ranked = [s.team for s in standings(state) if s.team in set(active)]
        byes = {r.bye for r in state.rounds if r.bye is not None}
        pairing = swiss_draw(ranked, met_pairs(state), byes)
        method = "swiss-fallback" if pairing.rematches else "swiss"
    boards = []
    if state.format.duplicate:
        clockwise = find_profile(state.format.profile).direction is Direction.CLOCKWISE
        boards = [
            {"board": b.number, "dealer": b.dealer, "hands": b.hands}
            for b in deal_boards(seed, state.format.length_value, clockwise)
        ]
    tables = [
        {
            "table": i,
            "ns": ns,
            "ew": ew,
            # duplicate: every table starts on board 1, so with board 1's dealer
            "first_dealer": boards[0]["dealer"] if boards else first_dealer(number, i),
        }
        for i, (ns, ew) in enumerate(pairing.tables, start=1)
    ]
    data = {
        "round": number,
        "seed": seed,
        "method": method,
        "tables": tables,
        "bye": pairing.bye,
        "rematches": [list(p) for p in pairing.rematches],
        "boards": boards,
    }
    return [("RoundDrawn", data)]


def link(
    state: Tournament,
    round_number: int,
    table_number: int,
    game: str,
    facts: GameFacts | None = None,
) -> list[Event]:
    """The game a table plays (recorded through the games API) is tied to its round and table.

    ``facts`` (see :class:`GameFacts`), when given, are checked: the game is played under
    the format's profile (``profile-mismatch``), and in duplicate deal ``i`` was dealt as
    board ``i``: by its dealer (``dealer-mismatch``, the game's first dealer included) and,
    where the hands were recorded, with its hands (``board-mismatch``). Linking the same
    game again makes no event."""
    table = _table(state, round_number, table_number)
    if table.game == game:
        return []  # linked already: the caller may bring its result
    if table.game is not None:
        raise TournamentError(
            "table-already-linked",
            N_("table {table} of round {round} plays game {game}"),
            None,
            table=table_number,
            round=round_number,
            game=table.game,
        )
    for r in state.rounds:
        for t in r.tables.values():
            if t.game == game:
                raise TournamentError(
                    "game-already-linked",
                    N_("game {game} is table {table} of round {round}"),
                    None,
                    game=game,
                    table=t.number,
                    round=r.number,
                )
    if facts is not None:
        _played_as_the_boards(state, state.rounds[round_number - 1].boards, game, facts)
    return [("GameLinked", {"round": round_number, "table": table_number, "game": game})]


def _played_as_the_boards(
    state: Tournament, boards: Sequence[Mapping[str, Any]], game: str, facts: GameFacts
) -> None:
    if facts.profile != state.format.profile:
        played = "a club's own profile" if facts.profile is None else repr(facts.profile)
        raise TournamentError(
            "profile-mismatch",
            N_(
                "game {game} is played under {played}; this tournament's games are played "
                "under {profile}"
            ),
            "game",
            game=game,
            played=played,
            profile=repr(state.format.profile),
        )
    if not state.format.duplicate:
        return
    if boards and facts.first_dealer != boards[0]["dealer"]:
        raise TournamentError(
            "dealer-mismatch",
            N_("game {game} starts with {dealer} dealing; board 1 is dealt by {board_dealer}"),
            "game",
            game=game,
            dealer=facts.first_dealer,
            board_dealer=boards[0]["dealer"],
        )
    for board, (dealer, hands) in zip(boards, facts.deals, strict=False):
        number = board["board"]
        if dealer != board["dealer"]:
            raise TournamentError(
                "dealer-mismatch",
                N_(
                    "deal {board} of game {game} was dealt by {dealer}; board {board} is dealt "
                    "by {board_dealer}"
                ),
                "game",
                board=number,
                game=game,
                dealer=dealer,
                board_dealer=board["dealer"],
            )
        for seat, cards in (hands or {}).items():
            if sorted(cards) != sorted(board["hands"][seat]):
                raise TournamentError(
                    "board-mismatch",
                    N_(
                        "deal {board} of game {game} was not dealt as board {board} ({seat} holds "
                        "{cards})"
                    ),
                    "game",
                    board=board["board"],
                    game=game,
                    seat=seat,
                    cards=" ".join(sorted(cards)),
                )


def record(
    state: Tournament,
    round_number: int,
    table_number: int,
    points: Mapping[str, int],
    board: int | None = None,
    source: str = "entered",
) -> list[Event]:
    """A table's final score (a concours) or one board's marks (duplicate)."""
    table = _table(state, round_number, table_number)
    _board_fits(state, board)
    done = table.points is not None if board is None else board in table.boards
    if done:
        raise TournamentError(
            "result-already-recorded",
            N_("table {table} of round {round} has its result; an arbiter corrects it")
            if board is None
            else N_(
                "table {table} of round {round} has a result for board {board}; an arbiter "
                "corrects it"
            ),
            None,
            table=table_number,
            round=round_number,
            board=board,
        )
    data = {
        "round": round_number,
        "table": table_number,
        "board": board,
        "points": _points(points),
        "source": source,
    }
    return [("ResultRecorded", data)]


def correct(
    state: Tournament,
    round_number: int,
    table_number: int,
    points: Mapping[str, int],
    reason: str,
    board: int | None = None,
) -> list[Event]:
    """An arbiter's correction of a recorded result; the original stays in the history."""
    table = _table(state, round_number, table_number)
    _board_fits(state, board)
    done = table.points is not None if board is None else board in table.boards
    if not done:
        raise TournamentError(
            "no-result-to-correct",
            N_("table {table} of round {round} has no such result"),
            None,
            table=table_number,
            round=round_number,
        )
    data = {
        "round": round_number,
        "table": table_number,
        "board": board,
        "points": _points(points),
        "reason": _name(reason, "reason"),
    }
    return [("ResultCorrected", data)]


def _table_done(state: Tournament, table: Any) -> bool:
    if state.format.duplicate:
        return len(table.boards) == state.format.length_value
    return table.points is not None


def _not_over(state: Tournament) -> None:
    if len(state.rounds) >= state.format.rounds and state.round_complete(state.rounds[-1]):
        raise TournamentError(
            "tournament-over", N_("all {n} rounds are played"), None, n=state.format.rounds
        )
    if len(state.rounds) >= state.format.rounds:
        raise TournamentError(
            "tournament-over", N_("all {n} rounds are drawn"), None, n=state.format.rounds
        )


def _board_fits(state: Tournament, board: int | None) -> None:
    if state.format.duplicate and board is None:
        raise TournamentError(
            "board-required", N_("a duplicate result is one board's marks"), "board"
        )
    if not state.format.duplicate and board is not None:
        raise TournamentError("no-boards", N_("this tournament plays games, not boards"), "board")
    if board is not None and not 1 <= board <= state.format.length_value:
        raise TournamentError(
            "unknown-board",
            N_("boards are numbered 1 to {n}"),
            "board",
            n=state.format.length_value,
        )


def _points(points: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(points, Mapping) or set(points) != {"NS", "EW"}:
        raise TournamentError("bad-points", N_("points are {NS: n, EW: m}"), "points")
    for key in ("NS", "EW"):
        value = points[key]
        if type(value) is not int or not 0 <= value <= 100000:
            raise TournamentError(
                "bad-points", N_("{side} is an integer from 0 to 100000"), "points", side=key
            )
    return {"NS": points["NS"], "EW": points["EW"]}


def _team(state: Tournament, team_id: str) -> Any:
    team = state.teams.get(team_id)
    if team is None:
        raise TournamentError(
            "unknown-team", N_("no team {team} in this tournament"), "team", team=repr(team_id)
        )
    return team


def _table(state: Tournament, round_number: int, table_number: int) -> Any:
    table = state.table_of(round_number, table_number)
    if table is None:
        raise TournamentError(
            "unknown-table",
            N_("round {round} has no table {table}"),
            "table",
            round=round_number,
            table=table_number,
        )
    return table


def _name(value: object, key: str) -> str:
    if not isinstance(value, str) or len(value) > 100:
        raise TournamentError("bad-name", N_("a text of 1 to 100 characters"), key)
    try:
        return clean_name(value)
    except ValueError as error:
        raise TournamentError("bad-name", str(error), key) from None
