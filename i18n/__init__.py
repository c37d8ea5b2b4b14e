"""Every word a person reads, in each language: the message catalogues and their renderers.

The rules, the projections and the workers give facts (a rule id and its parameters:
seat, card, led suit, allowed cards…); this package words them, in French or English
and in each profile's table vocabulary (coinche / surcoinche for the federal and
FunBelote games, contre / surcontre for the contrée family, the Yeeqia and Tripot
words of their sources). It depends on :mod:`rules` and the standard library only:
the catalogues are gettext ``.mo`` files (compiled with ``pybabel compile`` from the
``.po`` files beside them) read with :mod:`gettext`, so the offline commands load no
web framework. English is the source language: a message id is its English text.
"""
