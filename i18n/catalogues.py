"""The gettext catalogues: which languages exist, and the translations of one.

``translations/<lang>/LC_MESSAGES/messages.po`` is the catalogue a translator edits
(``pybabel update`` after an extraction, see the README); the ``.mo`` beside it is
its compiled form, committed so that an installed package needs no build step
(a test checks that every ``.mo`` says exactly what its ``.po`` says).
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("fr", "en")
"""The languages of the catalogues, the default first."""
DEFAULT = "fr"
"""The pages' language when a reader expresses no preference."""
SOURCE = "en"
"""The language of the message ids: needs no catalogue."""
DIRECTORY = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"


def known(lang: str | None) -> str | None:
    """``lang`` (``"fr"``, ``"fr-CA"``, ``"EN_gb"``) as one of :data:`LANGUAGES`, or None."""
    if not lang:
        return None
    base = lang.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (one of :data:`LANGUAGES`); ``ValueError`` otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language of the catalogues: {', '.join(LANGUAGES)}")
    if lang == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, DIRECTORY, [lang])  # FileNotFoundError if missing
