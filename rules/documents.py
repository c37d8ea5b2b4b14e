"""Profiles as JSON documents: dump a profile, load a club's own profile.

A document holds every switch of :class:`~rules.profiles.Profile` by name, plus
``conventions``. A club's document may name a ``base`` profile and give only the
switches it changes. Every error names the switch at fault.

>>> doc = profile_document(find_profile("tripot"))
>>> doc["min_bid"], doc["direction"], "min_bid" in doc["conventions"]
(82, 'clockwise', True)
>>> load_profile({"base": "ffb", "id": "club-a", "target": 1000}).target
1000
>>> load_profile({"base": "ffb", "id": "x", "min_bid": "eighty"})
Traceback (most recent call last):
...
rules.errors.ProfileError: min_bid: must be an integer, got 'eighty'
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from enum import Enum
from typing import Any

from rules.contract import Trump, parse_trump
from rules.errors import N_, NotationError, ProfileError, UnknownProfileError
from rules.names import clean_name
from rules.profiles import Penalty, PenaltyScore, Profile
from rules.registry import PROFILES, find_profile

_ID = re.compile(r"^[a-z0-9][a-z0-9._-]{0,62}$")
_FIELDS = {f.name: f for f in fields(Profile)}
_META = ("id", "name", "source", "conventions")


def profile_document(profile: Profile) -> dict[str, Any]:
    """The profile as plain JSON data (enums as their string values)."""
    doc: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(profile, name)
        if name == "trumps":
            value = [t.name for t in value]
        elif name == "packets":
            value = [list(p) for p in value]
        elif name == "conventions":
            value = dict(sorted(value.items()))
        elif name == "penalties":
            value = {n: _penalty_document(p) for n, p in value}
        elif isinstance(value, Enum):
            value = value.value
        doc[name] = value
    return doc


def load_profile(doc: Any) -> Profile:
    """Build and validate a profile from a document (see module docstring)."""
    if not isinstance(doc, dict):
        raise ProfileError("profile", N_("a profile document must be a JSON object"))
    unknown = sorted(set(doc) - set(_FIELDS) - {"base"})
    if unknown:
        raise ProfileError(unknown[0], N_("unknown switch"))
    base: Profile | None = None
    if "base" in doc:
        try:
            base = find_profile(doc["base"])
        except UnknownProfileError as e:
            raise ProfileError("base", str(e)) from None
    values: dict[str, Any] = {}
    for name in _FIELDS:
        if name in doc:
            values[name] = _check(name, doc[name])
        elif base is None and name not in ("name", "source", "conventions", "penalties"):
            raise ProfileError(name, N_("missing (give every switch, or a 'base' profile)"))
    if "id" not in values:
        raise ProfileError("id", N_("missing"))
    if values["id"] in PROFILES and doc != profile_document(PROFILES[values["id"]]):
        raise ProfileError(
            "id", N_("{id} is a built-in profile; choose another id"), id=repr(values["id"])
        )
    if base is None:
        values.setdefault("name", values["id"])
        values.setdefault("source", "club")
        return _consistent(Profile(**values))
    values.setdefault("name", values["id"])
    values.setdefault("source", f"club profile based on {base.id}")
    return _consistent(replace(base, **values))


def _check(name: str, value: Any) -> Any:
    kind = _FIELDS[name].type
    if name in ("id", "name", "source"):
        if not isinstance(value, str) or not value.strip() or len(value) > 200:
            raise ProfileError(name, N_("must be a non-empty string of at most 200 characters"))
        if name == "id" and not _ID.match(value):
            raise ProfileError(name, N_("use lowercase letters, digits, '.', '_' or '-'"))
        try:
            return clean_name(value)
        except ValueError as e:
            raise ProfileError(name, str(e)) from None
    if name == "conventions":
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()
        ):
            raise ProfileError(name, N_("must map switch names to explanations"))
        if any("\x00" in k + v for k, v in value.items()):
            raise ProfileError(name, N_("text may not contain the NUL character"))
        return dict(value)
    if name == "penalties":
        return _penalties(value)
    if name == "trumps":
        return _trumps(value)
    if name == "packets":
        return _packets(value)
    enum = _ENUMS.get(name)
    if enum is not None:
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in enum)
            raise ProfileError(
                name,
                N_("must be one of {allowed}, got {value}"),
                allowed=allowed,
                value=repr(value),
            ) from None
    if kind == "bool":
        if not isinstance(value, bool):
            raise ProfileError(name, N_("must be true or false, got {value}"), value=repr(value))
        return value
    optional = "None" in kind
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProfileError(name, N_("must be an integer, got {value}"), value=repr(value))
    if not 0 <= value <= 100_000:
        raise ProfileError(name, N_("must be between 0 and 100000, got {value}"), value=value)
    return value


def _penalty_document(penalty: Penalty) -> dict[str, Any]:
    if penalty.score is PenaltyScore.FIXED:
        return {"score": penalty.score.value, "points": penalty.points}
    return {"score": penalty.score.value}


def _penalties(value: Any) -> tuple[tuple[str, Penalty], ...]:
    """``{"revoke": {"score": "deal-lost"}}`` or ``{"revoke": {"score": "fixed", "points":
    250}}``; ``{}``: no standard penalty (the arbiter adjusts by hand)."""
    if not isinstance(value, dict):
        raise ProfileError("penalties", N_('must map penalty names to {"score": ...}'))
    out = []
    for name, doc in sorted(value.items()):
        where = f"penalties.{name}"
        if not isinstance(name, str) or not _ID.match(name):
            raise ProfileError(
                "penalties", N_("{name}: use lowercase letters, digits, '-'"), name=repr(name)
            )
        if not isinstance(doc, dict) or set(doc) - {"score", "points"}:
            raise ProfileError(
                where, N_('must be {"score": "deal-lost"} or {"score": "fixed", "points": N}')
            )
        try:
            score = PenaltyScore(str(doc.get("score")))
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in PenaltyScore)
            raise ProfileError(
                f"{where}.score", N_("must be one of {allowed}"), allowed=allowed
            ) from None
        points = doc.get("points", 0)
        if score is PenaltyScore.FIXED and "points" not in doc:
            raise ProfileError(f"{where}.points", N_("a fixed penalty says how many points"))
        if score is not PenaltyScore.FIXED and "points" in doc:
            raise ProfileError(f"{where}.points", N_("only a fixed penalty has points"))
        if type(points) is not int or not 0 <= points <= 100_000:
            raise ProfileError(f"{where}.points", N_("must be an integer from 0 to 100000"))
        out.append((name, Penalty(score, points)))
    return tuple(out)


def _trumps(value: Any) -> tuple[Trump, ...]:
    if not isinstance(value, list) or not value:
        raise ProfileError("trumps", N_("must be a non-empty list of C, D, H, S, SA, TA"))
    try:
        trumps = tuple(parse_trump(v) for v in value)
    except NotationError:
        raise ProfileError("trumps", N_("unknown trump in {value}"), value=repr(value)) from None
    if len(set(trumps)) != len(trumps):
        raise ProfileError("trumps", N_("a trump is listed twice"))
    return tuple(sorted(trumps))


def _packets(value: Any) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or not value:
        raise ProfileError("packets", N_("must be a non-empty list of packet patterns"))
    out = []
    for p in value:
        if (
            not isinstance(p, list)
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in p)
            or sum(p) != 8
        ):
            raise ProfileError(
                "packets", N_("{value} is not a list of packet sizes summing to 8"), value=repr(p)
            )
        out.append(tuple(p))
    return tuple(out)


def _consistent(p: Profile) -> Profile:
    if not 2 <= p.cut_min_packet <= 16:
        raise ProfileError("cut_min_packet", N_("must be between 2 and 16"))
    if p.bid_step < 1:
        raise ProfileError("bid_step", N_("must be at least 1"))
    if p.max_bid is not None and p.max_bid < p.min_bid:
        raise ProfileError("max_bid", N_("must be at least min_bid"))
    if p.target < 1:
        raise ProfileError("target", N_("must be positive"))
    return p


def _enum_fields() -> dict[str, type[Enum]]:
    import rules.profiles as mod

    out: dict[str, type[Enum]] = {}
    for name, f in _FIELDS.items():
        candidate = getattr(mod, str(f.type), None)
        if candidate is None:
            import rules.seats as seats

            candidate = getattr(seats, str(f.type), None)
        if isinstance(candidate, type) and issubclass(candidate, Enum):
            out[name] = candidate
    return out


_ENUMS = _enum_fields()
