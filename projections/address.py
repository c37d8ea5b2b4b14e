"""Where to stop a replay: a game version, a global position, or a table address.

A table address ``deal.trick.card`` names the last table step taken: ``3.0.0`` is
deal 3 just dealt, ``3.0.2`` its second call (trick 0 is the auction), ``3.5.2`` the
second card of its fifth trick, ``3.5.4`` the card that completes that trick and
``3.8.4`` the end of the deal (its last card, a claim or a summary). Every address the
service writes (timeline, state, audit findings, viewer links) is in this form, and
a step that does not move the table (a belote said, an announce, a score written)
carries the address of the step before it.

Two more spellings are accepted on input for the same moments: ``3.6.0`` ("before
trick 6's first card") is ``3.5.4``, and ``3.1.0`` is the end of the auction (its
last call).

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
    """The table address of a state: its last table step (None before the first deal)."""
    game = state.game
    if game is None:
        return None
    if game.deal is None:  # right after a misdeal: the deal that was misdealt
        return Address(game.records[-1].number, 0, 0) if game.records else None
    deal = game.deal
    if deal.phase is Phase.PLAY and deal.trick_cards:
        return Address(deal.number, len(deal.tricks) + 1, len(deal.trick_cards))
    if deal.phase is Phase.PLAY and deal.tricks:  # a trick just completed
        return Address(deal.number, len(deal.tricks), 4)
    if deal.phase is Phase.DONE:
        return Address(deal.number, 8, 4)
    return Address(deal.number, 0, len(deal.auction.calls))  # the auction, or its end


def canonical(target: Address) -> Address:
    """The written form of an address typed in another accepted spelling: ``d.t.0`` is
    ``d.(t-1).4`` for a trick t ≥ 2 and ``d.0.40`` (the auction's end) for t = 1."""
    if target.trick >= 1 and target.card == 0:
        if target.trick == 1:
            return Address(target.deal, 0, 40)
        return Address(target.deal, target.trick - 1, 4)
    return target


def reached(state: GameState, target: Address) -> bool:
    """Has the fold reached ``target`` (or gone past it: a deal may have ended sooner,
    an auction may be shorter than the call asked for)?"""
    here = address_of(state)
    if here is None:
        return False
    target = canonical(target)
    if here >= target:
        return True
    deal = state.game.deal if state.game is not None else None
    return (
        target.trick == 0
        and deal is not None
        and deal.number == target.deal
        and deal.phase is not Phase.AUCTION
    )


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
