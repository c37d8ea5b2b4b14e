"""``/docs`` renders the whole contract in a real browser with no network but the app's."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from werkzeug.serving import make_server

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, unavailable


@pytest.mark.browser
def test_the_documentation_page_works_offline(app: Any) -> None:
    executable = find_chromium()
    if executable is None:
        unavailable("no Chromium found (set COINCHE_CHROMIUM)")
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    elsewhere: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                       else (elsewhere.append(r.request.url), r.abort()))  # fmt: skip
            page.goto(f"{base}/docs")
            page.wait_for_selector(".opblock", timeout=20_000)
            operations = page.locator(".opblock").count()
            browser.close()
    finally:
        server.shutdown()
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    assert operations == sum(len(set(item) & {"get", "post"}) for item in paths.values())
    assert elsewhere == []
