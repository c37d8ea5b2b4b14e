"""``coinche demo``: a club with a few generated games, so a newcomer sees data at once.

The games are played by the rules' generator under different profiles and modes:
a finished public game, a ``record``-mode game with revokes for the audit to find,
a game still in progress, a private one, and a concours round of 8 deals recorded as a
club table does (some deals claimed, some kept as score-only deals); they are appended
through the same judgement as the API's, by a fresh ``admin`` token of the demo club.
"""

from __future__ import annotations

import uuid
from typing import Any

import click
from flask import current_app
from flask.cli import with_appcontext

from events.records import NewEvent
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game
from service.auth import create_token
from service.bootstrap import services
from service.cli.served_url import served_url

PLAYERS = ({"N": "alice", "E": "bruno", "S": "chloe", "W": "driss"},
           {"N": "emma", "E": "farid", "S": "gael", "W": "hugo"})  # fmt: skip
# profile, enforcement, visibility, revoke rate, events kept (None: the whole game)
GAMES: tuple[tuple[str, str, str, float, int | None], ...] = (
    ("ffb", "strict", "public", 0.0, None),
    ("contree", "record", "public", 0.05, None),
    ("tripot", "strict", "public", 0.0, 75),
    ("yeeqia", "record", "private", 0.02, None),
    ("funbelote-coinche", "strict", "public", 0.0, None),
)
TABLE_DEALS, TABLE_CLAIMS, TABLE_SUMMARIES = 8, 0.4, 0.25
"""The last game's fixed length, and its chances of a claim and of a score-only deal."""


def demo_events(profile_id: str, seed: int, mode: str, visibility: str, club: str,
                breaches: float, keep: int | None) -> list[dict[str, Any]]:  # fmt: skip
    table = profile_id == GAMES[-1][0]
    g = generate_game(
        find_profile(profile_id),
        seed,
        breaches=breaches,
        max_deals=12,
        deals=TABLE_DEALS if table else None,
        claims=TABLE_CLAIMS if table else 0.0,
        summaries=TABLE_SUMMARIES if table else 0.0,
    )
    created: dict[str, Any] = {"profile": profile_id, "seats": dict(PLAYERS[seed % 2]),
               "first_dealer": g.first_dealer.name, "enforcement": mode, "club": club,
               "visibility": visibility, "metadata": {"demo": True, "seed": seed}}  # fmt: skip
    if table:
        created["length"] = {"deals": TABLE_DEALS}
    elif g.target != g.profile.target:
        created["length"] = {"target": g.target}
    events = [{"type": "GameCreated", "data": created}]
    events += [dict(zip(("type", "data"), action_to_wire(a), strict=True)) for a in g.actions]
    return events[:keep] if keep is not None else events


@click.command("demo")
@click.option("--club", default="demo", show_default=True, help="The demo club's id.")
@click.option("--url", default=None,
              help="The served API's base URL, for the links printed (default: COINCHE_URL, "
                   "else http:// and COINCHE_BIND, what 'coinche serve' listens on).")  # fmt: skip
@click.option("--seed", type=int, default=7, show_default=True)
@with_appcontext
def demo(club: str, url: str | None, seed: int) -> None:
    """Load a few generated games into a demo club; print a token and links to try."""
    url = (url or served_url()).rstrip("/")
    s = services(current_app)
    with s.pool.connection() as conn:
        token, secret = create_token(conn, club, "demo", ["admin"])
    made = []
    for n, (profile, mode, visibility, breaches, keep) in enumerate(GAMES):
        events = demo_events(profile, seed + n, mode, visibility, club, breaches, keep)
        game, version = uuid.uuid4(), 0
        for start in range(0, len(events), 100):
            batch = [NewEvent(e["type"], e["data"]) for e in events[start : start + 100]]
            version = s.store.append(
                game, batch, version, token.recorded_by, check=s.judgement
            ).last_version
        row = s.store.game(game)
        made.append(row)
        click.echo(f"{profile:<8} {mode:<7} {visibility:<8} {row.status:<9} {version:>4} events"
                   f"  {url}/games/{game}")  # fmt: skip
    first, second = made[0].game_id, made[1].game_id
    click.echo(f"\nadmin token of club '{club}' (shown once): {secret}\n")
    click.echo("Try:")
    click.echo(f"  {url}/ui/games/{first}?at=1.3.2   the replay viewer (paste the token there)")
    click.echo(f"  {url}/ui/stats                  the statistics dashboard (after POST /stats)")
    click.echo(f"  {url}/docs                      interactive documentation")
    click.echo(f"  curl {url}/games/{first}/sheet")
    click.echo(f"  curl '{url}/games/{first}/state?at=1.3.2&view=arbiter'")
    click.echo(f"  curl -H 'Authorization: Bearer {secret}' {url}/games/{second}/audit")
    click.echo(f"  curl -H 'Authorization: Bearer {secret}' {url}/games?club={club}")
    click.echo(f"  coinche replay {first} --deal 1")
