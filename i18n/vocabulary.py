"""Each profile's table vocabulary: the words its players and its source use.

A profile is data, so the vocabulary follows a switch rather than a profile's id: the
family of mark formulas (:class:`rules.profiles.Marks`), which is also the family of
source documents. A club profile built on ``contree`` speaks of *contre* like its base.
"""

from __future__ import annotations

from enum import StrEnum

from rules.profiles import Marks, Profile


class Vocabulary(StrEnum):
    FFB = "ffb"  # the federal rules and FunBelote's coinche: coinche / surcoinche
    CONTREE = "contree"  # FunBelote's belote contrée: contre / surcontre
    YEEQIA = "yeeqia"  # coinche / surcoinche, « pisser », la preneuse
    TRIPOT = "tripot"  # coinche / surcoinche « à la volée », « je passe », sous-couper


_BY_MARKS = {
    Marks.FFB: Vocabulary.FFB,
    Marks.CONTREE: Vocabulary.CONTREE,
    Marks.POINTS_FAITS: Vocabulary.CONTREE,
    Marks.POINTS_ANNONCES: Vocabulary.CONTREE,
    Marks.YEEQIA: Vocabulary.YEEQIA,
    Marks.TRIPOT: Vocabulary.TRIPOT,
}


def vocabulary_of(profile: Profile | None) -> Vocabulary:
    """The vocabulary of ``profile`` (the federal one when the profile is unknown)."""
    return Vocabulary.FFB if profile is None else _BY_MARKS[profile.marks]


def says_contre(vocabulary: Vocabulary) -> bool:
    """Whether a double is a *contre* (and a redouble a *surcontre*) at this table."""
    return vocabulary is Vocabulary.CONTREE
