"""The compiled heart of the solver: legal moves and an alpha-beta search on bit masks.

Everything here runs under numba (compiled to machine code on first use, the result
cached on disk so that later processes load it in about a second). Cards are in the
solver's own encoding: ``suit * 8 + strength`` where strength is the card's order in
its suit under the contract's trump (0 the weakest), so "the cards above this one" is
one shift and "does it beat the trick" is one comparison; :mod:`analysis.position`
translates from :mod:`rules.cards`.

A search value is the card points North-South take from the position on (the cards
already on the table included, the last-trick bonus included), or their tricks in the
tricks mode. East-West's value is the rest.

The transposition table holds positions at trick boundaries. An entry is two words:
its key (the cards left, the seat to lead, and ``cfg[G_KEY]``: the solver's number for
the deal, which says who holds each of those cards, and for the rules asked about)
and its data (lower and upper bounds on the value, the best card found, the question
it was last used for). Four entries make a bucket, one cache line: a probe costs one
memory access. A bound serves every later search (narrower windows, other first
cards, other questions on the same deal and rules); a full bucket gives up an entry
of an older question first, else the one with the fewest cards left.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

SUITS = np.array([0xFF << (8 * s) for s in range(4)], dtype=np.int64)

# cfg slots
G_TRUMP = 0  # 0-3 a suit, 4 SA, 5 TA
G_STEP = 1  # 1 clockwise, 3 counterclockwise
G_OVERTRUMP_PARTNER = 2
G_TA_BEAT_PARTNER = 3
G_MUST_UNDERTRUMP = 4
G_TRICKS = 5  # 1: count tricks instead of points
G_KEY = 6  # the key bits of the deal and the question's rules (see Solver)
G_LAST_BONUS = 7
G_ROUND = 8  # the caller's question: entries of older questions are replaced first
CFG_SIZE = 9

TT_WAYS = 4  # the entries of a bucket: 4 x 16 bytes, one cache line
# an entry's data word: lower bound (9 bits), upper bound (9 bits), best card + 1 (6
# bits), question (the rest); its key word: the cards left (32 bits), the seat to lead
# (2), the rules (8), the deal (21)
UNKNOWN = 0x1FF  # an upper bound not yet known
QUESTION_SHIFT = 24
NO_QUESTION = -1 << QUESTION_SHIFT  # the data word of an empty entry
KEY_RULES_SHIFT = 34
KEY_RULES = 1 << 8  # the solver's numbers for combinations of rules
KEY_DEAL_SHIFT = 42
KEY_DEALS = 1 << 21  # the solver's numbers for deals


def key_base(rules: int, deal: int) -> int:
    """``cfg[G_KEY]``: the key bits of the rules' and the deal's numbers."""
    return (rules << KEY_RULES_SHIFT) | (deal << KEY_DEAL_SHIFT)


@intrinsic
def _cttz(typingctx, x):  # type: ignore[no-untyped-def]  # pragma: no cover - compiled
    """The processor's count of trailing zero bits (one instruction where there is one)."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], cgutils.true_bit)  # zero is never asked

    return types.int64(types.int64), codegen


@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]  # pragma: no cover - compiled
    """The processor's count of set bits."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@njit(cache=True)
def low_index(x: int) -> int:  # pragma: no cover - compiled
    """Index of the lowest set bit of a non-zero mask."""
    return _cttz(np.int64(x))  # type: ignore[call-arg]


@njit(cache=True)
def popcount(x: int) -> int:  # pragma: no cover - compiled
    return _ctpop(np.int64(x))  # type: ignore[call-arg]


@njit(cache=True)
def above(c: int) -> int:  # pragma: no cover - compiled
    """The cards of ``c``'s suit stronger than ``c``."""
    return SUITS[c >> 3] & ~((2 << c) - 1)


@njit(cache=True)
def beats(new: int, best: int, trump: int) -> bool:  # pragma: no cover - compiled
    """Does ``new`` take the trick from ``best``? (At SA and TA only the led suit wins.)"""
    if new >> 3 == best >> 3:
        return new > best
    return trump <= 3 and new >> 3 == trump


@njit(cache=True)
def legal(
    hand: int, n: int, lead: int, bestc: int, bests: int, seat: int, cfg: np.ndarray
) -> int:  # pragma: no cover - compiled
    """The cards of ``hand`` that ``seat`` may play on a trick of ``n`` cards led by
    ``lead`` and held by ``bestc`` of ``bests``: :func:`rules.play.legal_with` on masks."""
    if n == 0 or hand == 0:
        return hand
    trump = cfg[G_TRUMP]
    led = lead >> 3
    follow = hand & SUITS[led]
    if trump == 4:
        return follow if follow else hand
    partner_holds = bests == (seat ^ 2)
    if trump != 5 and led != trump:
        if follow:
            return follow
        trumps = hand & SUITS[trump]
        if trumps == 0 or partner_holds:
            return hand
        if bestc >> 3 == trump:
            higher = trumps & above(bestc)
            if higher:
                return higher
            return trumps if cfg[G_MUST_UNDERTRUMP] else hand
        return trumps
    if follow == 0:
        return hand
    if partner_holds:
        exempt = cfg[G_TA_BEAT_PARTNER] == 0 if trump == 5 else cfg[G_OVERTRUMP_PARTNER] == 0
        if exempt:
            return follow
    higher = follow & above(bestc)
    return higher if higher else follow


@njit(cache=True)
def last_trick(
    h: np.ndarray, leader: int, pts: np.ndarray, cfg: np.ndarray
) -> int:  # pragma: no cover
    """North-South's value of the last trick (one card in each hand: no choice left)."""
    step = cfg[G_STEP]
    trump = cfg[G_TRUMP]
    seat = leader
    bestc = low_index(h[seat])
    bests = seat
    total = pts[bestc]
    for _ in range(3):
        seat = (seat + step) & 3
        c = low_index(h[seat])
        total += pts[c]
        if beats(c, bestc, trump):
            bestc = c
            bests = seat
    if bests & 1:
        return 0
    if cfg[G_TRICKS]:
        return 1
    return total + cfg[G_LAST_BONUS]


@njit(cache=True)
def _probe(key: int, tt: np.ndarray) -> int:  # pragma: no cover - compiled
    """The row of the entry of this position, else ``-1 - first row of its bucket``."""
    x = key * 0x9E3779B97F4A7C15
    base = ((x >> 32) & (tt.shape[0] // TT_WAYS - 1)) * TT_WAYS
    for i in range(base, base + TT_WAYS):
        if tt[i, 0] == key:
            return i
    return -1 - base


@njit(cache=True)
def _bounds(w: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """The lower and upper bounds of an entry's data word."""
    return w & UNKNOWN, (w >> 9) & UNKNOWN


@njit(cache=True)
def _victim(base: int, question: int, tt: np.ndarray) -> int:  # pragma: no cover - compiled
    """The entry of a bucket to replace: one of an older question, else the one with the
    fewest cards left (the cheapest to search again)."""
    best = base
    fewest = 99
    for i in range(base, base + TT_WAYS):
        if tt[i, 1] >> QUESTION_SHIFT != question:
            return i
        cards = popcount(tt[i, 0] & 0xFFFFFFFF)
        if cards < fewest:
            fewest = cards
            best = i
    return best


@njit(cache=True)
def _order(
    moves: np.ndarray,
    count: int,
    h: np.ndarray,
    alive: int,
    n: int,
    bestc: int,
    bests: int,
    seat: int,
    hint: int,
    pts: np.ndarray,
    cfg: np.ndarray,
    scores: np.ndarray,
) -> None:  # pragma: no cover - compiled
    """Sort the candidate cards, likeliest best first (insertion sort on a score)."""
    trump = cfg[G_TRUMP]
    others = alive & ~h[seat]
    for i in range(count):
        c = moves[i]
        p = pts[c]
        if c == hint:
            s = 10_000
        elif n == 0:
            master = others & above(c) == 0  # the master of its suit
            s = 200 + p if master else 50 - p - (c & 7)
        elif beats(c, bestc, trump):
            s = 300 + p if n == 3 or others & above(c) == 0 else 150 - (c & 7)
        elif bests == (seat ^ 2):
            s = 100 + p
        else:
            s = -p - (c & 7)
        scores[i] = s
    for i in range(1, count):
        c = moves[i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < s:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = c
        scores[j + 1] = s


MAX_PLIES = 40
# the columns of a search frame
F_TABLE = 0
F_N = 1
F_SEAT = 2
F_LEAD = 3
F_BESTC = 4
F_BESTS = 5
F_TP = 6
F_ALPHA = 7
F_BETA = 8
F_A0 = 9
F_B0 = 10
F_BEST = 11
F_MOVE = 12
F_GAIN = 13
F_SLOT = 14
F_KEY = 15
F_CUR = 16
F_I = 17
F_COUNT = 18
F_REM = 19
F_NULL = 20
F_AGAIN = 21
F_RA = 22
F_RB = 23
F_FIELDS = 24


@njit(cache=True)
def search(
    h: np.ndarray,
    table0: int,
    n0: int,
    seat0: int,
    lead0: int,
    bestc0: int,
    bests0: int,
    tp0: int,
    alpha0: int,
    beta0: int,
    pts: np.ndarray,
    cfg: np.ndarray,
    tt: np.ndarray,
    stats: np.ndarray,
) -> int:  # pragma: no cover - compiled
    """Fail-soft alpha-beta with principal variation search: North-South's value of the
    position (see the module) on the window (``alpha0``, ``beta0``).

    After the first card of a node, the others are first asked the cheaper question "is
    it better?" on a null window, and searched on the full window only when it is.
    Iterative, one frame per card played (numba cannot cache a recursive function)."""
    tricks_mode = cfg[G_TRICKS] != 0
    step = cfg[G_STEP]
    trump = cfg[G_TRUMP]
    keybase = cfg[G_KEY]
    bonus = cfg[G_LAST_BONUS]
    question = cfg[G_ROUND] & ((1 << (63 - QUESTION_SHIFT)) - 1)
    # frame state: one row per frame, one column per field (F_...)
    fr = np.zeros((MAX_PLIES, F_FIELDS), dtype=np.int64)
    f_moves = np.zeros((MAX_PLIES, 8), dtype=np.int64)
    killer = np.full(MAX_PLIES, -1, dtype=np.int64)  # the last card that cut at each ply
    scores = np.zeros(8, dtype=np.int64)
    rem0 = 0
    every = h[0] | h[1] | h[2] | h[3]
    while every:
        rem0 += pts[low_index(every)]
        every &= every - 1
    fr[0, F_REM] = rem0

    d = 0
    fr[0, F_TABLE] = table0
    fr[0, F_N] = n0
    fr[0, F_SEAT] = seat0
    fr[0, F_LEAD] = lead0
    fr[0, F_BESTC] = bestc0
    fr[0, F_BESTS] = bests0
    fr[0, F_TP] = tp0
    fr[0, F_ALPHA] = alpha0
    fr[0, F_BETA] = beta0
    fr[0, F_GAIN] = 0
    entering = True
    value = 0
    while True:
        if entering:
            # -- enter frame d: a value at once, or its candidate cards
            stats[0] += 1
            entering = False
            n = fr[d, F_N]
            seat = fr[d, F_SEAT]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            fr[d, F_SLOT] = -1
            hint = killer[d]
            done = False
            live = h[0] | h[1] | h[2] | h[3]
            # the most North-South can still take (the trick on the table included)
            most = popcount(h[seat]) if tricks_mode else fr[d, F_TP] + bonus + fr[d, F_REM]
            if live != 0 and most <= alpha:
                value = most  # even every point left cannot lift North-South above alpha
                done = True
            elif live != 0 and beta <= 0:
                value = 0
                done = True
            elif n == 0:
                if live == 0:
                    value = 0
                    done = True
                elif h[seat] & (h[seat] - 1) == 0:
                    value = last_trick(h, seat, pts, cfg)
                    done = True
                else:
                    key = live | (seat << 32) | keybase
                    fr[d, F_KEY] = key
                    slot = _probe(key, tt)
                    fr[d, F_SLOT] = slot
                    if slot >= 0:
                        w = tt[slot, 1]
                        lo, hi = _bounds(w)
                        if lo >= beta:
                            value = lo
                            done = True
                        elif hi <= alpha:
                            value = hi
                            done = True
                        elif lo == hi:
                            value = lo  # known exactly
                            done = True
                        else:
                            if lo > alpha:
                                alpha = lo
                            if hi < beta:
                                beta = hi
                            hint = ((w >> 18) & 0x3F) - 1
            if not done:
                fr[d, F_ALPHA] = alpha
                fr[d, F_BETA] = beta
                fr[d, F_A0] = alpha
                fr[d, F_B0] = beta
                table = fr[d, F_TABLE]
                alive = h[0] | h[1] | h[2] | h[3] | table
                hand = h[seat]
                allowed = legal(hand, n, fr[d, F_LEAD], fr[d, F_BESTC], fr[d, F_BESTS], seat, cfg)
                count = 0
                rest = allowed
                while rest:
                    c = low_index(rest)
                    rest &= rest - 1
                    up = alive & above(c)
                    if up:
                        nxt = low_index(up)
                        if hand >> nxt & 1 and (tricks_mode or pts[nxt] == pts[c]):
                            continue  # the next card up is ours and worth the same
                    f_moves[d, count] = c
                    count += 1
                _order(
                    f_moves[d], count, h, alive, n, fr[d, F_BESTC], fr[d, F_BESTS], seat, hint,
                    pts, cfg, scores,
                )  # fmt: skip
                fr[d, F_COUNT] = count
                fr[d, F_I] = 0
                fr[d, F_BEST] = -1 if seat & 1 == 0 else 1 << 20
                fr[d, F_MOVE] = -1
                fr[d, F_AGAIN] = 0
        else:
            done = False
            # -- back from a child: its value is in ``value``
            seat = fr[d, F_SEAT]
            c = fr[d, F_CUR]
            h[seat] ^= 1 << c
            again = False
            if fr[d, F_NULL]:
                fr[d, F_NULL] = 0
                a = fr[d, F_ALPHA]
                b = fr[d, F_BETA]
                if a < value < b:
                    # the null window says "better", by how much it does not say: ask again
                    again = True
                    fr[d, F_AGAIN] = 1
                    fr[d, F_I] -= 1
                    if seat & 1 == 0:
                        fr[d, F_RA] = value - 1
                        fr[d, F_RB] = b
                    else:
                        fr[d, F_RA] = a
                        fr[d, F_RB] = value + 1
            if not again:
                if seat & 1 == 0:
                    if value > fr[d, F_BEST]:
                        fr[d, F_BEST] = value
                        fr[d, F_MOVE] = c
                        if value > fr[d, F_ALPHA]:
                            fr[d, F_ALPHA] = value
                else:
                    if value < fr[d, F_BEST]:
                        fr[d, F_BEST] = value
                        fr[d, F_MOVE] = c
                        if value < fr[d, F_BETA]:
                            fr[d, F_BETA] = value
                if fr[d, F_ALPHA] >= fr[d, F_BETA]:
                    killer[d] = c
        if not done:
            # -- next card of frame d, or its value
            i = fr[d, F_I]
            if i < fr[d, F_COUNT] and fr[d, F_ALPHA] < fr[d, F_BETA]:
                fr[d, F_I] = i + 1
                seat = fr[d, F_SEAT]
                n = fr[d, F_N]
                c = f_moves[d, i]
                fr[d, F_CUR] = c
                bit = 1 << c
                h[seat] ^= bit
                ca = fr[d, F_ALPHA]
                cb = fr[d, F_BETA]
                if fr[d, F_AGAIN]:
                    fr[d, F_AGAIN] = 0
                    ca = fr[d, F_RA]
                    cb = fr[d, F_RB]
                elif i > 0 and cb - ca > 1:
                    fr[d, F_NULL] = 1
                    if seat & 1 == 0:
                        cb = ca + 1
                    else:
                        ca = cb - 1
                if n == 0:
                    nlead = c
                    nbc = c
                    nbs = seat
                else:
                    nlead = fr[d, F_LEAD]
                    if beats(c, fr[d, F_BESTC], trump):
                        nbc = c
                        nbs = seat
                    else:
                        nbc = fr[d, F_BESTC]
                        nbs = fr[d, F_BESTS]
                ntp = fr[d, F_TP] + pts[c]
                e = d + 1
                fr[e, F_REM] = fr[d, F_REM] - pts[c]
                if n == 3:
                    if tricks_mode:
                        gained = 1
                    else:
                        gained = ntp
                        if h[0] | h[1] | h[2] | h[3] == 0:
                            gained += bonus
                    if nbs & 1:
                        gained = 0
                    fr[e, F_TABLE] = 0
                    fr[e, F_N] = 0
                    fr[e, F_SEAT] = nbs
                    fr[e, F_TP] = 0
                    fr[e, F_GAIN] = gained
                    fr[e, F_ALPHA] = ca - gained
                    fr[e, F_BETA] = cb - gained
                else:
                    fr[e, F_TABLE] = fr[d, F_TABLE] | bit
                    fr[e, F_N] = n + 1
                    fr[e, F_SEAT] = (seat + step) & 3
                    fr[e, F_LEAD] = nlead
                    fr[e, F_BESTC] = nbc
                    fr[e, F_BESTS] = nbs
                    fr[e, F_TP] = ntp
                    fr[e, F_GAIN] = 0
                    fr[e, F_ALPHA] = ca
                    fr[e, F_BETA] = cb
                d = e
                entering = True
                continue
            # all cards tried, or a cut-off: store and return
            value = fr[d, F_BEST]
            if fr[d, F_N] == 0:
                slot = fr[d, F_SLOT]
                key = fr[d, F_KEY]
                if slot >= 0 and tt[slot, 0] != key:
                    # a deeper position took this entry's place meanwhile: look again
                    slot = _probe(key, tt)
                if slot < 0:
                    slot = _victim(-1 - slot, question, tt)
                    tt[slot, 0] = key
                    lo, hi = 0, UNKNOWN
                else:
                    lo, hi = _bounds(tt[slot, 1])
                if value <= fr[d, F_A0]:
                    if value < hi:
                        hi = value
                elif value >= fr[d, F_B0]:
                    if value > lo:
                        lo = value
                else:
                    lo = value
                    hi = value
                move = fr[d, F_MOVE] + 1
                tt[slot, 1] = lo | (hi << 9) | (move << 18) | (question << QUESTION_SHIFT)
        # -- return ``value`` from frame d to its parent
        if d == 0:
            return value
        value += fr[d, F_GAIN]
        d -= 1


@njit(cache=True)
def aspire(
    h: np.ndarray,
    table: int,
    n: int,
    seat: int,
    lead: int,
    bestc: int,
    bests: int,
    tp: int,
    hi: int,
    guess: int,
    width: int,
    pts: np.ndarray,
    cfg: np.ndarray,
    tt: np.ndarray,
    stats: np.ndarray,
) -> int:  # pragma: no cover - compiled
    """The exact value in ``[0, hi]``: one search on ``guess`` ± ``width`` (an aspiration
    window), searched again on the side it fell out of, if it did. ``guess < 0``: one
    search on the full window."""
    if guess < 0:
        a, b = -1, hi + 1
    else:
        a, b = guess - width, guess + width
    while True:
        v = search(h, table, n, seat, lead, bestc, bests, tp, a, b, pts, cfg, tt, stats)
        if v <= a:
            a, b = -1, v + 1
        elif v >= b:
            a, b = v - 1, hi + 1
        else:
            return v
