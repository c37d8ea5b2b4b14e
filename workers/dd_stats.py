"""Double-dummy statistics of an archive (a ``ddstats`` job, ``POST /stats/analysis``).

Every finished deal of the selected games is analysed (or read from the kept analyses,
:mod:`workers.deal_analysis`; the new ones are kept too). Per player: the deals and
cards played, the marks lost by card play against double-dummy best play (a card's
cost, :mod:`analysis.costs`), the card points lost, the cards that cost something and
the critical ones (after which the contract's outcome changed), and as taker the
contracts bid against the deal's double-dummy answer: makeable (the taker's team makes
that value in that trump) and at par (the very contract perfect bidding ends in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from psycopg import Connection

from events.vocabulary import log
from projections.deals import finished_deals
from rules.seats import Seat
from workers.deal_analysis import deal_digest, keep, kept

COUNTS = ("deals", "cards", "marks_lost", "points_lost", "costly_cards", "critical_cards",
          "contracts", "contracts_makeable", "contracts_at_par")  # fmt: skip


def _row(players: dict[str, dict[str, int]], player: str) -> dict[str, int]:
    return players.setdefault(player, dict.fromkeys(COUNTS, 0))


def deal_stats(
    doc: dict[str, Any], seats: dict[str, str], players: dict[str, dict[str, int]]
) -> None:
    """Add one analysed deal to the per-player counts (``seats``: seat → player)."""
    for seat in Seat:
        _row(players, seats[seat.name])["deals"] += 1
    critical = {k["index"] for k in doc["critical"]}
    for c in doc["cards"]:
        row = _row(players, seats[c["seat"]])
        row["cards"] += 1
        row["marks_lost"] += c["cost"]
        row["points_lost"] += c["points_cost"]
        row["costly_cards"] += c["cost"] > 0
        row["critical_cards"] += c["index"] in critical
    contract = doc["contract"]
    if contract is None:
        return
    taker = _row(players, seats[contract["taker"]])
    team = "NS" if contract["taker"] in ("N", "S") else "EW"
    taker["contracts"] += 1
    for m in doc["makeable"]:
        if m["team"] == team and m["trump"] == contract["trump"]:
            best, bid = m["value"], contract["value"]
            taker["contracts_makeable"] += best == "capot" or (bid != "capot" and best >= bid)
    par = doc["par"]["contract"]
    at_par = par is not None and (par["team"], par["trump"], par["value"]) == (
        team, contract["trump"], contract["value"])  # fmt: skip
    taker["contracts_at_par"] += at_par


def ddstats_chunk(
    conn: Connection[Any], jid: UUID, ids: list[UUID]
) -> tuple[dict[str, Any], Callable[[Connection[Any]], None]]:
    from analysis.position import PositionError
    from analysis.report import analyse_deal
    from analysis.solver import Solver
    from workers.loading import load_games

    solver = Solver()
    players: dict[str, dict[str, int]] = {}
    new: list[tuple[UUID, int, str, dict[str, Any]]] = []
    deals = skipped = 0
    for game in load_games(conn, ids):
        entries = game.entries()
        if not entries or not isinstance(entries[0].record, log.GameCreated):
            continue
        seats = {s.name: p for s, p in entries[0].record.seats.items()}
        for deal in finished_deals(entries):
            digest = deal_digest(deal)
            doc = kept(conn, game.game_id, deal.number, digest)
            if doc is None:
                try:
                    doc = analyse_deal(deal, solver)
                except PositionError:
                    skipped += 1
                    continue
                new.append((game.game_id, deal.number, digest, doc))
            deal_stats(doc, seats, players)
            deals += 1
    partial = {"games": len(ids), "deals": deals, "skipped": skipped, "players": players}

    def write(c: Connection[Any]) -> None:
        for game_id, number, digest, doc in new:
            keep(c, game_id, number, digest, doc)

    return partial, write


def merge_ddstats(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The job's result: the chunks' counts added up, one row per player (by name)."""
    players: dict[str, dict[str, int]] = {}
    for p in parts:
        for name, counts in p["players"].items():
            row = _row(players, name)
            for k in COUNTS:
                row[k] += int(counts.get(k, 0))
    rows = []
    for name in sorted(players):
        row = players[name]
        per_deal = round(row["marks_lost"] / row["deals"], 2) if row["deals"] else 0.0
        rows.append({"player": name, **row, "marks_lost_per_deal": per_deal})
    return {
        "games": sum(int(p["games"]) for p in parts),
        "deals": sum(int(p["deals"]) for p in parts),
        "skipped": sum(int(p.get("skipped", 0)) for p in parts),
        "players": rows,
    }
