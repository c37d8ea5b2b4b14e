"""The compiled heart of the solver: legal moves and an alpha-beta search on bit masks.

Everything here runs under numba (compiled to machine code on first use, the result
cached on disk so that later processes load it in about a second). Cards are in the
solver's own encoding: ``suit * 8 + strength`` where strength is the card's order in
its suit under the contract's trump (0 the weakest), so "the cards above this one" is
one shift and "does it beat the trick" is one comparison; :mod:`analysis.position`
translates from :mod:`rules.cards`.

A search value is the card points North-South take from the position on (the cards
already on the table included, the last-trick bonus included), or their tricks in the
tricks mode. East-West's value is the rest. The transposition table is keyed by the
four hands and the seat to lead at trick boundaries, and stores bounds, so it serves
the null-window searches of :func:`mtd` and every later search with the same trump
and rules (a generation number, ``cfg[G_GEN]``, retires the entries otherwise).
"""

from __future__ import annotations

import numpy as np
from numba import njit

SUITS = np.array([0xFF << (8 * s) for s in range(4)], dtype=np.int64)

# cfg slots
G_TRUMP = 0  # 0-3 a suit, 4 SA, 5 TA
G_STEP = 1  # 1 clockwise, 3 counterclockwise
G_OVERTRUMP_PARTNER = 2
G_TA_BEAT_PARTNER = 3
G_MUST_UNDERTRUMP = 4
G_TRICKS = 5  # 1: count tricks instead of points
G_GEN = 6
G_LAST_BONUS = 7
G_ROUND = 8  # the caller's question: entries of older questions are replaced first
CFG_SIZE = 9

TT_WAYS = 4
EMPTY = -1


@njit(cache=True)
def low_index(x: int) -> int:  # pragma: no cover - compiled
    """Index of the lowest set bit of a non-zero 32-bit mask."""
    i = 0
    if x & 0xFFFF == 0:
        x >>= 16
        i += 16
    if x & 0xFF == 0:
        x >>= 8
        i += 8
    if x & 0xF == 0:
        x >>= 4
        i += 4
    if x & 0x3 == 0:
        x >>= 2
        i += 2
    if x & 0x1 == 0:
        i += 1
    return i


@njit(cache=True)
def popcount(x: int) -> int:  # pragma: no cover - compiled
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


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
def _slot(
    k1: int, k2: int, tag: int, tk1: np.ndarray, tk2: np.ndarray, ttag: np.ndarray
) -> int:  # pragma: no cover - compiled
    mask = tk1.shape[0] - 1
    x = (k1 * 0x1E3779B97F4A7C15) ^ (k2 * 0x42B2AE3D27D4EB4F) ^ (tag * 0x165667B19E3779F9)
    base = (x >> 29) & mask
    for i in range(TT_WAYS):
        idx = (base + i) & mask
        if ttag[idx] == tag and tk1[idx] == k1 and tk2[idx] == k2:
            return idx
    return -1 - base


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
    tk1: np.ndarray,
    tk2: np.ndarray,
    ttag: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmv: np.ndarray,
    tround: np.ndarray,
    stats: np.ndarray,
) -> int:  # pragma: no cover - compiled
    """Fail-soft alpha-beta: North-South's value of the position (see the module).

    Iterative, one frame per card played (numba cannot cache a recursive function)."""
    tricks_mode = cfg[G_TRICKS] != 0
    step = cfg[G_STEP]
    trump = cfg[G_TRUMP]
    gen = cfg[G_GEN]
    bonus = cfg[G_LAST_BONUS]
    tmask = tk1.shape[0] - 1
    # frame state
    f_table = np.zeros(MAX_PLIES, dtype=np.int64)
    f_n = np.zeros(MAX_PLIES, dtype=np.int64)
    f_seat = np.zeros(MAX_PLIES, dtype=np.int64)
    f_lead = np.zeros(MAX_PLIES, dtype=np.int64)
    f_bestc = np.zeros(MAX_PLIES, dtype=np.int64)
    f_bests = np.zeros(MAX_PLIES, dtype=np.int64)
    f_tp = np.zeros(MAX_PLIES, dtype=np.int64)
    f_alpha = np.zeros(MAX_PLIES, dtype=np.int64)
    f_beta = np.zeros(MAX_PLIES, dtype=np.int64)
    f_a0 = np.zeros(MAX_PLIES, dtype=np.int64)
    f_b0 = np.zeros(MAX_PLIES, dtype=np.int64)
    f_best = np.zeros(MAX_PLIES, dtype=np.int64)
    f_move = np.zeros(MAX_PLIES, dtype=np.int64)
    f_gain = np.zeros(MAX_PLIES, dtype=np.int64)
    f_slot = np.zeros(MAX_PLIES, dtype=np.int64)
    f_k1 = np.zeros(MAX_PLIES, dtype=np.int64)
    f_k2 = np.zeros(MAX_PLIES, dtype=np.int64)
    f_tag = np.zeros(MAX_PLIES, dtype=np.int64)
    f_cur = np.zeros(MAX_PLIES, dtype=np.int64)
    f_i = np.zeros(MAX_PLIES, dtype=np.int64)
    f_count = np.zeros(MAX_PLIES, dtype=np.int64)
    f_moves = np.zeros((MAX_PLIES, 8), dtype=np.int64)
    f_rem = np.zeros(MAX_PLIES, dtype=np.int64)  # points still in the hands
    killer = np.full(MAX_PLIES, -1, dtype=np.int64)  # the last card that cut at each ply
    scores = np.zeros(8, dtype=np.int64)
    rem0 = 0
    every = h[0] | h[1] | h[2] | h[3]
    while every:
        low = every & -every
        every ^= low
        rem0 += pts[low_index(low)]
    f_rem[0] = rem0

    d = 0
    f_table[0] = table0
    f_n[0] = n0
    f_seat[0] = seat0
    f_lead[0] = lead0
    f_bestc[0] = bestc0
    f_bests[0] = bests0
    f_tp[0] = tp0
    f_alpha[0] = alpha0
    f_beta[0] = beta0
    f_gain[0] = 0
    entering = True
    value = 0
    while True:
        if entering:
            # -- enter frame d: a value at once, or its candidate cards
            stats[0] += 1
            entering = False
            n = f_n[d]
            seat = f_seat[d]
            alpha = f_alpha[d]
            beta = f_beta[d]
            f_slot[d] = -1
            hint = killer[d]
            done = False
            live = h[0] | h[1] | h[2] | h[3]
            # the most North-South can still take (the trick on the table included)
            most = popcount(h[seat]) if tricks_mode else f_tp[d] + bonus + f_rem[d]
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
                    k1 = h[0] | (h[1] << 32)
                    k2 = h[2] | (h[3] << 32)
                    tag = gen * 4 + seat
                    f_k1[d] = k1
                    f_k2[d] = k2
                    f_tag[d] = tag
                    slot = _slot(k1, k2, tag, tk1, tk2, ttag)
                    f_slot[d] = slot
                    if slot >= 0:
                        lo = int(tlo[slot])
                        hi = int(thi[slot])
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
                            hint = int(tmv[slot])
            if not done:
                f_alpha[d] = alpha
                f_beta[d] = beta
                f_a0[d] = alpha
                f_b0[d] = beta
                table = f_table[d]
                alive = h[0] | h[1] | h[2] | h[3] | table
                hand = h[seat]
                allowed = legal(hand, n, f_lead[d], f_bestc[d], f_bests[d], seat, cfg)
                count = 0
                rest = allowed
                while rest:
                    low = rest & -rest
                    rest ^= low
                    c = low_index(low)
                    up = alive & above(c)
                    if up:
                        nxt = up & -up
                        if hand & nxt and (tricks_mode or pts[low_index(nxt)] == pts[c]):
                            continue  # the next card up is ours and worth the same
                    f_moves[d, count] = c
                    count += 1
                _order(
                    f_moves[d], count, h, alive, n, f_bestc[d], f_bests[d], seat, hint, pts, cfg,
                    scores,
                )  # fmt: skip
                f_count[d] = count
                f_i[d] = 0
                f_best[d] = -1 if seat & 1 == 0 else 1 << 20
                f_move[d] = -1
        else:
            done = False
            # -- back from a child: its value is in ``value``
            seat = f_seat[d]
            c = f_cur[d]
            h[seat] ^= 1 << c
            if seat & 1 == 0:
                if value > f_best[d]:
                    f_best[d] = value
                    f_move[d] = c
                    if value > f_alpha[d]:
                        f_alpha[d] = value
            else:
                if value < f_best[d]:
                    f_best[d] = value
                    f_move[d] = c
                    if value < f_beta[d]:
                        f_beta[d] = value
            if f_alpha[d] >= f_beta[d]:
                killer[d] = c
        if not done:
            # -- next card of frame d, or its value
            i = f_i[d]
            if i < f_count[d] and f_alpha[d] < f_beta[d]:
                f_i[d] = i + 1
                seat = f_seat[d]
                n = f_n[d]
                c = f_moves[d, i]
                f_cur[d] = c
                bit = 1 << c
                h[seat] ^= bit
                if n == 0:
                    nlead = c
                    nbc = c
                    nbs = seat
                else:
                    nlead = f_lead[d]
                    if beats(c, f_bestc[d], trump):
                        nbc = c
                        nbs = seat
                    else:
                        nbc = f_bestc[d]
                        nbs = f_bests[d]
                ntp = f_tp[d] + pts[c]
                e = d + 1
                f_rem[e] = f_rem[d] - pts[c]
                if n == 3:
                    if tricks_mode:
                        gained = 1
                    else:
                        gained = ntp
                        if h[0] | h[1] | h[2] | h[3] == 0:
                            gained += bonus
                    if nbs & 1:
                        gained = 0
                    f_table[e] = 0
                    f_n[e] = 0
                    f_seat[e] = nbs
                    f_tp[e] = 0
                    f_gain[e] = gained
                    f_alpha[e] = f_alpha[d] - gained
                    f_beta[e] = f_beta[d] - gained
                else:
                    f_table[e] = f_table[d] | bit
                    f_n[e] = n + 1
                    f_seat[e] = (seat + step) & 3
                    f_lead[e] = nlead
                    f_bestc[e] = nbc
                    f_bests[e] = nbs
                    f_tp[e] = ntp
                    f_gain[e] = 0
                    f_alpha[e] = f_alpha[d]
                    f_beta[e] = f_beta[d]
                d = e
                entering = True
                continue
            # all cards tried, or a cut-off: store and return
            value = f_best[d]
            if f_n[d] == 0:
                slot = f_slot[d]
                if slot >= 0 and not (
                    tk1[slot] == f_k1[d] and tk2[slot] == f_k2[d] and ttag[slot] == f_tag[d]
                ):
                    # a deeper position took this entry's place meanwhile: look again
                    slot = _slot(f_k1[d], f_k2[d], f_tag[d], tk1, tk2, ttag)
                if slot < 0:
                    idx = -1 - slot
                    for w in range(TT_WAYS):  # an entry of an older question, else the first
                        j = (idx + w) & tmask
                        if tround[j] != cfg[G_ROUND]:
                            idx = j
                            break
                    slot = idx
                    tk1[slot] = f_k1[d]
                    tk2[slot] = f_k2[d]
                    ttag[slot] = f_tag[d]
                    tlo[slot] = 0
                    thi[slot] = 32767
                tround[slot] = cfg[G_ROUND]
                if value <= f_a0[d]:
                    if value < thi[slot]:
                        thi[slot] = value
                elif value >= f_b0[d]:
                    if value > tlo[slot]:
                        tlo[slot] = value
                else:
                    tlo[slot] = value
                    thi[slot] = value
                tmv[slot] = f_move[d]
        # -- return ``value`` from frame d to its parent
        if d == 0:
            return value
        value += f_gain[d]
        d -= 1


@njit(cache=True)
def mtd(
    h: np.ndarray,
    table: int,
    n: int,
    seat: int,
    lead: int,
    bestc: int,
    bests: int,
    tp: int,
    lo: int,
    hi: int,
    guess: int,
    pts: np.ndarray,
    cfg: np.ndarray,
    tk1: np.ndarray,
    tk2: np.ndarray,
    ttag: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmv: np.ndarray,
    tround: np.ndarray,
    stats: np.ndarray,
) -> int:  # pragma: no cover - compiled
    """The exact value in ``[lo, hi]`` by null-window searches: a bisection that also
    takes every fail-soft bound the searches return."""
    g = guess
    while lo < hi:
        # the test "is the value at least b?" on a null window; b halves the interval
        # (MTD(f)'s step to the last bound moves one point at a time on card points)
        b = (lo + hi + 1) // 2 if g <= lo or g > hi else g
        g = search(
            h, table, n, seat, lead, bestc, bests, tp, b - 1, b,
            pts, cfg, tk1, tk2, ttag, tlo, thi, tmv, tround, stats,
        )  # fmt: skip
        if g < b:
            hi = g
        else:
            lo = g
    return lo
