"""Claims (``Claimed``): the rest of the deal to one side, scored exactly like playing it
out when that side does win every remaining trick; unsound claims found by search."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import (
    BidPlaced,
    CardPlayed,
    Claimed,
    ClaimTakes,
    DealStarted,
    Passed,
)
from rules.belote import pair
from rules.claims import claim_result, unsound_claim
from rules.contract import Trump
from rules.deal import Deal, Phase
from rules.game import Game
from rules.judge import judge
from rules.notation import action_from_wire, action_to_wire
from rules.registry import PROFILES, find_profile
from rules.scoring import DealResult, score_deal
from rules.seats import Seat, Team
from rules.simulation.generator import generate_game

from .helpers import cards

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PARTNER = {N: S, S: N, E: W, W: E}


def facts(r: DealResult) -> tuple[object, ...]:
    return tuple(getattr(r, f.name) for f in dataclasses.fields(r) if f.name != "declarations")


def deals_with_boundaries(pid: str, seed: int):
    """(each finished played deal, its states at the trick boundaries 1 to 7)."""
    g = generate_game(PROFILES[pid], seed, max_deals=8)
    game = Game.start(g.profile, g.first_dealer, g.target)
    boundaries: list[Deal] = []
    for action in g.actions:
        game = game.apply(action)
        deal = game.deal
        if isinstance(action, DealStarted):
            boundaries = []
        if type(action) is CardPlayed and deal is not None:
            if deal.phase is Phase.PLAY and not deal.trick_cards:
                boundaries.append(deal)
            elif deal.phase is Phase.DONE:
                yield deal, boundaries


def the_claim(done: Deal, at: Deal, scored: DealResult) -> Claimed | None:
    """The claim that says what the play did from ``at`` on, or None when the rest was
    shared, or a belote begun at ``at`` was never completed (a claim completes it)."""
    rest = {t.winner.team for t in done.tricks[len(at.tricks) :]}
    if len(rest) != 1:
        return None
    team = rest.pop()
    decl = scored.declarations
    assert decl is not None and at.contract is not None
    belote = []
    for seat, suit in decl.belote_seats:
        if not at.all_played & pair(suit):
            belote.append(seat)
    begun = {(b.seat, b.card >> 3) for b in at.belotes if b.card is not None}
    if not begun <= set(decl.belote_seats):
        return None
    if scored.generale is not None:
        claimer = scored.generale
    else:
        first = {t.winner for t in at.tricks}
        one = first.pop() if len(first) == 1 else None
        claimer = PARTNER[one] if one is not None and one.team == team else Seat(team)
    return Claimed(claimer, ClaimTakes.ALL, tuple(belote))


@SETTINGS
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1))
def test_a_claim_scores_exactly_like_playing_the_rest_out(pid: str, seed: int) -> None:
    for done, boundaries in deals_with_boundaries(pid, seed):
        scored = score_deal(done)
        for at in boundaries:
            claim = the_claim(done, at, scored)
            if claim is None:
                continue
            assert facts(claim_result(at, claim)) == facts(scored), (claim, len(at.tricks))
            conceded = Claimed(Seat((claim.seat + 1) % 4), ClaimTakes.NONE, claim.belote)
            if scored.generale is None:
                assert facts(claim_result(at, conceded)) == facts(scored)
            kind, data = action_to_wire(claim)
            assert action_from_wire(kind, data) == claim


@SETTINGS
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1))
def test_an_unsound_claim_comes_with_a_legal_line_the_other_side_wins(pid: str, seed: int):
    g = generate_game(PROFILES[pid], seed, max_deals=2, record_hands=True)
    game = Game.start(g.profile, g.first_dealer, g.target)
    for action in g.actions:
        game = game.apply(action)
        deal = game.deal
        if type(action) is not CardPlayed or deal is None or deal.phase is not Phase.PLAY:
            continue
        for seat in (deal.turn, Seat((deal.turn + 1) % 4)):
            claim = Claimed(seat, ClaimTakes.ALL)
            unsound = unsound_claim(deal, claim)
            if unsound is None:
                continue
            replay = game
            for who, card in unsound.line:
                verdict = judge(replay, CardPlayed(who, card))
                assert verdict.legal, verdict
                replay = replay.apply(CardPlayed(who, card))
            last = replay.deal
            assert last is not None
            trick = last.tricks[unsound.trick - 1]
            assert trick.winner == unsound.winner and trick.winner.team != seat.team


HANDS = {
    N: ["JH", "9H", "AH", "TH", "KH", "QH", "AS", "AD"],
    E: ["7H", "8H", "KS", "QS", "JS", "9S", "8S", "7S"],
    S: ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"],
    W: ["TS", "TD", "KD", "QD", "JD", "9D", "8D", "7D"],
}


def hearts_by_north(hands: dict[Seat, list[str]] | None = HANDS) -> Game:
    game = Game.start(find_profile("ffb"), W)  # W deals, S opens and leads
    recorded = None if hands is None else tuple(tuple(cards(*hands[s])) for s in Seat)
    game = game.apply(DealStarted(W, recorded))
    for call in (Passed(S), Passed(E), BidPlaced(N, 160, Trump.H), Passed(W), Passed(S)):
        game = game.apply(call)
    return game.apply(Passed(E))


def test_a_claim_before_the_first_card_is_accepted_and_scored() -> None:
    game = hearts_by_north()
    claim = Claimed(N, ClaimTakes.ALL, (N,))
    assert judge(game, claim).legal
    after = game.apply(claim)
    (record,) = after.records
    r = record.result
    assert r.capot == Team.NS and r.tricks == (8, 0) and r.belote == (20, 0) and r.made
    assert unsound_claim(game.deal, claim) is None  # N ruffs the clubs and draws the trumps
    assert not after.in_deal and after.next_dealer == S


def test_a_sound_claim_and_an_unsound_one() -> None:
    game = hearts_by_north()
    for seat, card in ((S, "AC"), (E, "7H"), (N, "JH"), (W, "7D")):
        assert judge(game, CardPlayed(seat, cards(card)[0])).legal
        game = game.apply(CardPlayed(seat, cards(card)[0]))
    assert game.deal is not None and game.deal.turn == N  # N won the trump lead
    # N holds every trump left and the aces: the rest is theirs whatever E and W do
    assert unsound_claim(game.deal, Claimed(N, ClaimTakes.ALL)) is None
    unsound = unsound_claim(game.deal, Claimed(E, ClaimTakes.ALL))
    assert unsound is not None and unsound.winner.team == Team.NS
    assert unsound.trick >= 2 and dict(unsound.facts())["seats"][0] == "N"


def test_a_belote_at_the_claim_is_judged() -> None:
    game = hearts_by_north()
    assert judge(game, Claimed(E, ClaimTakes.NONE, (E,))).rule == "belote-without-pair"
    assert judge(game, Claimed(N, ClaimTakes.ALL, (N, N))).rule == "belote-without-pair"
    blind = hearts_by_north(hands=None)  # hands not recorded: a pair nobody played counts
    assert judge(blind, Claimed(E, ClaimTakes.NONE, (E,))).legal
    assert blind.apply(Claimed(E, ClaimTakes.NONE, (E,))).records[0].result.belote == (0, 20)


def test_a_claim_during_the_auction_or_between_deals_is_impossible() -> None:
    game = Game.start(find_profile("ffb"), W).apply(DealStarted(W))
    assert judge(game, Claimed(N, ClaimTakes.ALL)).rule == "auction-not-over"
    assert judge(Game.start(find_profile("ffb"), W), Claimed(N, ClaimTakes.ALL)).rule == "no-deal"
