"""The process's shared services (pool, store, judgement), defined in
:mod:`workers.runtime` so that the workers need not import the API layer."""

from workers.runtime import Owners, Services, database_url_of, services

__all__ = ["Owners", "Services", "database_url_of", "services"]
