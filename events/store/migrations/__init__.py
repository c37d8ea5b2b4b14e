"""Versioned SQL migrations, ``NNNN_name.sql``, applied in order by :mod:`events.store.migrate`.

Every package that owns tables adds its files here; see ``events/store/migrate.py``.
"""
