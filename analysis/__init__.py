"""Double-dummy analysis of Coinche deals: what each deal could have made, what each
card cost, and whether a claim was sound.

Depends on :mod:`rules` only. The solver (:mod:`analysis.solver`) searches the card
play with all hands known for every profile's play rules and every trump; the
search itself is compiled by numba (:mod:`analysis.kernel`).
"""
