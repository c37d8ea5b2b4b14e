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
    Claimed,
    ClaimTakes,
    Coinched,
    DealStarted,
    DealSummarized,
    Misdeal,
    Passed,
    SummaryAnnounce,
    Surcoinched,
)
from rules.cards import Card, card_name, parse_card
from rules.contract import CAPOT, BidValue, Contract, parse_trump
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


RANKS = "789TJQKA"
_TEAMS = ("NS", "EW")


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(f"{name}: must be an integer from {low} to {high}")
    return value


def _team_pair(value: Any, name: str, high: int) -> tuple[int, int]:
    if not isinstance(value, Mapping) or sorted(value) != ["EW", "NS"]:
        raise NotationError(f'{name}: must be {{"NS": ..., "EW": ...}}')
    return (_int(value["NS"], f"{name}.NS", 0, high), _int(value["EW"], f"{name}.EW", 0, high))


def _rank(value: Any, name: str) -> int:
    if not isinstance(value, str) or value.upper().replace("10", "T") not in RANKS:
        raise NotationError(f"{name}: must be a rank, 7 8 9 T J Q K or A")
    return RANKS.index(value.upper().replace("10", "T"))


def _summary_announce(d: Any, name: str) -> SummaryAnnounce:
    if not isinstance(d, Mapping):
        raise NotationError(f"{name}: must be an object")
    try:
        kind = AnnounceKind(_field(d, "kind"))
    except ValueError:
        raise NotationError(f"{name}.kind: must be tierce, cinquante, cent or carre") from None
    except NotationError as e:
        raise NotationError(f"{name}.{e}") from None
    suit = d.get("suit")
    if suit is not None:
        if not isinstance(suit, str) or suit.upper() not in ("C", "D", "H", "S"):
            raise NotationError(f"{name}.suit: must be C, D, H or S")
        suit = "CDHS".index(suit.upper())
    return SummaryAnnounce(_seat(d, "seat"), kind, _rank(d.get("height"), f"{name}.height"), suit)


def _summarized(d: Mapping[str, Any]) -> DealSummarized:
    contract = None
    raw = d.get("contract")
    if raw is not None:
        if not isinstance(raw, Mapping):
            raise NotationError("contract: must be an object or null")
        bid = _bid({"seat": raw.get("taker"), "value": raw.get("value"),
                    "trump": raw.get("trump")})  # fmt: skip
        coinche = raw.get("coinche", 1)
        if coinche not in (1, 2, 4) or isinstance(coinche, bool):
            raise NotationError("contract.coinche: must be 1, 2 (coinched) or 4 (surcoinched)")
        contract = Contract(bid.seat, bid.value, bid.trump, coinche)
    tricks = d.get("tricks")
    belote = d.get("belote") or []
    announces = d.get("announces") or []
    if not isinstance(belote, list) or not isinstance(announces, list):
        raise NotationError("belote, announces: must be lists")
    generale = d.get("generale")
    return DealSummarized(
        _seat(d, "dealer"),
        contract,
        _team_pair(_field(d, "card_points"), "card_points", 1000),
        None if tricks is None else _team_pair(tricks, "tricks", 8),
        tuple(_seat({f"belote.{i}": s}, f"belote.{i}") for i, s in enumerate(belote)),
        tuple(_summary_announce(a, f"announces.{i}") for i, a in enumerate(announces)),
        None if generale is None else _seat(d, "generale"),
    )


def _claimed(d: Mapping[str, Any]) -> Claimed:
    try:
        takes = ClaimTakes(_field(d, "takes"))
    except ValueError:
        raise NotationError("takes: must be 'all' or 'none'") from None
    belote = d.get("belote") or []
    if not isinstance(belote, list):
        raise NotationError("belote: must be a list of seats")
    seats = tuple(_seat({f"belote.{i}": s}, f"belote.{i}") for i, s in enumerate(belote))
    return Claimed(_seat(d), takes, seats)


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
    "DealSummarized": _summarized,
    "Claimed": _claimed,
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


def _summary_to_wire(s: DealSummarized) -> dict[str, Any]:
    c = s.contract
    return {
        "dealer": s.dealer.name,
        "contract": None
        if c is None
        else {"taker": c.taker.name, "value": c.value, "trump": c.trump.name, "coinche": c.coinche},
        "card_points": dict(zip(_TEAMS, s.card_points, strict=True)),
        "tricks": None if s.tricks is None else dict(zip(_TEAMS, s.tricks, strict=True)),
        "belote": [seat.name for seat in s.belote],
        "announces": [
            {
                "seat": a.seat.name,
                "kind": a.kind.value,
                "height": RANKS[a.height],
                "suit": None if a.suit is None else "CDHS"[a.suit],
            }
            for a in s.announces
        ],
        "generale": None if s.generale is None else s.generale.name,
    }


def action_to_wire(action: Action) -> tuple[str, dict[str, Any]]:
    kind = type(action).__name__
    if isinstance(action, DealSummarized):
        return kind, _summary_to_wire(action)
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
    if isinstance(action, Claimed):
        data.update(takes=action.takes.value, belote=[s.name for s in action.belote])
    elif isinstance(action, BidPlaced):
        data.update(value=action.value, trump=action.trump.name)
    elif isinstance(action, AnnounceDeclared):
        data.update(kind=action.kind.value, cards=[card_name(c) for c in action.cards])
    elif isinstance(action, BeloteDeclared):
        data["word"] = action.word.value
    elif isinstance(action, CardPlayed):
        data["card"] = card_name(action.card)
    return kind, data
