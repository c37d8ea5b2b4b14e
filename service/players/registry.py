"""A club's roster: players by opaque id, display name, optional licence, matching key.

A plain table (``players``), not an event stream: a person's name must be deletable on
request, and an append-only log is made not to be. What happened to an entry (created,
merged, adopted, erased) is kept in ``player_history``, which names nobody: ids, counts,
who and when. Names are matched by :func:`rules.names.match_key` (case, accents, spaces);
a name that matches two entries is *ambiguous* and never settled by a guess: the caller
must give the id.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import Connection, sql

from rules.names import PLAYER_ID, clean_name, match_key
from service.api.problems import Text, _
from workers.roster import canonical_players, games_of

ERASED = "erased player"
"""How an erased player reads everywhere a name is shown."""
UNKNOWN = "unknown player"
"""How an id that is not in this server's roster reads (a game imported from elsewhere)."""
MAX_NAME = 200
MAX_LICENCE = 40

_COLUMNS = sql.SQL(
    "player_id, club, display_name, licence, merged_into, created_at, erased_at, erased_by"
)


def _q(text: str) -> sql.Composed:
    """A query whose ``{}`` is the players' columns."""
    return sql.SQL(text).format(_COLUMNS)


class RosterError(Exception):
    """A roster operation refused, with the problem slug and field it is about."""

    def __init__(
        self, slug: str, detail: str | Text, field: str | None = None, **extra: Any
    ) -> None:
        super().__init__(str(detail))
        self.slug, self.detail, self.field, self.extra = slug, detail, field, extra


@dataclass(frozen=True, slots=True)
class Player:
    player_id: str
    club: str
    display_name: str | None
    licence: str | None
    merged_into: str | None
    created_at: datetime
    erased_at: datetime | None
    erased_by: str | None

    @property
    def name(self) -> str:
        """The name to show: the display name, or "erased player"."""
        return self.display_name if self.display_name is not None else ERASED

    @property
    def active(self) -> bool:
        return self.erased_at is None and self.merged_into is None

    def json(self) -> dict[str, Any]:
        return {
            "id": self.player_id,
            "club": self.club,
            "name": self.name,
            "licence": self.licence,
            "merged_into": self.merged_into,
            "erased": self.erased_at is not None,
            "created_at": self.created_at.isoformat(),
        }


def new_id() -> str:
    return "pl_" + secrets.token_hex(16)


def _player(row: Any) -> Player:
    return Player(*row)


def checked_name(value: Any, field: str = "name") -> str:
    if not isinstance(value, str):
        raise RosterError("validation", _("a name is a string"), field)
    try:
        name = clean_name(value)
    except ValueError as error:
        raise RosterError("validation", str(error), field) from None
    if len(name) > MAX_NAME:
        raise RosterError("validation", _("a name has at most {n} characters", n=MAX_NAME), field)
    if PLAYER_ID.match(name):
        raise RosterError("validation", _("a name may not look like a player id"), field)
    return name


def checked_licence(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise RosterError("validation", _("a licence number is a string"), "licence")
    try:
        licence = clean_name(value)
    except ValueError as error:
        raise RosterError("validation", str(error), "licence") from None
    if len(licence) > MAX_LICENCE:
        raise RosterError(
            "validation", _("a licence has at most {n} characters", n=MAX_LICENCE), "licence"
        )
    return licence


def create(conn: Connection[Any], club: str, name: str, licence: str | None, by: str) -> Player:
    """A new roster entry (``name`` and ``licence`` already checked)."""
    if licence is not None:
        taken = conn.execute(
            "SELECT player_id FROM players WHERE club = %s AND licence = %s", (club, licence)
        ).fetchone()
        if taken is not None:
            raise RosterError(
                "conflict",
                _("licence {licence} is already player {player}", licence=licence, player=taken[0]),
                "licence",
            )
    row = conn.execute(
        _q(
            "INSERT INTO players (player_id, club, display_name, licence, match_key, created_by)"
            " VALUES (%s, %s, %s, %s, %s, %s) RETURNING {}"
        ),
        (new_id(), club, name, licence, match_key(name), by),
    ).fetchone()
    player = _player(row)
    history(conn, player.player_id, "created", by)
    return player


def history(
    conn: Connection[Any],
    player_id: str,
    action: str,
    by: str,
    other: str | None = None,
    games: int | None = None,
) -> None:
    conn.execute(
        "INSERT INTO player_history (player_id, action, other, games, by)"
        " VALUES (%s, %s, %s, %s, %s)",
        (player_id, action, other, games, by),
    )


def get(conn: Connection[Any], player_id: str) -> Player | None:
    if not PLAYER_ID.match(player_id):
        return None
    row = conn.execute(_q("SELECT {} FROM players WHERE player_id = %s"), (player_id,)).fetchone()
    return None if row is None else _player(row)


def of_club(conn: Connection[Any], club: str, player_id: str) -> Player:
    """The player ``player_id`` of ``club``; 404 when unknown *or another club's* (the
    existence of another club's player is not disclosed)."""
    player = get(conn, player_id)
    if player is None or player.club != club:
        raise RosterError(
            "not-found", _("club '{club}' has no player {player}", club=club, player=player_id)
        )
    return player


def listing(
    conn: Connection[Any],
    club: str,
    q: str | None = None,
    after: str | None = None,
    limit: int = 50,
    everyone: bool = False,
) -> list[Player]:
    """The club's players by id (paged with ``after``); ``q`` matches names by their key
    (any part) or a licence exactly; merged and erased entries only with ``everyone``."""
    clauses, values = ["club = %(club)s"], {"club": club, "limit": limit, "after": after}
    if q is not None:
        try:
            values["key"] = "%" + _like(match_key(q)) + "%"
        except ValueError as error:
            raise RosterError("validation", str(error), "q") from None
        values["q"] = q.strip()
        clauses.append("(match_key LIKE %(key)s OR licence = %(q)s)")
    if not everyone:
        clauses.append("merged_into IS NULL AND erased_at IS NULL")
    if after is not None:
        clauses.append("player_id > %(after)s")
    where = sql.SQL(" AND ").join(sql.SQL(c) for c in clauses)
    query = sql.SQL("SELECT {} FROM players WHERE {} ORDER BY player_id LIMIT %(limit)s")
    rows = conn.execute(query.format(_COLUMNS, where), values).fetchall()
    return [_player(r) for r in rows]


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def matches(conn: Connection[Any], club: str, name: str) -> list[Player]:
    """The active entries of ``club`` whose key is ``name``'s."""
    rows = conn.execute(
        _q(
            "SELECT {} FROM players WHERE club = %s AND match_key = %s"
            " AND merged_into IS NULL AND erased_at IS NULL ORDER BY created_at, player_id"
        ),
        (club, match_key(name)),
    ).fetchall()
    return [_player(r) for r in rows]


def seat_players(
    conn: Connection[Any], club: str, seats: dict[str, str], by: str
) -> dict[str, str]:
    """The roster ids of a new game's seats, given as ids or names (call inside the
    transaction that is committed only if the game is stored).

    An id must be a player of ``club`` who was not erased (a merged id is replaced by the
    one kept); a name is its one active entry by key, or a new entry; a name that matches
    several entries is refused naming them (give the id instead)."""
    out: dict[str, str] = {}
    new: dict[str, str] = {}  # key -> id created by this call
    errors: dict[str, list[Text]] = {}
    ambiguous = False
    for seat, value in seats.items():
        if PLAYER_ID.match(value):
            player = get(conn, value)
            if player is None or player.club != club:
                errors[seat] = [_("club '{club}' has no player {player}", club=club, player=value)]
            elif player.erased_at is not None:
                errors[seat] = [_("player {player} was erased", player=value)]
            else:
                out[seat] = player.merged_into or player.player_id
            continue
        key = match_key(value)
        # two recorders typing a new name at once create one entry, not two
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"{club} {key}",))
        found = matches(conn, club, value)
        if len(found) > 1:
            ids = ", ".join(p.player_id for p in found)
            errors[seat] = [
                _("'{value}' matches {n} players ({ids}): give the id", value=value,
                  n=len(found), ids=ids)
            ]  # fmt: skip
            ambiguous = True
        elif found:
            out[seat] = found[0].player_id
        elif key in new:
            out[seat] = new[key]
        else:
            out[seat] = new[key] = create(conn, club, checked_name(value, seat), None, by).player_id
    if errors:
        slug = "ambiguous-player" if ambiguous else "validation"
        detail = _(
            "{field}: {message}", field=next(iter(errors)), message=next(iter(errors.values()))[0]
        )
        raise RosterError(slug, detail, "seats", errors={"seats": errors})
    if len(set(out.values())) != 4:
        message = _("the four seats need four different players")
        raise RosterError("validation", message, "seats", errors={"seats": [message]})
    return out


def player_keys(conn: Connection[Any], value: str) -> list[str]:
    """What a ``player`` filter looks for in the games and statistics rows: for an id,
    the id it counts as; for a name, the ids of every entry its key matches (any club,
    each as it counts) and the name itself (games recorded before the roster)."""
    text = value.strip()
    if PLAYER_ID.match(text):
        player = get(conn, text)
        return [player.merged_into or text] if player is not None else [text]
    try:
        key, name = match_key(text), clean_name(text)
    except ValueError:
        return [value]
    rows = conn.execute(
        "SELECT DISTINCT coalesce(merged_into, player_id) FROM players WHERE match_key = %s",
        (key,),
    ).fetchall()
    return sorted({r[0] for r in rows} | {name})


def merge(conn: Connection[Any], club: str, duplicate: str, kept: str, by: str) -> dict[str, Any]:
    """Merge ``duplicate`` into ``kept`` (both of ``club``, both active): the duplicate
    entry stays (history) with ``merged_into``, every game and statistic of it counts as
    ``kept``'s. Call inside a transaction."""
    if duplicate == kept:
        raise RosterError("validation", _("a player cannot be merged into itself"), "into")
    dup = _locked(conn, duplicate, "id")
    keep = _locked(conn, kept, "into")
    if dup.club != club:
        raise RosterError(
            "not-found", _("club '{club}' has no player {player}", club=club, player=duplicate)
        )
    if keep.club != club:
        raise RosterError(
            "cross-club-merge",
            _(
                "player {player} is not of club '{club}': players of two clubs are never merged",
                player=kept,
                club=club,
            ),
            "into",
        )
    for player, field in ((dup, "id"), (keep, "into")):
        if player.erased_at is not None:
            raise RosterError(
                "conflict", _("player {player} was erased", player=player.player_id), field
            )
        if player.merged_into is not None:
            raise RosterError(
                "conflict",
                _(
                    "player {player} was merged into {into} already",
                    player=player.player_id,
                    into=player.merged_into,
                ),
                field,
            )
    conn.execute("UPDATE players SET merged_into = %s WHERE player_id = %s", (kept, duplicate))
    conn.execute("UPDATE players SET merged_into = %s WHERE merged_into = %s", (kept, duplicate))
    games = games_of(conn, [duplicate])
    history(conn, duplicate, "merged-into", by, other=kept, games=len(games))
    history(conn, kept, "absorbed", by, other=duplicate, games=len(games))
    canonical_players(conn, games)
    return {"merged": duplicate, "into": kept, "games": len(games)}


def _locked(conn: Connection[Any], player_id: str, field: str) -> Player:
    row = None
    if PLAYER_ID.match(player_id):
        row = conn.execute(
            _q("SELECT {} FROM players WHERE player_id = %s FOR UPDATE"), (player_id,)
        ).fetchone()
    if row is None:
        raise RosterError("not-found", _("no player {player}", player=player_id), field)
    return _player(row)


def names_of(conn: Connection[Any], player_ids: list[str]) -> dict[str, str]:
    """The name to show for each id: the display name of the player it is (or was merged
    into), "erased player", or "unknown player"."""
    if not player_ids:
        return {}
    rows = conn.execute(
        "SELECT p.player_id, coalesce(m.display_name, p.display_name),"
        " coalesce(m.erased_at, p.erased_at) IS NOT NULL"
        " FROM players p LEFT JOIN players m ON m.player_id = p.merged_into"
        " WHERE p.player_id = ANY(%s)",
        (player_ids,),
    ).fetchall()
    found = {r[0]: (ERASED if r[2] or r[1] is None else r[1]) for r in rows}
    return {i: found.get(i, UNKNOWN) for i in player_ids}


def stamp(conn: Connection[Any]) -> int:
    """A number that moves whenever a name may read differently (a history row is
    written by every change): part of the ETags of cached reads."""
    row = conn.execute("SELECT coalesce(max(seq), 0) FROM player_history").fetchone()
    return int(row[0]) if row else 0


def history_of(conn: Connection[Any], player_id: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT action, other, games, at, by FROM player_history WHERE player_id = %s ORDER BY seq",
        (player_id,),
    ).fetchall()
    return [
        {"action": a, "other": o, "games": g, "at": at.isoformat(), "by": by}
        for a, o, g, at, by in rows
    ]
