"""Shared by the dashboard tests: the demo fleet as a fixture fleet, the environment that
points the app at a test database, and AppTest for the multipage app.

How the pages are tested: ``AppTest.from_file("dashboard/app.py")`` runs the real
entrypoint (sidebar with the tenant selector, ``st.navigation``), then
``switch_page("views/<page>.py")`` + ``run()`` renders one page. The pages live in
``views/``, not ``pages/``: with a ``pages/`` folder beside the entrypoint, AppTest
(streamlit 1.67) runs a switched-to page file on its own, without the entrypoint.
"""

from __future__ import annotations

import html
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from streamlit.testing.v1 import AppTest

from curation import Embedder, FixedClock, HashingEmbedder, MemoryStore
from curation._store.database import Database, normalise_url
from curation._store.server import sqlalchemy_url

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboard" / "app.py"
TENANTS = ["demo-acme-support", "demo-globex-devops"]
SUPPORT, DEVOPS = TENANTS


def demo_now(nights: int = 0) -> datetime:
    from evaluation.demo import NOW

    return NOW + timedelta(days=nights)


def seed_demo_fleet(
    database: Database, *, nights: int = 0, embedder: Embedder | None = None
) -> MemoryStore:
    """The built-in demo fleet (2 tenants, 60 simulated days, one curation pass) loaded
    with ``embedder`` (default: the hashing embedder), then ``nights`` more nightly passes
    a day apart. Returns a store whose clock stands at the last pass."""
    from evaluation.demo import run_demo

    embedder = embedder or HashingEmbedder()
    run_demo(embedder=embedder, database=database, out=lambda _line: None)
    store = MemoryStore(database, embedder=embedder, clock=FixedClock(demo_now()))
    for night in range(1, nights + 1):
        for tenant in TENANTS:
            store.runs.curate(tenant, apply=True, actor="nightly", now=demo_now(night))
    store.clock = FixedClock(demo_now(nights))
    return store


@pytest.fixture(scope="session")
def demo_template(pg_server: str) -> str:
    """A database holding the seeded demo fleet, made once per session (seeding takes a
    few seconds); each test gets its own copy from ``fleet_database_url``."""
    from conftest import TEMPLATE

    name = "memgov_demo_fleet_" + uuid.uuid4().hex[:8]
    engine = create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE}"'))
    database = Database(sqlalchemy_url(pg_server, name))
    seed_demo_fleet(database)
    database.dispose()
    engine.dispose()
    return name


@pytest.fixture
def fleet_database_url(pg_server: str, demo_template: str) -> Iterator[str]:
    """A fresh copy of the seeded demo fleet for one test."""
    name = "t_" + uuid.uuid4().hex[:12]
    engine = create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{demo_template}"'))
    try:
        yield sqlalchemy_url(pg_server, name)
    finally:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


def dashboard_env(
    monkeypatch: pytest.MonkeyPatch, database_url: str, tmp_path: Path, now: datetime
) -> None:
    """Point the dashboard (in this process) at the test database, the hashing embedder,
    a fixed clock, and an MLflow store in ``tmp_path`` (absent until a test writes it)."""
    monkeypatch.setenv("MEMGOV_DATABASE_URL", database_url)
    monkeypatch.setenv("MEMGOV_EMBEDDER", "hashing")
    monkeypatch.setenv("MEMGOV_NOW", now.isoformat())
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow' / 'mlflow.db'}")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def clear_streamlit_caches() -> None:
    import streamlit as st

    st.cache_data.clear()
    st.cache_resource.clear()


def app(page: str | None = None) -> AppTest:
    """The app run on ``page`` (default: the Overview, the app's default page). Page
    files are named by their url path, so ``switch_page`` works before the first run."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    if page is not None:
        at.switch_page(f"views/{page}.py")
    return at.run()


def metric(at: AppTest, label: str) -> str:
    found = [m.value for m in at.metric if m.label == label]
    assert found, f"no metric {label!r}; metrics: {[m.label for m in at.metric]}"
    return str(found[0])


def texts(at: AppTest) -> str:
    """Every markdown, caption, title, alert and html text on the page, one per line."""
    parts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "success", "info"):
        parts.extend(str(e.value) for e in getattr(at, kind))
    parts.extend(str(e.value) for e in at.warning)
    parts.extend(str(e.value) for e in at.error)
    # st.html bodies hold escaped untrusted text: compare the characters it shows
    parts.extend(html.unescape(str(getattr(e, "proto", e))) for e in at.get("html"))
    return "\n".join(parts)
