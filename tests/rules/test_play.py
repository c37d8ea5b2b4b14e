"""Play of the cards: RULES.md section 2, "Play of the cards", one test per row.

Each case: hand of the seat to play, the trick so far (seat, card), the contract's
trump, and the cards that must be legal. N and S are partners, as are E and W.
"""

import pytest

from rules.cards import names
from rules.contract import Trump
from rules.order import table
from rules.play import legal_cards, trick_points, why_required, winning_index
from rules.registry import find_profile
from rules.seats import Seat

from .helpers import cards, hand

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def legal(profile_id, my_hand, trick, seat, trump):
    seats = tuple(s for s, _ in trick)
    played = cards(*(c for _, c in trick))
    return names(legal_cards(hand(*my_hand), seats, played, seat, trump, find_profile(profile_id)))


def test_the_leader_plays_anything():
    assert legal("ffb", ["7H", "AS", "JC"], [], N, Trump.H) == ["JC", "7H", "AS"]


def test_follow_suit_when_able_without_going_higher_in_a_plain_suit():
    got = legal("tripot", ["7S", "KS", "JH"], [(W, "AS")], N, Trump.H)
    assert got == ["7S", "KS"]


@pytest.mark.parametrize("pid", ["ffb", "yeeqia", "tripot"])
def test_trump_led_must_beat_even_the_partners_trump(pid):
    # N led the 9 of hearts (trump), E played the 7, S (N's partner) holds J and 8 of trumps.
    got = legal(pid, ["JH", "8H", "AS"], [(N, "9H"), (E, "7H")], S, Trump.H)
    assert got == ["JH"]


@pytest.mark.parametrize("pid", ["funbelote-coinche", "contree", "contree-points-faits"])
def test_trump_led_partner_holds_no_need_to_beat(pid):
    got = legal(pid, ["JH", "8H", "AS"], [(N, "9H"), (E, "7H")], S, Trump.H)
    assert got == ["8H", "JH"]


def test_trump_led_opponent_holds_must_beat_in_every_profile():
    for pid in ["ffb", "funbelote-coinche", "contree"]:
        assert legal(pid, ["JH", "8H"], [(N, "7H"), (E, "9H")], S, Trump.H) == ["JH"]


def test_trump_led_cannot_beat_plays_any_trump():
    assert legal("ffb", ["8H", "7H", "AS"], [(N, "9H")], E, Trump.H) == ["7H", "8H"]


def test_void_in_trump_led_plays_anything():
    assert legal("ffb", ["AS", "7C"], [(N, "9H")], E, Trump.H) == ["7C", "AS"]


@pytest.mark.parametrize("pid", ["ffb", "funbelote-coinche", "contree", "yeeqia", "tripot"])
def test_void_partner_holds_the_trick_play_anything(pid):
    # E led 7S, S (N's partner) took it with AS, W played 8S; N is void in spades.
    got = legal(pid, ["7H", "JD", "8C"], [(E, "7S"), (S, "AS"), (W, "8S")], N, Trump.H)
    assert got == ["8C", "JD", "7H"]


@pytest.mark.parametrize("pid", ["ffb", "funbelote-coinche", "contree", "yeeqia", "tripot"])
def test_void_partner_does_not_hold_must_trump(pid):
    got = legal(pid, ["7H", "JH", "JD", "8C"], [(W, "AS")], N, Trump.H)
    assert got == ["7H", "JH"]


def test_void_opponent_trumped_must_overtrump_if_able():
    got = legal("ffb", ["7H", "JH", "JD"], [(W, "AS"), (N, "7S"), (E, "9H")], S, Trump.H)
    assert got == ["JH"]


@pytest.mark.parametrize("pid", ["ffb", "ffb-sata", "funbelote-coinche", "contree"])
def test_cannot_overtrump_may_discard(pid):
    # W led AS, N played 7S, E (opponent of S) trumped with JH: S cannot overtrump.
    got = legal(pid, ["7H", "8H", "JD", "8C"], [(W, "AS"), (N, "7S"), (E, "JH")], S, Trump.H)
    assert got == ["8C", "JD", "7H", "8H"]


@pytest.mark.parametrize("pid", ["yeeqia", "tripot"])
def test_cannot_overtrump_must_undertrump(pid):
    got = legal(pid, ["7H", "8H", "JD", "8C"], [(W, "AS"), (N, "7S"), (E, "JH")], S, Trump.H)
    assert got == ["7H", "8H"]


def test_partner_trumped_and_holds_only_trumps_any_trump():
    # E led AS, S trumped with 9H (holds), W discarded; N holds only low trumps.
    got = legal("ffb", ["7H", "8H"], [(E, "AS"), (S, "9H"), (W, "7S")], N, Trump.H)
    assert got == ["7H", "8H"]


def test_sa_follow_suit_else_anything():
    assert legal("ffb-sata", ["7S", "AH", "JC"], [(W, "AS")], N, Trump.SA) == ["7S"]
    assert legal("ffb-sata", ["AH", "JC"], [(W, "AS")], N, Trump.SA) == ["JC", "AH"]


@pytest.mark.parametrize("pid", ["ffb-sata", "tripot"])
def test_ta_must_beat_the_highest_card_even_the_partners(pid):
    got = legal(pid, ["JS", "7S", "AH"], [(N, "9S"), (E, "8S")], S, Trump.TA)
    assert got == ["JS"]


@pytest.mark.parametrize("pid", ["funbelote-coinche", "contree"])
def test_ta_partner_holds_no_need_to_beat(pid):
    got = legal(pid, ["JS", "7S", "AH"], [(N, "9S"), (E, "8S")], S, Trump.TA)
    assert got == ["7S", "JS"]


def test_ta_cannot_beat_follows_with_any_and_void_plays_anything():
    assert legal("ffb-sata", ["7S", "8S"], [(N, "JS")], E, Trump.TA) == ["7S", "8S"]
    assert legal("ffb-sata", ["JH", "7C"], [(N, "JS")], E, Trump.TA) == ["7C", "JH"]


def test_trick_winner():
    tab = table(Trump.H)
    assert winning_index(cards("AS", "7S", "7H", "JS"), tab) == 2  # the trump
    assert winning_index(cards("AS", "TS", "KD", "JS"), tab) == 0  # highest of the led suit
    assert winning_index(cards("8H", "JH", "9H", "AH"), tab) == 1  # trump order J 9 A
    ta = table(Trump.TA)
    assert winning_index(cards("7S", "JH", "9S", "AS"), ta) == 2  # TA: led suit only
    sa = table(Trump.SA)
    assert winning_index(cards("KS", "JS", "AS", "AH"), sa) == 2


def test_trick_points_in_each_table():
    assert trick_points(cards("JH", "9H", "AS", "TC"), table(Trump.H)) == 20 + 14 + 11 + 10
    assert trick_points(cards("AS", "AH", "JS", "9S"), table(Trump.SA)) == 19 + 19 + 2 + 0
    assert trick_points(cards("JS", "9S", "AS", "TS"), table(Trump.TA)) == 13 + 9 + 6 + 5


def test_why_required_explains_the_rule():
    rule, why = why_required(
        hand("7H", "JH", "JD"), (W, N, E), cards("AS", "7S", "9H"), S, Trump.H, find_profile("ffb")
    )
    assert rule == "must-overtrump" and dict(why) == {"led": "S", "best": "9H", "trump": "H"}
    rule, why = why_required(hand("7H", "JD"), (W,), cards("AS"), N, Trump.H, find_profile("ffb"))
    assert rule == "must-trump" and dict(why) == {"led": "S", "best": "AS", "trump": "H"}


def test_why_required_names_a_renonce_first():
    ffb = find_profile("ffb")
    trump_led = (hand("9H", "AS"), (W,), cards("7H"), N, Trump.H, ffb)
    assert why_required(*trump_led)[0] == "must-overtrump"
    assert why_required(*trump_led, cards("AS")[0])[0] == "must-follow-suit"
    ta_led = (hand("AS", "7D"), (W,), cards("7S"), N, Trump.TA, find_profile("ffb-sata"))
    assert why_required(*ta_led)[0] == "must-beat"
    assert why_required(*ta_led, cards("7D")[0])[0] == "must-follow-suit"
