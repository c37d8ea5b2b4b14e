"""rules.options: every legal action the generator takes is offered, nothing illegal is."""

from __future__ import annotations

import pytest

from rules.actions import (
    AnnounceDeclared,
    BeloteDeclared,
    BidPlaced,
    CardPlayed,
    Claimed,
    Coinched,
    DealStarted,
    Passed,
    Surcoinched,
)
from rules.cards import iter_cards
from rules.game import Game
from rules.judge import judge
from rules.options import options
from rules.registry import find_profile
from rules.seats import SEATS
from rules.simulation.generator import generate_game


@pytest.mark.parametrize("pid", ["ffb", "contree", "tripot", "yeeqia"])
def test_generated_games_only_take_offered_actions(pid: str) -> None:
    profile = find_profile(pid)
    for seed in range(6):
        g = generate_game(profile, seed, max_deals=4, record_hands=seed % 2 == 0, claims=0.3)
        game = Game.start(profile, g.first_dealer, g.target, g.deals)
        for i, action in enumerate(g.actions):
            now = options(game)
            if now.phase == "auction":  # the passes that end it are the ones the log has
                rest = g.actions[i:]
                n = next((k for k, a in enumerate(rest) if not isinstance(a, Passed)), len(rest))
                if n == len(rest) or not isinstance(rest[n], (BidPlaced, Coinched, Surcoinched)):
                    assert now.closing == tuple(a.seat for a in rest[:n]), (pid, seed, i)
            if isinstance(action, DealStarted):
                assert now.phase == "deal" and now.dealer == action.dealer
            elif isinstance(action, (Passed, BidPlaced, Coinched, Surcoinched)):
                assert now.phase == "auction" and action in now.calls
                for call in now.calls:  # and every call offered is legal
                    assert judge(game, call).legal, call
            elif isinstance(action, CardPlayed):
                assert now.phase == "play" and now.seat == action.seat
                assert now.unplayed >> action.card & 1
                if now.cards is not None:
                    assert now.cards >> action.card & 1
                    for c in iter_cards(now.cards):
                        assert judge(game, CardPlayed(action.seat, c)).legal
            elif isinstance(action, AnnounceDeclared):
                assert now.announce_open
                if now.hand is not None:
                    assert any(
                        a.kind == action.kind and a.cards == action.cards for a in now.announces
                    )
            elif isinstance(action, BeloteDeclared):
                assert now.belote, "a belote said where the page offers none"
            elif isinstance(action, Claimed):
                assert now.phase == "play"
                assert set(action.belote) <= set(now.claim_belote)
            game = game.apply(action)
        assert options(game).phase in ("deal", "over")


def test_coinche_out_of_turn_only_where_the_profile_allows_it() -> None:
    for pid, allowed in (("ffb", False), ("tripot", True)):
        profile = find_profile(pid)
        game = Game.start(profile, SEATS[0]).apply(DealStarted(SEATS[0]))
        bidder = options(game).seat
        assert bidder is not None
        game = game.apply(BidPlaced(bidder, profile.min_bid, profile.trumps[0]))
        now = options(game)
        out_of_turn = [c for c in now.calls if isinstance(c, Coinched) and c.seat != now.seat]
        assert bool(out_of_turn) == allowed, pid
        assert all(c.seat.team != bidder.team for c in out_of_turn)


def test_a_finished_game_offers_nothing() -> None:
    g = generate_game(find_profile("ffb"), 1)
    assert g.final.over and options(g.final).phase == "over" and options(g.final).calls == ()
