"""The words of the table in one language: seats, teams, cards, suits, trumps, bids.

A :class:`Speaker` holds one language and one table vocabulary; everything that
renders facts (findings, the timeline, the score sheet's labels) asks one for its
words. Cards are written short in sentences (``7♣``, and ``V♠`` for the French
*valet*) and in full for screen readers (``valet de cœur``; ``neuf d'atout`` when the
suit is trump).

>>> fr = speaker("fr")
>>> fr.card_words("JH"), fr.card_words("9S", trump="S"), fr.card_label("QD")
('valet de cœur', "neuf d'atout", 'D♦')
>>> en = speaker("en")
>>> en.card_words("JH"), en.card_label("TS"), en.seat("W"), fr.seat("W")
('jack of hearts', '10♠', 'W', 'O')
>>> fr.plural_tricks(1), fr.plural_tricks(3)
('1 pli', '3 plis')
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from functools import cache, cached_property

from i18n.catalogues import translations
from i18n.vocabulary import Vocabulary, says_contre

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = "789TJQKA"


class Speaker:
    """The words of one language and one table vocabulary."""

    def __init__(self, lang: str, vocabulary: Vocabulary = Vocabulary.FFB) -> None:
        self.lang = lang
        self.vocabulary = vocabulary
        self.contre = says_contre(vocabulary)
        self.t: gettext.NullTranslations = translations(lang)

    # -- the catalogue ------------------------------------------------------------------
    def _(self, message: str) -> str:
        return self.t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.t.pgettext(context, message)

    # -- seats and teams ------------------------------------------------------------------
    @cached_property
    def _seats(self) -> dict[str, str]:
        return {
            "N": self.pgettext("seat", "N"),
            "E": self.pgettext("seat", "E"),
            "S": self.pgettext("seat", "S"),
            "W": self.pgettext("seat", "W"),
        }

    def seat(self, code: str) -> str:
        """A seat's letter as the table says it (``W`` is ``O``, *ouest*, in French)."""
        return self._seats.get(code, code)

    def team(self, code: str) -> str:
        """``NS`` or ``EW`` (``EO`` in French)."""
        return "".join(self.seat(c) for c in code)

    # -- suits, ranks, cards --------------------------------------------------------------
    @cached_property
    def _suits(self) -> dict[str, str]:
        return {
            "C": self.pgettext("suit", "clubs"),
            "D": self.pgettext("suit", "diamonds"),
            "H": self.pgettext("suit", "hearts"),
            "S": self.pgettext("suit", "spades"),
        }

    @cached_property
    def _rank_letters(self) -> dict[str, str]:
        return {
            "7": "7",
            "8": "8",
            "9": "9",
            "T": "10",
            "J": self.pgettext("rank letter", "J"),
            "Q": self.pgettext("rank letter", "Q"),
            "K": self.pgettext("rank letter", "K"),
            "A": self.pgettext("rank letter", "A"),
        }

    @cached_property
    def _rank_names(self) -> dict[str, str]:
        return {
            "7": self.pgettext("rank", "seven"),
            "8": self.pgettext("rank", "eight"),
            "9": self.pgettext("rank", "nine"),
            "T": self.pgettext("rank", "ten"),
            "J": self.pgettext("rank", "jack"),
            "Q": self.pgettext("rank", "queen"),
            "K": self.pgettext("rank", "king"),
            "A": self.pgettext("rank", "ace"),
        }

    def suit(self, code: str) -> str:
        """A suit's name: ``"pique"``, ``"spades"``."""
        return self._suits.get(code, code)

    def card_label(self, code: str) -> str:
        """A card written short: ``"10♠"``, ``"V♥"`` (French), ``"J♥"`` (English)."""
        if len(code) != 2 or code[0] not in RANKS or code[1] not in SUIT_SYMBOLS:
            return code
        return self._rank_letters[code[0]] + SUIT_SYMBOLS[code[1]]

    def card_words(self, code: str, trump: str | None = None) -> str:
        """A card in words, for screen readers: ``"valet de cœur"``; ``"neuf d'atout"`` when
        its suit is ``trump``."""
        if len(code) != 2 or code[0] not in RANKS or code[1] not in SUIT_SYMBOLS:
            return code
        rank = self._rank_names[code[0]]
        if trump == code[1]:
            return self._("{rank} of trumps").format(rank=rank)
        return self._("{rank} of {suit}").format(rank=rank, suit=self.suit(code[1]))

    def the_card(self, code: str) -> str:
        """The card with its article: ``"the 7♣"``, ``"le 7♣"``, ``"l'A♠"``."""
        label = self.card_label(code)
        if self.lang == "fr":
            return ("l'" if label.startswith("A") else "le ") + label
        return "the " + label

    def cards(self, codes: Iterable[str]) -> str:
        """Cards written short, separated by spaces (``"—"`` when there are none)."""
        found = [self.card_label(c) for c in codes]
        return " ".join(found) if found else "—"

    # -- trumps and bids --------------------------------------------------------------------
    def trump(self, code: str) -> str:
        """A trump in words: a suit's name, ``"sans atout"``, ``"tout atout"``."""
        if code == "SA":
            return self.pgettext("trump", "no trump")
        if code == "TA":
            return self.pgettext("trump", "all trump")
        return self.suit(code)

    def bid(self, value: object, trump: str) -> str:
        """A bid written short: ``"90♥"``, ``"120 TA"``, ``"capot ♠"``."""
        head = self.pgettext("bid", "capot") if value == "capot" else str(value)
        symbol = SUIT_SYMBOLS.get(trump)
        if symbol is not None and value != "capot":
            return head + symbol
        return f"{head} {symbol or trump}"

    def plural_tricks(self, n: int) -> str:
        """``"1 pli"``, ``"3 plis"``."""
        return self.ngettext("{n} trick", "{n} tricks", n).format(n=n)

    def plural_points(self, n: int) -> str:
        """``"1 point"``, ``"24 points"``."""
        return self.ngettext("{n} point", "{n} points", n).format(n=n)

    # -- the table vocabulary ----------------------------------------------------------------
    def coinche_noun(self) -> str:
        """*coinche* or *contre*, as a noun."""
        if self.contre:
            return self.pgettext("double", "contre")
        return self.pgettext("double", "coinche")

    def surcoinche_noun(self) -> str:
        """*surcoinche* or *surcontre*, as a noun."""
        if self.contre:
            return self.pgettext("redouble", "surcontre")
        return self.pgettext("redouble", "surcoinche")

    def announce(self, kind: str, article: bool = False) -> str:
        """An announce's name (``"tierce"``, ``"carré"``), or with its article (``"une
        tierce"``, ``"un carré"``)."""
        if article:
            table = {
                "tierce": self.pgettext("announce", "a tierce"),
                "cinquante": self.pgettext("announce", "a cinquante"),
                "cent": self.pgettext("announce", "a cent"),
                "carre": self.pgettext("announce", "a carré"),
            }
        else:
            table = {
                "tierce": self.pgettext("announce", "tierce"),
                "cinquante": self.pgettext("announce", "cinquante"),
                "cent": self.pgettext("announce", "cent"),
                "carre": self.pgettext("announce", "carré"),
            }
        return table.get(kind, kind)


@cache
def speaker(lang: str, vocabulary: Vocabulary = Vocabulary.FFB) -> Speaker:
    """The (shared) speaker of ``lang`` and ``vocabulary``."""
    return Speaker(lang, vocabulary)
