"""The NDJSON archive format, without the database: one game per line, parsed and
checked, each event turned into its binary ``COPY`` row."""
