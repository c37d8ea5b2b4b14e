"""Audit jobs through a real worker: each kind of breach found once, at its address."""

from __future__ import annotations

import pytest

from events.vocabulary import log
from i18n.findings import render
from i18n.vocabulary import Vocabulary
from projections.entries import Entry
from projections.judgement import Judgement
from rules.registry import PROFILES
from rules.seats import Seat
from rules.simulation.generator import generate_game
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.workers.conftest import import_events
from tests.workers.hand import fixture_events
from workers.auditing import rule_findings

WORKED = "01-worked-example"  # dealer N, S bids 90♥; W leads 7D then plays JH, KH…


def insert_before(events, match, new):
    i = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed" and e["data"] == match)
    return [*events[:i], new, *events[i:]], i + 1  # (events, version of the new event)


def revoke_game(profile, club, **kwargs):
    for seed in range(50):
        _g, events = wire_game(profile, seed, enforcement="record", breaches=0.05, **kwargs)
        if _g.injected:
            events[0]["data"]["club"] = club
            return events, {(i + 2, rule) for i, rule in _g.injected}
    raise AssertionError("no revoke generated")


@pytest.fixture(scope="module")
def cases(store, pool):
    """game id → (what was broken, expected {(version, rule)}, expected seat/deal/trick)."""
    club = "audit-club"
    out = {}
    games, expect = [], []
    for profile in ("ffb", "yeeqia", "contree"):
        events, injected = revoke_game(profile, club)
        games.append(events)
        expect.append(("revoke", injected))
    w = {"seat": "W", "kind": "tierce", "cards": ["7C", "8C", "9C"]}
    events, v = insert_before(fixture_events(WORKED, club), {"seat": "W", "card": "7D"},
                              {"type": "AnnounceDeclared", "data": w})  # fmt: skip
    games.append(events)
    expect.append(("false-announce", {(v, "false-announce")}))
    events, v = insert_before(
        fixture_events(WORKED, club),
        {"seat": "W", "card": "KH"},
        {"type": "BeloteDeclared", "data": {"seat": "W", "word": "belote"}},
    )
    games.append(events)
    expect.append(("belote", {(v, "belote-without-pair")}))
    events = fixture_events(WORKED, club, abandon=False)
    events.append({"type": "ScoreRecorded", "data": {"deal": 1, "marks": {"NS": 0, "EW": 240}}})
    games.append(events)
    expect.append(("score", {(len(events), "score-mismatch")}))
    _g, events = wire_game("ffb", 3, enforcement="record", record_hands=True)
    events[0]["data"]["club"] = club
    k = next(i for i, e in enumerate(events) if e["type"] == "DealStarted" and "cut" in e["data"])
    events[k]["data"]["cut"] = 1
    games.append(events)
    expect.append(("dealing", {(k + 1, "cut-too-small")}))
    games.append(fixture_events("07-made-surcoinched-belote-multiplied", club))
    expect.append(("chain", {(5, "hash-chain-break")}))
    ids = import_events(store, games)
    with pool.connection() as conn, conn.transaction():  # a superuser edits a row
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_delete")
        conn.execute("UPDATE events SET recorded_by = 'forged' WHERE game_id = %s AND version = 5",
                     (ids[-1],))  # fmt: skip
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_no_update_delete")
    # append-time breaches: a revoke imported through the write-side judgement, record mode
    events, injected = revoke_game("tripot", club, record_hands=True)
    ids += import_events(store, [events], check=Judgement())
    expect.append(("append", injected))
    with pool.connection() as conn:
        stored = conn.execute(
            "SELECT count(*) FROM events WHERE game_id = %s AND breaches IS NOT NULL", (ids[-1],)
        ).fetchone()[0]
    assert stored == len(injected)
    for gid, (kind, found) in zip(ids, expect, strict=True):
        out[str(gid)] = (kind, found)
    return out


def all_findings(client, secret, location):
    found, url = [], location + "/findings?limit=7"
    while url:
        r = client.get(url, headers=bearer(secret))
        assert r.status_code == 200, r.json
        found += r.json["findings"]
        url = r.json["next"]
    return found, r.json["summary"]


def test_every_breach_once_at_its_address(cases, worker, wclient, make_token, wait_job):
    secret = make_token("audit-club", ("read",))
    r = wclient.post("/audits", json={"games": list(cases)}, headers=bearer(secret))
    assert r.status_code == 202 and r.headers["Location"] == f"/jobs/{r.json['job']['id']}"
    job = wait_job(r.json["job"]["id"])
    assert job["status"] == "done" and job["chunks"] == 3 == job["chunks_done"], job
    found, summary = all_findings(wclient, secret, r.headers["Location"])
    by_game: dict[str, set] = {g: set() for g in cases}
    for f in found:
        by_game[f["game_id"]].add((f["version"], f["rule"]))
    for gid, (kind, expected) in cases.items():
        assert by_game[gid] == expected, kind
    assert len(found) == sum(len(e) for _k, e in cases.values())  # nothing twice
    assert summary["findings"] == len(found) and summary["games"] == len(cases)
    assert summary["by_rule"]["hash-chain-break"] == 1
    fa = next(f for f in found if f["rule"] == "false-announce")
    assert (fa["deal"], fa["trick"], fa["seat"], fa["player"]) == (1, 1, "W", "dan")
    assert fa["severity"] == "breach" and fa["source"] == "rules" and fa["position"] > 0
    assert "tierce" in fa["detail"] and fa["card"] is None
    revokes = [f for f in found if cases[f["game_id"]][0] == "revoke"]
    assert revokes and all(f["card"] and f["source"] == "rules" for f in revokes)
    chain = next(f for f in found if f["rule"] == "hash-chain-break")
    assert chain["severity"] == "integrity" and "changed after it was written" in chain["detail"]
    score = next(f for f in found if f["rule"] == "score-mismatch")
    assert score["deal"] == 1 and "EW 240" in score["detail"] and "EW 250" in score["detail"]
    one = next(g for g, (k, _e) in cases.items() if k == "belote")
    r = wclient.get(f"{r.headers['Location']}/findings?game={one}", headers=bearer(secret))
    assert r.json["summary"]["by_rule"] == {"belote-without-pair": 1}
    assert r.json["summary"]["by_player"] == {"dan": 1}


def test_the_fast_chain_check_needs_no_fallback_on_clean_games(store, pool, monkeypatch):
    import workers.auditing as auditing
    from workers.loading import load_games

    ids = import_events(store, [fixture_events(WORKED, "audit-club"),
                                wire_game("tripot", 5, enforcement="record")[1]])  # fmt: skip

    def refuse(*args, **kwargs):
        raise AssertionError("the inline hash text differs from events.vocabulary.chain's")

    monkeypatch.setattr(auditing, "event_hash", refuse)
    with pool.connection() as conn:
        games = load_games(conn, ids)
    assert [auditing.chain_break(g.game_id, g.rows, g.head) for g in games] == [None, None]


def test_generated_legal_games_audit_clean_through_the_workers_function():
    """The workers' audit function on generated legal games (as entries, hands recorded in
    some deals): nothing found. 2,000 games per profile run through the rules' own audit
    in ``tests/rules/test_no_false_positives.py``; here, 10 per profile."""
    names = {s: f"p{s.name}" for s in Seat}
    for profile_id, profile in PROFILES.items():
        for seed in range(10):
            g = generate_game(profile, seed)
            created = log.GameCreated(profile_id, dict(names), g.first_dealer,
                                       {"target": g.target}, "record")  # fmt: skip
            entries = [Entry(1, None, "GameCreated", created)]
            entries += [Entry(i, None, type(a).__name__, a) for i, a in enumerate(g.actions, 2)]
            assert rule_findings(entries) == [], (profile_id, seed)


def test_a_jobs_findings_are_worded_in_the_language_asked(
    cases, pool, worker, wclient, make_token, wait_job
):
    """The worker keeps each finding's rule and facts; the reader words them in French or
    English (the table's vocabulary: contre in the contrée game); a row written before the
    facts were kept is shown as stored, with no params."""
    secret = make_token("audit-club", ("read",))
    revokes = [g for g, (kind, _e) in cases.items() if kind in ("revoke", "false-announce")]
    r = wclient.post("/audits", json={"games": revokes}, headers=bearer(secret))
    job_id = r.json["job"]["id"]
    assert wait_job(job_id)["status"] == "done"
    with pool.connection() as conn:  # a row as an older worker wrote it: English, no facts
        conn.execute(
            "INSERT INTO job_findings (job_id, game_id, seq, rule, detail, severity, source) "
            "VALUES (%s, %s, 999, 'must-follow-suit', 'S played 7C, an old sentence', "
            "'breach', 'rules')",
            (job_id, revokes[0]),
        )
    pages = {}
    for lang in ("fr", "en"):
        url = f"/jobs/{job_id}/findings?limit=1000&lang={lang}"
        answer = wclient.get(url, headers=bearer(secret))
        assert answer.status_code == 200 and answer.headers["Content-Language"] == lang
        pages[lang] = answer.json["findings"]
    fr, en = pages["fr"], pages["en"]
    assert [(f["game_id"], f["seq"], f["rule"]) for f in fr] == [
        (f["game_id"], f["seq"], f["rule"]) for f in en
    ]
    old = [f for f in fr if f["seq"] == 999]
    assert old == [f for f in en if f["seq"] == 999]
    assert old[0]["detail"] == "S played 7C, an old sentence" and old[0]["params"] is None
    new = [(f, e) for f, e in zip(fr, en, strict=True) if f["seq"] != 999]
    assert new and all(f["params"] == e["params"] is not None for f, e in new)
    assert all(f["detail"] != e["detail"] for f, e in new)
    revoked = [f for f, _e in new if f["rule"].startswith("must-")]
    assert revoked and all(f["detail"].startswith("renonce : ") for f in revoked)
    fa = next(f for f, _e in new if f["rule"] == "false-announce")
    expected = render("false-announce", fa["params"], "fr", Vocabulary.FFB)
    assert fa["detail"] == expected and "tierce" in expected
