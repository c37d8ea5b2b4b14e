"""Names people give (players, profiles, tokens): one line of visible text.

A name is trimmed and put in Unicode normal form C (so ``"Zoé"`` typed on two keyboards
is one player), and refused when nothing is left, or when it holds a control character
(NUL, an ANSI escape, a line break…) or a bidirectional override that would let it show
as something else than what it is (U+202E turns ``"cba.exe"`` around).

>>> clean_name("  Zoe\\u0301 ")
'Zoé'
>>> clean_name("\\u202eevil")
Traceback (most recent call last):
...
ValueError: a name may not contain the control character U+202E
"""

from __future__ import annotations

import re
import unicodedata

IDENTIFIER = re.compile(r"^[a-z0-9][a-z0-9._-]{0,62}$")
"""An id a club chooses (its own id, a profile's): lowercase letters, digits, ``.``,
``_`` or ``-``, at most 63 characters."""
PLAYER_ID = re.compile(r"^pl_[0-9a-f]{32}$")
"""A player's id in a club's roster: ``pl_`` and 32 hex digits, opaque, never a name."""
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(value: str) -> str:
    """``value`` trimmed and in NFC; ``ValueError`` (saying why) when it is not a name."""
    name = unicodedata.normalize("NFC", value.strip())
    if not name:
        raise ValueError("a name may not be empty or only spaces")
    for char in name:
        if char in BIDI_CONTROLS or unicodedata.category(char) == "Cc":
            raise ValueError(f"a name may not contain the control character U+{ord(char):04X}")
    return name


def match_key(value: str) -> str:
    """The key two spellings of one person share: :func:`clean_name`'s checks, then case
    folded, accents dropped and runs of spaces made one (``"  Zoé  MARTIN"`` and
    ``"zoe martin"`` match). Used to propose matches, never to name anyone.

    >>> match_key("  Zoe\\u0301   MARTIN ")
    'zoe martin'
    >>> match_key("Emma") == match_key("emma") == match_key("EMMA ")
    True
    """
    name = clean_name(value)
    # Unicode's compatibility caseless match (D146): NFKD(casefold(NFKD(casefold(NFD(x)))))
    folded = unicodedata.normalize("NFD", name).casefold()
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", folded).casefold())
    bare = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(bare.split())
