"""Replaying a recorded game: the tolerant step and the full audit.

A recorded game may hold mistakes (``record`` mode, paper sheets, old archives).
:func:`step` judges an action and applies it as it happened when that makes
sense; an impossible event that cannot be applied (a card played twice, a call
after the auction closed…) is skipped and reported, so one bad line never hides
the rest of the game (the scalachess ``Replay`` habit).

:func:`audit` replays every deal knowing all four hands, recorded at the deal's
start or revealed by its 32 cards, so every card is checked against the hand it
came from, even when the hands were not recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.actions import Action, CardPlayed, Claimed, DealStarted, DealSummarized
from rules.cards import Card
from rules.claims import unsound_claim
from rules.deal import Phase
from rules.game import Game
from rules.judge import judge, judge_card, judge_possible
from rules.profiles import Profile
from rules.seats import Seat
from rules.verdict import Facts, Severity, Verdict

APPLIED_IMPOSSIBLE = frozenset({"out-of-turn"})
"""Impossible events that still happened at the table and are applied (cards only)."""


def step(game: Game, action: Action, breaches: bool = True) -> tuple[Game, Verdict, bool]:
    """Judge and apply ``action``: (new game, verdict, applied?). With ``breaches``
    False only impossible events are looked for (the cheap check of a fold)."""
    verdict = judge(game, action) if breaches else judge_possible(game, action)
    if verdict.severity is Severity.IMPOSSIBLE and not (
        verdict.rule in APPLIED_IMPOSSIBLE and isinstance(action, CardPlayed)
    ):
        return game, verdict, False
    return game.apply(action), verdict, True


@dataclass(frozen=True, slots=True)
class Finding:
    """A rule breach or impossible event, at its place in the record."""

    index: int  # 0-based index of the action in the replayed sequence
    deal: int | None
    trick: int | None  # 1-based; None during the auction or outside a deal
    seat: Seat | None
    rule: str
    facts: Facts
    severity: Severity


def _where(game: Game) -> tuple[int | None, int | None]:
    deal = game.deal
    if deal is None or (deal.over and not game.in_deal):
        return None, None
    trick = deal.trick_number if deal.phase is Phase.PLAY else None
    return deal.number, trick


def _revealed(segment: Sequence[Action]) -> tuple[tuple[Card, ...], ...] | None:
    """The four hands of a deal whose 32 cards are all played in ``segment``: each
    seat's eight cards, when every card of the deck is played once."""
    hands: list[list[Card]] = [[], [], [], []]
    for action in segment:
        if type(action) is CardPlayed:
            hands[action.seat].append(action.card)
    if any(len(h) != 8 for h in hands) or len({c for h in hands for c in h}) != 32:
        return None
    return tuple(tuple(h) for h in hands)


def audit(
    profile: Profile,
    first_dealer: Seat,
    actions: Sequence[Action],
    target: int | None = None,
    deals: int | None = None,
) -> tuple[list[Finding], Game]:
    """Every breach of the record, each at its place, and the game as replayed.

    Cards in the middle of a deal take a shortcut that is exactly what
    :func:`step` does for them (``judge`` starts with ``judge_card``; ``Game.apply``
    with ``Deal._play``) without rebuilding the game around each card: audits of
    whole archives spend most of their time here.
    """
    game = Game.start(profile, first_dealer, target, deals)
    findings: list[Finding] = []
    n = len(actions)
    i = 0
    while i < n:
        action = actions[i]
        deal = game.deal
        if type(action) is CardPlayed and deal is not None and deal.phase is _PLAY:
            # the run of cards (and nothing else) inside the current deal
            while True:
                verdict = judge_card(deal, action)
                if not verdict.legal:
                    at_trick = len(deal.tricks) + 1
                    findings.append(
                        Finding(
                            i,
                            deal.number,
                            at_trick,
                            action.seat,
                            verdict.rule,
                            verdict.facts,
                            verdict.severity,
                        )
                    )
                    if (
                        verdict.severity is Severity.IMPOSSIBLE
                        and verdict.rule not in APPLIED_IMPOSSIBLE
                    ):
                        game = game._replace(deal=deal)
                        break  # skipped, as step() would
                after = deal._play(action.seat, action.card)
                if after.phase is not _PLAY:  # the deal ends: let the game score it
                    game = game._replace(deal=deal).apply(action)
                    break
                deal = after
                i += 1
                if i == n:
                    game = game._replace(deal=deal)
                    break
                action = actions[i]
                if type(action) is not CardPlayed:
                    game = game._replace(deal=deal)
                    i -= 1
                    break
            i += 1
            continue
        if isinstance(action, DealStarted) and action.hands is None:
            end = next(
                (
                    j
                    for j in range(i + 1, n)
                    if isinstance(actions[j], DealStarted | DealSummarized)
                ),
                n,
            )
            hands = _revealed(actions[i:end])
            if hands is not None:
                action = replace(action, hands=hands)
        deal_no, trick = _where(game)
        if isinstance(action, Claimed) and deal is not None and deal.phase is _PLAY:
            unsound = unsound_claim(deal, action)
            if unsound is not None:
                findings.append(
                    Finding(
                        i,
                        deal_no,
                        trick,
                        action.seat,
                        "claim-unsound",
                        (
                            ("seat", action.seat.name),
                            ("takes", action.takes.value),
                            *unsound.facts(),
                        ),
                        Severity.BREACH,
                    )
                )
        game, verdict, _applied = step(game, action)
        if not verdict.legal:
            if isinstance(action, DealStarted | DealSummarized):
                deal_no, trick = (len(game.records) + 1, None)
            findings.append(
                Finding(
                    i,
                    deal_no,
                    trick,
                    getattr(action, "seat", None),
                    verdict.rule,
                    verdict.facts,
                    verdict.severity,
                )
            )
        i += 1
    return findings, game


_PLAY = Phase.PLAY
