"""The standings of a tournament, read from its state with the rules' ranking.

A duplicate tournament's rounds are scored one by one (each board against the tables of
its round, a full board having as many results as the round has tables, Neuberg below
that) and each team's matchpoints and tops summed over the rounds: its percentage is
``100 × matchpoints / top``. A team with a round's bye gets the format's ``bye_points``
per cent of that round's top (:func:`~rules.tournament.duplicate.bye_score`), so a bye
neither sinks a team to 0 % nor lifts it above what the format says.
"""

from __future__ import annotations

from fractions import Fraction

from projections.tournament.state import Tournament
from rules.tournament.duplicate import BoardResult, bye_score, score_session
from rules.tournament.standings import Bye, Game, Standing, rank


def standings(state: Tournament) -> list[Standing]:
    games = [
        Game(r.number, t.number, t.ns, t.ew, t.points["NS"], t.points["EW"])
        for r in state.rounds
        for t in r.tables.values()
        if t.points is not None
    ]
    byes = [Bye(r.number, r.bye) for r in state.rounds if r.bye is not None]
    duplicate = duplicate_scores(state) if state.format.duplicate else None
    fmt = state.format
    bye_points = 0 if fmt.duplicate else fmt.bye_points  # duplicate: in the percentage
    return rank(
        list(state.teams), games, byes, fmt.ranking, bye_points=bye_points, duplicate=duplicate
    )


def duplicate_scores(state: Tournament) -> dict[str, tuple[Fraction, Fraction]]:
    """Each team's (percentage, cross-IMPs) over every round's boards."""
    sums: dict[str, list[Fraction]] = {}
    for r in state.rounds:
        results = [
            BoardResult(board, t.number, t.ns, t.ew, marks["NS"], marks["EW"])
            for t in r.tables.values()
            for board, marks in t.boards.items()
        ]
        scores = score_session(results, expected=len(r.tables))
        if r.bye is not None:
            boards = state.format.length_value
            scores[r.bye] = bye_score(r.bye, state.format.bye_points, len(r.tables), boards)
        for team, score in scores.items():
            line = sums.setdefault(team, [Fraction(0), Fraction(0), Fraction(0)])
            line[0] += score.matchpoints
            line[1] += score.top
            line[2] += score.imps
    return {
        t: (100 * mp / top if top else Fraction(50), imps) for t, (mp, top, imps) in sums.items()
    }


def met_pairs(state: Tournament) -> set[frozenset[str]]:
    """Every pair of teams that a draw has already put at one table."""
    return {frozenset((t.ns, t.ew)) for r in state.rounds for t in r.tables.values()}
