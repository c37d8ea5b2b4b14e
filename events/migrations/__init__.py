"""Versioned SQL migrations, ``NNNN_name.sql``, applied in order by :mod:`events.migrate`.

Every package that owns tables adds its files here; see ``events/migrate.py``.
"""
