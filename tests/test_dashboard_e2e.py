"""End to end: the dashboard as a real server (``streamlit run dashboard/app.py``) on the
demo fleet, every page loaded in Debian's headless Chromium, checked for its title and
for the absence of errors, and photographed into ``docs/screenshots/`` (override the
folder with ``MEMGOV_SCREENSHOTS``).

The fleet is the demo's (two tenants, 60 simulated days, the demo's curation pass) plus
three nightly passes, so the trends have more than one point, embedded with the default
all-MiniLM-L6-v2 as ``memgov demo`` does, so the screenshots show real recall
(``MEMGOV_E2E_EMBEDDER=hashing`` trades that for a faster run).

Chromium must be installed (``apt-get install -y chromium``): the test fails, not skips,
without it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from dashboard_browser import Browser, find_chromium
from dashboard_support import ROOT, SUPPORT, demo_now, seed_demo_fleet
from online_helpers import run_store_experiment

from curation import Embedder, HashingEmbedder
from curation._store.database import Database

NIGHTS = 3
# minilm (default: what `memgov demo` uses) or hashing (faster, for a quick local check)
EMBEDDER = os.environ.get("MEMGOV_E2E_EMBEDDER", "minilm")
SCREENSHOTS = Path(os.environ.get("MEMGOV_SCREENSHOTS") or ROOT / "docs" / "screenshots")
# url path, page title, text the page must show, screenshot file
PAGES = [
    ("", "Overview", "Active set size", "overview.png"),
    ("curator_queue", "Curator queue", "Principle proposals", "curator_queue.png"),
    ("archive?memory={basic}", "Archive explorer", "Superseded by", "archive.png"),
    (
        "recall?q=What+plan+is+Initech+on%3F",
        "Recall playground",
        "What curation suppressed for this query",
        "recall.png",
    ),
    ("experiments", "Experiments", "Recommendation: ship curated", "experiments.png"),
]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def server(
    database: Database, database_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[str, str]]:
    """The app's URL, and the id of the demo's superseded "Initech is on the Basic plan"."""
    embedder: Embedder = (
        HashingEmbedder() if EMBEDDER == "hashing" else request.getfixturevalue("minilm")
    )
    store = seed_demo_fleet(database, nights=NIGHTS, embedder=embedder)
    (basic,) = store.memories(SUPPORT, status="archived", contains="Basic plan")
    # an ended online experiment, so the Experiments page shows its analysis
    run_store_experiment(
        store, SUPPORT, starts_at=demo_now(NIGHTS) - timedelta(days=3), days=3, agents=100,
        duration_days=3,
    )  # fmt: skip
    port = _free_port()
    env = dict(os.environ)
    env.update(
        {
            "MEMGOV_DATABASE_URL": database_url,
            "MEMGOV_EMBEDDER": EMBEDDER,
            "MEMGOV_NOW": demo_now(NIGHTS).isoformat(),
            "MEMGOV_HOME": str(tmp_path / "home"),
            "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path / 'mlflow.db'}",
            "HF_HUB_OFFLINE": "1",
        }
    )
    log = tmp_path / "streamlit.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                "dashboard/app.py",
                "--server.port",
                str(port),
                "--server.address",
                "127.0.0.1",
                "--server.headless",
                "true",
                "--browser.gatherUsageStats",
                "false",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the dashboard server did not come up:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield url, basic.id
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)
    server_log = log.read_text()
    assert "Traceback" not in server_log, server_log[-3000:]


def test_every_page_renders_in_chromium(server: tuple[str, str]) -> None:
    url, basic = server
    executable = find_chromium()
    if executable is None:
        pytest.fail(
            "chromium is not installed: the browser test needs Debian's chromium package "
            "(apt-get update && apt-get install -y chromium)"
        )
    browser = Browser(executable, width=1400, height=1000)
    try:
        for path, title, expected, shot in PAGES:
            state = browser.load(f"{url}/{path.format(basic=basic)}", title)
            assert state.titles == [title], (path, state.titles)
            assert not state.exceptions, (path, state.exceptions)
            assert not state.errors, (path, state.errors)
            assert "Traceback" not in state.text, (path, state.text[:2000])
            assert expected in state.text, (path, state.text[:2000])
            # the tenant selector, on every page
            assert state.sidebar_selects == [f"Tenant={SUPPORT}"], state.sidebar_selects
            browser.screenshot(SCREENSHOTS / shot, full_height=state.height)
            assert (SCREENSHOTS / shot).stat().st_size > 20_000
            if title == "Overview":
                assert state.charts == 6, state.charts  # the trends are drawn as charts
    finally:
        browser.close()
