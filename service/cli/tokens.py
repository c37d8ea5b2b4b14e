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
