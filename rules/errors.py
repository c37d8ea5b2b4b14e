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


class ProfileError(RulesError, ValueError):
    """A profile document with a missing, unknown or invalid switch.

    ``switch`` names the offending switch so a club can fix its document.
    """

    def __init__(self, switch: str, message: str) -> None:
        super().__init__(f"{switch}: {message}")
        self.switch = switch
        self.message = message


class UnknownProfileError(RulesError, LookupError):
    """A profile id that is not in the registry."""
