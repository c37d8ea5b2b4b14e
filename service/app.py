"""The Flask application factory (Flask's tutorial habit: ``create_app(test_config)``).

One app serves both entry points that speak HTTP: the JSON API (:mod:`service.api`,
a blueprint per resource) and the pages for people (:mod:`service.ui`). The app's
services are built once, here, by :func:`service.bootstrap.bootstrap`; the CLI
(:mod:`service.cli`) and the Celery worker (:mod:`service.worker`) build their app
with this same factory.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import config, language
from service.api import (
    analysis,
    analysts,
    archives,
    errors,
    feed,
    game_reads,
    games,
    health,
    jobs,
    players,
    preview,
    profiles,
    requests,
    rulings,
    security,
    sign_in,
    spec,
    stats,
    tournaments,
    turn,
    verify,
)
from service.bootstrap import bootstrap
from service.ui import pages

BLUEPRINTS = (
    health,
    spec,
    games,
    preview,
    game_reads,
    turn,
    analysis,
    rulings,
    feed,
    archives,
    profiles,
    players,
    analysts,
    jobs,
    stats,
    verify,
    tournaments,
    sign_in,
    pages,
)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, static_folder="ui/static")
    app.config.from_mapping(config.from_env())
    if test_config:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    errors.register(app)
    requests.register(app)
    security.register(app)
    language.register(app)
    for module in BLUEPRINTS:
        app.register_blueprint(module.bp)
    bootstrap(app)
    return app
