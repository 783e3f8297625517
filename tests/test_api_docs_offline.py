"""``/docs`` renders with no network: headless Chromium, every host but the loopback
unresolvable, loads Swagger UI from the app's own bundled assets and draws every
operation; nothing is fetched from anywhere else. A screenshot is kept
(``MEMGOV_SCREENSHOTS=docs/screenshots`` writes it there)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from api_helpers import Served
from dashboard_browser import Browser, find_chromium

# no DNS for any host but the loopback: a CDN reference cannot load
OFFLINE = ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",)
SCREENSHOTS = os.environ.get("MEMGOV_SCREENSHOTS")

_PAGE_JS = """
(() => JSON.stringify({
  operations: document.querySelectorAll('.opblock').length,
  title: (document.querySelector('.swagger-ui .info .title') || {}).innerText || '',
  redoc: document.querySelectorAll('[data-section-id]').length,
  resources: performance.getEntriesByType('resource').map((e) => e.name),
}))()
"""


@pytest.fixture
def browser() -> Iterator[Browser]:
    executable = find_chromium()
    if executable is None:
        pytest.fail("chromium is not installed (`make browser`: Debian's chromium package)")
    opened = Browser(executable, width=1400, height=1600, extra_flags=OFFLINE)
    try:
        yield opened
    finally:
        opened.close()


def rendered(browser: Browser, url: str, ready: str, timeout: float = 60) -> dict[str, Any]:
    """The page's state once ``ready`` (a key of it) is non-zero."""
    browser.call("Page.navigate", url=url)
    deadline = time.monotonic() + timeout
    state: dict[str, Any] = {}
    while time.monotonic() < deadline:
        value = browser.evaluate(_PAGE_JS)
        state = json.loads(value) if isinstance(value, str) else {}
        if state.get(ready):
            time.sleep(0.5)  # the last paint
            return state
        time.sleep(0.25)
    raise TimeoutError(f"{url} did not render in {timeout:.0f} s: {state}")


def test_the_docs_render_from_bundled_assets_with_no_network(
    served: Served, browser: Browser, tmp_path: Path
) -> None:
    html = httpx.get(f"{served.url}/docs").text
    assert "cdn" not in html.lower() and "/docs-assets/swagger-ui-bundle.js" in html
    operations = sum(
        len(methods) for methods in httpx.get(f"{served.url}/openapi.json").json()["paths"].values()
    )
    docs = rendered(browser, f"{served.url}/docs", "operations")
    assert docs["operations"] == operations >= 16
    assert docs["title"].startswith("Memgov API")
    assert docs["resources"] and all(r.startswith(served.url) for r in docs["resources"])
    shots = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    browser.screenshot(shots / "api-docs.png")
    assert (shots / "api-docs.png").stat().st_size > 10_000
    redoc = rendered(browser, f"{served.url}/redoc", "redoc")
    assert all(r.startswith(served.url) for r in redoc["resources"])
