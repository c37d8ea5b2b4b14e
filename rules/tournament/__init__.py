"""Concours and duplicate tournaments, as pure rules (standard library only).

A concours (club competition) pairs teams of two for several rounds: the first round
drawn at random from a recorded seed, later rounds Swiss-style by ranking without
rematches (:mod:`rules.tournament.pairing`); teams are ranked by the format's keys
(:mod:`rules.tournament.standings`). In a duplicate session every table plays the same
boards and each result is scored against the others that played the board
(:mod:`rules.tournament.duplicate`). A format is data (:mod:`rules.tournament.formats`),
like a rule profile.
"""
