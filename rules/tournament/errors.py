"""The tournament rules' errors: a stable ``rule`` id and a detail naming what was wrong."""

from __future__ import annotations

from rules.errors import RulesError


class TournamentError(RulesError, ValueError):
    """A tournament command or document the rules refuse.

    ``rule`` is a stable identifier (``team-already-registered``, ``round-incomplete``…)
    and ``field`` the offending field of a document, when there is one.
    """

    def __init__(self, rule: str, detail: str, field: str | None = None) -> None:
        super().__init__(f"{field}: {detail}" if field else detail)
        self.rule = rule
        self.detail = detail
        self.field = field
