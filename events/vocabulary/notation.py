"""The canonical spellings of the table's notation, taken from the rules' own writers.

The rules parse a card, a seat or a trump (:func:`rules.cards.parse_card`,
:func:`rules.seats.parse_seat`, :func:`rules.contract.parse_trump`: ``"10h"`` is the
ten of hearts) and write it one way (``"TH"``). A stored payload holds only the
written form, so "is this payload already canonical?" is a set lookup on these
names: built here once, from the rules' writers, for every fast check of the
vocabulary.

>>> len(CARD_NAMES), sorted(SEAT_NAMES), sorted(TRUMP_NAMES)
(32, ['E', 'N', 'S', 'W'], ['C', 'D', 'H', 'S', 'SA', 'TA'])
>>> "TH" in CARD_NAMES, "10H" in CARD_NAMES
(True, False)
"""

from __future__ import annotations

from rules.actions import AnnounceKind, BeloteWord
from rules.cards import DECK, card_name
from rules.contract import TRUMPS
from rules.seats import SEATS

CARD_NAMES = frozenset(card_name(c) for c in DECK)
SEAT_NAMES = frozenset(s.name for s in SEATS)
TRUMP_NAMES = frozenset(t.name for t in TRUMPS)
BELOTE_WORDS = frozenset(w.value for w in BeloteWord)
ANNOUNCE_SIZES: dict[str, tuple[int, int]] = {
    AnnounceKind.TIERCE.value: (3, 3),
    AnnounceKind.CINQUANTE.value: (4, 4),
    AnnounceKind.CENT.value: (5, 8),
    AnnounceKind.CARRE.value: (4, 4),
}
"""Cards an announce shows: (fewest, most)."""
