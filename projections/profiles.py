"""The profile a game plays under: a built-in id, or a club's own profile document."""

from __future__ import annotations

from typing import Any

from rules.documents import load_profile
from rules.profiles import Profile
from rules.registry import find_profile


def game_profile(profile: str | dict[str, Any]) -> Profile:
    """Raises ``ValueError`` (``UnknownProfileError`` is a ``LookupError``: converted)."""
    if isinstance(profile, str):
        try:
            return find_profile(profile)
        except LookupError as e:
            raise ValueError(str(e)) from None
    return load_profile(profile)
