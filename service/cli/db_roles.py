"""``coinche db-role create|drop CLUB``: a club's read-only database role for dashboards."""

from __future__ import annotations

import json

import click
from flask import current_app
from flask.cli import with_appcontext

from service.bootstrap import services
from service.db_roles import RoleError, create_role, drop_role, role_url, roles_of


@click.group("db-role")
def db_role() -> None:
    """Read-only database roles for a club's dashboards (Metabase, Grafana…)."""


@db_role.command("create")
@click.argument("club")
@click.option("--new-password", is_flag=True, help="Give the club's existing role a new password.")
@click.option("--by", default="cli", show_default=True, help="Who asks (kept with the role).")
@with_appcontext
def create(club: str, new_password: bool, by: str) -> None:
    """Create CLUB's read-only role and print its connection URL (the password, once).

    The role reads the statistics views, the fact tables, games and player_names, and
    sees CLUB's rows and the public ones only (row-level security)."""
    s = services(current_app)
    try:
        with s.pool.connection() as conn, conn.transaction():
            credentials = create_role(conn, club, by, new_password)
    except RoleError as error:
        raise click.ClickException(str(error)) from None
    click.echo(role_url(s.url, credentials, current_app.config.get("PG_PORT")))


@db_role.command("drop")
@click.argument("club")
@with_appcontext
def drop(club: str) -> None:
    """Drop CLUB's read-only role."""
    try:
        with services(current_app).pool.connection() as conn, conn.transaction():
            name = drop_role(conn, club)
    except RoleError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"dropped {name}")


@db_role.command("list")
@click.argument("club")
@with_appcontext
def list_roles(club: str) -> None:
    """Print CLUB's analyst role as one JSON line (never its password); nothing if none."""
    with services(current_app).pool.connection() as conn:
        for role in roles_of(conn, club):
            click.echo(json.dumps(role))
