"""The append-only PostgreSQL event store.

``config``/``embedded``/``pool``/``migrate`` (the database and its tables),
``event_store`` (:class:`~events.store.event_store.EventStore`, the facade),
``append``/``idempotency`` (writes), ``reads``/``rows``/``games`` (reads and the games
table), ``bulk_import``/``bulk_write``/``bulk_export`` (archives in and out),
``boundary`` (driver errors translated once).
"""
