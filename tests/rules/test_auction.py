"""The auction: RULES.md section 2, "Auction" table, one test per row and profile quirk."""

import pytest

from rules.actions import BidPlaced, Coinched, Passed, Surcoinched
from rules.auction import Auction
from rules.contract import CAPOT, Contract, Trump
from rules.registry import find_profile
from rules.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def run(profile_id: str, dealer: Seat, *calls) -> Auction:
    a = Auction.start(find_profile(profile_id), dealer)
    for call in calls:
        verdict = a.judge(call)
        assert verdict.legal, (call, verdict)
        a = a.apply(call)
    return a


def test_the_dealers_next_seat_opens_counterclockwise_and_clockwise():
    assert Auction.start(find_profile("ffb"), N).turn is W
    assert Auction.start(find_profile("yeeqia"), N).turn is E
    assert Auction.start(find_profile("tripot"), S).turn is W


def test_four_passes_void_the_deal():
    a = run("ffb", N, Passed(W), Passed(S), Passed(E), Passed(N))
    assert a.closed and a.void and a.contract() is None


def test_three_passes_after_a_bid_end_the_auction():
    a = run("ffb", N, Passed(W), BidPlaced(S, 80, Trump.S), Passed(E), Passed(N))
    assert not a.closed
    a = a.apply(Passed(W))
    assert a.closed and a.contract() == Contract(S, 80, Trump.S, 1)


def test_passing_does_not_forbid_a_later_bid_in_ffb():
    a = run("ffb", N, Passed(W), BidPlaced(S, 80, Trump.S), Passed(E), Passed(N))
    assert a.judge(BidPlaced(W, 90, Trump.H)).legal


@pytest.mark.parametrize(
    ("value", "rule"), [(85, "bid-value"), (70, "bid-value"), (80, "bid-too-low"), (170, None)]
)
def test_ffb_bid_values(value, rule):
    a = run("ffb", N, BidPlaced(W, 80, Trump.H))
    verdict = a.judge(BidPlaced(S, value, Trump.S))
    assert verdict.rule == (rule or "")


def test_max_bid_160_where_the_profile_says_so():
    a = run("funbelote-coinche", N)
    assert a.judge(BidPlaced(W, 160, Trump.H)).legal
    assert a.judge(BidPlaced(W, 170, Trump.H)).rule == "bid-value"


def test_capot_beats_every_number_and_nothing_beats_capot():
    a = run("ffb", N, BidPlaced(W, 160, Trump.H))
    assert a.judge(BidPlaced(S, CAPOT, Trump.S)).legal
    a = a.apply(BidPlaced(S, CAPOT, Trump.S))
    assert a.judge(BidPlaced(E, CAPOT, Trump.H)).rule == "bid-too-low"
    assert a.judge(BidPlaced(E, 170, Trump.H)).rule == "bid-too-low"
    assert not a.closed  # ffb: the capot does not end the auction


def test_cannot_raise_ones_own_standing_bid():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Passed(S), Passed(E), Passed(N))
    assert a.closed  # the three passes ended it; rebuild a raising case:
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Passed(S), BidPlaced(E, 90, Trump.H), Passed(N))
    assert a.judge(BidPlaced(W, 100, Trump.H)).legal  # E's bid lies between
    a = run("yeeqia", N, Passed(E), Passed(S), Passed(W), BidPlaced(N, 80, Trump.H))
    assert a.judge(BidPlaced(E, 90, Trump.H)).rule == "one-speech"


def test_raise_own_bid_rule_when_others_only_passed():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Passed(S), Passed(E))
    assert a.judge(BidPlaced(N, 90, Trump.H)).legal  # N is the partner: allowed
    a = a.apply(Passed(N))
    assert a.closed


def test_trump_not_allowed():
    a = run("ffb", N)
    verdict = a.judge(BidPlaced(W, 80, Trump.SA))
    assert verdict.rule == "trump-not-allowed"
    assert verdict.params == {"seat": "W", "trump": "SA", "allowed": ["C", "D", "H", "S"]}
    assert run("ffb-sata", N).judge(BidPlaced(W, 80, Trump.SA)).legal


def test_coinche_in_turn_by_an_opponent_freezes_the_contract():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H))
    assert a.judge(Coinched(S)).legal
    assert a.judge(Coinched(E)).rule == "out-of-turn"  # and E is W's partner anyway
    a = a.apply(Coinched(S))
    assert a.coinche == 2
    assert a.judge(BidPlaced(E, 90, Trump.H)).rule == "contract-frozen"
    a = a.apply(Passed(E)).apply(Passed(N))
    assert not a.closed
    a = a.apply(Passed(W))
    assert a.closed and a.contract() == Contract(W, 80, Trump.H, 2)


def test_coinche_own_side_and_nothing_to_coinche():
    assert run("ffb", N).judge(Coinched(W)).rule == "nothing-to-coinche"
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Passed(S))
    assert a.judge(Coinched(E)).rule == "coinche-own-bid"


def test_surcoinche_by_the_takers_ends_the_auction_at_once():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Coinched(S))
    assert a.judge(Surcoinched(E)).legal
    a = a.apply(Surcoinched(E))
    assert a.closed and a.contract() == Contract(W, 80, Trump.H, 4)


def test_surcoinche_rules():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Passed(S))
    assert a.judge(Surcoinched(E)).rule == "surcoinche-without-coinche"
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Coinched(S), Passed(E))
    assert a.judge(Surcoinched(N)).rule == "surcoinche-by-defence"


def test_out_of_turn_coinche_is_impossible_in_ffb():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Passed(S))
    verdict = a.judge(Coinched(N))
    assert verdict.impossible and verdict.rule == "out-of-turn"


def test_tripot_coinche_a_la_volee_does_not_move_the_turn():
    a = run("tripot", N, BidPlaced(E, 82, Trump.H))  # clockwise: E opens, S next
    assert a.turn is S
    assert a.judge(Coinched(N)).legal  # N is not in turn
    a = a.apply(Coinched(N))
    assert a.turn is S and a.coinche == 2
    a = a.apply(Passed(S)).apply(Passed(W))
    assert not a.closed
    a = a.apply(Passed(N))
    assert a.closed and a.contract() == Contract(E, 82, Trump.H, 2)


def test_tripot_surcoinche_a_la_volee():
    a = run("tripot", N, BidPlaced(E, 82, Trump.H), Coinched(S))
    assert a.turn is W
    assert a.judge(Surcoinched(E)).legal  # out of turn
    assert a.apply(Surcoinched(E)).closed


def test_tripot_bid_values_82_then_multiples_of_ten():
    a = run("tripot", N)
    assert a.judge(BidPlaced(E, 80, Trump.H)).rule == "bid-value"
    assert a.judge(BidPlaced(E, 82, Trump.H)).legal
    a = a.apply(BidPlaced(E, 82, Trump.H))
    assert a.judge(BidPlaced(S, 85, Trump.S)).rule == "bid-value"
    assert a.judge(BidPlaced(S, 90, Trump.S)).legal


def test_tripot_capot_ends_the_auction():
    a = run("tripot", N, BidPlaced(E, CAPOT, Trump.TA))
    assert a.closed and a.contract() == Contract(E, CAPOT, Trump.TA, 1)


def test_yeeqia_same_value_in_a_higher_suit():
    a = run("yeeqia", N, BidPlaced(E, 80, Trump.D))
    assert a.judge(BidPlaced(S, 80, Trump.H)).legal
    assert a.judge(BidPlaced(S, 80, Trump.C)).rule == "bid-too-low"
    assert (
        run("ffb", N, BidPlaced(W, 80, Trump.D)).judge(BidPlaced(S, 80, Trump.H)).rule
        == "bid-too-low"
    )


def test_yeeqia_one_speech_then_pass_or_coinche_only():
    a = run("yeeqia", N, BidPlaced(E, 80, Trump.H), Passed(S), Passed(W), Passed(N))
    assert a.closed  # N's pass is both the fourth speech and the third pass after the bid
    a = run("yeeqia", N, BidPlaced(E, 80, Trump.H), Passed(S), Passed(W))
    assert a.judge(BidPlaced(N, 90, Trump.H)).legal  # N's first speech
    a = a.apply(BidPlaced(N, 90, Trump.H))
    assert a.judge(BidPlaced(E, 100, Trump.H)).rule == "one-speech"
    assert a.judge(Coinched(E)).legal
    a = a.apply(Passed(E)).apply(Passed(S))
    assert not a.closed
    assert a.apply(Passed(W)).closed


def test_funbelote_capot_over_a_coinche():
    a = run("funbelote-coinche", N, BidPlaced(W, 80, Trump.H), Coinched(S))
    assert a.judge(BidPlaced(E, 90, Trump.H)).rule == "contract-frozen"
    assert a.judge(BidPlaced(E, CAPOT, Trump.H)).legal
    a = a.apply(BidPlaced(E, CAPOT, Trump.H))
    assert a.coinche == 1  # the coinche lapses
    assert a.judge(Coinched(N)).legal  # and the capot may be coinched in turn
    assert (
        run("ffb", N, BidPlaced(W, 80, Trump.H), Coinched(S))
        .judge(BidPlaced(E, CAPOT, Trump.H))
        .rule
        == "contract-frozen"
    )


def test_calls_after_the_close_are_impossible():
    a = run("ffb", N, BidPlaced(W, 80, Trump.H), Coinched(S), Surcoinched(E))
    verdict = a.judge(Passed(N))
    assert verdict.impossible and verdict.rule == "auction-closed"


def test_legal_calls_lists_only_legal_calls():
    a = run("ffb", N, BidPlaced(W, 150, Trump.H))
    calls = list(a.legal_calls(S))
    assert Passed(S) in calls and Coinched(S) in calls
    assert BidPlaced(S, 160, Trump.C) in calls and BidPlaced(S, CAPOT, Trump.S) in calls
    assert BidPlaced(S, 150, Trump.S) not in calls and Surcoinched(S) not in calls
    assert all(a.judge(c).legal for c in calls)
    assert list(a.legal_calls(E)) == []  # not E's turn, and ffb has no à la volée
