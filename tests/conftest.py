"""One embedded PostgreSQL per test session (per xdist worker); each test gets a fresh
clone of a migrated template database, so tests are isolated and cheap.

Every process of a run (plain ``pytest`` or each ``-n`` worker) also gets its own
``MEMGOV_HOME`` (so its default MLflow store and Dagster home) in a temp folder: no test
touches ``~/.memgov``, the repo's ``.memgov`` or another worker's state.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, text

from curation import FixedClock, HashingEmbedder, MemoryStore, MiniLMEmbedder
from curation._store.database import Database, app_role_url, normalise_url
from curation._store.server import sqlalchemy_url, start_server, stop_embedded_server

if TYPE_CHECKING:
    from api_helpers import Served

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
TEMPLATE = "memgov_template"

# CI draws the same examples on every run (a red CI is reproducible, never a coin toss);
# a local run keeps exploring. Explicit @example()s pin the cases found so far.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


def pytest_configure(config: pytest.Config) -> None:
    # one state folder per process; tests that need their own still set MEMGOV_HOME
    os.environ["MEMGOV_HOME"] = tempfile.mkdtemp(prefix="mg-home-", dir="/tmp")
    stoppable_signals()


def stoppable_signals() -> None:
    """Undo inherited ignores. A background job of a non-interactive shell (how CI starts
    us) inherits SIGINT ignored, and Dagster's in-process runs copy SIGINT's handler onto
    SIGTERM: SIGTERM then stayed ignored, every child inherited that, and Pool.terminate
    hung on them."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGTERM) is signal.SIG_IGN or sigterm_ignored():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Files with a ``heavy`` test first (whole files, kept in order): ``make test``'s
    workers take whole files in collection order, and a long file handed out last would
    run alone at the end while the other worker idles."""
    heavy = {item.path for item in items if item.get_closest_marker("heavy")}
    items.sort(key=lambda item: item.path not in heavy)  # stable: order within kept


def pytest_unconfigure(config: pytest.Config) -> None:
    home = Path(os.environ["MEMGOV_HOME"])
    stop_embedded_server(home / "pgdata")  # a test may have started one there
    shutil.rmtree(home, ignore_errors=True)


def sigterm_ignored() -> bool:
    """The kernel's view (a C library can ignore the signal without Python knowing)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return signal.getsignal(signal.SIGTERM) is signal.SIG_IGN


@pytest.fixture(autouse=True)
def _sigterm_guard() -> Iterator[None]:
    """Fail the test that leaves SIGTERM ignored (children it spawns would inherit it and
    never end on terminate()); restore the handler any test changed (Dagster maps
    SIGTERM onto SIGINT's), so nothing leaks into the next test."""
    before = signal.getsignal(signal.SIGTERM)
    yield
    ignored = sigterm_ignored()
    if signal.getsignal(signal.SIGTERM) is not before or ignored:
        signal.signal(signal.SIGTERM, before)
    assert not ignored, "this test left SIGTERM ignored in the test process (restored)"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """libpq URI of the session's server (short socket path: sockets cap at ~100 bytes)."""
    root = Path(tempfile.mkdtemp(prefix="mgt-", dir="/tmp"))
    (root / "pg").mkdir()
    server = start_server(root / "pg", cleanup_mode="delete")
    uri = str(server.get_uri())
    admin = create_engine(
        normalise_url(sqlalchemy_url(uri, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{TEMPLATE}"'))
        conn.execute(text(f'CREATE DATABASE "{TEMPLATE}"'))
    admin.dispose()
    template = Database(sqlalchemy_url(uri, TEMPLATE))
    template.upgrade()
    template.dispose()
    yield uri
    server.cleanup()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def database_url(pg_server: str) -> Iterator[str]:
    name = "t_" + uuid.uuid4().hex[:12]
    admin = create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE}"'))
    url = sqlalchemy_url(pg_server, name)
    yield url
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    """Like the embedded default: migrations as the owner, the runtime logged in as the
    application role (row-level security applies to everything the store does)."""
    db = Database(database_url, app_url=app_role_url(database_url))
    yield db
    db.dispose()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(T0)


@pytest.fixture(scope="session")
def minilm() -> MiniLMEmbedder:
    embedder = MiniLMEmbedder()
    embedder.embed(["warm up"])
    return embedder


@pytest.fixture
def store(database: Database, clock: FixedClock) -> MemoryStore:
    """Plumbing store: deterministic hashing embedder, no model to load."""
    return MemoryStore(database, embedder=HashingEmbedder(), clock=clock)


@pytest.fixture
def semantic_store(database: Database, clock: FixedClock, minilm: MiniLMEmbedder) -> MemoryStore:
    """Store with the real default embedder, for tests whose meaning depends on semantics."""
    return MemoryStore(database, embedder=minilm, clock=clock)


@pytest.fixture
def served(store: MemoryStore) -> Iterator[Served]:
    """The API served over ``store`` by a real uvicorn server (imported here, on first use,
    so tests that need no server load no web stack)."""
    from api_helpers import serving

    with serving(store) as running:
        yield running


@pytest.fixture
def cli_env(database_url: str, tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["MEMGOV_DATABASE_URL"] = database_url
    env["MEMGOV_HOME"] = str(tmp_path / "home")
    env["HF_HUB_OFFLINE"] = "1"
    return env


@pytest.fixture
def env(cli_env: dict[str, str]) -> dict[str, str]:
    """The CLI's environment with the hashing embedder: no model to load."""
    return {**cli_env, "MEMGOV_EMBEDDER": "hashing"}
