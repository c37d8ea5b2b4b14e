"""The tournament rules' errors: a stable ``rule`` id and a detail naming what was wrong.

A detail is an English message with ``{placeholders}`` and the words that fill them, so a
reader can word it in another language (the service does, from the catalogues: the
messages are marked with :func:`N_` for their extraction).
"""

from __future__ import annotations

from rules.errors import RulesError


def N_(message: str) -> str:
    """Marks a message for the catalogues' extraction; it stays English here."""
    return message


class TournamentError(RulesError, ValueError):
    """A tournament command or document the rules refuse.

    ``rule`` is a stable identifier (``team-already-registered``, ``round-incomplete``…)
    and ``field`` the offending field of a document, when there is one; ``message`` is
    the detail's message and ``words`` the values of its placeholders.
    """

    def __init__(
        self, rule: str, detail: str, field: str | None = None, /, **words: object
    ) -> None:
        said = detail.format(**words) if words else detail
        super().__init__(f"{field}: {said}" if field else said)
        self.rule = rule
        self.detail = said
        self.field = field
        self.message = detail
        self.words = {key: str(value) for key, value in words.items()}
