"""The double-dummy solver: the value of a position when both sides play their best.

The value of a :class:`~analysis.position.Position` is the card points (the
last-trick bonus included, no capot bonus) each team takes from the cards still to
be won, the cards on the table included, when each team plays to maximize its own.
:meth:`Solver.tricks` answers the same question in tricks (a capot is 8 of them).

A :class:`Solver` owns a transposition table (4 MB) that it keeps between calls:
positions met again (the cards after each card of a deal, or the same hands under the
same trump) are answered from it. It is not thread-safe; use one per thread or
process.

The search is alpha-beta with principal variation search and a transposition table
(:mod:`analysis.kernel`). :meth:`Solver.after_each_card` searches each card on a
narrow window around the value of the card before it (an aspiration window), and
again wider only when the value falls outside.

>>> from analysis.position import Position
>>> from rules.cards import mask_of, parse_cards
>>> from rules.contract import Trump
>>> from rules.registry import find_profile
>>> from rules.seats import Seat
>>> hands = tuple(mask_of(parse_cards(h)) for h in (["JH"], ["7S"], ["AS"], ["8S"]))
>>> Solver().value(Position(hands, (), Seat.N, Trump.H, find_profile("ffb")))
(41, 0)
"""

from __future__ import annotations

import numpy as np

from analysis import kernel
from analysis.position import Encoding, Position, encoding, inner_mask, outer_mask
from rules.cards import Card, CardSet, iter_cards
from rules.profiles import Undertrump

TABLE_BITS = 18  # 2**18 entries of 16 bytes: 4 MB, about the same speed as 1 MB or 16 MB
# the half-width of the window a card is first searched on, around the value of the
# card before it (the values of a seat's cards are usually close)
ASPIRATION = 8


class Solver:
    def __init__(self, table_bits: int = TABLE_BITS) -> None:
        # one row of two words per entry (its key; its bounds, best card and question),
        # a bucket of TT_WAYS rows in one 64-byte cache line
        rows = 1 << table_bits
        buf = np.zeros(2 * rows + 8, dtype=np.int64)
        skip = (-buf.ctypes.data % 64) // 8
        self._tt = buf[skip : skip + 2 * rows].reshape(rows, 2)
        self._tt[:, 1] = kernel.NO_QUESTION
        self._question = 0
        self._gens: dict[tuple[object, ...], int] = {}
        # who holds each card in the deal the table's entries belong to (-1: not seen)
        self._holder = [-1] * 32
        self._deal = 0  # that deal's number in this solver, part of every key
        self.nodes = 0  # positions searched since this solver was made

    def value(self, pos: Position) -> tuple[int, int]:
        """Card points North-South and East-West take from ``pos`` on, both playing best."""
        total = pos.remaining_points()
        if pos.done:
            return 0, 0
        ns = self._solve(pos, tricks=False, hi=total, guess=-1)
        self._question += 1
        return ns, total - ns

    def tricks(self, pos: Position) -> tuple[int, int]:
        """The most tricks North-South can take from ``pos`` on, and East-West's rest."""
        total = pos.remaining_tricks()
        if pos.done:
            return 0, 0
        ns = self._solve(pos, tricks=True, hi=total, guess=-1)
        self._question += 1
        return ns, total - ns

    def after_each_card(self, pos: Position) -> dict[Card, tuple[int, int]]:
        """For each legal card of the seat to play, the value of ``pos`` if it plays it
        (points from ``pos`` on, as :meth:`value`)."""
        out: dict[Card, tuple[int, int]] = {}
        guess = -1
        for c in iter_cards(pos.legal()):
            nxt, won, _tricks = pos.play(c)
            if nxt.done:
                ns, ew = 0, 0
            else:
                total = nxt.remaining_points()
                ns = self._solve(nxt, tricks=False, hi=total, guess=guess)
                ew = total - ns
                guess = ns
            out[c] = (ns + won[0], ew + won[1])
        self._question += 1
        return out

    def _config(self, pos: Position, tricks: bool) -> tuple[Encoding, np.ndarray]:
        p = pos.profile
        key = (
            pos.trump,
            p.ta_points,
            p.direction,
            p.overtrump_partner,
            p.ta_beat_partner,
            p.undertrump,
            tricks,
        )
        gen = self._gens.setdefault(key, len(self._gens))
        if gen >= kernel.KEY_RULES:  # every combination of rules has been asked: start again
            self._gens = {key: 0}
            gen = 0
            self._new_deal()
        enc, cfg = self._config_of(pos, tricks, gen)
        cfg[kernel.G_ROUND] = self._question
        cfg[kernel.G_KEY] = kernel.key_base(gen, self._deal_of(pos))
        return enc, cfg

    def _deal_of(self, pos: Position) -> int:
        """The number of ``pos``'s deal in this solver. An entry's key is the cards left,
        the seat to lead, the rules and this number: where the cards left are, the deal
        says. Positions whose hands could belong to one deal share a number."""
        held = [(c, seat) for seat, hand in enumerate(pos.hands) for c in iter_cards(hand)]
        if any(self._holder[c] not in (-1, seat) for c, seat in held):
            self._new_deal()
        for c, seat in held:
            self._holder[c] = seat
        return self._deal

    def _new_deal(self) -> None:
        self._holder = [-1] * 32
        self._deal += 1
        if self._deal >= kernel.KEY_DEALS:  # the key's bits for it are spent: forget all
            self._deal = 0
            self._tt[:, 0] = 0
            self._tt[:, 1] = kernel.NO_QUESTION

    @staticmethod
    def _config_of(pos: Position, tricks: bool, gen: int) -> tuple[Encoding, np.ndarray]:
        p = pos.profile
        enc = encoding(pos.trump, p.ta_points)
        cfg = np.zeros(kernel.CFG_SIZE, dtype=np.int64)
        cfg[kernel.G_TRUMP] = int(pos.trump)
        cfg[kernel.G_STEP] = p.direction.step
        cfg[kernel.G_OVERTRUMP_PARTNER] = p.overtrump_partner
        cfg[kernel.G_TA_BEAT_PARTNER] = p.ta_beat_partner
        cfg[kernel.G_MUST_UNDERTRUMP] = p.undertrump is Undertrump.MUST_UNDERTRUMP
        cfg[kernel.G_TRICKS] = tricks
        cfg[kernel.G_LAST_BONUS] = 10
        return enc, cfg

    def bounded(self, pos: Position, alpha: int, beta: int) -> int:
        """One alpha-beta search of North-South's points on the window (alpha, beta):
        the exact value when it falls inside, else a bound on the side it falls
        (fail-soft). :meth:`value` narrows such searches to the exact value."""
        self._question += 1
        return self._search(pos, tricks=False, alpha=alpha, beta=beta)

    def _search(self, pos: Position, *, tricks: bool, alpha: int, beta: int) -> int:
        enc, cfg = self._config(pos, tricks)
        h = np.array([inner_mask(x, enc) for x in pos.hands], dtype=np.int64)
        pts = np.array(enc.points, dtype=np.int64)
        table, lead, bestc, bests, tp = _trick(pos, enc)
        stats = np.zeros(1, dtype=np.int64)
        value = kernel.search(
            h, table, len(pos.trick), int(pos.turn), lead, bestc, bests, tp, alpha, beta,
            pts, cfg, self._tt, stats,
        )  # fmt: skip
        self.nodes += int(stats[0])
        return int(value)

    def _solve(self, pos: Position, *, tricks: bool, hi: int, guess: int) -> int:
        enc, cfg = self._config(pos, tricks)
        h = np.array([inner_mask(x, enc) for x in pos.hands], dtype=np.int64)
        pts = np.array(enc.points, dtype=np.int64)
        table, lead, bestc, bests, tp = _trick(pos, enc)
        stats = np.zeros(1, dtype=np.int64)
        value = kernel.aspire(
            h, table, len(pos.trick), int(pos.turn), lead, bestc, bests, tp, hi, guess,
            ASPIRATION, pts, cfg, self._tt, stats,
        )  # fmt: skip
        self.nodes += int(stats[0])
        return int(value)


def _trick(pos: Position, enc: Encoding) -> tuple[int, int, int, int, int]:
    """The trick on the table in the kernel's terms: its cards, the led card, the card
    and seat holding it, its points."""
    table = lead = bestc = bests = tp = 0
    for i, (s, c) in enumerate(pos.trick):
        ic = enc.inner[c]
        table |= 1 << ic
        tp += enc.points[ic]
        if i == 0:
            lead, bestc, bests = ic, ic, int(s)
        elif (ic >> 3 == bestc >> 3 and ic > bestc) or (
            ic >> 3 != bestc >> 3 and pos.trump.is_suit and ic >> 3 == pos.trump
        ):  # kernel.beats, without a call into compiled code
            bestc, bests = ic, int(s)
    return table, lead, bestc, bests, tp


def compiled_legal(pos: Position) -> CardSet:
    """The legal cards of the seat to play as the compiled search sees them (its
    agreement with :func:`rules.play.legal_cards` is a property test)."""
    enc, cfg = Solver._config_of(pos, tricks=False, gen=0)
    _table, lead, bestc, bests, _tp = _trick(pos, enc)
    hand = inner_mask(pos.hands[pos.turn], enc)
    found = kernel.legal(hand, len(pos.trick), lead, bestc, bests, int(pos.turn), cfg)
    return outer_mask(int(found), enc)
