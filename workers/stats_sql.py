"""The statistics, written once as SQL: the aggregates behind the views and the API.

Every figure is an aggregate over the fact tables (``stat_seats`` for players and
partnerships, ``stat_deals`` for clubs and profiles). The same template renders the
documented views of ``events/store/migrations/0056_stats_views_by_club.sql`` (grouped by
month, club and profile; ``python -m workers.stats_sql`` prints that file, and a test
keeps them equal) and
the API's queries, which add filters and choose the period (month, year or all).

>>> "made_rate" in COLUMNS and "taken_160plus" in COLUMNS
True
"""

from __future__ import annotations

from typing import Literal

from psycopg import sql

Mode = Literal["players", "partnerships", "clubs", "profiles"]
Period = Literal["month", "year", "all"]
LEVELS = ("80", "90", "100", "110", "120", "130", "140", "150", "160+", "capot")
CLASSES = ("suit", "SA", "TA")

_SEATS = {
    "took": "is_taker",
    "margin": "margin",
    "defending": "has_contract AND NOT side_took",
    "coinched": "coinched_by_me",
    "surcoinched": "surcoinched_by_me",
    "attacked": "side_took AND coinche >= 2",
    "capot_unbid": "capot_won AND NOT (side_took AND capot_bid)",
    "announces": "announces",
    "announce_points": "announce_points",
    "belotes": "belote::int",
    "points": "team_points",
    "marks": "team_marks",
    "position": "position",
    "won": "game_won",
}
_TEAMS = _SEATS | {
    "took": "side_took",
    "margin": "side_margin",
    "coinched": "side_coinched",
    "surcoinched": "side_surcoinched",
    "announces": "side_announces",
    "announce_points": "side_announce_points",
    "belotes": "side_belotes",
    "position": "CASE WHEN mod(position, 2) = 0 THEN 2 ELSE 1 END",
}
_DEALS = {
    "took": "outcome = 'contract'",
    "margin": "margin",
    "defending": "outcome = 'contract'",
    "coinched": "coinche >= 2",
    "surcoinched": "coinche = 4",
    "attacked": "coinche >= 2",
    "capot_unbid": "capot_team IS NOT NULL AND NOT capot_bid",
    "announces": "announces",
    "announce_points": "announce_points",
    "belotes": "belotes",
    "points": "takers_points",
    "marks": "CASE takers WHEN 'NS' THEN marks_ns WHEN 'EW' THEN marks_ew END",
    "position": "taker_position",
    "won": "false",
}
# mode: (the dimension's column, the fact table, the rows it counts, the perspective)
MODES: dict[str, tuple[str, str, str, dict[str, str]]] = {
    "players": ("player", "stat_seats", "true", _SEATS),
    "partnerships": ("partnership", "stat_seats", "seat IN ('N', 'E')", _TEAMS),
    "clubs": ("club", "stat_deals", "true", _DEALS),
    "profiles": ("profile", "stat_deals", "true", _DEALS),
}


def _rate(num: str, den: str) -> str:
    return f"round(({num})::numeric / nullif({den}, 0), 4)"


def _metrics(p: dict[str, str]) -> list[tuple[str, str]]:
    took, made = f"({p['took']})", f"({p['took']}) AND made"
    count = "count(*) FILTER (WHERE {})".format
    out = [
        ("games", "count(DISTINCT game_id)"),
        ("wins", f"count(DISTINCT game_id) FILTER (WHERE {p['won']})"),
        ("deals", "count(*)"),
        ("taken", count(took)),
        ("made", count(made)),
        ("made_rate", _rate(count(made), count(took))),
    ]
    for c in CLASSES:
        out += [
            (f"taken_{c.lower()}", count(f"{took} AND trump_class = '{c}'")),
            (f"made_{c.lower()}", count(f"{made} AND trump_class = '{c}'")),
        ]
    for lv in LEVELS:
        name = lv.replace("+", "plus")
        out += [
            (f"taken_{name}", count(f"{took} AND level = '{lv}'")),
            (f"made_{name}", count(f"{made} AND level = '{lv}'")),
        ]
    coinched, surcoinched = f"({p['coinched']})", f"({p['surcoinched']})"
    out += [
        ("avg_margin", f"round(avg({p['margin']}) FILTER (WHERE {took} AND NOT capot_bid), 2)"),
        ("coinches", count(coinched)),
        ("coinche_rate", _rate(count(coinched), count(p["defending"]))),
        ("coinche_success", _rate(count(f"{coinched} AND NOT made"), count(coinched))),
        ("surcoinches", count(surcoinched)),
        ("surcoinche_rate", _rate(count(surcoinched), count(p["attacked"]))),
        ("surcoinche_success", _rate(count(f"{surcoinched} AND made"), count(surcoinched))),
        ("capots_bid", count(f"{took} AND capot_bid")),
        ("capots_bid_made", count(f"{made} AND capot_bid")),
        ("capots_unbid", count(p["capot_unbid"])),
        ("announces", f"coalesce(sum({p['announces']}), 0)"),
        ("announce_points", f"coalesce(sum({p['announce_points']}), 0)"),
        ("announces_per_deal", _rate(f"sum({p['announces']})", "count(*)")),
        ("belotes", f"coalesce(sum({p['belotes']}), 0)"),
        ("belote_points", f"coalesce(sum({p['belotes']}), 0) * 20"),
        ("belotes_per_deal", _rate(f"sum({p['belotes']})", "count(*)")),
        ("points_per_deal", f"round(avg({p['points']}), 2)"),
        ("marks_per_deal", f"round(avg({p['marks']}), 2)"),
    ]
    pos = p["position"]
    for k in range(1, 5):
        out += [
            (f"deals_pos{k}", count(f"{pos} = {k}")),
            (f"taken_pos{k}", count(f"{took} AND {pos} = {k}")),
            (f"made_pos{k}", count(f"{made} AND {pos} = {k}")),
            (f"marks_pos{k}", f"round(avg({p['marks']}) FILTER (WHERE {pos} = {k}), 2)"),
        ]
    return out


COLUMNS = tuple(name for name, _ in _metrics(_SEATS))
PERIOD_EXPR = {
    "month": "date_trunc('month', played_at AT TIME ZONE 'UTC')::date",
    "year": "date_trunc('year', played_at AT TIME ZONE 'UTC')::date",
    "all": "NULL::date",
}


def select_text(mode: str, period: str) -> tuple[str, str, str]:
    """(select list, FROM table, base condition) of ``mode`` grouped by ``period``."""
    key, table, rows, perspective = MODES[mode]
    items = [f"{PERIOD_EXPR[period]} AS period", f"{key} AS {key}"]
    items += [f"{expr} AS {name}" for name, expr in _metrics(perspective)]
    return ",\n    ".join(items), table, rows


def aggregate_query(mode: str, period: str, where: sql.Composable) -> sql.Composed:
    """The API's query: ``where`` (composed by the caller, values as parameters) is ANDed."""
    items, table, rows = select_text(mode, period)
    return sql.SQL(
        "SELECT {items} FROM {table} WHERE {rows} AND {where} GROUP BY 1, 2 "
        "ORDER BY 1 NULLS FIRST, 2"
    ).format(
        items=sql.SQL(items),  # constant text of this module, never request strings
        table=sql.Identifier(table),
        rows=sql.SQL(rows),
        where=where,
    )


VIEWS = {
    "players": "stats_player_month",
    "partnerships": "stats_partnership_month",
    "clubs": "stats_club_month",
    "profiles": "stats_profile_month",
}


VIEWS_FILE = "0056_stats_views_by_club.sql"
"""The migration that holds the views' current text (0032 created their first form)."""


def view_items(mode: str) -> tuple[str, str, str, int]:
    """(select list, FROM table, base condition, grouped columns) of ``mode``'s view: by
    month, club and profile, then the mode's own key (player, partnership)."""
    key, table, rows, perspective = MODES[mode]
    keys = ["club", "profile"] + ([key] if key not in ("club", "profile") else [])
    items = [f"{PERIOD_EXPR['month']} AS period"] + [f"{k} AS {k}" for k in keys]
    items += [f"{expr} AS {name}" for name, expr in _metrics(perspective)]
    return ",\n    ".join(items), table, rows, 1 + len(keys)


def views_migration() -> str:
    """The text of ``VIEWS_FILE``."""
    parts = [
        "-- Statistics views for dashboards (Metabase, Grafana, Superset…): one row per\n"
        "-- month, club, profile and player / partnership (clubs and profiles: per month,\n"
        "-- club and profile). Generated by `python -m workers.stats_sql`; the columns are\n"
        "-- documented in the README (section Statistics). Rates are fractions (0.5 = 50 %),\n"
        "-- NULL when undefined. security_invoker: a club's analyst role reads them through\n"
        "-- the row-level security of the fact tables (0057_analysts.sql).\n"
    ]
    for view in VIEWS.values():
        parts.append(f"DROP VIEW IF EXISTS {view};\n")
    for mode, view in VIEWS.items():
        items, table, rows, grouped = view_items(mode)
        group = ", ".join(str(i) for i in range(1, grouped + 1))
        parts.append(
            f"\nCREATE VIEW {view} WITH (security_invoker = true) AS\nSELECT\n    {items}\n"
            f"FROM {table}\nWHERE {rows}\nGROUP BY {group};\n"
        )
    return "".join(parts)


if __name__ == "__main__":
    print(views_migration(), end="")
