"""The ``coinche`` command line (:mod:`service.cli.main`): one module per group of commands."""
