"""The event vocabulary, without the database: what an event is and how it is written.

``schemas``/``fields`` (the marshmallow schemas of the wire payloads), ``catalog``
(validation, with fast paths for payloads already canonical), ``upcasting`` (schema
versions), ``canonical`` (the canonical JSON), ``chain`` (the hash of one event),
``log``/``wire`` (the typed records and the wire form), ``prepare`` (a batch checked
before it reaches a transaction).
"""
