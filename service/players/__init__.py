"""The players' roster (one per club) and what it owes the people in it.

``registry.py`` (entries, matching, merges), ``names.py`` (ids read as names),
``web.py`` (refusals as problem+json); the API is :mod:`service.api.players`, the
commands :mod:`service.cli.players`.
"""
