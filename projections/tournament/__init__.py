"""Tournaments over their own streams: the fold (:mod:`.state`), the commands that decide
which events a request makes (:mod:`.decide`), and the ranking and printable documents
read from the state (:mod:`.ranking`, :mod:`.documents`)."""
