"""The Celery entry point: ``celery -A service.worker worker`` (or ``coinche worker``).

Flask's ``examples/celery`` habit: the app is built from the environment
(``DATABASE_URL``, ``COINCHE_DATA_DIR``, ``CELERY_BROKER_URL``…) and its Celery app,
made by the composition root, is the one the worker runs.
"""

from service.app import create_app
from service.bootstrap import services

flask_app = create_app()
celery_app = services(flask_app).celery
