"""Per-tenant advisory locks: two curation runs for one tenant never overlap, across
processes and machines, because PostgreSQL holds the lock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, text

from curation._errors import CurationLockedError
from curation._store.database import Database


def lock_name(tenant: str) -> str:
    return f"memgov.curate.{tenant}"


@contextmanager
def curation_lock(database: Database, tenant: str) -> Iterator[Connection]:
    """Hold the tenant's session-level lock on a dedicated connection for a whole run
    (plan and apply). Refuses at once rather than queueing behind a running pass."""
    conn = database.engine.connect()
    try:
        got = conn.execute(
            text("SELECT pg_try_advisory_lock(hashtext(:k))"), {"k": lock_name(tenant)}
        ).scalar()
        conn.commit()
        if not got:
            raise CurationLockedError(tenant)
        try:
            yield conn
        finally:
            conn.rollback()
            conn.execute(text("SELECT pg_advisory_unlock(hashtext(:k))"), {"k": lock_name(tenant)})
            conn.commit()
    finally:
        conn.close()


def take_transaction_lock(conn: Connection, tenant: str) -> None:
    """Inside an apply's transaction: succeeds for the session already holding the run lock
    (advisory locks are re-entrant per session), refuses any other session."""
    got = conn.execute(
        text("SELECT pg_try_advisory_xact_lock(hashtext(:k))"), {"k": lock_name(tenant)}
    ).scalar()
    if not got:
        raise CurationLockedError(tenant)
