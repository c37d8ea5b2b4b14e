"""Which language a request is answered in, and Flask-Babel set up on the one catalogue.

The order (each step only when the one before says nothing):

1. an explicit choice: ``?lang=fr`` or ``?lang=en`` on any URL (a value that is not one
   of the catalogues' languages is a 422 naming ``lang``), then the ``coinche_lang``
   cookie that the pages' language switch stores;
2. the ``Accept-Language`` header (its best match among the catalogues' languages);
3. the default: French for the pages (``/``, ``/ui…``, ``/docs/glossary``), English for the
   JSON API (whose clients predate the catalogues).

The JSON API keeps its stable English ids (rule ids, problem types, field names);
only the text meant for people (a finding's ``detail``, a timeline's description, a
problem's ``title`` and ``detail``) follows the language. Every answer says
``Content-Language`` and varies on ``Accept-Language`` and ``Cookie``.
"""

from __future__ import annotations

from functools import cache

from babel.messages.pofile import read_po
from flask import Flask, Response, g, request
from flask_babel import Babel

from i18n.catalogues import DEFAULT, DIRECTORY, DOMAIN, LANGUAGES, SOURCE, known
from service.api.problems import Problem, _

PARAM = "lang"
COOKIE = "coinche_lang"
PAGE_PREFIXES = ("/ui", "/docs/glossary")


def _is_page() -> bool:
    path = request.path
    return path == "/" or any(path == p or path.startswith(p + "/") for p in PAGE_PREFIXES)


def negotiate() -> str:
    """The language of the current request (see the module's docstring)."""
    explicit = known(request.args.get(PARAM))
    if explicit is not None:
        return explicit
    stored = known(request.cookies.get(COOKIE))
    if stored is not None:
        return stored
    best = request.accept_languages.best_match(LANGUAGES)
    if best is not None:
        return best
    return DEFAULT if _is_page() else SOURCE


def language() -> str:
    """The current request's language, negotiated once per request."""
    if "lang" not in g:
        g.lang = negotiate()
    found: str = g.lang
    return found


@cache
def scripts_catalogue(lang: str) -> dict[str, str | list[str]]:
    """The catalogue of ``lang`` for the pages' scripts: message id → translation, a
    context's message keyed ``context + "\\x04" + id`` (gettext's own key), a plural
    message keyed by its singular id with the list of its forms; English (the source
    language) needs none."""
    if lang == SOURCE:
        return {}
    with open(DIRECTORY / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    found: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            found[str(message.id[0])] = [str(form) for form in message.string]
        else:
            key = str(message.id)
            found[f"{message.context}\x04{key}" if message.context else key] = str(message.string)
    return found


def register(app: Flask) -> None:
    """Flask-Babel on the catalogues of :mod:`i18n`, the ``lang`` check, the headers."""
    Babel(
        app,
        locale_selector=language,
        default_locale=SOURCE,
        default_domain=DOMAIN,
        default_translation_directories=str(DIRECTORY),
    )

    @app.before_request
    def refuse_unknown_language() -> None:
        value = request.args.get(PARAM)
        if value is not None and known(value) is None:
            message = _(
                "{value} is not a language of this service: {languages}",
                value=repr(value), languages=", ".join(LANGUAGES),
            )  # fmt: skip
            detail = _("{field}: {message}", field=PARAM, message=message)
            raise Problem("validation", detail, errors={PARAM: [message]})

    @app.after_request
    def say_the_language(response: Response) -> Response:
        response.headers["Content-Language"] = language()
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response
