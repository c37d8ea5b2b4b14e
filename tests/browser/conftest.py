"""Browser tests: the real app served over HTTP from a thread, driven by headless Chromium.

The browser is the system's Chromium (Debian's ``chromium`` package; ``.ci/run``
installs it), launched by the Python ``playwright`` package with
``executable_path``: Playwright's own browser downloads are never used. Without a
Chromium the tests are skipped, saying so. Every request a page makes must stay
on the test server; anything else is aborted and fails the test (the pages must
work with no external network), as does any uncaught JavaScript error. CI sets
``COINCHE_REQUIRE_BROWSER=1``: there a missing Chromium fails instead of skipping.

Screenshots go to ``artifacts/screenshots/`` (gitignored; kept by CI), or to
``COINCHE_SCREENSHOTS`` when set.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import pytest
from werkzeug.serving import make_server

from tests.conftest import bearer

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def find_chromium() -> str | None:
    """``COINCHE_CHROMIUM``, else the first Chromium on the ``PATH``."""
    given = os.environ.get("COINCHE_CHROMIUM")
    if given:
        return given if Path(given).exists() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail where the browser tests must run (``COINCHE_REQUIRE_BROWSER=1``, as CI)."""
    if os.environ.get("COINCHE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the browser tests must run here: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = find_chromium()
    if executable is None:
        unavailable(
            "no Chromium found (install Debian's chromium and chromium-driver, as .ci/run "
            "does, or set COINCHE_CHROMIUM)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright Python package is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def live_url(app: Any) -> Iterator[str]:
    """The app on a free local port (werkzeug's threaded server, in a daemon thread)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="ui-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


class Watch:
    """What a page did wrong: requests to other hosts, uncaught errors."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.external: list[str] = []
        self.errors: list[str] = []

    def route(self, route: Any) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or f"{parts.scheme}://{parts.netloc}" == self.origin:
            route.continue_()
        else:
            self.external.append(url)
            route.abort()


def open_page(browser: Any, live_url: str, viewport: dict[str, int]) -> tuple[Any, Any, Watch]:
    context = browser.new_context(viewport=viewport, base_url=live_url)
    context.set_default_timeout(10_000)
    watch = Watch(live_url)
    context.route("**/*", watch.route)
    page = context.new_page()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    return context, page, watch


@pytest.fixture
def page(browser: Any, live_url: str) -> Iterator[Any]:
    """A fresh desktop-sized page (its own localStorage); fails on external requests and
    uncaught JavaScript errors."""
    context, opened, watch = open_page(browser, live_url, DESKTOP)
    yield opened
    context.close()
    assert watch.external == [], f"the page reached outside the app: {watch.external}"
    assert watch.errors == [], f"uncaught JavaScript errors: {watch.errors}"


@pytest.fixture
def phone(browser: Any, live_url: str) -> Iterator[Any]:
    """A phone-sized page (390 × 844)."""
    context, opened, watch = open_page(browser, live_url, PHONE)
    yield opened
    context.close()
    assert watch.external == [], f"the page reached outside the app: {watch.external}"
    assert watch.errors == [], f"uncaught JavaScript errors: {watch.errors}"


@pytest.fixture(scope="session")
def shot() -> Callable[..., Path]:
    """``shot(page, name, full=True)``: a screenshot (the whole page, or what the viewport
    shows; or of one element, given a locator) in the screenshots folder."""
    folder = Path(os.environ.get("COINCHE_SCREENSHOTS") or ROOT / "artifacts" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)

    def take(page: Any, name: str, full: bool = True) -> Path:
        path = folder / f"{name}.png"
        if hasattr(page, "goto"):
            page.screenshot(path=str(path), full_page=full)
        else:
            page.screenshot(path=str(path))
        return path

    return take


@pytest.fixture(scope="session")
def record(app: Any, make_token: Callable[..., str]) -> Callable[..., str]:
    """``record(events, club, visibility="public")``: the game recorded through the HTTP API
    (create, then appends of 100 events), by a ``record`` token of ``club``; its id."""
    client = app.test_client()
    tokens: dict[str, str] = {}

    def run(events: list[dict[str, Any]], club: str, visibility: str = "public") -> str:
        if club not in tokens:
            tokens[club] = make_token(club, ("record",))
        headers = bearer(tokens[club])
        body = dict(events[0]["data"], club=club, visibility=visibility)
        created = client.post("/games", json=body, headers=headers)
        assert created.status_code == 201, created.get_json()
        game, version = created.get_json()["id"], 1
        for i in range(1, len(events), 100):
            answer = client.post(
                f"/games/{game}/events",
                json={"expected_version": version, "events": events[i : i + 100]},
                headers=headers,
            )
            assert answer.status_code == 201, answer.get_json()
            version = answer.get_json()["version"]
        return str(game)

    return run
