"""Where to stop a replay: a game version, a global position, or a table address.

A table address is (deal, trick, card): the state right after ``card`` cards of
``trick`` of ``deal`` were played (card 0: just before the trick's first card).
Trick 0 is the auction: (3, 0, 2) is deal 3 after its second call, (3, 0, 0) the
deal just started.

>>> Address.parse("3.5.2")
Address(deal=3, trick=5, card=2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rules.deal import Phase

if TYPE_CHECKING:
    from projections.entries import Entry
    from projections.state import GameState


class Address(NamedTuple):
    deal: int
    trick: int
    card: int

    @classmethod
    def parse(cls, text: str) -> Address:
        """``"3.5.2"`` (deal.trick.card); raises ``ValueError`` with the expected form."""
        parts = text.split(".")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise ValueError(f"{text!r} is not an address: write deal.trick.card, e.g. 3.5.2")
        deal, trick, card = (int(p) for p in parts)
        if deal < 1 or not 0 <= trick <= 8 or not 0 <= card <= (40 if trick == 0 else 4):
            raise ValueError(f"{text!r}: deal ≥ 1, trick 0 (auction) to 8, card 0 to 4")
        return cls(deal, trick, card)

    def __str__(self) -> str:
        return f"{self.deal}.{self.trick}.{self.card}"


def address_of(state: GameState) -> Address | None:
    """The table address of a state (None before the first deal)."""
    game = state.game
    if game is None:
        return None
    if game.deal is None:  # right after a misdeal: the deal that was misdealt
        return Address(game.records[-1].number, 0, 0) if game.records else None
    deal = game.deal
    if deal.phase is Phase.AUCTION or (deal.phase is Phase.VOID):
        return Address(deal.number, 0, len(deal.auction.calls))
    if deal.phase is Phase.PLAY:
        return Address(deal.number, len(deal.tricks) + 1, len(deal.trick_cards))
    return Address(deal.number, 8, 4)


def reached(state: GameState, target: Address) -> bool:
    """Has the fold reached ``target`` (or gone past it: a deal may have ended sooner)?

    (d, t, 4) is the same moment as (d, t + 1, 0) for 1 ≤ t < 8: the trick is complete
    (in the auction, trick 0, card 4 is simply the fourth call).
    """
    here = address_of(state)
    if here is None:
        return False
    if target.card == 4 and 1 <= target.trick < 8:
        target = Address(target.deal, target.trick + 1, 0)
    return here >= target


class Upto(NamedTuple):
    """Stop after this game version, or this global position, or at this address."""

    version: int | None = None
    position: int | None = None
    address: Address | None = None

    def before(self, entry: Entry) -> bool:
        """True when ``entry`` lies beyond the stopping point."""
        if self.version is not None and entry.version > self.version:
            return True
        return (
            self.position is not None
            and entry.position is not None
            and entry.position > self.position
        )


def parse_at(text: str) -> Upto:
    """The one notation of a point of a game: ``"12"`` → version 12, ``"p345"`` →
    position 345, ``"3.5.2"`` → an address.

    >>> parse_at("p7")
    Upto(version=None, position=7, address=None)
    """
    if text.isdigit() and int(text) >= 1:
        return Upto(version=int(text))
    if text[:1] == "p" and text[1:].isdigit() and int(text[1:]) >= 1:
        return Upto(position=int(text[1:]))
    if "." in text:
        return Upto(address=Address.parse(text))
    raise ValueError(
        f"{text!r} is not a point of the game: a version (12), a position (p345) "
        "or an address deal.trick.card (3.5.2)"
    )
