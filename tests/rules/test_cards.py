import pytest

from rules.cards import (
    DECK,
    Rank,
    Suit,
    card,
    card_label,
    card_name,
    card_words,
    cards_of,
    mask_of,
    parse_card,
    rank_of,
    suit_of,
)
from rules.errors import CardError, NotationError
from rules.seats import Direction, Seat, Team, next_seat, parse_seat, previous_seat, seats_from


def test_every_card_round_trips_through_its_name():
    assert len(DECK) == 32
    for c in DECK:
        assert parse_card(card_name(c)) == c


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("JH", Rank.JACK, Suit.H),
        ("th", Rank.TEN, Suit.H),
        ("10S", Rank.TEN, Suit.S),
        (" 7c ", Rank.SEVEN, Suit.C),
        ("AD", Rank.ACE, Suit.D),
    ],
)
def test_parse_card(text, rank, suit):
    c = parse_card(text)
    assert (rank_of(c), suit_of(c)) == (rank, suit)
    assert c == card(rank, suit)


@pytest.mark.parametrize("bad", ["", "J", "JX", "1H", "6H", "JHH", "♥J", "11H", "0H"])
def test_bad_cards_raise_a_card_error_that_is_a_value_error(bad):
    with pytest.raises(CardError, match="not a card"):
        parse_card(bad)
    with pytest.raises(ValueError):
        parse_card(bad)


def test_non_string_card_is_refused_clearly():
    with pytest.raises(CardError, match="string"):
        parse_card(12)  # type: ignore[arg-type]


def test_labels_and_words():
    assert card_label(parse_card("TS")) == "10♠"
    assert card_label(parse_card("JH")) == "J♥"
    assert card_words(parse_card("JH")) == "jack of hearts"
    assert card_words(parse_card("7C")) == "seven of clubs"


def test_masks():
    cs = [parse_card("AS"), parse_card("7C"), parse_card("JH")]
    assert cards_of(mask_of(cs)) == sorted(cs)


def test_seats_and_direction():
    assert next_seat(Seat.N, Direction.CLOCKWISE) is Seat.E
    assert next_seat(Seat.N, Direction.COUNTERCLOCKWISE) is Seat.W
    assert previous_seat(Seat.N, Direction.COUNTERCLOCKWISE) is Seat.E
    assert seats_from(Seat.S, Direction.COUNTERCLOCKWISE) == (Seat.S, Seat.E, Seat.N, Seat.W)
    assert Seat.E.team is Team.EW and Seat.S.partner is Seat.N
    assert Team.NS.other is Team.EW and Team.EW.seats == (Seat.E, Seat.W)
    with pytest.raises(NotationError, match="not a seat"):
        parse_seat("X")


def test_zero_valued_members_are_truthy():
    # Seat.N, Team.NS, clubs, the seven and the clubs trump are 0: `if seat:` must not lie.
    from rules.contract import Trump

    assert all(bool(x) for x in (Seat.N, Team.NS, Suit.C, Rank.SEVEN, Trump.C))
