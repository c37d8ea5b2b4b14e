"""A whole :class:`~projections.state.GameState` as data (format 3; format 2, written before
fixed-length games, had no ``deals`` in ``meta`` and ``game`` and still decodes).

The profile is written once, in ``meta``: ``{"id": "ffb"}`` for a built-in profile,
the full profile document (:func:`rules.documents.profile_document`) for a club's
own; the game, its deal and the auction share it when decoded. Lists are flat: a
game of 300 deals is 300 records side by side, never a nesting that deepens with
the history.
"""

from __future__ import annotations

from typing import Any

from projections.codec import read as r
from projections.codec.results import decode_record, encode_record
from projections.codec.table import decode_deal, encode_deal
from projections.state import Anomaly, GameMeta, GameState, Recorded, RuledPenalty, Ruling
from rules.documents import load_profile, profile_document
from rules.errors import ProfileError
from rules.game import Game
from rules.profiles import Profile
from rules.registry import PROFILES

_STATE_KEYS = frozenset(
    ("meta", "game", "version", "position", "status", "abandoned", "voided", "rulings",
     "recorded", "anomalies", "deal_versions")
)  # fmt: skip
_META_KEYS_2 = frozenset(
    ("profile", "seats", "first_dealer", "target", "enforcement", "club", "visibility", "metadata")
)
_GAME_KEYS_2 = frozenset(
    ("target", "next_dealer", "deal", "records", "totals", "pending", "winner")
)
_META_KEYS = _META_KEYS_2 | {"deals"}
_GAME_KEYS = _GAME_KEYS_2 | {"deals"}
_STATUSES = ("live", "finished", "abandoned")


def encode_state(state: GameState) -> dict[str, Any]:
    if state.game is not None and (state.meta is None or state.game.profile != state.meta.profile):
        raise ValueError("a game's profile is its GameCreated profile")
    return {
        "meta": None if state.meta is None else _encode_meta(state.meta),
        "game": None if state.game is None else _encode_game(state.game),
        "version": state.version,
        "position": state.position,
        "status": state.status,
        "abandoned": state.abandoned,
        "voided": sorted(state.voided),
        "rulings": [_encode_ruling(x) for x in state.rulings],
        "recorded": [[x.version, x.deal, list(x.marks)] for x in state.recorded],
        "anomalies": [_encode_anomaly(a) for a in state.anomalies],
        "deal_versions": list(state.deal_versions),
    }


def decode_state(value: Any) -> GameState:
    """A state of format 3."""
    return _decode_state(value, 3)


def decode_state_2(value: Any) -> GameState:
    """A state of format 2 (no fixed-length games)."""
    return _decode_state(value, 2)


def _decode_state(value: Any, fmt: int) -> GameState:
    d = r.obj(value, "state", _STATE_KEYS)
    meta = None if d["meta"] is None else _decode_meta(d["meta"], "meta", fmt)
    game = None
    if d["game"] is not None:
        if meta is None:
            raise r.fail("game", "a game without its GameCreated")
        game = _decode_game(d["game"], meta.profile, "game", fmt)
    status = r.text(d["status"], "status")
    if status not in _STATUSES:
        raise r.fail("status", f"{status!r} is not a game status")
    return GameState(
        meta,
        game,
        r.integer(d["version"], "version", 0),
        r.optional_int(d["position"], "position", 1),
        status,
        r.optional_text(d["abandoned"], "abandoned"),
        frozenset(r.items(d["voided"], "voided", _version)),
        r.items(d["rulings"], "rulings", _decode_ruling),
        r.items(d["recorded"], "recorded", _decode_recorded),
        r.items(d["anomalies"], "anomalies", _decode_anomaly),
        r.items(d["deal_versions"], "deal_versions", _version),
    )


def encode_profile(profile: Profile) -> dict[str, Any]:
    if PROFILES.get(profile.id) == profile:
        return {"id": profile.id}
    return profile_document(profile)


def decode_profile(value: Any, where: str) -> Profile:
    doc = r.obj(value, where)
    if doc.keys() == {"id"}:
        found = PROFILES.get(doc["id"]) if type(doc["id"]) is str else None
        if found is None:
            raise r.fail(where, f"{doc['id']!r} is not a built-in profile")
        return found
    try:
        return load_profile(doc)
    except ProfileError as e:
        raise r.fail(where, str(e)) from None


def _encode_meta(m: GameMeta) -> dict[str, Any]:
    return {
        "profile": encode_profile(m.profile),
        "seats": [[int(s), name] for s, name in m.seats.items()],
        "first_dealer": int(m.first_dealer),
        "target": m.target,
        "deals": m.deals,
        "enforcement": m.enforcement,
        "club": m.club,
        "visibility": m.visibility,
        "metadata": m.metadata,
    }


def _decode_meta(value: Any, where: str, fmt: int) -> GameMeta:
    d = r.obj(value, where, _META_KEYS if fmt >= 3 else _META_KEYS_2)
    seats = {r.seat(s, where): r.text(n, where) for s, n in r.items(d["seats"], where, _two)}
    return GameMeta(
        decode_profile(d["profile"], f"{where}.profile"),
        seats,
        r.seat(d["first_dealer"], f"{where}.first_dealer"),
        r.integer(d["target"], f"{where}.target"),
        r.text(d["enforcement"], f"{where}.enforcement"),
        r.optional_text(d["club"], f"{where}.club"),
        r.text(d["visibility"], f"{where}.visibility"),
        r.obj(d["metadata"], f"{where}.metadata"),
        r.optional_int(d.get("deals"), f"{where}.deals", 1),
    )


def _encode_game(g: Game) -> dict[str, Any]:
    return {
        "target": g.target,
        "deals": g.deals,
        "next_dealer": int(g.next_dealer),
        "deal": None if g.deal is None else encode_deal(g.deal),
        "records": [encode_record(x) for x in g.records],
        "totals": list(g.totals),
        "pending": list(g.pending),
        "winner": None if g.winner is None else int(g.winner),
    }


def _decode_game(value: Any, profile: Profile, where: str, fmt: int) -> Game:
    d = r.obj(value, where, _GAME_KEYS if fmt >= 3 else _GAME_KEYS_2)
    a, b = r.array(d["pending"], f"{where}.pending", 2)
    return Game(
        profile,
        r.integer(d["target"], f"{where}.target"),
        r.seat(d["next_dealer"], f"{where}.next_dealer"),
        None if d["deal"] is None else decode_deal(d["deal"], profile, f"{where}.deal"),
        r.items(d["records"], f"{where}.records", decode_record),
        r.pair(d["totals"], f"{where}.totals"),
        (r.boolean(a, f"{where}.pending"), r.boolean(b, f"{where}.pending")),
        r.team(d["winner"], f"{where}.winner"),
        r.optional_int(d.get("deals"), f"{where}.deals", 1),
    )


def _encode_anomaly(a: Anomaly) -> list[Any]:
    seat = None if a.seat is None else int(a.seat)
    return [
        a.version,
        a.deal,
        a.trick,
        seat,
        a.rule,
        r.encode_facts(a.facts),
        a.severity,
        a.applied,
    ]


def _decode_anomaly(value: Any, where: str) -> Anomaly:
    version, deal, trick, seat, rule, found, severity, applied = r.array(value, where, 8)
    return Anomaly(
        _version(version, where),
        r.optional_int(deal, where, 1),
        r.optional_int(trick, where, 0),
        r.optional_seat(seat, where),
        r.text(rule, where),
        r.facts(found, where),
        r.text(severity, where),
        r.boolean(applied, where),
    )


def _encode_ruling(x: Ruling) -> list[Any]:
    """``[version, deal, adjustment, reason, by, penalty]``; ``penalty`` null or
    ``[name, offender, marks, made, finding]``, ``finding`` null or ``[deal, trick, seat]``."""
    penalty: list[Any] | None = None
    if x.penalty is not None:
        p = x.penalty
        found = p.finding
        finding = None
        if found is not None:
            finding = [found[0], found[1], int(found[2]) if found[2] is not None else None]
        penalty = [p.name, int(p.offender), list(p.marks), p.made, finding]
    return [x.version, x.deal, list(x.adjustment), x.reason, x.by, penalty]


def _decode_ruling(value: Any, where: str) -> Ruling:
    items = r.array(value, where)
    if len(items) not in (5, 6):  # 5: written before penalties existed
        raise r.fail(where, f"a ruling has 6 items, not {len(items)}")
    version, deal, adjustment, reason, by = items[:5]
    penalty = items[5] if len(items) == 6 else None
    return Ruling(
        _version(version, where),
        r.integer(deal, where),
        r.pair(adjustment, where),
        r.text(reason, where),
        r.text(by, where),
        None if penalty is None else _decode_penalty(penalty, f"{where}.penalty"),
    )


def _decode_penalty(value: Any, where: str) -> RuledPenalty:
    name, offender, marks, made, finding = r.array(value, where, 5)
    found = None
    if finding is not None:
        deal, trick, seat = r.array(finding, f"{where}.finding", 3)
        found = (
            r.integer(deal, where, 1),
            r.optional_int(trick, where, 0),
            r.optional_seat(seat, where),
        )
    return RuledPenalty(
        r.text(name, where),
        r.seat(offender, where),
        r.pair(marks, where),
        r.optional_bool(made, where),
        found,
    )


def _decode_recorded(value: Any, where: str) -> Recorded:
    version, deal, marks = r.array(value, where, 3)
    return Recorded(_version(version, where), r.integer(deal, where), r.pair(marks, where))


def _version(value: Any, where: str) -> int:
    return r.integer(value, where, 1)


def _two(value: Any, where: str) -> tuple[Any, Any]:
    a, b = r.array(value, where, 2)
    return a, b
