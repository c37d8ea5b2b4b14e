"""The worker entry point: ``celery -A workers.worker worker`` (or ``coinche worker``).

Builds the Flask app from the environment (``DATABASE_URL``, ``COINCHE_DATA_DIR``,
``CELERY_BROKER_URL``…) and binds Celery to it, as in Flask's Celery example.
"""

from service.app import create_app
from workers.celery_app import celery_init_app

flask_app = create_app()
celery_app = celery_init_app(flask_app)
