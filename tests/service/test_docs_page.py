"""``/docs`` renders the whole contract in a real browser with no network but the app's.

The browser runs in a child interpreter: Playwright's sync API allows one instance
per thread, and the browser tests may hold it already.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

import pytest
from werkzeug.serving import make_server

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, unavailable

BROWSE = """
import json, sys
from playwright.sync_api import sync_playwright
base, executable, args = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
elsewhere = []
def route(r):
    if r.request.url.startswith(base):
        r.continue_()
    else:
        elsewhere.append(r.request.url)
        r.abort()
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=executable, args=args)
    page = browser.new_page()
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text
            else None)
    page.route("**/*", route)
    page.goto(base + "/docs")
    page.wait_for_selector(".opblock", timeout=20000)
    print(json.dumps({"operations": page.locator(".opblock").count(), "elsewhere": elsewhere,
                      "refused": refused}))
    browser.close()
"""


@pytest.mark.browser
def test_the_documentation_page_works_offline(app: Any) -> None:
    executable = find_chromium()
    if executable is None:
        unavailable("no Chromium found (set COINCHE_CHROMIUM)")
    pytest.importorskip("playwright.sync_api")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        done = subprocess.run(
            [sys.executable, "-c", BROWSE, base, executable, json.dumps(CHROMIUM_ARGS)],
            capture_output=True, text=True, timeout=120, check=True,
        )  # fmt: skip
    finally:
        server.shutdown()
    seen = json.loads(done.stdout.splitlines()[-1])
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    methods = {"get", "post", "put", "patch", "delete"}
    assert seen["operations"] == sum(len(set(p) & methods) for p in paths.values())
    assert seen["refused"] == []  # the page lives within its Content-Security-Policy
    assert seen["elsewhere"] == []
