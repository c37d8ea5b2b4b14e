"""The service, by entry point: the HTTP API (:mod:`service.api`), the pages
(:mod:`service.ui`), the command line (:mod:`service.cli`) and the Celery worker
(:mod:`service.worker`), all built by one composition root (:mod:`service.app`,
:mod:`service.bootstrap`)."""
