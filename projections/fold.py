"""The fold: ``apply(state, entry) -> state`` and ``project(entries, upto)``.

Pure and deterministic. Stored events are not re-judged beyond what the fold
needs to stay sound: an *impossible* event (a card played twice, a call after the
auction…) is flagged and skipped, an out-of-turn card is flagged and applied (it
was played), and the rule breaches found at append time (``record`` mode) are
carried as anomalies. A void replays the game without the voided event; the
original stays in the log with its flag.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from events.vocabulary import log
from projections.address import Address, Upto, reached
from projections.entries import Entry
from projections.profiles import game_profile
from projections.rulings import ruled_marks, ruling_of
from projections.state import EMPTY, Anomaly, GameMeta, GameState, Recorded
from rules.actions import Action, CardPlayed, DealStarted, DealSummarized
from rules.deal import Phase
from rules.errors import RulesError
from rules.game import Game
from rules.replay import step
from rules.seats import Seat, Team
from rules.verdict import LEGAL, Facts, facts, from_params


@dataclass(frozen=True, slots=True)
class Stored:
    """The end of a log whose first entries (versions 1 to ``version``) were not loaded:
    a fold resumed from a snapshot. They are in the store; :func:`history_needed` tells
    when a void needs them and :func:`with_history` puts them back."""

    version: int


Log = tuple[Entry, "Log"] | Stored | None
"""Every entry folded so far, newest first, as a cons list (O(1) to extend). It lives in
memory only: a snapshot stores the state, never the log."""


class HistoryNotLoaded(LookupError):
    """A void needs entries that are in the store but not in this log (see :class:`Stored`)."""


def _where(game: Game | None) -> tuple[int | None, int | None]:
    if game is None or game.deal is None or not game.in_deal:
        return (game.deal_number if game is not None and game.in_deal else None), None
    deal = game.deal
    return deal.number, (deal.trick_number if deal.phase is Phase.PLAY else None)


def _flag(
    state: GameState,
    e: Entry,
    rule: str,
    found: Facts,
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
        found,
        severity,
        applied,
    )
    return state._replace(
        anomalies=(*state.anomalies, anomaly), version=e.version, position=e.position
    )


def log_problem(state: GameState, entry: Entry, log_: Log) -> tuple[str, Facts] | None:
    """Why a log-level event cannot be applied here, or None. Shared by the fold and
    the write-side judgement."""
    record = entry.record
    if state.meta is None:
        if isinstance(record, log.GameCreated):
            return None
        return "game-created-first", ()
    if isinstance(record, log.EventVoided):
        return _void_problem(state, entry, record, log_)
    if isinstance(record, log.GameCreated):
        return "game-already-created", ()
    if state.status == "abandoned":
        return "game-abandoned", ()
    if isinstance(record, log.RulingIssued):
        return ruling_of(state, entry.version, record)[1]
    return None


def _void_problem(
    state: GameState, entry: Entry, record: log.EventVoided, log_: Log
) -> tuple[str, Facts] | None:
    target = record.version
    earlier = next((e for e in _newest_first(log_) if e.version == target), None)
    if earlier is None or target >= entry.version:
        return "void-unknown", facts(target=target)
    if target in state.voided:
        return "void-twice", facts(target=target)
    if earlier.type in ("GameCreated", "EventVoided"):
        return "void-refused", facts(target=target, event=earlier.type)
    return None


def apply(state: GameState, entry: Entry, log_: Log = None) -> GameState:
    """The state after ``entry``. ``log_`` (all earlier entries) is needed only to
    honour an ``EventVoided``; :func:`project` passes it."""
    record = entry.record
    if type(record) in _TABLE_FACTS and state.meta is not None and state.status != "abandoned":
        return _table(state, entry)  # the hot path: nothing of the log's level can object
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


def apply_judged(state: GameState, entry: Entry, log_: Log = None) -> GameState:
    """:func:`apply` for an event the write side has just judged possible (see
    :func:`projections.judgement.judge_entry`): a table fact is applied without being
    judged a second time; its breaches, if any, are in ``entry.breaches``."""
    live = state.meta is not None and state.status != "abandoned"
    if live and type(entry.record) in _TABLE_FACTS:
        return _table(state, entry, judged=True)
    return apply(state, entry, log_)


def _table(state: GameState, entry: Entry, judged: bool = False) -> GameState:
    game = state.game
    assert game is not None
    action = entry.record
    try:
        if judged:
            new, verdict, applied = game.apply(action), LEGAL, True  # type: ignore[arg-type]
        else:
            new, verdict, applied = step(game, action, breaches=False)  # type: ignore[arg-type]
    except (RulesError, ValueError, TypeError, AssertionError) as e:
        return _flag(state, entry, "unreadable", facts(error=f"{type(e).__name__}: {e}"))
    if not verdict.legal:
        state = _flag(state, entry, verdict.rule, verdict.facts, verdict.severity.value, applied)
    for b in entry.breaches:
        state = _flag(state, entry, str(b.get("rule", "breach")), stored_facts(b), "breach", True)
    if not applied:
        return state._replace(version=entry.version, position=entry.position)
    starts = state.deal_versions
    if type(action) is DealStarted or type(action) is DealSummarized:
        starts = (*starts, entry.version)
    # GameState(meta, game, version, position, status, *the rest): built as a tuple, the
    # hot path of every replay (NamedTuple._replace costs as much as the rules' step)
    return _state(
        GameState,
        (
            state.meta,
            new,
            entry.version,
            entry.position,
            "finished" if new.over else "live",
            *state[5:10],
            starts,
        ),
    )


def stored_facts(breach: Mapping[str, Any]) -> Facts:
    """The facts of a breach kept at append time; a row written before the facts
    existed keeps its English sentence as the fact ``text``."""
    if "params" in breach:
        return from_params(breach["params"])
    return facts(text=str(breach.get("detail", "")))


_state = tuple.__new__
_PLAY, _DONE = Phase.PLAY, Phase.DONE
_TABLE_FACTS = frozenset(get_args(Action))
assert GameState._fields[:5] == ("meta", "game", "version", "position", "status")
assert GameState._fields[10:] == ("deal_versions",), "the tuple built by _table"


def _created(state: GameState, entry: Entry, record: log.GameCreated) -> GameState:
    try:
        profile = game_profile(record.profile)
    except ValueError as e:
        return _flag(state, entry, "bad-profile", facts(error=str(e)))
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
        record.deals,
    )
    game = Game.start(profile, record.first_dealer, target, record.deals)
    return state._replace(meta=meta, game=game, version=entry.version, position=entry.position)


def _ruling(state: GameState, entry: Entry, record: log.RulingIssued) -> GameState:
    ruling, _problem = ruling_of(state, entry.version, record)
    assert ruling is not None and state.game is not None  # log_problem found none
    rulings = (*state.rulings, ruling)
    game = state.game.rescored(ruled_marks(state, rulings))
    return state._replace(
        game=game,
        rulings=rulings,
        version=entry.version,
        position=entry.position,
        status="finished" if game.over else "live",
    )


def _voided(state: GameState, entry: Entry, record: log.EventVoided, log_: Log) -> GameState:
    voided = state.voided | {record.version}
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
        if isinstance(log_, Stored):
            raise HistoryNotLoaded(f"entries 1 to {log_.version} are not loaded")
        yield log_[0]
        log_ = log_[1]


def history_needed(log_: Log, entries: Iterable[Entry | str]) -> int | None:
    """The version up to which ``log_`` must be loaded before ``entries`` (or event types)
    are folded: only a void replays the history. None when nothing is missing."""
    end = log_
    while isinstance(end, tuple):
        end = end[1]
    if not isinstance(end, Stored):
        return None
    types = (e if isinstance(e, str) else e.type for e in entries)
    return end.version if any(t == "EventVoided" for t in types) else None


def with_history(log_: Log, history: Sequence[Entry]) -> Log:
    """``log_`` with its :class:`Stored` end replaced by ``history`` (oldest first)."""
    recent: list[Entry] = []
    while isinstance(log_, tuple):
        recent.append(log_[0])
        log_ = log_[1]
    rebuilt: Log = None
    for entry in history:
        rebuilt = (entry, rebuilt)
    for entry in reversed(recent):
        rebuilt = (entry, rebuilt)
    return rebuilt


def _oldest_first(log_: Log) -> list[Entry]:
    out = list(_newest_first(log_))
    out.reverse()
    return out


def fold(
    entries: Iterable[Entry], upto: Upto | None = None, start: tuple[GameState, Log] = (EMPTY, None)
) -> tuple[GameState, Log]:
    """Fold entries from ``start`` up to ``upto``: (state, log of the entries folded).

    Equal to applying :func:`apply` to each entry in turn (a property test holds it),
    but a run of cards that are possible and carry no breach is played on the deal
    alone, and the game and state around it are rebuilt once, at the run's end: 32 of
    a deal's ~40 events take this path."""
    state, log_ = start
    if upto is not None and upto.address is not None:
        return _fold_each(entries, upto, state, log_)
    game: Game | None = None  # the game of a run of cards in progress, its deal stale
    deal: Any = None  # that run's deal, up to date
    last: Entry | None = None  # the run's last entry
    for entry in entries:
        if upto is not None and upto.before(entry):
            break
        record = entry.record
        if type(record) is CardPlayed and not entry.breaches:
            on = deal if game is not None else _deal_in_play(state)
            if on is not None:
                card, seat, played = record.card, record.seat, on.played
                if (
                    not (played[0] | played[1] | played[2] | played[3]) >> card & 1
                    and seat == on.turn
                    and (on.hands is None or on.hands[seat] >> card & 1)
                ):
                    if game is None:
                        game = state.game
                        assert game is not None
                    deal = on._play(seat, card)
                    last = entry
                    log_ = (entry, log_)
                    if deal.phase is _DONE:
                        state, game = _end_of_run(state, game, deal, entry), None
                    continue
        if game is not None:
            assert last is not None
            state, game = _end_of_run(state, game, deal, last), None
        state = apply(state, entry, log_)
        log_ = (entry, log_)
    if game is not None:
        assert last is not None
        state = _end_of_run(state, game, deal, last)
    return state, log_


def _fold_each(
    entries: Iterable[Entry], upto: Upto, state: GameState, log_: Log
) -> tuple[GameState, Log]:
    """:func:`fold` one entry at a time: stopping at an address needs every state."""
    address = upto.address
    assert address is not None
    for entry in entries:
        if upto.before(entry):
            break
        state = apply(state, entry, log_)
        log_ = (entry, log_)
        if reached(state, address):
            break
    return state, log_


def _deal_in_play(state: GameState) -> Any:
    """The deal a card would be played on by :func:`apply`'s hot path (a live game in
    its play), or None."""
    game = state.game
    if game is None or state.meta is None or state.status == "abandoned":
        return None
    deal = game.deal
    return deal if deal is not None and deal.phase is _PLAY else None


def _end_of_run(state: GameState, game: Game, deal: Any, last: Entry) -> GameState:
    """The state after a run of cards played on ``deal`` (as :func:`_table` builds it)."""
    new = game._deal_over(deal) if deal.phase is _DONE else game._in_deal(deal)
    return _state(
        GameState,
        (
            state.meta,
            new,
            last.version,
            last.position,
            "finished" if new.over else "live",
            *state[5:],
        ),
    )


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
