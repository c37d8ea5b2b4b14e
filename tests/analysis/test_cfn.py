"""CFN lines: read, written back unchanged, and refused with a reason when wrong."""

from __future__ import annotations

import pytest

from analysis.cfn import CfnError, position, read_cfn, write_cfn
from rules.cards import parse_card
from rules.contract import Trump
from rules.registry import find_profile
from rules.seats import Seat, Team

FFB = find_profile("ffb")
YEEQIA = find_profile("yeeqia")
LINE = "N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNSx"


def test_a_line_reads_into_our_seats() -> None:
    deal = read_cfn(LINE, FFB)
    assert deal.dealer is Seat.N
    assert deal.value == 90 and deal.trump is Trump.D and deal.takers is Team.NS
    assert deal.coinche == 2
    # colver's player 1 plays after N: under ffb (counterclockwise) that is our West
    assert deal.hands[Seat.W] >> parse_card("TS") & 1
    assert read_cfn(LINE, YEEQIA).hands[Seat.E] >> parse_card("TS") & 1


def test_a_position_in_play_round_trips() -> None:
    line = "N:.AK.J7.K87/TJ8.Q9..AQ/.T8.TK98./K..AQ.TJ9 7s9sQsAs/7hJh 90sEW"
    deal = read_cfn(line, FFB)
    assert write_cfn(deal, FFB) == line
    pos = position(deal, FFB)
    # S won the first trick and led, E followed (ffb plays N, W, S, E): North is to play,
    # as colver says (its player 0)
    assert [s for s, _c in pos.trick] == [Seat.S, Seat.E] and pos.turn is Seat.N


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", "3 fields"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98. - 90dNS", "four hands"),
        ("X:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNS", "dealer"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90nNS", "contract"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNSxxx", "x"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ - 90dNS", "32 cards"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ8 - 90dNS", "two players"),
        ("N:AA.K.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNS", "twice"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNS", None),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 Zs 90dNS", "not a CFN card"),
        ("N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 7s 90dNS", "both held and played"),
        ("N:A.AK.J7.K87/TJ8.Q9..AQ/9.T8.TK98./KQ.J.AQ.TJ9 7s7h 90dNS", "not a legal"),
        ("N:.AK.J7.K87/TJ8.Q9..AQ/.T8.TK98./K..AQ.TJ9 7s9sQs/As7hJh 90sEW", "last trick"),
    ],
)
def test_a_wrong_line_is_refused_with_its_reason(line: str, words: str | None) -> None:
    if words is None:
        read_cfn(line, FFB)
        return
    with pytest.raises(CfnError, match=words):
        read_cfn(line, FFB)
