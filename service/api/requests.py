"""Reading what a request sends: its JSON body and its query string, at the edge only.

Bodies are refused before they are read when ``Content-Length`` is over the limit
(413, the endpoint's own limit or ``MAX_CONTENT_LENGTH``); a body sent without a
length is read through Werkzeug's capped stream, which stops at the same limit.
A body that is not JSON is 415, malformed JSON 400; then the marshmallow schema
of the route loads it (unknown fields refused) and its messages come back as a
422 ``validation`` problem with field-level ``errors``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, current_app, request
from marshmallow import Schema, ValidationError, fields

from i18n.catalogues import LANGUAGES, known
from service.api.field_messages import field_messages
from service.api.problems import N_, Problem, _
from service.language import PARAM as LANG_PARAM

View = TypeVar("View", bound=Callable[..., Any])
NUL_MESSAGE = N_("may not contain the NUL character (%00)")
INVALID = {
    "body": N_("the body is not valid: {first}"),
    "query string": N_("the query string is not valid: {first}"),
    "selection": N_("the selection is not valid: {first}"),
}


class ReadTimeout(Exception):
    """A request that did not arrive in time (raised by :mod:`service.cli.guard`'s reads under
    gunicorn; answered 408)."""


def body_limit(config_key: str) -> Callable[[View], View]:
    """Give a view its own body limit (a config key), instead of ``MAX_CONTENT_LENGTH``."""

    def mark(view: View) -> View:
        view.body_limit_key = config_key  # type: ignore[attr-defined]
        return view

    return mark


def register(app: Flask) -> None:
    @app.before_request
    def refuse_oversize() -> None:
        view = current_app.view_functions.get(request.endpoint or "")
        key = getattr(view, "body_limit_key", None)
        if key is not None:
            request.max_content_length = current_app.config[key]
        limit = request.max_content_length
        length = request.content_length
        if limit is not None and length is not None and length > limit:
            raise Problem(
                "payload-too-large",
                _("the body is {length} bytes; the limit is {limit}", length=length, limit=limit),
            )

    @app.before_request
    def refuse_nul_in_query() -> None:
        """No query parameter can be stored or compared in PostgreSQL with a NUL in it: 422
        naming it, for every route (other control characters are only compared: allowed)."""
        bad = sorted({k for k, v in request.args.items(multi=True) if "\x00" in k + v})
        if bad:
            errors = {k.replace("\x00", "\\u0000"): [_(NUL_MESSAGE)] for k in bad}
            detail = _("{field}: {message}", field=next(iter(errors)), message=_(NUL_MESSAGE))
            raise Problem("validation", detail, errors=errors)

    @app.before_request
    def refuse_unknown_language() -> None:
        """``lang`` (the explicit language choice, see :mod:`service.language`) is taken by
        every route; a value that is not one of the catalogues' languages is a 422."""
        value = request.args.get(LANG_PARAM)
        if value is not None and known(value) is None:
            message = _(
                "{value} is not a language of this service: {languages}",
                value=repr(value), languages=", ".join(LANGUAGES),
            )  # fmt: skip
            detail = _("{field}: {message}", field=LANG_PARAM, message=message)
            raise Problem("validation", detail, errors={LANG_PARAM: [message]})


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def json_body() -> Any:
    """The request's JSON document (415 if the body is not JSON, 400 if malformed)."""
    mimetype = request.mimetype
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        sent = mimetype or "no Content-Type"
        raise Problem("unsupported-media-type", _("send application/json, not {sent}", sent=sent))
    raw = read_body()
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise Problem("bad-request", _("malformed JSON: {error}", error=str(error)[:200])) from None


def read_body(chunk: int = 64 * 1024) -> bytes:
    """The whole body, read in chunks: the capped stream raises 413 on the read past the
    limit (a single ``read()`` would stop there silently, truncating the body)."""
    parts = []
    while part := request.stream.read(chunk):
        parts.append(part)
    return b"".join(parts)


def load(schema: Schema, data: Any, what: str = "body") -> Any:
    """``schema.load(data)``, its messages as a 422 problem naming each field."""
    try:
        return schema.load(data)
    except ValidationError as error:
        messages = (
            error.messages if isinstance(error.messages, dict) else {"_schema": error.messages}
        )
        messages = field_messages(messages)
        detail = _(INVALID[what], first=first_message(messages))
        raise Problem("validation", detail, errors=messages) from None


def load_args(schema: Schema) -> dict[str, Any]:
    """The query string loaded by ``schema``; unknown parameters are refused like fields."""
    given: dict[str, Any] = {}
    for key in request.args:
        if key == LANG_PARAM:  # every route takes it: see service.language
            continue
        values = request.args.getlist(key)
        field = schema.fields.get(key) or _by_data_key(schema, key)
        if isinstance(field, fields.List) or len(values) != 1:
            given[key] = values
        else:
            given[key] = values[0]
    loaded: dict[str, Any] = load(schema, given, "query string")
    return loaded


def _by_data_key(schema: Schema, key: str) -> fields.Field[Any] | None:
    return next((f for f in schema.fields.values() if f.data_key == key), None)


def first_message(messages: Any, path: str = "") -> str:
    """The first message of marshmallow's nested messages, with its path.

    >>> first_message({"events": {0: {"type": ["Missing data for required field."]}}})
    'events.0.type: Missing data for required field.'
    """
    if isinstance(messages, dict):
        for key, value in messages.items():
            inner = f"{path}.{key}" if path else str(key)
            return first_message(value, "" if key == "_schema" and not path else inner)
    if isinstance(messages, list) and messages:
        return first_message(messages[0], path)
    return f"{path}: {messages}" if path else str(messages)
