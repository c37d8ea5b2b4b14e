"""``coinche token create|list|revoke``: the clubs' bearer tokens.

The secret is printed once, when the token is created; only its SHA-256 is kept.
"""

from __future__ import annotations

import json
import uuid

import click
from flask import current_app
from flask.cli import with_appcontext
from psycopg import errors as pg_errors

from service.auth import SCOPES, create_token, list_tokens, revoke_token
from service.bootstrap import services
from service.sign_in_links import LINK_SCOPES, check_ttl, create_link


@click.group("token")
def token() -> None:
    """Create, list and revoke the bearer tokens of clubs."""


@token.command("create")
@click.argument("club")
@click.option(
    "--scope",
    "-s",
    "scopes",
    multiple=True,
    type=click.Choice(SCOPES),
    default=("record",),
    show_default=True,
    help="Repeat for several scopes.",
)
@click.option("--name", default="cli", show_default=True, help="A label to recognise it by.")
@click.option("--json", "as_json", is_flag=True, help="Print the token as JSON.")
@with_appcontext
def create(club: str, scopes: tuple[str, ...], name: str, as_json: bool) -> None:
    """Create a token acting for CLUB (created if new) and print its secret, once."""
    with services(current_app).pool.connection() as conn:
        try:
            made, secret = create_token(conn, club, name, list(scopes))
        except ValueError as error:
            raise click.BadParameter(str(error)) from None
        except pg_errors.CheckViolation:  # the clubs table refuses a malformed club id
            raise click.BadParameter(
                "a club id is lowercase letters, digits, '.', '_' or '-'", param_hint="CLUB"
            ) from None
    if as_json:
        doc = {"id": str(made.token_id), "club": club, "name": name,
               "scopes": sorted(scopes), "secret": secret}  # fmt: skip
        click.echo(json.dumps(doc))
        return
    click.echo(f"token {made.token_id} for club {club} ({', '.join(sorted(scopes))})")
    click.echo(f"secret (shown once): {secret}")
    click.echo(f"use it as: Authorization: Bearer {secret}")


@token.command("list")
@click.option("--club", help="Only this club's tokens.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines.")
@with_appcontext
def list_(club: str | None, as_json: bool) -> None:
    """List tokens (never their secrets)."""
    with services(current_app).pool.connection() as conn:
        rows = list_tokens(conn, club)
    for row in rows:
        if as_json:
            click.echo(json.dumps(row))
        else:
            state = "revoked" if row["revoked"] else "active"
            click.echo(f"{row['id']}  {row['club']:<20} {','.join(row['scopes']):<24} "
                       f"{state:<8} {row['name']}")  # fmt: skip


@token.command("revoke")
@click.argument("token_id")
@with_appcontext
def revoke(token_id: str) -> None:
    """Revoke the token TOKEN_ID (its id, as listed; not its secret)."""
    try:
        tid = uuid.UUID(token_id)
    except ValueError:
        raise click.BadParameter("a token id is a UUID (see 'coinche token list')") from None
    with services(current_app).pool.connection() as conn:
        done = revoke_token(conn, tid)
    if not done:
        raise click.ClickException(f"no active token {token_id}")
    click.echo(f"revoked {token_id}")


def _ttl(value: str) -> int:
    """``900``, ``15m``, ``2h`` or ``1d`` → seconds."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    text = value.strip().lower()
    factor = units.get(text[-1:], 0)
    number = text[:-1] if factor else text
    if not number.isdigit():
        raise click.BadParameter(f"{value!r}: a duration such as 900, 15m, 2h or 1d")
    return int(number) * (factor or 1)


@token.command("link")
@click.argument("club")
@click.option(
    "--scope",
    "-s",
    "scopes",
    multiple=True,
    type=click.Choice(LINK_SCOPES),
    default=("record",),
    show_default=True,
    help="The scopes of the token the link gives (repeat for several).",
)
@click.option(
    "--ttl",
    default="15m",
    show_default=True,
    help="How long the link works: seconds, or 15m, 2h, 1d (at most 7 days).",
)
@click.option(
    "--name",
    default="sign-in link",
    show_default=True,
    help="The name of the token it gives (say, the table or the recorder).",
)
@click.option(
    "--base-url",
    default="http://127.0.0.1:8000",
    show_default=True,
    envvar="COINCHE_PUBLIC_URL",
    help="The service's address as phones reach it.",
)
@click.option("--qr", is_flag=True, help="Also print the link as a QR code (needs segno).")
@click.option("--json", "as_json", is_flag=True, help="Print the link as JSON.")
@with_appcontext
def link(
    club: str, scopes: tuple[str, ...], ttl: str, name: str, base_url: str, qr: bool,
    as_json: bool,
) -> None:  # fmt: skip
    """Make a short-lived, single-use sign-in link for a recorder of CLUB.

    Opened on a phone, the link signs the recording page in with a new token of the club
    (``record`` unless told); it works once, until it expires."""
    seconds = _ttl(ttl)
    try:
        check_ttl(seconds)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--ttl") from None
    with services(current_app).pool.connection() as conn, conn.transaction():
        try:
            made, code = create_link(conn, club, list(scopes), seconds, name, "cli")
        except ValueError as error:
            raise click.ClickException(str(error)) from None
    url = base_url.rstrip("/") + "/ui/record#link=" + code
    if as_json:
        doc = {"id": str(made.link_id), "club": club, "scopes": list(made.scopes),
               "expires_at": made.expires_at.isoformat(), "code": code, "url": url}  # fmt: skip
        click.echo(json.dumps(doc))
    else:
        click.echo(f"sign-in link for club {club} ({', '.join(made.scopes)}), works once, "
                   f"until {made.expires_at:%Y-%m-%d %H:%M %Z}:")  # fmt: skip
        click.echo(url)
    if qr:
        _print_qr(url)


def _print_qr(url: str) -> None:
    try:
        import segno  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise click.ClickException(
            "--qr needs the optional package segno (pip install 'coinche-log[qr]'); "
            "the link above works without it"
        ) from None
    segno.make(url, error="m").terminal(compact=True)
