"""Tournament formats: a frozen set of switches, in a registry, like rule profiles.

A club names a built-in format or sends its own document of the same switches,
usually ``{"base": "concours", "id": "club-x", "rounds": 5}``; a bad document is refused
with the name of the bad switch.

>>> find_format("concours").rounds
4
>>> format_from_document({"base": "concours", "id": "spring", "rounds": 0})
Traceback (most recent call last):
...
rules.tournament.errors.TournamentError: rounds: must be an integer from 1 to 30
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, TypeVar

from rules.names import clean_name
from rules.registry import PROFILES
from rules.tournament.errors import N_, TournamentError


class Length(StrEnum):
    """How long a round's game lasts: a fixed number of deals, or to a target score."""

    DEALS = "deals"
    TARGET = "target"


class RankKey(StrEnum):
    """What teams are ranked by, in the format's order (ties: see :mod:`standings`)."""

    WINS = "wins"  # a win counts 2, a draw 1 (a bye is a win)
    POINTS = "points"  # points scored, summed over the rounds
    DIFFERENCE = "difference"  # points scored minus points conceded
    MATCHPOINTS = "matchpoints"  # duplicate: the session percentage of matchpoints (2 per
    # lower result, 1 per tie; Neuberg when a board was played fewer times)
    IMPS = "imps"  # duplicate: the sum of cross-IMPs on the difference of marks


@dataclass(frozen=True, slots=True)
class Format:
    """Every switch of a tournament format."""

    id: str
    name: str
    rounds: int  # rounds planned (a round may be added or the event stopped earlier)
    length: Length
    length_value: int  # deals per game, or the target score
    profile: str  # the rule profile the games are played under
    ranking: tuple[RankKey, ...]
    bye_points: int  # a concours: a bye is a win with these points scored and none
    # conceded; duplicate: the bye's round counts this percentage (0 to 100) of the
    # round's top in matchpoints, and 0 cross-IMPs (the average)
    duplicate: bool  # every table of a round plays the same pre-dealt boards


CONCOURS = Format(
    id="concours",
    name="Concours: 4 rounds of 12 deals, wins then points",
    rounds=4,
    length=Length.DEALS,
    length_value=12,
    profile="ffb",
    ranking=(RankKey.WINS, RankKey.POINTS),
    bye_points=0,
    duplicate=False,
)
CONCOURS_TARGET = replace(
    CONCOURS,
    id="concours-target",
    name="Concours: 6 rounds to 1000, wins then points difference",
    rounds=6,
    length=Length.TARGET,
    length_value=1000,
    ranking=(RankKey.WINS, RankKey.DIFFERENCE),
)
DUPLICATE = replace(
    CONCOURS,
    id="duplicate",
    name="Duplicate: 1 session of 12 boards, matchpoints",
    rounds=1,
    ranking=(RankKey.MATCHPOINTS,),
    bye_points=50,  # the bye's round counts as an average session
    duplicate=True,
)
DUPLICATE_IMPS = replace(
    DUPLICATE,
    id="duplicate-imps",
    name="Duplicate: 1 session of 12 boards, cross-IMPs",
    ranking=(RankKey.IMPS,),
)
FORMATS: dict[str, Format] = {
    f.id: f for f in (CONCOURS, CONCOURS_TARGET, DUPLICATE, DUPLICATE_IMPS)
}

_E = TypeVar("_E", bound=StrEnum)
_DUPLICATE_KEYS = {RankKey.MATCHPOINTS, RankKey.IMPS}


def find_format(format_id: str) -> Format:
    """The built-in format ``format_id``; :class:`TournamentError` names the known ones."""
    try:
        return FORMATS[format_id]
    except KeyError:
        known = ", ".join(sorted(FORMATS))
        raise TournamentError(
            "unknown-format",
            N_("unknown format {format}; known: {known}"),
            "base",
            format=repr(format_id),
            known=known,
        ) from None


def format_document(fmt: Format) -> dict[str, Any]:
    """The format as a JSON document (the shape :func:`format_from_document` reads)."""
    doc: dict[str, Any] = {}
    for f in fields(Format):
        value = getattr(fmt, f.name)
        doc[f.name] = [str(k) for k in value] if f.name == "ranking" else value
    doc["length"] = str(doc["length"])
    return doc


def format_from_document(doc: Mapping[str, Any]) -> Format:
    """A format from a document: ``base`` (a built-in id, default ``concours``) and any switch."""
    if not isinstance(doc, Mapping):
        raise TournamentError("bad-format", N_("a format is a JSON object"), "format")
    switches = {f.name for f in fields(Format)} | {"base"}
    for key in doc:
        if key not in switches:
            raise TournamentError("bad-format", N_("unknown switch"), str(key))
    base = doc.get("base", "concours")
    if not isinstance(base, str):
        raise TournamentError("bad-format", N_("must be a format id"), "base")
    fmt = find_format(base)
    changes: dict[str, Any] = {}
    for key in ("id", "name", "profile"):
        if key in doc:
            changes[key] = _text(doc[key], key)
    for key, low, high in (("rounds", 1, 30), ("length_value", 1, 10000), ("bye_points", 0, 10000)):
        if key in doc:
            changes[key] = _integer(doc[key], key, low, high)
    if "duplicate" in doc:
        if not isinstance(doc["duplicate"], bool):
            raise TournamentError("bad-format", N_("must be true or false"), "duplicate")
        changes["duplicate"] = doc["duplicate"]
    if "length" in doc:
        changes["length"] = _choice(Length, doc["length"], "length")
    if "ranking" in doc:
        changes["ranking"] = _ranking(doc["ranking"])
    fmt = replace(fmt, **changes)
    if fmt.profile not in PROFILES:
        known = ", ".join(sorted(PROFILES))
        raise TournamentError(
            "bad-format", N_("unknown profile; known: {known}"), "profile", known=known
        )
    _check_consistent(fmt)
    return fmt


def _check_consistent(fmt: Format) -> None:
    if fmt.duplicate and fmt.length is not Length.DEALS:
        raise TournamentError(
            "bad-format", N_("a duplicate session plays a number of deals"), "length"
        )
    uses_duplicate = any(k in _DUPLICATE_KEYS for k in fmt.ranking)
    if uses_duplicate and not fmt.duplicate:
        raise TournamentError(
            "bad-format", N_("matchpoints and imps rank duplicate only"), "ranking"
        )
    if fmt.duplicate and fmt.length_value > 36:
        raise TournamentError("bad-format", N_("at most 36 boards per round"), "length_value")
    if fmt.duplicate and fmt.bye_points > 100:
        raise TournamentError(
            "bad-format", "a duplicate bye scores a percentage, from 0 to 100", "bye_points"
        )


def _text(value: object, key: str) -> str:
    if not isinstance(value, str) or len(value) > 100:
        raise TournamentError("bad-format", N_("must be a text of 1 to 100 characters"), key)
    try:
        return clean_name(value)
    except ValueError as error:
        raise TournamentError("bad-format", str(error), key) from None


def _integer(value: object, key: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise TournamentError(
            "bad-format", N_("must be an integer from {low} to {high}"), key, low=low, high=high
        )
    return value


def _choice(enum: type[_E], value: object, key: str) -> _E:
    try:
        return enum(value)  # type: ignore[arg-type]  # a wrong type is the ValueError below
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise TournamentError(
            "bad-format", N_("must be one of {allowed}"), key, allowed=allowed
        ) from None


def _ranking(value: object) -> tuple[RankKey, ...]:
    if not isinstance(value, list) or not value or len(value) > len(RankKey):
        raise TournamentError("bad-format", N_("must be a list of ranking keys"), "ranking")
    keys = tuple(_choice(RankKey, v, "ranking") for v in value)
    if len(set(keys)) != len(keys):
        raise TournamentError("bad-format", N_("a key appears twice"), "ranking")
    return keys
