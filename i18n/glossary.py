"""The French glossary: each term of the table, what it means, the rule ids that speak
of it and its English id, so that an arbiter and a developer name the same thing.

Served as the page ``/docs/glossary``; the meanings are messages of the catalogue
(French text in French, English text in English), the terms stay French.
"""

from __future__ import annotations

from typing import NamedTuple


def N_(message: str) -> str:
    """Marks a message for extraction; the page translates it."""
    return message


class Term(NamedTuple):
    term: str  # as the table says it, in French
    meaning: str  # a message id (English), translated on the page
    rules: tuple[str, ...]  # the stable rule ids (audit findings, refusals)
    english: str  # the English id of the thing: an event type, a field, a word of the API


GLOSSARY: tuple[Term, ...] = (
    Term("donne, donneur", N_("a deal, and the seat that deals it"),
         ("wrong-dealer", "deal-packets", "cut-too-small", "deal-mismatch", "deck-shuffled"),
         "DealStarted, dealer"),
    Term("maldonne", N_("a misdeal: the cards are dealt again"), ("misdeal-too-late",),
         "Misdeal"),
    Term("enchère, parole", N_("a bid: a number of points and a trump, or capot"),
         ("bid-value", "bid-too-low", "raise-own-bid", "one-speech", "trump-not-allowed",
          "capot-not-allowed"), "BidPlaced, value, trump"),
    Term("je passe", N_("a pass (Tripot says it so)"), ("auction-closed",), "Passed"),
    Term("atout, sans atout (SA), tout atout (TA)",
         N_("the trump suit; no trump; every suit is trump"), ("trump-not-allowed",),
         "trump: C D H S SA TA"),
    Term("preneur, preneuse ; défense", N_("the side whose bid stands; the other side"),
         ("surcoinche-by-defence",), "taker, takers, defence"),
    Term("coinche (contre)", N_("the defence doubles the contract; contre in the contrée "
                                "profiles"),
         ("nothing-to-coinche", "already-coinched", "coinche-own-bid", "contract-frozen"),
         "Coinched"),
    Term("surcoinche (surcontre)", N_("the takers redouble after a coinche; surcontre in the "
                                     "contrée profiles"),
         ("surcoinche-without-coinche", "surcoinche-by-defence"), "Surcoinched"),
    Term("à la volée", N_("out of turn: Tripot allows a coinche at any moment"),
         ("out-of-turn",), "coinche_out_of_turn"),
    Term("entame", N_("the first card of a trick"), (), "lead"),
    Term("fournir", N_("to play a card of the suit led"), ("must-follow-suit",),
         "follow suit"),
    Term("couper", N_("to play a trump when void in the suit led"), ("must-trump",), "trump"),
    Term("maître", N_("holding the trick so far"), ("must-trump",), "holds the trick"),
    Term("monter, surmonter", N_("to play higher than the best card on the table"),
         ("must-overtrump", "must-beat"), "beat"),
    Term("surcouper", N_("to trump higher than an opponent's trump"), ("must-overtrump",),
         "overtrump"),
    Term("pisser, sous-couper", N_("to play a lower trump when unable to overtrump"),
         ("must-undertrump",), "undertrump"),
    Term("se défausser", N_("to play another suit without trumping"), ("must-trump",),
         "discard"),
    Term("renonce", N_("a revoke (not following, trumping or beating when one must), or a "
                       "false announce"),
         ("must-follow-suit", "must-trump", "must-overtrump", "must-undertrump", "must-beat",
          "false-announce"), "revoke"),
    Term("pli, levée", N_("a trick: four cards, one per seat"),
         ("card-already-played", "card-not-held", "out-of-turn"), "trick, CardPlayed"),
    Term("annonces : tierce, cinquante, cent, carré",
         N_("announces: runs of 3, 4, 5 cards and four of a kind"),
         ("false-announce", "no-announces", "announce-out-of-time"), "AnnounceDeclared"),
    Term("belote, rebelote", N_("king and queen of trump, said while playing them"),
         ("belote-without-pair", "belote-wrong-card", "belote-order", "belote-out-of-time",
          "no-belote-here"), "BeloteDeclared"),
    Term("dix de der", N_("the 10 points of the last trick"), (), "last-trick bonus"),
    Term("capot, générale", N_("all eight tricks to one side; to one player"),
         ("capot-not-allowed", "bid-too-low"), "capot"),
    Term("chute, dedans", N_("the contract is down"), (), "made: false"),
    Term("marque, feuille de marque", N_("the marks written after each deal; the score sheet"),
         ("score-mismatch", "score-unknown-deal"), "ScoreRecorded, sheet"),
    Term("décision de l'arbitre", N_("an arbiter's ruling on a deal"), ("ruling-malformed",),
         "RulingIssued"),
)  # fmt: skip
