"""The answer of the judge: legal, a rule breach, or an impossible event.

*Impossible* events (a card not in the deck or already played, a seat out of turn,
a call after the auction closed, anything after the game ended) are refused in
both enforcement modes; *breaches* (a renonce, a bid too low…) are refused in
``strict`` mode and kept for the audit in ``record`` mode (DESIGN.md).

A verdict names a stable rule id and its facts (seat, card, led suit, allowed
cards…), never a sentence: the message catalogues (package ``i18n``) word them in
each language and each profile's table vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

Fact = str | int | tuple[str, ...]
"""One parameter of a verdict: a seat (``"N"``), a card (``"7C"``), a suit letter
(``"S"``), a trump (``"H"``, ``"SA"``), a number, a word id, or a tuple of cards."""
Facts = tuple[tuple[str, Fact], ...]
"""The parameters of a rule id, in a fixed order: what a message catalogue renders."""


def facts(**values: Fact) -> Facts:
    """``facts(seat="S", card="7C")``: the parameters of a verdict or finding."""
    return tuple(values.items())


def as_params(found: Facts) -> dict[str, Any]:
    """The facts as JSON-ready data (tuples become lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in found}


def from_params(data: Any) -> Facts:
    """Facts read back from JSON data (``as_params``' output); anything that is not a
    string, a whole number or a list of strings is kept as its text."""
    if not isinstance(data, dict):
        return ()
    found: list[tuple[str, Fact]] = []
    for k, v in data.items():
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            found.append((str(k), tuple(v)))
        elif isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)):
            found.append((str(k), v))
        else:
            found.append((str(k), str(v)))
    return tuple(found)


class Severity(StrEnum):
    LEGAL = "legal"
    BREACH = "breach"
    IMPOSSIBLE = "impossible"


@dataclass(frozen=True, slots=True)
class Verdict:
    severity: Severity
    rule: str = ""
    facts: Facts = ()
    legal: bool = field(init=False, repr=False, compare=False)  # read on every event

    def __post_init__(self) -> None:
        object.__setattr__(self, "legal", self.severity is Severity.LEGAL)

    @property
    def impossible(self) -> bool:
        return self.severity is Severity.IMPOSSIBLE

    @property
    def params(self) -> dict[str, Any]:
        return as_params(self.facts)

    def as_dict(self) -> dict[str, Any]:
        return {"severity": self.severity.value, "rule": self.rule, "params": self.params}


LEGAL = Verdict(Severity.LEGAL)


def breach(rule: str, **found: Fact) -> Verdict:
    return Verdict(Severity.BREACH, rule, tuple(found.items()))


def impossible(rule: str, **found: Fact) -> Verdict:
    return Verdict(Severity.IMPOSSIBLE, rule, tuple(found.items()))
