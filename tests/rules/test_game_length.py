"""Fixed-length games (``deals``): the game ends after that many deals, the higher total
wins, equal totals stay a tie; misdeals do not count."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import DealStarted, DealSummarized, Misdeal, Passed
from rules.contract import Contract, Trump
from rules.game import Game
from rules.judge import judge
from rules.registry import PROFILES, find_profile
from rules.seats import Seat, Team, next_seat
from rules.simulation.generator import generate_game

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_a_fixed_length_game_ends_after_its_deals(pid: str, seed: int, deals: int) -> None:
    g = generate_game(PROFILES[pid], seed, deals=deals, max_deals=40)
    game = g.final
    assert game.over and game.deals_played == deals
    assert game.records[-1].misdeal is None  # the last deal counted ends it
    ns, ew = game.totals
    assert game.winner == (None if ns == ew else Team.NS if ns > ew else Team.EW)
    verdict = judge(game, DealStarted(game.next_dealer))
    assert verdict.impossible and verdict.rule == "game-over"
    # the same events in a game to a target far away: not over, same totals
    long = Game.start(g.profile, g.first_dealer, 10**6)
    for action in g.actions:
        long = long.apply(action)
    assert not long.over and long.totals == game.totals


def passed_out(game: Game) -> Game:
    """A deal that all four pass: no score, the next dealer."""
    dealer = game.next_dealer
    game = game.apply(DealStarted(dealer))
    seat = next_seat(dealer, game.profile.direction)
    for _ in range(4):
        game = game.apply(Passed(seat))
        seat = next_seat(seat, game.profile.direction)
    return game


def test_equal_totals_after_the_last_deal_are_a_tie() -> None:
    game = Game.start(find_profile("ffb"), Seat.N, deals=2)
    game = passed_out(game)
    assert not game.over and game.deals_played == 1
    game = passed_out(game)
    assert game.over and game.winner is None and game.totals == (0, 0)
    assert judge(game, DealStarted(game.next_dealer)).rule == "game-over"


def test_a_misdeal_does_not_count_as_a_deal() -> None:
    game = Game.start(find_profile("tripot"), Seat.N, deals=1)
    game = game.apply(DealStarted(Seat.N)).apply(Misdeal(Seat.N))
    assert not game.over and game.deals_played == 0 and len(game.records) == 1
    assert passed_out(game).over


def test_a_target_is_ignored_in_a_fixed_length_game() -> None:
    game = Game.start(find_profile("ffb"), Seat.N, target=1, deals=3)
    sheet = DealSummarized(Seat.N, Contract(Seat.S, 90, Trump.H), (100, 62))
    game = game.apply(sheet)  # NS far over the target, but two deals remain
    assert game.totals[0] > 1 and not game.over and game.winner is None
