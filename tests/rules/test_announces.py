"""Announces: detection, shape, comparison (RULES.md "Announces")."""

import pytest

from rules.actions import AnnounceKind
from rules.announces import best_announces, resolve, shape
from rules.contract import Trump
from rules.seats import Team

from .helpers import cards, hand

T, C50, C100, CARRE = (
    AnnounceKind.TIERCE,
    AnnounceKind.CINQUANTE,
    AnnounceKind.CENT,
    AnnounceKind.CARRE,
)


def kinds(h, trump=Trump.S):
    return [(a.kind, a.value) for a in best_announces(h, trump)]


def test_runs_of_three_four_five():
    assert kinds(hand("7H", "8H", "9H", "AS", "KS", "JD", "7C", "9C")) == [(T, 20)]
    assert kinds(hand("7H", "8H", "9H", "TH", "KS", "JD", "7C", "9C")) == [(C50, 50)]
    assert kinds(hand("7H", "8H", "9H", "TH", "JH", "JD", "7C", "9C")) == [(C100, 100)]


def test_a_long_suite_is_one_cent_ranked_by_its_top_card():
    found = best_announces(hand("7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"), Trump.S)
    assert [(a.kind, a.value, a.height) for a in found] == [(C100, 100, 7)]


def test_carre_values_and_no_carre_of_sevens_or_eights():
    assert kinds(hand("JS", "JH", "JD", "JC", "7S", "8D", "9C", "KH")) == [(CARRE, 200)]
    assert kinds(hand("9S", "9H", "9D", "9C", "7S", "8D", "JC", "KH")) == [(CARRE, 150)]
    assert kinds(hand("AS", "AH", "AD", "AC", "7S", "8D", "JC", "KH")) == [(CARRE, 100)]
    assert kinds(hand("7S", "7H", "7D", "7C", "8S", "JD", "JC", "KH")) == []
    assert kinds(hand("8S", "8H", "8D", "8C", "7S", "JD", "JC", "KH")) == []


def test_sa_carre_values():
    assert kinds(hand("AS", "AH", "AD", "AC", "7S", "8D", "JC", "KH"), Trump.SA) == [(CARRE, 200)]
    assert kinds(hand("TS", "TH", "TD", "TC", "7S", "8D", "JC", "KH"), Trump.SA) == [(CARRE, 150)]
    assert kinds(hand("JS", "JH", "JD", "JC", "7S", "8D", "9C", "KH"), Trump.SA) == [(CARRE, 100)]
    assert kinds(hand("9S", "9H", "9D", "9C", "7S", "8D", "JC", "KH"), Trump.SA) == [(CARRE, 100)]
    assert kinds(hand("JS", "JH", "JD", "JC", "7S", "8D", "9C", "KH"), Trump.TA) == [(CARRE, 200)]


def test_a_card_counts_in_one_announce_only_best_total_wins():
    # Carré of jacks (200) + 7-8-9-10 of hearts (cinquante); J♥ cannot serve in both.
    h = hand("7H", "8H", "9H", "JH", "JS", "JD", "JC", "TH")
    assert kinds(h) == [(CARRE, 200), (C50, 50)]
    # Cent 9-K of hearts alone (100) or carré of kings + cinquante 9-Q (150): K♥ serves once.
    h = hand("9H", "TH", "JH", "QH", "KH", "KS", "KD", "KC")
    assert kinds(h) == [(CARRE, 100), (C50, 50)]


@pytest.mark.parametrize(
    ("kind", "names", "why"),
    [
        (T, ["7H", "8H", "TH"], {"why": "suite-gap"}),
        (T, ["7H", "8H", "9S"], {"why": "suite-suits"}),
        (C50, ["7H", "8H", "9H"], {"why": "suite-length", "length": 3, "makes": "tierce"}),
        (CARRE, ["7H", "7S", "7D", "7C"], {"why": "carre-no-value", "rank": "7"}),
        (CARRE, ["JH", "JS", "JD", "QC"], {"why": "carre-shape"}),
        (T, ["7H", "7H", "8H"], {"why": "card-twice"}),
    ],
)
def test_shape_gives_the_facts_of_what_is_wrong(kind, names, why):
    got = shape(kind, cards(*names), Trump.S)
    assert isinstance(got, tuple) and dict(got) == why


def a(kind, names, trump=Trump.S):
    got = shape(kind, cards(*names), trump)
    assert not isinstance(got, tuple), got
    return got


def test_compare_carre_beats_suite():
    r = resolve(
        [
            (Team.NS, a(C100, ["9H", "TH", "JH", "QH", "KH"])),
            (Team.EW, a(CARRE, ["QS", "QH", "QD", "QC"])),
        ],
        Trump.S,
    )
    assert r.winner is Team.EW and r.counted == (0, 100)


def test_compare_by_value_then_height_then_trump():
    r = resolve(
        [(Team.NS, a(C50, ["7H", "8H", "9H", "TH"])), (Team.EW, a(T, ["QS", "KS", "AS"]))], Trump.S
    )
    assert r.winner is Team.NS
    r = resolve([(Team.NS, a(T, ["7H", "8H", "9H"])), (Team.EW, a(T, ["QD", "KD", "AD"]))], Trump.S)
    assert r.winner is Team.EW
    r = resolve([(Team.NS, a(T, ["QH", "KH", "AH"])), (Team.EW, a(T, ["QS", "KS", "AS"]))], Trump.S)
    assert r.winner is Team.EW and not r.tie  # same height: the one in trump
    r = resolve(
        [
            (Team.NS, a(CARRE, ["AS", "AH", "AD", "AC"])),
            (Team.EW, a(CARRE, ["TS", "TH", "TD", "TC"])),
        ],
        Trump.S,
    )
    assert r.winner is Team.NS  # carrés A > T > K > Q


def test_a_full_tie_cancels_every_ordinary_announce():
    r = resolve(
        [
            (Team.NS, a(T, ["QH", "KH", "AH"])),
            (Team.NS, a(T, ["7C", "8C", "9C"])),
            (Team.EW, a(T, ["QD", "KD", "AD"])),
        ],
        Trump.S,
    )
    assert r.tie and r.winner is None and r.counted == (0, 0)
    ta = resolve(
        [
            (Team.NS, a(T, ["QH", "KH", "AH"], Trump.TA)),
            (Team.EW, a(T, ["QS", "KS", "AS"], Trump.TA)),
        ],
        Trump.TA,
    )
    assert ta.tie  # at TA every suit is trump: still equal


def test_the_winning_team_scores_all_its_announces():
    r = resolve(
        [
            (Team.NS, a(C50, ["7H", "8H", "9H", "TH"])),
            (Team.NS, a(T, ["7C", "8C", "9C"])),
            (Team.EW, a(T, ["QD", "KD", "AD"])),
        ],
        Trump.S,
    )
    assert r.winner is Team.NS and r.counted == (70, 0)


def test_no_announce_at_all():
    r = resolve([], Trump.H)
    assert r.winner is None and not r.tie and r.counted == (0, 0)
