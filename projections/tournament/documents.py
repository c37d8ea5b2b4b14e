"""A tournament as JSON documents: its summary, a round's table plan, the standings, the
hand records. The API, the ``coinche tournament`` commands and the pages all show these.

Matchpoint percentages and cross-IMPs are exact fractions in the rules; here they are
rounded to two decimals.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from projections.tournament.ranking import standings
from projections.tournament.state import Round, Table, Tournament
from rules.tournament.formats import format_document

STANDING_COLUMNS = (
    "rank", "team", "name", "players", "played", "wins", "draws", "losses", "byes",
    "points_for", "points_against", "difference", "opposition", "matchpoints", "imps",
    "withdrawn",
)  # fmt: skip


def _number(value: Fraction) -> float:
    return round(float(value), 2)


def standings_document(state: Tournament) -> list[dict[str, Any]]:
    rows = []
    for s in standings(state):
        team = state.teams[s.team]
        rows.append({
            "rank": s.rank, "team": s.team, "name": team.name, "players": " & ".join(team.players),
            "played": s.played, "wins": s.wins, "draws": s.draws, "losses": s.losses,
            "byes": s.byes, "points_for": s.points_for, "points_against": s.points_against,
            "difference": s.difference, "opposition": s.opposition,
            "matchpoints": _number(s.matchpoints), "imps": _number(s.imps),
            "withdrawn": team.withdrawn,
        })  # fmt: skip
    return rows


def table_document(state: Tournament, table: Table) -> dict[str, Any]:
    return {
        "table": table.number,
        "ns": {"team": table.ns, "name": state.teams[table.ns].name,
               "players": state.teams[table.ns].players},
        "ew": {"team": table.ew, "name": state.teams[table.ew].name,
               "players": state.teams[table.ew].players},
        "first_dealer": table.first_dealer,
        "game": table.game,
        "points": table.points,
        "boards": {str(b): marks for b, marks in sorted(table.boards.items())},
        "corrections": table.corrections,
    }  # fmt: skip


def round_document(state: Tournament, rnd: Round) -> dict[str, Any]:
    bye = rnd.bye
    return {
        "round": rnd.number,
        "seed": rnd.seed,
        "method": rnd.method,
        "complete": state.round_complete(rnd),
        "tables": [table_document(state, t) for t in rnd.tables.values()],
        "bye": None if bye is None else {"team": bye, "name": state.teams[bye].name},
        "rematches": rnd.rematches,
    }


def boards_document(rnd: Round) -> dict[str, Any]:
    """The hand records of a duplicate round: every board's dealer and four hands."""
    return {"round": rnd.number, "seed": rnd.seed, "boards": rnd.boards}


def tournament_document(state: Tournament, tid: str) -> dict[str, Any]:
    return {
        "id": tid,
        "name": state.name,
        "club": state.club,
        "version": state.version,
        "format": format_document(state.format),
        "teams": [
            {"team": t.id, "name": t.name, "players": t.players, "first_round": t.first_round,
             "withdrawn": t.withdrawn}
            for t in state.teams.values()
        ],
        "rounds": [round_document(state, r) for r in state.rounds],
    }  # fmt: skip
