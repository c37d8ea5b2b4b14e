"""The answer of the judge: legal, a rule breach, or an impossible event.

*Impossible* events (a card not in the deck or already played, a seat out of turn,
a call after the auction closed, anything after the game ended) are refused in
both enforcement modes; *breaches* (a renonce, a bid too low…) are refused in
``strict`` mode and kept for the audit in ``record`` mode (DESIGN.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Severity(StrEnum):
    LEGAL = "legal"
    BREACH = "breach"
    IMPOSSIBLE = "impossible"


@dataclass(frozen=True, slots=True)
class Verdict:
    severity: Severity
    rule: str = ""
    detail: str = ""
    legal: bool = field(init=False, repr=False, compare=False)  # read on every event

    def __post_init__(self) -> None:
        object.__setattr__(self, "legal", self.severity is Severity.LEGAL)

    @property
    def impossible(self) -> bool:
        return self.severity is Severity.IMPOSSIBLE

    def as_dict(self) -> dict[str, str]:
        return {"severity": self.severity.value, "rule": self.rule, "detail": self.detail}


LEGAL = Verdict(Severity.LEGAL)


def breach(rule: str, detail: str) -> Verdict:
    return Verdict(Severity.BREACH, rule, detail)


def impossible(rule: str, detail: str) -> Verdict:
    return Verdict(Severity.IMPOSSIBLE, rule, detail)
