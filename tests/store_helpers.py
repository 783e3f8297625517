"""Helpers for the store tests: database clones outside the per-test fixture, and test-only
state changes that have no public API yet (archiving)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from curation import FixedClock, HashingEmbedder, MemoryStore
from curation._store.database import Database, app_role_url, normalise_url
from curation._store.server import sqlalchemy_url

TEMPLATE = "memgov_template"  # made and migrated by conftest's session fixture


@contextmanager
def fresh_database(pg_server: str, *, template: str | None = TEMPLATE) -> Iterator[str]:
    """A new database on the session's server (a clone of the migrated template, or empty
    with ``template=None``); yields its SQLAlchemy URL and drops it afterwards."""
    name = "h_" + uuid.uuid4().hex[:12]
    admin = create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
    )
    clause = f' TEMPLATE "{template}"' if template else ""
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"{clause}'))
        yield sqlalchemy_url(pg_server, name)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@contextmanager
def hashing_store(
    pg_server: str, clock: FixedClock, *, app_role: bool = False
) -> Iterator[MemoryStore]:
    """A store with the hashing embedder on a new clone of the migrated template, as the
    database's owner or (``app_role``) as the application role; disposed afterwards."""
    with fresh_database(pg_server) as url:
        database = Database(url, app_url=app_role_url(url) if app_role else None)
        try:
            yield MemoryStore(database, embedder=HashingEmbedder(), clock=clock)
        finally:
            database.dispose()


def drop_database(database_url: str, name: str) -> None:
    """Drop database ``name`` on the server of ``database_url`` (connections and all)."""
    admin_url = make_url(normalise_url(database_url)).set(database="postgres")
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def archive(
    store: MemoryStore,
    tenant: str,
    ids: Sequence[str],
    *,
    reason: str = "decayed",
    superseded_by: str | None = None,
) -> None:
    """Test setup only: there is no public archive call yet, so archive through SQL."""
    with store.db.transaction(tenant) as conn:
        updated = conn.execute(
            text(
                "UPDATE memory_state SET status = 'archived', archive_reason = :r, "
                "archived_at = :at, superseded_by = :s "
                "WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))"
            ),
            {
                "r": reason,
                "at": store.clock.now(),
                "s": superseded_by,
                "t": tenant,
                "ids": list(ids),
            },
        ).rowcount
    assert updated == len(ids)
