"""The pages' shells and files as the app serves them (no browser needed: these always run)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

UI = Path(__file__).resolve().parents[2] / "service" / "ui" / "static" / "ui"
TEMPLATES = Path(__file__).resolve().parents[2] / "service" / "ui" / "templates" / "ui"


@pytest.mark.parametrize(
    ("path", "script"),
    [
        ("/ui/games", "games.js"),
        ("/ui/games/6f1c1d52-8d0e-4a8e-9a43-0d2f5cfa6b10", "replay.js"),
        ("/ui/stats", "stats.js"),
        ("/ui/record", "record/app.js"),
    ],
)
def test_pages_are_shells_with_a_strict_policy(client: Any, path: str, script: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    page = response.get_data(as_text=True)
    assert f'src="/ui/static/{script}"' in page
    assert "<script>" not in page  # nothing inline: the policy would refuse it


def test_ui_root_leads_to_the_game_list(client: Any) -> None:
    response = client.get("/ui/")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/ui/games")


def test_every_file_the_pages_use_is_served_by_the_app(client: Any) -> None:
    files = sorted(
        p.relative_to(UI).as_posix() for p in UI.rglob("*") if p.suffix in {".js", ".css", ".svg"}
    )
    assert {"common.js", "replay.js", "table.js", "stats.js", "charts.js", "ui.css"} <= set(files)
    assert {"record/app.js", "record/queue.js", "record/record.css"} <= set(files)
    assert {"record/deal.js", "record/deal.css"} <= set(files)
    for name in files:
        response = client.get(f"/ui/static/{name}")
        assert response.status_code == 200, name
        response.close()


def test_nothing_is_fetched_from_another_host() -> None:
    """No CDN, no web font, no absolute URL to elsewhere in the pages' files."""
    quoted = re.compile(r"""["'`](?:https?:)?//(?!www\.w3\.org/2000/svg["'])""")
    css_url = re.compile(r"url\(\s*(?:https?:)?//")
    files = [p for p in [*UI.rglob("*"), *TEMPLATES.rglob("*")] if p.is_file()]
    assert any(p.parent.name == "record" for p in files)  # subfolders are read too
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not quoted.search(text) and not css_url.search(text), path.name


def test_the_recording_page_s_service_worker_keeps_every_file_it_needs(client: Any) -> None:
    """Served from ``/ui/`` (its scope may cover ``/ui/record``), checked again on each load;
    its list names every file the page loads (a file missing from it would not open
    offline) and each of them is served (one 404 and the worker would not install)."""
    response = client.get("/ui/record-sw.js")
    assert response.status_code == 200
    assert response.mimetype in {"text/javascript", "application/javascript"}
    assert response.headers["Cache-Control"] == "no-cache"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    source = response.get_data(as_text=True)
    response.close()
    listed = re.search(r"const FILES = \[(.*?)\];", source, re.S)
    assert listed is not None
    kept = set(re.findall(r'"(/[^"]+)"', listed.group(1)))
    needed = {"/ui/record", "/ui/static/ui.css", "/ui/static/icon.svg", "/ui/static/common.js"}
    needed |= {
        f"/ui/static/record/{p.name}"
        for p in (UI / "record").iterdir()
        if p.suffix in {".js", ".css"} and p.name != "sw.js"
    }
    assert kept == needed
    for path in sorted(kept):
        answer = client.get(path)
        assert answer.status_code == 200, path
        answer.close()
