"""The wire notation of the table facts: ``{"type": ..., "data": {...}}`` ⇄ actions.

This is the public event vocabulary of DESIGN.md for the events the rules know
(``DealStarted``, ``Passed``, ``BidPlaced``, ``Coinched``, ``Surcoinched``,
``AnnounceDeclared``, ``BeloteDeclared``, ``CardPlayed``, ``Misdeal``). Log-level
events (game creation, voids, rulings…) belong to :mod:`events`. Every error is a
:class:`~rules.errors.NotationError` naming the field.

>>> action_from_wire("BidPlaced", {"seat": "S", "value": 90, "trump": "H"})
BidPlaced(seat=<Seat.S: 2>, value=90, trump=<Trump.H: 2>)
>>> action_to_wire(action_from_wire("CardPlayed", {"seat": "w", "card": "10h"}))
('CardPlayed', {'seat': 'W', 'card': 'TH'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.actions import (
    Action,
    AnnounceDeclared,
    AnnounceKind,
    BeloteDeclared,
    BeloteWord,
    BidPlaced,
    CardPlayed,
    Coinched,
    DealStarted,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.cards import Card, card_name, parse_card
from rules.contract import CAPOT, BidValue, parse_trump
from rules.errors import NotationError
from rules.seats import SEATS, Seat, parse_seat


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise NotationError(f"{name}: missing")
    return data[name]


def _seat(data: Mapping[str, Any], name: str = "seat") -> Seat:
    try:
        return parse_seat(_field(data, name))
    except NotationError as e:
        raise NotationError(f"{name}: {e}") from None


def _card(value: Any, name: str) -> Card:
    try:
        return parse_card(value)
    except NotationError as e:
        raise NotationError(f"{name}: {e}") from None


def _cards(value: Any, name: str, size: int | None = None) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise NotationError(f"{name}: must be a list of cards")
    cards = tuple(_card(v, f"{name}[{i}]") for i, v in enumerate(value))
    if size is not None and len(cards) != size:
        raise NotationError(f"{name}: must hold {size} cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise NotationError(f"{name}: a card is listed twice")
    return cards


def _bid_value(value: Any) -> BidValue:
    if value == CAPOT:
        return CAPOT
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"value: must be an integer or 'capot', not {value!r}")
    return value


def _deal_started(d: Mapping[str, Any]) -> DealStarted:
    dealer = _seat(d, "dealer")
    hands = None
    if d.get("hands") is not None:
        raw = d["hands"]
        if not isinstance(raw, Mapping) or sorted(raw) != ["E", "N", "S", "W"]:
            raise NotationError("hands: must give the 8 cards of each of N, E, S and W")
        hands = tuple(_cards(raw[s.name], f"hands.{s.name}", 8) for s in SEATS)
        if len({c for h in hands for c in h}) != 32:
            raise NotationError("hands: a card is dealt twice")
    deck = _cards(d["deck"], "deck", 32) if d.get("deck") is not None else None
    cut = d.get("cut")
    if cut is not None and (
        isinstance(cut, bool) or not isinstance(cut, int) or not 0 <= cut <= 32
    ):
        raise NotationError("cut: must be the number of cards lifted (0 to 32)")
    packets = d.get("packets")
    if packets is not None:
        if (
            not isinstance(packets, list)
            or not packets
            or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in packets)
            or sum(packets) != 8
        ):
            raise NotationError("packets: must be packet sizes summing to 8, e.g. [3, 2, 3]")
        packets = tuple(packets)
    return DealStarted(dealer, hands, deck, cut, packets)


def _announce(d: Mapping[str, Any]) -> AnnounceDeclared:
    try:
        kind = AnnounceKind(_field(d, "kind"))
    except ValueError:
        raise NotationError("kind: must be tierce, cinquante, cent or carre") from None
    return AnnounceDeclared(_seat(d), kind, _cards(_field(d, "cards"), "cards"))


def _belote(d: Mapping[str, Any]) -> BeloteDeclared:
    try:
        word = BeloteWord(_field(d, "word"))
    except ValueError:
        raise NotationError("word: must be belote or rebelote") from None
    return BeloteDeclared(_seat(d), word)


def _bid(d: Mapping[str, Any]) -> BidPlaced:
    try:
        trump = parse_trump(_field(d, "trump"))
    except NotationError as e:
        raise NotationError(f"trump: {e}") from None
    return BidPlaced(_seat(d), _bid_value(_field(d, "value")), trump)


PARSERS: dict[str, Callable[[Mapping[str, Any]], Action]] = {
    "DealStarted": _deal_started,
    "Passed": lambda d: Passed(_seat(d)),
    "BidPlaced": _bid,
    "Coinched": lambda d: Coinched(_seat(d)),
    "Surcoinched": lambda d: Surcoinched(_seat(d)),
    "AnnounceDeclared": _announce,
    "BeloteDeclared": _belote,
    "CardPlayed": lambda d: CardPlayed(_seat(d), _card(_field(d, "card"), "card")),
    "Misdeal": lambda d: Misdeal(_seat(d)),
}
TABLE_TYPES = frozenset(PARSERS)


def action_from_wire(kind: str, data: Mapping[str, Any]) -> Action:
    """The action of a table event; raises :class:`NotationError` naming the bad field."""
    parser = PARSERS.get(kind)
    if parser is None:
        raise NotationError(f"type: {kind!r} is not a table event")
    if not isinstance(data, Mapping):
        raise NotationError("data: must be an object")
    return parser(data)


def action_to_wire(action: Action) -> tuple[str, dict[str, Any]]:
    kind = type(action).__name__
    if isinstance(action, DealStarted):
        data: dict[str, Any] = {"dealer": action.dealer.name}
        if action.hands is not None:
            data["hands"] = {s.name: [card_name(c) for c in action.hands[s]] for s in SEATS}
        if action.deck is not None:
            data["deck"] = [card_name(c) for c in action.deck]
        if action.cut is not None:
            data["cut"] = action.cut
        if action.packets is not None:
            data["packets"] = list(action.packets)
        return kind, data
    data = {"seat": action.seat.name}
    if isinstance(action, BidPlaced):
        data.update(value=action.value, trump=action.trump.name)
    elif isinstance(action, AnnounceDeclared):
        data.update(kind=action.kind.value, cards=[card_name(c) for c in action.cards])
    elif isinstance(action, BeloteDeclared):
        data["word"] = action.word.value
    elif isinstance(action, CardPlayed):
        data["card"] = card_name(action.card)
    return kind, data
