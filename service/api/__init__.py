"""The JSON API: one blueprint per resource (games, a game's history, the feed,
archives, profiles, jobs, statistics, health, the contract), the request parsing
(:mod:`service.api.requests`, :mod:`service.api.schemas`), access rules and
problem+json errors."""
