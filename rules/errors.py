"""The exceptions of the rules package.

Every error a caller can provoke with bad input is a ``ValueError`` subclass, so
``except ValueError`` is enough for a parser, while the precise class tells *what*
was wrong.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error raised by :mod:`rules`."""


class NotationError(RulesError, ValueError):
    """A card, suit, rank, seat, team or trump written in an unknown notation."""


class CardError(NotationError):
    """A card string that is not a card of the 32-card deck (``"JH"``, ``"TS"``, ``"7C"``)."""


def N_(message: str) -> str:
    """Marks a message for the catalogues' extraction; it stays English here (a reader
    words it again in its own language from the error's ``template`` and ``words``)."""
    return message


class ProfileError(RulesError, ValueError):
    """A profile document with a missing, unknown or invalid switch.

    ``switch`` names the offending switch so a club can fix its document; ``message`` is
    the English message, ``template`` its catalogue message and ``words`` the values of
    its placeholders.
    """

    def __init__(self, switch: str, message: str, /, **words: object) -> None:
        said = message.format(**words) if words else message
        super().__init__(f"{switch}: {said}")
        self.switch = switch
        self.message = said
        self.template = message
        self.words = {key: str(value) for key, value in words.items()}


class UnknownProfileError(RulesError, LookupError):
    """A profile id that is not in the registry."""
