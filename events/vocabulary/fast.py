"""Fast checks of payloads that are already canonical, shared by appends and imports.

Most stored events are a few table facts (a card played, a pass, a bid) that
clients send already in canonical form. For those, and for the usual
``DealStarted``, ``AnnounceDeclared`` and ``GameCreated``, a check here proves with
plain ``type(x) is ...`` tests and set lookups (:mod:`events.vocabulary.notation`)
that the schema would load the payload unchanged, and returns its canonical JSON
and the payload the schema would load. Anything it cannot vouch for returns
``None`` and goes through the marshmallow schema, which alone words the errors.
The tests hold every check against its schema.

Every text is written by :func:`events.vocabulary.canonical.canonical_json`: the
frequent small payloads (128 cards played, 4 passes...) are written once, at
import, and looked up.

>>> PAYLOAD_CHECKS["CardPlayed"]({"seat": "S", "card": "TH"})
('{"card":"TH","seat":"S"}', {'seat': 'S', 'card': 'TH'})
>>> PAYLOAD_CHECKS["CardPlayed"]({"seat": "s", "card": "10h"}) is None  # the schema's job
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

from events.vocabulary.canonical import canonical_json
from events.vocabulary.notation import (
    ANNOUNCE_SIZES,
    BELOTE_WORDS,
    CARD_NAMES,
    SEAT_NAMES,
    TRUMP_NAMES,
)
from rules.names import IDENTIFIER, PLAYER_ID, clean_name

Checked = tuple[str, dict[str, Any]]
"""The canonical JSON of a payload, and the payload as the schema would load it."""
Check = Callable[[dict[str, Any]], Checked | None]

_DEAL_KEYS = frozenset(("dealer", "hands", "deck", "cut", "packets"))
_CREATED_KEYS = frozenset(
    ("profile", "seats", "first_dealer", "length", "enforcement", "club", "metadata", "visibility",
     "roster")
)  # fmt: skip
_DEPTH = 64

SEAT_ONLY = {seat: canonical_json({"seat": seat}) for seat in SEAT_NAMES}
"""``{"seat": ...}`` (``Passed``, ``Coinched``, ``Surcoinched``, ``Misdeal``) by seat."""
PLAYED = {
    card: {seat: canonical_json({"seat": seat, "card": card}) for seat in SEAT_NAMES}
    for card in CARD_NAMES
}
"""``CardPlayed`` by card, then seat."""
BELOTE = {
    word: {seat: canonical_json({"seat": seat, "word": word}) for seat in SEAT_NAMES}
    for word in BELOTE_WORDS
}
_BIDS: dict[tuple[str, str, int | str], str] = {}  # at most 4 seats x 6 trumps x 1,001 values
_NOWHERE: dict[str, Any] = {}


def _is(value: Any, allowed: frozenset[str]) -> bool:
    """``value in allowed``, false for anything but a string (a list would raise TypeError)."""
    return type(value) is str and value in allowed


def seat_only(d: dict[str, Any]) -> Checked | None:
    if len(d) == 1:
        seat = d.get("seat")
        if type(seat) is str:
            text = SEAT_ONLY.get(seat)
            if text is not None:
                return text, d
    return None


def card_played(d: dict[str, Any]) -> Checked | None:
    if len(d) == 2:
        seat, card = d.get("seat"), d.get("card")
        if type(seat) is str and type(card) is str:
            text = PLAYED.get(card, _NOWHERE).get(seat)
            if text is not None:
                return text, d
    return None


def bid_placed(d: dict[str, Any]) -> Checked | None:
    seat, trump, value = d.get("seat"), d.get("trump"), d.get("value")
    if len(d) != 3 or not _is(seat, SEAT_NAMES) or not _is(trump, TRUMP_NAMES):
        return None
    if not ((type(value) is int and 1 <= value <= 1000) or value == "capot"):
        return None
    key: tuple[str, str, int | str] = (seat, trump, value)  # type: ignore[assignment]
    text = _BIDS.get(key)
    if text is None:
        text = _BIDS[key] = canonical_json({"seat": seat, "trump": trump, "value": value})
    return text, d


def belote(d: dict[str, Any]) -> Checked | None:
    if len(d) == 2:
        seat, word = d.get("seat"), d.get("word")
        if type(seat) is str and type(word) is str:
            text = BELOTE.get(word, _NOWHERE).get(seat)
            if text is not None:
                return text, d
    return None


def plain(value: Any, depth: int = 0) -> bool:
    """True when ``value`` holds only objects, lists, strings, integers, booleans and
    null, nested at most 64 deep: then orjson and ``json`` read it identically."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if depth >= _DEPTH:
        return False
    if kind is dict:
        return all(type(k) is str and plain(v, depth + 1) for k, v in value.items())
    if kind is list:
        return all(plain(item, depth + 1) for item in value)
    return False


def _cards(value: Any) -> TypeGuard[list[str]]:
    """A list of canonical card names (a set lookup per card, no call per card)."""
    if type(value) is not list:
        return False
    try:
        return CARD_NAMES.issuperset(value) and all(type(c) is str for c in value)
    except TypeError:  # an unhashable item (a list, an object) is no card
        return False


def deal_started(d: dict[str, Any]) -> Checked | None:
    """``DealStarted`` in canonical form, with the payload the schema would load."""
    dealer = d.get("dealer")
    if not d.keys() <= _DEAL_KEYS or not _is(dealer, SEAT_NAMES):
        return None
    hands, deck, cut, packets = d.get("hands"), d.get("deck"), d.get("cut"), d.get("packets")
    if hands is not None:
        if type(hands) is not dict or hands.keys() != SEAT_NAMES:
            return None
        if not all(_cards(cards) and len(cards) == 8 for cards in hands.values()):
            return None
        if len({c for cards in hands.values() for c in cards}) != 32:
            return None
    if deck is not None and not (_cards(deck) and len(deck) == 32 == len(set(deck))):
        return None
    if cut is not None and (type(cut) is not int or not 1 <= cut <= 31):
        return None
    if packets is not None:
        if type(packets) is not list or not all(type(p) is int and 1 <= p <= 8 for p in packets):
            return None
        if sum(packets) != 8:
            return None
    loaded = {"dealer": dealer, "hands": hands, "deck": deck, "cut": cut, "packets": packets}
    return canonical_json(loaded), loaded


def announce(d: dict[str, Any]) -> Checked | None:
    seat, kind, cards = d.get("seat"), d.get("kind"), d.get("cards")
    if len(d) != 3 or not _is(seat, SEAT_NAMES) or type(kind) is not str:
        return None
    sizes = ANNOUNCE_SIZES.get(kind)
    if sizes is None or not _cards(cards):
        return None
    low, high = sizes
    if not low <= len(cards) <= high or len(set(cards)) != len(cards):
        return None
    return canonical_json(d), d


def _text(value: Any, high: int = 200) -> bool:
    """Text the schema keeps as is: 1 to ``high`` characters, no NUL, valid Unicode."""
    return type(value) is str and 1 <= len(value) <= high and "\x00" not in value and _utf8(value)


def _utf8(text: str) -> bool:
    """No lone surrogate (PostgreSQL stores UTF-8 only)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _clean(name: str) -> bool:
    """A player's name already in its stored form (else the schema normalizes or refuses)."""
    try:
        return clean_name(name) == name
    except ValueError:
        return False


def game_created(d: dict[str, Any]) -> Checked | None:
    """``GameCreated`` v3 with a profile id (not an inline document), as the schema loads it."""
    if not d.keys() <= _CREATED_KEYS:
        return None
    profile, seats, first = d.get("profile"), d.get("seats"), d.get("first_dealer")
    if not _text(profile, 100) or not _is(first, SEAT_NAMES):
        return None
    if type(seats) is not dict or seats.keys() != SEAT_NAMES:
        return None
    players = [seats[s] for s in "NESW"]
    if not all(_text(p) and _clean(p) for p in players) or len(set(players)) != 4:
        return None
    roster = d.get("roster", False)
    if type(roster) is not bool or (roster and not all(PLAYER_ID.match(p) for p in players)):
        return None
    length, club = d.get("length"), d.get("club")
    if length is not None and not _length(length):
        return None
    if club is not None and not (type(club) is str and IDENTIFIER.match(club)):
        return None
    enforcement = d.get("enforcement", "strict")
    visibility = d.get("visibility", "private")
    if enforcement not in ("strict", "record") or visibility not in ("private", "public"):
        return None  # (str or not: a list is never equal to these strings)
    metadata = d.get("metadata", {})
    if type(metadata) is not dict or (metadata and not _plain_text(metadata)):
        return None
    loaded = {
        "profile": profile,
        "seats": {s: seats[s] for s in "NESW"},
        "first_dealer": first,
        "length": length,
        "enforcement": enforcement,
        "club": club,
        "metadata": metadata,
        "visibility": visibility,
        "roster": roster,
    }
    text = canonical_json(loaded)
    if len(text) > 16 * 1024:  # near the metadata limit: let the schema measure it
        return None
    return text, loaded


def _length(value: Any) -> bool:
    """``{"target": 1..100000}`` or ``{"deals": 1..1000}``, as the schema loads it."""
    if type(value) is not dict or len(value) != 1:
        return False
    key, number = next(iter(value.items()))
    high = _LENGTH_LIMITS.get(key) if type(key) is str else None
    return high is not None and type(number) is int and 1 <= number <= high


_LENGTH_LIMITS = {"target": 100_000, "deals": 1_000}


def _plain_text(value: Any) -> bool:
    """:func:`plain`, and no NUL or lone surrogate in any string or key (the schema
    refuses those)."""
    if not plain(value):
        return False
    text = canonical_json(value)
    return "\\u0000" not in text and _utf8(text)


PAYLOAD_CHECKS: dict[str, Check] = {
    "CardPlayed": card_played,
    "Passed": seat_only,
    "Coinched": seat_only,
    "Surcoinched": seat_only,
    "Misdeal": seat_only,
    "BidPlaced": bid_placed,
    "BeloteDeclared": belote,
    "DealStarted": deal_started,
    "AnnounceDeclared": announce,
    "GameCreated": game_created,
}
"""Per type, the fast check of a payload of the type's current schema version."""
