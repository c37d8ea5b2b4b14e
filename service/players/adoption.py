"""Adoption: the names of games recorded before the roster, linked to roster entries.

Games recorded before the roster (``GameCreated`` v1/v2, or v3 with ``"roster": false``)
seat names as typed. :func:`propose` groups the club's unlinked seats by matching key and
says, for each group, what it would do: ``link`` to the one active entry with that key,
``create`` an entry (named by the most used spelling), or nothing for an ``ambiguous``
group (two entries or more share the key): an admin then chooses (``choices``: a spelling
or key → a player id, or ``new``); :func:`adopt` refuses while any group is undecided,
and then changes nothing. Nothing is guessed silently: the proposal is shown first, and
applying it is a separate step.

Adopting writes ``game_seats`` links and rewrites the derived rows of those games to the
ids (:func:`workers.roster.canonical_players`); the events keep the names they were
hashed with (see the README's "Privacy").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from psycopg import Connection

from rules.names import PLAYER_ID, match_key
from service.api.problems import _
from service.players import registry
from service.players.registry import RosterError
from workers.roster import canonical_players

_UNLINKED = r"""
SELECT g.game_id, s.seat, g.players[s.i]
FROM games g
CROSS JOIN (VALUES ('N', 1), ('E', 2), ('S', 3), ('W', 4)) AS s (seat, i)
LEFT JOIN game_seats gs ON gs.game_id = g.game_id AND gs.seat = s.seat
WHERE g.club = %s AND gs.game_id IS NULL AND g.players[s.i] !~ '^pl_[0-9a-f]{32}$'
ORDER BY g.created_at, g.game_id, s.i
"""


@dataclass
class Proposal:
    key: str
    spellings: Counter[str] = field(default_factory=Counter)
    seats: list[tuple[UUID, str]] = field(default_factory=list)
    action: str = "create"  # link, create or ambiguous
    player: str | None = None
    candidates: list[registry.Player] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The spelling a new entry takes: the most used one (then the first in order)."""
        return sorted(self.spellings.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]

    def json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "spellings": dict(sorted(self.spellings.items())),
            "games": len({g for g, _ in self.seats}),
            "action": self.action,
            "player": self.player,
            "candidates": [
                {"id": p.player_id, "name": p.name, "licence": p.licence} for p in self.candidates
            ],
        }


def propose(conn: Connection[Any], club: str) -> list[Proposal]:
    groups: dict[str, Proposal] = {}
    for game_id, seat, name in conn.execute(_UNLINKED, (club,)).fetchall():
        try:
            key = match_key(name)
        except ValueError:  # stored before names were checked: matched only by itself
            key = name
        group = groups.setdefault(key, Proposal(key))
        group.spellings[name] += 1
        group.seats.append((game_id, seat))
    for group in groups.values():
        group.candidates = registry.matches(conn, club, group.name)
        if len(group.candidates) == 1:
            group.action, group.player = "link", group.candidates[0].player_id
        elif group.candidates:
            group.action = "ambiguous"
    return sorted(groups.values(), key=lambda g: g.key)


def adopt(conn: Connection[Any], club: str, choices: dict[str, str], by: str) -> dict[str, Any]:
    """Apply the proposals with ``choices`` (call inside a transaction: a refusal leaves
    everything as it was)."""
    proposals = propose(conn, club)
    by_key = {p.key: p for p in proposals}
    decided: dict[str, str] = {}
    for given, choice in choices.items():
        key = _key(given)
        if key not in by_key:
            raise RosterError(
                "not-found",
                _("no unlinked seat of club '{club}' is '{given}'", club=club, given=given),
            )
        if choice != "new":
            player = registry.get(conn, choice) if PLAYER_ID.match(choice) else None
            if player is None or player.club != club or not player.active:
                raise RosterError(
                    "validation",
                    _(
                        "'{choice}' is not an active player of club '{club}'",
                        choice=choice,
                        club=club,
                    ),
                )
        decided[key] = choice
    undecided = [p for p in proposals if p.action == "ambiguous" and p.key not in decided]
    if undecided:
        names = "; ".join(
            f"{p.name} ({', '.join(c.player_id for c in p.candidates)})" for p in undecided
        )
        raise RosterError(
            "ambiguous-player",
            _("choose a player (or 'new') for each ambiguous name: {names}", names=names),
        )
    linked: defaultdict[str, int] = defaultdict(int)
    games: set[UUID] = set()
    for p in proposals:
        choice = decided.get(p.key, p.player or "new")
        if choice == "new":
            choice = registry.create(conn, club, registry.checked_name(p.name), None, by).player_id
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO game_seats (game_id, seat, player_id, linked_by)"
                " VALUES (%s, %s, %s, %s)",
                [(g, s, choice, by) for g, s in p.seats],
            )
        linked[choice] += len({g for g, _ in p.seats})
        games.update(g for g, _ in p.seats)
    for player_id, count in linked.items():
        registry.history(conn, player_id, "adopted", by, games=count)
    canonical_players(conn, sorted(games))
    return {"club": club, "names": len(proposals), "players": len(linked), "games": len(games)}


def _key(given: str) -> str:
    try:
        return match_key(given)
    except ValueError:
        return given
