"""The Flask application factory (Flask's tutorial habit: ``create_app(test_config)``)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import bodies, config, errors, health, spec


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.from_mapping(config.from_env())
    if test_config:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    errors.register(app)
    bodies.register(app)
    for blueprint in (health.bp, spec.bp):
        app.register_blueprint(blueprint)
    for module in _feature_modules():
        app.register_blueprint(module.bp)
    return app


def _feature_modules() -> list[Any]:
    """The API's blueprints; each feature module exposes ``bp``."""
    import importlib

    names = [
        "service.games",
        "service.reads",
        "service.feed",
        "service.archives",
        "service.profiles_api",
        "service.jobs_api",
        "service.pages",
    ]
    found = []
    for name in names:
        try:
            found.append(importlib.import_module(name))
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
    return found
