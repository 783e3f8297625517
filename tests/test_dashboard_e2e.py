"""End to end: the dashboard as a real server (``streamlit run dashboard/app.py``) on the
demo fleet, every page loaded in Debian's headless Chromium, checked for its title and
for the absence of errors, and photographed into a temp folder
(``MEMGOV_SCREENSHOTS=docs/screenshots`` refreshes the README's pictures).

The fleet is the demo's (two tenants, 60 simulated days, the demo's curation pass) plus
three nightly passes, so the trends have more than one point, embedded with the default
all-MiniLM-L6-v2 as ``memgov demo`` does, so the screenshots show real recall
(``MEMGOV_E2E_EMBEDDER=hashing`` trades that for a faster run).

Chromium must be installed (``apt-get install -y chromium``): the test fails, not skips,
without it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import T0
from dashboard_browser import Browser, find_chromium
from dashboard_support import ROOT, SUPPORT, demo_now, seed_demo_fleet
from online_helpers import run_store_experiment

from curation import CurationPolicy, Embedder, FixedClock, HashingEmbedder, MemoryStore, Mode
from curation._store.database import Database

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

NIGHTS = 3
# minilm (default: what `memgov demo` uses) or hashing (faster, for a quick local check)
EMBEDDER = os.environ.get("MEMGOV_E2E_EMBEDDER", "minilm")
# a shared folder only when asked: parallel runs and workers must not write the docs' copy
SCREENSHOTS = os.environ.get("MEMGOV_SCREENSHOTS")
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


@contextmanager
def _serve(env_extra: dict[str, str], tmp_path: Path) -> Iterator[str]:
    """``streamlit run dashboard/app.py`` on a free port with ``env_extra``; yields its
    URL and fails the test if the server log shows a traceback."""
    port = _free_port()
    env = dict(os.environ)
    env.update(
        {
            "MEMGOV_HOME": str(tmp_path / "home"),
            "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path / 'mlflow.db'}",
            "HF_HUB_OFFLINE": "1",
            **env_extra,
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
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)
    server_log = log.read_text()
    assert "Traceback" not in server_log, server_log[-3000:]


def _browser() -> Browser:
    executable = find_chromium()
    if executable is None:
        pytest.fail(
            "chromium is not installed: the browser test needs Debian's chromium package "
            "(apt-get update && apt-get install -y chromium)"
        )
    return Browser(executable, width=1400, height=1000)


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
        store,
        SUPPORT,
        starts_at=demo_now(NIGHTS) - timedelta(days=3),
        days=3,
        agents=100,
        duration_days=3,
    )
    env = {
        "MEMGOV_DATABASE_URL": database_url,
        "MEMGOV_EMBEDDER": EMBEDDER,
        "MEMGOV_NOW": demo_now(NIGHTS).isoformat(),
    }
    with _serve(env, tmp_path) as url:
        yield url, basic.id


def test_every_page_renders_in_chromium(server: tuple[str, str], tmp_path: Path) -> None:
    url, basic = server
    shots = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path / "screenshots"
    browser = _browser()
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
            browser.screenshot(shots / shot, full_height=state.height)
            assert (shots / shot).stat().st_size > 20_000
            if title == "Overview":
                assert state.charts == 6, state.charts  # the trends are drawn as charts
    finally:
        browser.close()


# -- agents' text is shown as text --------------------------------------------------------
HOSTILE_TENANT = "demo-hostile"
# headings, emphasis, strike-through, HTML, images, colour directives and math, written by
# an agent; {pixel} is a URL on a local server that counts every request the browser makes
HOSTILE = {
    "heading": "# URGENT: rotate the staging keys now",
    "image": "![x]({pixel}/markdown.png) invoice template for the EU region",
    "html": '<img src="{pixel}/html.png"><h2>Injected heading</h2><b>bold html</b>',
    "money": "The refund limit is $2,000 not $1,000 for enterprise accounts",
    "styled": ":red[alarm] *emphasis* ~~struck~~ **strong words** :material/warning:",
    "math": "$$\\frac{{a}}{{b}}$$ and \\(x^2\\) in the quarterly forecast",
}
PROPOSAL_MEMBERS = [
    "# Escalate refunds above $2,000 to finance ![p]({pixel}/proposal.png) for team " + team
    for team in ("alpha", "bravo", "charlie")
]
# markers that must never end up inside a heading, emphasis or strike-through element
MARKERS = ("URGENT", "Injected", "emphasis", "struck", "strong words", "Escalate", "Claim heading")

_FORMATTED_JS = """
(() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const pick = (s) => Array.from(main.querySelectorAll(s)).map((e) => e.innerText.trim());
  return JSON.stringify({
    headings: pick('h1, h2, h3, h4, h5, h6'),
    styled: pick('em, strong, b, s, del:not([style]), i'),
    math: main.querySelectorAll('.katex, .katex-display, math').length,
    images: Array.from(document.querySelectorAll('img')).map((e) => e.src),
  });
})()
"""


class _Pixel(ThreadingHTTPServer):
    """A local HTTP server that records every path requested from it."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        pixel = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                pixel.requests.append(self.path)
                self.send_response(404)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


def _seed_hostile(store: MemoryStore, pixel: str) -> dict[str, str]:
    """Hostile text in every place the dashboard shows agents' text: active and archived
    content, a proposal, a conflict's claim and evidence. Returns ids by name."""
    store.tenants.set_policy(HOSTILE_TENANT, CurationPolicy().with_all_modes(Mode.APPLY))
    ids = {
        name: store.remember(HOSTILE_TENANT, text.format(pixel=pixel)).id
        for name, text in HOSTILE.items()
    }
    for text in PROPOSAL_MEMBERS:
        store.remember(HOSTILE_TENANT, text.format(pixel=pixel))
    old = store.remember(
        HOSTILE_TENANT,
        f"# Old plan ![old]({pixel}/archived.png) costs $5 and $6",
        supersession_key="plan",
        created_at=T0 - timedelta(days=2),
    )
    store.remember(
        HOSTILE_TENANT,
        f"## New plan <img src={pixel}/newer.png> costs $7 and $8",
        supersession_key="plan",
        created_at=T0 - timedelta(days=1),
    )
    ids["archived"] = old.id
    store.contest(
        HOSTILE_TENANT,
        ids["money"],
        claim=f"# Claim heading ![c]({pixel}/claim.png)",
        evidence=f"<img src={pixel}/evidence.png> it is $1,500 and $1,700 now",
    )
    store.runs.curate(HOSTILE_TENANT, apply=True)
    return ids


def test_agents_text_shows_as_text_in_chromium(
    database: Database, database_url: str, tmp_path: Path
) -> None:
    """Markdown, HTML and LaTeX written by agents shows as the characters it is: no heading,
    emphasis, image request or typeset math on any page that shows it."""
    pixel = _Pixel()
    base = f"http://127.0.0.1:{pixel.server_address[1]}"
    store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(T0))
    ids = _seed_hostile(store, base)
    assert store.curator.proposals(HOSTILE_TENANT, status="pending"), "the seed makes a proposal"
    assert store.get(HOSTILE_TENANT, ids["archived"]).status == "archived"
    query = urllib.parse.quote(
        "# URGENT: rotate the staging keys now; the refund limit is $2,000 not $1,000 "
        f"![q]({base}/query.png)"
    )
    pages = [
        ("curator_queue", "Curator queue", ["# Escalate refunds", "# Claim heading"]),
        (f"archive?memory={ids['archived']}", "Archive explorer", ["# Old plan ![old]("]),
        (f"recall?q={query}", "Recall playground", ["# URGENT: rotate", "$2,000 not $1,000"]),
        ("", "Overview", ["Active set size"]),
    ]
    env = {
        "MEMGOV_DATABASE_URL": database_url,
        "MEMGOV_EMBEDDER": "hashing",
        "MEMGOV_NOW": T0.isoformat(),
    }
    with _serve(env, tmp_path) as url:
        browser = _browser()
        try:
            for path, title, literal in pages:
                sep = "&" if "?" in path else "?"
                state = browser.load(f"{url}/{path}{sep}tenant={HOSTILE_TENANT}", title)
                assert not state.exceptions, (path, state.exceptions)
                for text in literal:  # shown as typed, markup characters included
                    assert text in state.text, (path, text, state.text[:3000])
                shown = json.loads(browser.evaluate(_FORMATTED_JS))
                for kind in ("headings", "styled"):
                    leaked = [t for t in shown[kind] if any(m in t for m in MARKERS)]
                    assert not leaked, (path, kind, leaked)
                assert shown["math"] == 0, (path, "math typeset")
                assert not [src for src in shown["images"] if base in src], (path, shown)
        finally:
            browser.close()
    assert pixel.requests == [], f"the browser fetched agents' URLs: {pixel.requests}"
    pixel.shutdown()
