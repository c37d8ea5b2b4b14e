"""Simulated play, apart from the rules' core: seeded plausible games for tests,
benchmarks and demo data.

:mod:`~rules.simulation.generator` plays whole games with the heuristic players of
:mod:`~rules.simulation.players`, who bid from :mod:`~rules.simulation.strength`'s
estimate of a hand. Nothing in the rules' core imports this package; it only asks the
core the game's questions (legal calls and cards, the next state), like any client.
"""
