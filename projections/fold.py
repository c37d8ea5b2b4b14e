"""The fold: ``apply(state, entry) -> state`` and ``project(entries, upto)``.

Pure and deterministic. Stored events are not re-judged beyond what the fold
needs to stay sound: an *impossible* event (a card played twice, a call after the
auction…) is flagged and skipped, an out-of-turn card is flagged and applied (it
was played), and the rule breaches found at append time (``record`` mode) are
carried as anomalies. A void replays the game without the voided event; the
original stays in the log with its flag.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from events import log
from projections.address import Address, Upto, reached
from projections.entries import Entry
from projections.profiles import game_profile
from projections.state import EMPTY, Anomaly, GameMeta, GameState, Recorded, Ruling
from rules.actions import DealStarted
from rules.deal import Phase
from rules.errors import RulesError
from rules.game import Game
from rules.replay import step
from rules.seats import Seat, Team

Log = tuple[Entry, "Log"] | None
"""Every entry folded so far, newest first, as a cons list (O(1) to extend)."""


def _where(game: Game | None) -> tuple[int | None, int | None]:
    if game is None or game.deal is None or not game.in_deal:
        return (game.deal_number if game is not None and game.in_deal else None), None
    deal = game.deal
    return deal.number, (deal.trick_number if deal.phase is Phase.PLAY else None)


def _flag(
    state: GameState,
    e: Entry,
    rule: str,
    detail: str,
    severity: str = "impossible",
    applied: bool = False,
) -> GameState:
    deal, trick = _where(state.game)
    seat = getattr(e.record, "seat", None)
    anomaly = Anomaly(
        e.version,
        deal,
        trick,
        seat if isinstance(seat, Seat) else None,
        rule,
        detail,
        severity,
        applied,
    )
    return state._replace(
        anomalies=(*state.anomalies, anomaly), version=e.version, position=e.position
    )


def log_problem(state: GameState, entry: Entry, log_: Log) -> tuple[str, str] | None:
    """Why a log-level event cannot be applied here, or None. Shared by the fold and
    the write-side judgement."""
    record = entry.record
    if state.meta is None:
        if isinstance(record, log.GameCreated):
            return None
        return "game-created-first", "the first event of a game must be GameCreated"
    if isinstance(record, log.EventVoided):
        return _void_problem(state, entry, record, log_)
    if isinstance(record, log.GameCreated):
        return "game-already-created", "GameCreated may only be the first event"
    if state.status == "abandoned":
        return "game-abandoned", "the game was abandoned: nothing follows"
    if isinstance(record, log.RulingIssued) and _adjustment(record.ruling) is None:
        return "ruling-malformed", 'a ruling\'s adjustment is {"NS": points, "EW": points}'
    return None


def _void_problem(
    state: GameState, entry: Entry, record: log.EventVoided, log_: Log
) -> tuple[str, str] | None:
    target = record.position
    earlier = next((e for e in _newest_first(log_) if e.version == target), None)
    if earlier is None or target >= entry.version:
        return "void-unknown", f"no earlier event {target} to void"
    if target in state.voided:
        return "void-twice", f"event {target} is already voided"
    if earlier.type in ("GameCreated", "EventVoided"):
        return "void-refused", f"a {earlier.type} cannot be voided"
    return None


def apply(state: GameState, entry: Entry, log_: Log = None) -> GameState:
    """The state after ``entry``. ``log_`` (all earlier entries) is needed only to
    honour an ``EventVoided``; :func:`project` passes it."""
    record = entry.record
    problem = log_problem(state, entry, log_)
    if problem is not None:
        return _flag(state, entry, *problem)
    if isinstance(record, log.GameCreated):
        return _created(state, entry, record)
    if isinstance(record, log.EventVoided):
        return _voided(state, entry, record, log_)
    if isinstance(record, log.RulingIssued):
        return _ruling(state, entry, record)
    if isinstance(record, log.ScoreRecorded):
        marks = (record.marks.get(Team.NS, 0), record.marks.get(Team.EW, 0))
        recorded = Recorded(entry.version, record.deal, marks)
        return state._replace(
            recorded=(*state.recorded, recorded), version=entry.version, position=entry.position
        )
    if isinstance(record, log.GameAbandoned):
        return state._replace(
            status="abandoned",
            abandoned=record.reason,
            version=entry.version,
            position=entry.position,
        )
    return _table(state, entry)


def _table(state: GameState, entry: Entry) -> GameState:
    game = state.game
    assert game is not None
    action = entry.record
    try:
        new, verdict, applied = step(game, action, breaches=False)  # type: ignore[arg-type]
    except (RulesError, ValueError, TypeError, AssertionError) as e:
        return _flag(state, entry, "unreadable", f"{type(e).__name__}: {e}")
    if not verdict.legal:
        state = _flag(state, entry, verdict.rule, verdict.detail, verdict.severity.value, applied)
    for b in entry.breaches:
        state = _flag(
            state, entry, str(b.get("rule", "breach")), str(b.get("detail", "")), "breach", True
        )
    if not applied:
        return state._replace(version=entry.version, position=entry.position)
    starts = state.deal_versions
    if isinstance(action, DealStarted):
        starts = (*starts, entry.version)
    return state._replace(
        game=new,
        version=entry.version,
        position=entry.position,
        status="finished" if new.over else "live",
        deal_versions=starts,
    )


def _created(state: GameState, entry: Entry, record: log.GameCreated) -> GameState:
    try:
        profile = game_profile(record.profile)
    except ValueError as e:
        return _flag(state, entry, "bad-profile", str(e))
    target = record.target if record.target is not None else profile.target
    meta = GameMeta(
        profile,
        dict(record.seats),
        record.first_dealer,
        target,
        record.enforcement,
        record.club,
        record.visibility,
        dict(record.metadata),
    )
    game = Game.start(profile, record.first_dealer, target)
    return state._replace(meta=meta, game=game, version=entry.version, position=entry.position)


def _ruling(state: GameState, entry: Entry, record: log.RulingIssued) -> GameState:
    adjust = _adjustment(record.ruling) or (0, 0)
    ruling = Ruling(entry.version, record.deal, adjust, record.reason, record.by)
    game = state.game
    assert game is not None
    if adjust != (0, 0):
        game = game.adjusted(*adjust)
    return state._replace(
        game=game,
        rulings=(*state.rulings, ruling),
        version=entry.version,
        position=entry.position,
        status="finished" if game.over else state.status,
    )


def _adjustment(ruling: dict[str, Any]) -> tuple[int, int] | None:
    adjust = ruling.get("adjustment")
    if adjust is None:
        return (0, 0)
    if not isinstance(adjust, dict) or set(adjust) - {"NS", "EW"}:
        return None
    ns, ew = adjust.get("NS", 0), adjust.get("EW", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (ns, ew)):
        return None
    return ns, ew


def _voided(state: GameState, entry: Entry, record: log.EventVoided, log_: Log) -> GameState:
    voided = state.voided | {record.position}
    replayed = EMPTY._replace(voided=voided)
    replay_log: Log = None
    for e in _oldest_first(log_):
        if e.version in voided or e.type == "EventVoided":
            replayed = replayed._replace(version=e.version, position=e.position)
        else:
            replayed = apply(replayed, e, replay_log)
        replay_log = (e, replay_log)
    return replayed._replace(version=entry.version, position=entry.position, voided=voided)


def _newest_first(log_: Log) -> Iterator[Entry]:
    while log_ is not None:
        yield log_[0]
        log_ = log_[1]


def _oldest_first(log_: Log) -> list[Entry]:
    out = list(_newest_first(log_))
    out.reverse()
    return out


def fold(
    entries: Iterable[Entry], upto: Upto | None = None, start: tuple[GameState, Log] = (EMPTY, None)
) -> tuple[GameState, Log]:
    """Fold entries from ``start`` up to ``upto``: (state, log of the entries folded)."""
    state, log_ = start
    for entry in entries:
        if upto is not None and upto.before(entry):
            break
        state = apply(state, entry, log_)
        log_ = (entry, log_)
        if upto is not None and upto.address is not None and reached(state, upto.address):
            break
    return state, log_


def project(entries: Iterable[Entry], upto: Upto | None = None) -> GameState:
    """The state after the entries up to ``upto`` (a version, a global position or a
    (deal, trick, card) address); the whole game when ``upto`` is None."""
    return fold(entries, upto)[0]


def states(entries: Iterable[Entry]) -> Iterator[tuple[Entry, GameState]]:
    """Each entry with the state right after it (for timelines and tests)."""
    state: GameState = EMPTY
    log_: Log = None
    for entry in entries:
        state = apply(state, entry, log_)
        log_ = (entry, log_)
        yield entry, state


__all__ = ["Address", "Upto", "apply", "fold", "project", "states"]
