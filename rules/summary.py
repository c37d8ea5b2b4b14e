"""Score-only deals: a deal as a paper score sheet holds it (``DealSummarized``).

Clubs that keep only the score sheet write, per deal, the contract, each team's card
points, the belotes and the announces. Such a deal is scored by the same function as a
played deal (:func:`rules.scoring.score_facts`) from the same facts, so it scores exactly
as the played deal it summarizes would. Facts that no deal can have are refused by
:func:`summary_problem`, naming the field: points that do not add up to the deck's
total (162; 252 on a capot), a contract the profile cannot have, a belote where there is
none (SA), announces the profile does not play, the same card in two places.

>>> from rules.registry import find_profile
>>> from rules.contract import Contract, Trump
>>> s = DealSummarized(Seat.N, Contract(Seat.S, 90, Trump.H), (100, 62), belote=(Seat.S,))
>>> summary_problem(find_profile("ffb"), s) is None
True
>>> score_summary(find_profile("ffb"), s).marks
(210, 60)
>>> summary_problem(find_profile("ffb"), DealSummarized(Seat.N, None, (90, 62)))
('card_points', 'passed-card-points', ())
"""

from __future__ import annotations

from rules.actions import AnnounceKind, BeloteWord, DealSummarized, SummaryAnnounce
from rules.announces import carre_value
from rules.auction import Auction
from rules.belote import KING, QUEEN, belote_suits, pair
from rules.cards import Card, CardSet, iter_cards
from rules.contract import CAPOT, Contract, Trump
from rules.deal import Deal, Declared, Phase
from rules.declarations import judge_declarations
from rules.order import CAPOT_BONUS, LAST_TRICK_BONUS, table
from rules.profiles import Profile, TaPoints
from rules.scoring import DealResult, scale_ta, score_deal, score_facts, void_result
from rules.seats import Seat, Team
from rules.verdict import Facts, facts

SUITE_LENGTHS = {AnnounceKind.TIERCE: 3, AnnounceKind.CINQUANTE: 4, AnnounceKind.CENT: 5}
RANKS = "789TJQKA"

Problem = tuple[str, str, Facts]
"""(field, problem, facts): the field of the payload at fault, what is impossible about
it (a word id, worded by the message catalogues under the rule ``impossible-summary``)
and its facts."""


def deck_points(trump: Trump, ta_points: TaPoints) -> int:
    """The card points of the 32 cards under ``trump``, without the last trick."""
    points = table(trump, ta_points).points
    return sum(points[c] for c in range(32))


def announce_cards(a: SummaryAnnounce) -> CardSet:
    """The cards an announce shows: a suite's run down from its top card, a carré's four."""
    if a.kind is AnnounceKind.CARRE:
        return sum(1 << (suit * 8 + a.height) for suit in range(4))
    assert a.suit is not None
    length = SUITE_LENGTHS[a.kind]
    return sum(1 << (a.suit * 8 + a.height - i) for i in range(length))


def summary_problem(profile: Profile, s: DealSummarized) -> Problem | None:
    """Why no deal under ``profile`` can have these facts, or None."""
    c = s.contract
    if c is None:
        if s.card_points != (0, 0):
            return "card_points", "passed-card-points", ()
        if s.tricks not in (None, (0, 0)) or s.belote or s.announces or s.generale is not None:
            return "contract", "passed-nothing-written", ()
        return None
    return (
        _contract_problem(profile, c)
        or _points_problem(profile, s, c)
        or _belote_problem(profile, s, c)
        or _announces_problem(profile, s, c)
    )


def _contract_problem(profile: Profile, c: Contract) -> Problem | None:
    if c.trump not in profile.trumps:
        trumps = tuple(t.name for t in profile.trumps)
        said = facts(profile=profile.id, trump=c.trump.name, trumps=trumps)
        return "contract.trump", "trump-not-played", said
    if c.value == CAPOT:
        if not profile.capot_bid:
            return "contract.value", "no-capot-bid", facts(profile=profile.id)
    elif not Auction.start(profile, Seat.N).valid_value(c.value):
        said = facts(
            number=c.value,
            profile=profile.id,
            min=profile.min_bid,
            step=profile.bid_step,
            max=profile.max_bid or 0,
        )
        return "contract.value", "not-a-bid", said
    return None


def _points_problem(profile: Profile, s: DealSummarized, c: Contract) -> Problem | None:
    deck = deck_points(c.trump, profile.ta_points)
    ns, ew = s.card_points
    full, capot = deck + LAST_TRICK_BONUS, deck + CAPOT_BONUS
    is_capot = sorted((ns, ew)) == [0, capot]
    if ns < 0 or ew < 0 or (ns + ew != full and not is_capot):
        said = facts(full=full, capot_points=capot, ns=ns, ew=ew, total=ns + ew)
        return "card_points", "card-points-total", said
    capot_team = (Team.NS if ns else Team.EW) if is_capot else None
    if s.tricks is not None:
        tn, te = s.tricks
        if tn < 0 or te < 0 or tn + te != 8:
            return "tricks", "tricks-total", facts(ns=tn, ew=te)
        all_eight = Team.NS if tn == 8 else Team.EW if te == 8 else None
        if all_eight != capot_team:
            return "tricks", "tricks-capot", facts(capot_points=capot)
        for team, (taken, points) in enumerate(zip(s.tricks, s.card_points, strict=True)):
            if taken == 0 and points:
                said = facts(team=Team(team).name, points=points)
                return "tricks", "no-trick-points", said
    if s.generale is not None and (capot_team is None or s.generale.team != capot_team):
        return "generale", "generale-not-capot", ()
    return None


def _belote_problem(profile: Profile, s: DealSummarized, c: Contract) -> Problem | None:
    suits = belote_suits(c.trump, profile.belote_at_ta)
    if s.belote and not suits:
        return "belote", "no-belote", facts(trump=c.trump.name, profile=profile.id)
    if len(s.belote) > len(suits):
        said = facts(count=len(s.belote), most=len(suits))
        return "belote", "too-many-belotes", said
    return None


def _announces_problem(profile: Profile, s: DealSummarized, c: Contract) -> Problem | None:
    if s.announces and not profile.announces:
        return "announces", "belote-only", facts(profile=profile.id)
    belotes: dict[Seat, CardSet] = {}  # a belote's cards, when its suit is known (not TA)
    if len(belote_suits(c.trump, profile.belote_at_ta)) == 1:
        for seat, suit in _belote_suits(profile, s, c):
            belotes[seat] = belotes.get(seat, 0) | pair(suit)
    held: dict[Seat, CardSet] = {}
    for i, a in enumerate(s.announces):
        where = f"announces.{i}"
        if a.kind is AnnounceKind.CARRE:
            if a.suit is not None:
                return f"{where}.suit", "carre-suit", ()
            if not carre_value(a.height, c.trump):
                return f"{where}.height", "carre-height", facts(rank=RANKS[a.height])
        else:
            if a.suit is None:
                return f"{where}.suit", "suite-suit", facts(kind=a.kind.value)
            if a.height < SUITE_LENGTHS[a.kind] - 1:
                said = facts(kind=a.kind.value, rank=RANKS[a.height])
                return f"{where}.height", "suite-height", said
        cards = announce_cards(a)
        mine = held.get(a.seat, 0)
        if mine & cards:  # a card counts in one announce only (its belote aside)
            return where, "announce-card-twice", facts(seat=a.seat.name, kind=a.kind.value)
        for other in Seat:
            theirs = held.get(other, 0) | belotes.get(other, 0)
            if other != a.seat and theirs & cards:
                said = facts(seat=a.seat.name, kind=a.kind.value, other=other.name)
                return where, "announce-card-held", said
        held[a.seat] = mine | cards
    return None


def _belote_suits(profile: Profile, s: DealSummarized, c: Contract) -> list[tuple[Seat, int]]:
    """Each belote with a suit: at TA, the first suits in order (only counts matter)."""
    suits = list(belote_suits(c.trump, profile.belote_at_ta))
    return list(zip(s.belote, suits, strict=False))


def score_summary(profile: Profile, s: DealSummarized) -> DealResult:
    """The result of a score-only deal (check it with :func:`summary_problem` first)."""
    c = s.contract
    if c is None:
        return void_result()
    declared = tuple(
        Declared(a.seat, a.kind, tuple(_cards(announce_cards(a))), 0, True) for a in s.announces
    )
    dealt = [0, 0, 0, 0]
    said: list[tuple[Seat, BeloteWord, int | None]] = []
    for seat, suit in _belote_suits(profile, s, c):
        dealt[seat] |= pair(suit)
        said += [(seat, BeloteWord.BELOTE, suit * 8 + KING)]
        said += [(seat, BeloteWord.REBELOTE, suit * 8 + QUEEN)]
    for d in declared:
        for card in d.cards:
            dealt[d.seat] |= 1 << card
    decl = judge_declarations(declared, said, dealt, c.trump, profile)
    ns, ew = s.card_points
    capot = None
    if min(ns, ew) == 0 and max(ns, ew) == deck_points(c.trump, profile.ta_points) + CAPOT_BONUS:
        capot = Team.NS if ns else Team.EW
    cards = (ns, ew)
    if capot is not None:
        total = profile.capot_points
        if s.generale is not None and profile.generale_points is not None:
            total = profile.generale_points
        cards = (total, 0) if capot is Team.NS else (0, total)
    elif c.trump == Trump.TA and profile.ta_points is TaPoints.SCALED:
        cards = (scale_ta(ns), scale_ta(ew))
    tricks = s.tricks
    if tricks is None and capot is not None:
        tricks = (8, 0) if capot is Team.NS else (0, 8)
    return score_facts(profile, c, cards, capot, s.generale, tricks, decl)


def _cards(mask: CardSet) -> list[Card]:
    return list(iter_cards(mask))


def summarize(deal: Deal) -> DealSummarized:
    """The score-sheet facts of a finished played deal (its 32 cards played, or all passed):
    what a club keeping only the sheet would write for it."""
    contract = deal.contract
    if deal.phase is Phase.VOID or contract is None:
        return DealSummarized(deal.dealer, None, (0, 0))
    if deal.phase is not Phase.DONE:
        raise ValueError(f"deal {deal.number} is not finished: it cannot be summarized")
    result = score_deal(deal)
    tricks = [0, 0]
    for t in deal.tricks:
        tricks[t.winner.team] += 1
    points = list(deal.card_points())
    if result.capot is not None:  # the last trick is worth 100 on a capot
        points[result.capot] += CAPOT_BONUS - LAST_TRICK_BONUS
    decl = result.declarations
    announces = []
    belote: tuple[Seat, ...] = ()
    if decl is not None:
        belote = tuple(seat for seat, _suit in decl.belote_seats)
        for check in decl.announces:
            a = check.announce
            if a is None:
                continue
            if a.kind is AnnounceKind.CARRE:
                rank = (a.cards & -a.cards).bit_length() - 1 & 7
                announces.append(SummaryAnnounce(check.declared.seat, a.kind, rank))
            else:
                announces.append(SummaryAnnounce(check.declared.seat, a.kind, a.height, a.suit))
    return DealSummarized(
        deal.dealer,
        contract,
        (points[0], points[1]),
        (tricks[0], tricks[1]),
        belote,
        tuple(announces),
        result.generale,
    )
