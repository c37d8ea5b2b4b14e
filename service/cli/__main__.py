"""``python -m service.cli``: the ``coinche`` command (the embedded worker starts this way)."""

from service.cli.main import main

main()
