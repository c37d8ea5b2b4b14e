"""The messages of a refused field, in the reader's language.

marshmallow, the event vocabulary's fields and the rules' notation parsers refuse a
value with an English message. Each message of a form listed here is worded again from
the catalogue when the answer is written: a message without words exactly, a message
with words by its form, the words read back from the English text (a number, the value
as it was sent, or one of the short English words listed in :data:`WORDS`, itself
worded). A message of no listed form stays as it is.

>>> str(field_message("Must be greater than or equal to 1 and less than or equal to 500."))
'Must be greater than or equal to 1 and less than or equal to 500.'
>>> field_message("an integer is required, not a string").render("fr")
'un entier est requis, pas une chaîne'
"""

from __future__ import annotations

import re
from typing import Any

from rules.contract import TRUMP_HINT
from service.api.problems import N_, Text, _

FORMS: tuple[str, ...] = (
    # marshmallow's own messages
    N_("Missing data for required field."), N_("Unknown field."), N_("Field may not be null."),
    N_("Invalid input type."), N_("Invalid type."), N_("Invalid value."),
    N_("Not a valid integer."), N_("Not a valid number."), N_("Number too large."),
    N_("Not a valid string."), N_("Not a valid utf-8 string."), N_("Not a valid boolean."),
    N_("Not a valid UUID."), N_("Not a valid list."), N_("Not a valid mapping type."),
    N_("Not a valid date."),
    # marshmallow's validators (Range, Length, OneOf, Regexp), as the service uses them
    N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Must be greater than or equal to {min}."),
    N_("Must be less than or equal to {max}."),
    N_("Length must be between {min} and {max}."),
    N_("Shorter than minimum length {min}."),
    N_("Longer than maximum length {max}."),
    N_("Length must be {equal}."),
    N_("Must be one of: {choices}."),
    N_("String does not match expected pattern."),
    # the service's own fields and validators
    N_("an ISO 8601 date or time, e.g. 2024-03-01T20:00:00Z"),
    N_("a UUID like 123e4567-e89b-42d3-a456-426614174000"),
    N_("the date range is empty: 'to' must be after 'from'"),
    N_("not a cursor: use the 'next' link of the previous page"),
    N_("not a club id"),
    N_("must not contain the NUL character"),
    N_("a checkpoint digest: 64 hex digits"),
    N_("not a sign-in link's code (cl_…)"),
    # the event vocabulary's fields (events/vocabulary/)
    N_("{value}… ({length} characters) is not {what}"),
    N_("a seat is one of the strings N, E, S, W"),
    N_("a trump is a string: {hint}"),
    N_("{what} is one of {codes}"),
    N_("an integer is required, not {kind}"),
    N_("must be between {low} and {high}, not {value}"),
    N_('a bid value is an integer or "capot", not {value}'),
    N_("a string is required, not {kind}"),
    N_("length must be between {low} and {high}, not {length}"),
    N_("the four seats need four different players"),
    N_("must be true or false"),
    N_("the four hands must hold the 32 different cards"),
    N_("a deck lists the 32 different cards"),
    N_("packets must add up to 8 cards, not {total}"),
    N_("four different player ids, in seat order N, E, S, W"),
    N_("a team id is its registration number, as a string"),
    N_("a team sits at one table of a round, or has its bye"),
    N_("tables are numbered 1, 2, 3…"),
    # the rules' notation (rules/cards.py, seats.py, contract.py)
    N_(
        "{text} is not a card: write rank then suit, ranks 7 8 9 T J Q K A, suits C D H S "
        "(e.g. 'JH', 'TS', '7C')"
    ),
    N_("a card is written as a string like 'JH', not {kind}"),
    N_("{text} is not a suit: use C, D, H or S"),
    N_("{text} is not a seat: use N, E, S or W"),
    N_("{text} is not a team: use NS or EW"),
    N_("{text} is not a trump: {hint}"),
)  # fmt: skip

WORDS: frozenset[str] = frozenset({
    N_("a boolean"), N_("an integer"), N_("a number"), N_("a string"), N_("a list"),
    N_("an object"), N_("a seat"), N_("a card"), N_("a trump"), N_("a rank"), N_("a suit"),
    TRUMP_HINT,
})  # fmt: skip
"""Words that a message's English carries (a value's kind, what a field holds, the trump
hint): worded too, where a form takes them."""

_EXACT = frozenset(f for f in FORMS if "{" not in f)


def _pattern(form: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", form)
    return re.compile(
        "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    )


_PATTERNS = tuple((_pattern(f), f) for f in FORMS if "{" in f)


def field_message(message: str) -> Text | str:
    """``message`` as a catalogue message with its words, when its form is listed."""
    if message in _EXACT:
        return _(message)
    for pattern, form in _PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            words = {k: _(v) if v in WORDS else v for k, v in found.groupdict().items()}
            return _(form, **words)
    return message


def field_messages(messages: Any) -> Any:
    """marshmallow's nested messages, each of a listed form made a catalogue message."""
    if isinstance(messages, dict):
        return {key: field_messages(value) for key, value in messages.items()}
    if isinstance(messages, list):
        return [field_messages(value) for value in messages]
    if isinstance(messages, str):
        return field_message(messages)
    return messages
