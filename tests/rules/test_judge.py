"""The judge on a scripted ffb deal: legal, breach or impossible, in an arbiter's words."""

import pytest

from rules.actions import (
    AnnounceDeclared,
    AnnounceKind,
    BeloteDeclared,
    BeloteWord,
    BidPlaced,
    CardPlayed,
    DealStarted,
    Misdeal,
    Passed,
)
from rules.contract import Trump
from rules.game import Game
from rules.judge import judge
from rules.registry import find_profile
from rules.seats import Seat

from .helpers import cards

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
HANDS = {
    N: ["JH", "9H", "AH", "TH", "KH", "QH", "7S", "8S"],
    E: ["7H", "8H", "AS", "TS", "KS", "QS", "JS", "9S"],
    S: ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"],
    W: ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "7D"],
}


def start(profile="ffb", with_hands=True) -> Game:
    g = Game.start(find_profile(profile), N)
    hands = tuple(tuple(cards(*HANDS[s])) for s in Seat) if with_hands else None
    g = g.apply(DealStarted(N, hands))
    for call in (
        Passed(W),
        Passed(S),
        Passed(E),
        BidPlaced(N, 160, Trump.H),
        Passed(W),
        Passed(S),
        Passed(E),
    ):
        assert judge(g, call).legal
        g = g.apply(call)
    return g


def play(g: Game, *moves) -> Game:
    for seat, card in moves:
        action = CardPlayed(seat, cards(card)[0])
        verdict = judge(g, action)
        assert verdict.legal, verdict
        g = g.apply(action)
    return g


def test_a_card_not_held_is_impossible():
    v = judge(start(), CardPlayed(W, cards("AS")[0]))
    assert v.impossible and v.rule == "card-not-held" and v.params == {"seat": "W", "card": "AS"}


def test_out_of_turn_is_impossible():
    v = judge(start(), CardPlayed(S, cards("AC")[0]))
    assert v.impossible and v.rule == "out-of-turn"
    assert v.params == {"seat": "S", "card": "AC", "turn": "W"}


def test_a_card_already_played_is_impossible():
    g = play(start(), (W, "AD"))
    v = judge(g, CardPlayed(S, cards("AD")[0]))
    assert v.impossible and v.rule == "card-already-played"


def test_must_trump_names_the_rule_and_the_allowed_cards():
    g = play(start(), (W, "AD"), (S, "7C"), (E, "9S"))
    v = judge(g, CardPlayed(N, cards("7S")[0]))
    assert v.severity.value == "breach" and v.rule == "must-trump"
    assert v.params == {
        "seat": "N",
        "card": "7S",
        "led": "D",
        "best": "AD",
        "trump": "H",
        "allowed": ["9H", "TH", "JH", "QH", "KH", "AH"],
    }


def test_must_overtrump_an_opponents_trump():
    g = play(start(), (W, "AD"), (S, "7C"), (E, "7H"))  # E trumps while W holds: allowed
    v = judge(g, CardPlayed(N, cards("8S")[0]))
    assert v.rule == "must-overtrump" and v.params["best"] == "7H" and v.params["led"] == "D"
    assert judge(g, CardPlayed(N, cards("9H")[0])).legal


def test_unknown_hands_only_impossible_checks():
    g = start(with_hands=False)
    g = play(g, (W, "AD"), (S, "7C"), (E, "7H"))
    assert judge(g, CardPlayed(N, cards("7S")[0])).legal  # hand unknown: judged at audit time


def test_calls_after_the_auction_and_cards_during_it():
    g = start()
    assert judge(g, Passed(W)).rule == "auction-closed"
    g0 = Game.start(find_profile("ffb"), N).apply(DealStarted(N))
    assert judge(g0, CardPlayed(W, 0)).rule == "auction-not-over"


def test_no_deal_and_deal_in_progress():
    g = Game.start(find_profile("ffb"), N)
    assert judge(g, Passed(W)).rule == "no-deal"
    g = g.apply(DealStarted(N))
    assert judge(g, DealStarted(N)).rule == "deal-in-progress"


def test_wrong_dealer_is_a_breach():
    g = Game.start(find_profile("ffb"), N)
    v = judge(g, DealStarted(E))
    assert v.rule == "wrong-dealer" and not v.impossible


def test_misdeal_only_instead_of_the_auction():
    g = Game.start(find_profile("ffb"), N).apply(DealStarted(N))
    assert judge(g, Misdeal(N)).legal
    g = g.apply(Passed(W))
    assert judge(g, Misdeal(N)).rule == "misdeal-too-late"


def test_belote_said_with_the_pair_then_rebelote():
    g = play(start(), (W, "AD"), (S, "7C"), (E, "7H"))
    said = BeloteDeclared(N, BeloteWord.BELOTE)
    assert judge(g, said).legal
    g = g.apply(said)
    v = judge(g, CardPlayed(N, cards("JH")[0]))
    assert v.rule == "belote-wrong-card"
    g = play(g, (N, "QH"))  # N wins the trick with the queen and leads again
    assert judge(g, BeloteDeclared(W, BeloteWord.REBELOTE)).rule == "belote-out-of-time"
    rebelote = BeloteDeclared(N, BeloteWord.REBELOTE)
    assert judge(g, rebelote).legal
    g = play(g.apply(rebelote), (N, "KH"))
    assert [(b.word.value, b.card) for b in g.deal.belotes] == [
        ("belote", cards("QH")[0]),
        ("rebelote", cards("KH")[0]),
    ]


def test_belote_without_the_pair():
    g = play(start(), (W, "AD"), (S, "7C"))
    v = judge(g, BeloteDeclared(E, BeloteWord.BELOTE))
    assert v.rule == "belote-without-pair"


def test_rebelote_before_belote():
    g = play(start(), (W, "AD"), (S, "7C"), (E, "7H"))
    v = judge(g, BeloteDeclared(N, BeloteWord.REBELOTE))
    assert v.rule == "belote-order"


def test_announces_legal_false_and_late():
    g = play(start(), (W, "AD"), (S, "7C"), (E, "7H"))
    cent = AnnounceDeclared(N, AnnounceKind.CENT, tuple(cards("9H", "TH", "JH", "QH", "KH", "AH")))
    assert judge(g, cent).legal
    fake = AnnounceDeclared(N, AnnounceKind.TIERCE, tuple(cards("7C", "8C", "9C")))
    v = judge(g, fake)
    assert v.rule == "false-announce" and v.params["why"] == "not-held"
    g2 = play(start(), (W, "AD"))
    late = AnnounceDeclared(E, AnnounceKind.TIERCE, tuple(cards("QS", "KS", "AS")))
    assert judge(g2, late).rule == "announce-out-of-time"  # not E's turn: S plays next


def test_no_ordinary_announces_in_the_contree():
    g = start("contree")
    v = judge(g, AnnounceDeclared(W, AnnounceKind.TIERCE, tuple(cards("7D", "8D", "9D"))))
    assert v.rule == "no-announces"


@pytest.mark.parametrize("trump", [Trump.SA])
def test_no_belote_at_sa(trump):
    g = Game.start(find_profile("ffb-sata"), N).apply(DealStarted(N))
    for call in (BidPlaced(W, 80, trump), Passed(S), Passed(E), Passed(N)):
        g = g.apply(call)
    assert judge(g, BeloteDeclared(W, BeloteWord.BELOTE)).rule == "no-belote-here"


TRUMP_LED_HANDS = {
    N: ["JH", "AH", "TH", "KH", "QH", "7S", "8S", "9S"],
    E: ["8H", "9H", "AS", "TS", "KS", "QS", "JS", "7C"],
    S: ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7D"],
    W: ["7H", "AD", "TD", "KD", "QD", "JD", "9D", "8D"],
}


def test_a_renonce_on_a_trump_lead_is_named_must_follow_suit():
    """E holds 8♥ 9♥ (one beats the 7♥ led) but plays a spade: what the card broke first
    is following suit, not overtrumping."""
    g = Game.start(find_profile("ffb"), N)
    g = g.apply(DealStarted(N, tuple(tuple(cards(*TRUMP_LED_HANDS[s])) for s in Seat)))
    for call in (Passed(W), Passed(S), Passed(E), BidPlaced(N, 80, Trump.H)):
        g = g.apply(call)
    for call in (Passed(W), Passed(S), Passed(E)):
        g = g.apply(call)
    g = play(g, (W, "7H"), (S, "7D"))
    v = judge(g, CardPlayed(E, cards("AS")[0]))
    assert v.rule == "must-follow-suit" and v.params["led"] == "H" and "9H" in v.params["allowed"]
    assert judge(g, CardPlayed(E, cards("8H")[0])).legal  # 8♥ beats the 7♥ (J 9 A T K Q 8 7)
