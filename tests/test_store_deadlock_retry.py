"""A recall or a write that deadlocks with a forget succeeds, and so does the forget: the
database's victim is run again as a whole (``curation/_store/retry.py``), and nothing is
recorded twice.

The crossing is the one that once failed ``tests/test_api_schema.py`` with a 500: an
agent's recall holds the history tables (its vote's event) and then waits, at its
exposure's foreign key, for the tenant's row; a forget holds that row (``FOR UPDATE``) and
then waits for the history tables (it lifts their append-only guards). A write crosses it
the same way (its event, then its claims' foreign key), and an outcome (its own table,
then its foreign key). A third connection holding the
table of that foreign key makes the recall or write stop between the two, and how long it
holds picks the victim: PostgreSQL checks a waiting transaction for a deadlock once,
``deadlock_timeout`` (1 s) after it began to wait, and ends the one whose check finds it."""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from api_helpers import Served, serving
from sqlalchemy import Engine, text

from curation import ForgetReceipt, MemoryStore

NOTHING_MATCHES = "no-such-source"  # the forget deletes nothing, yet takes all its locks


def waiting_for_locks(admin: Engine) -> int:
    with admin.connect() as conn:
        return int(
            conn.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND wait_event_type = 'Lock'"
                )
            ).scalar_one()
        )


def until_waiting(admin: Engine, count: int) -> None:
    deadline = time.monotonic() + 30
    while waiting_for_locks(admin) < count:
        assert time.monotonic() < deadline, f"never {count} transaction(s) waiting for a lock"
        time.sleep(0.02)


def in_thread(work: Callable[[], Any], out: dict[str, Any], name: str) -> threading.Thread:
    def run() -> None:
        try:
            out[name] = work()
        except Exception as exc:  # the test reports it
            out[name] = exc

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


AS_OF = "2026-11-02T00:00:00Z"
SEEN = "the build cache lives on the nas"
SAID = "We moved the build cache. It now lives on the new server in rack two."


def recall_in_process(store: MemoryStore) -> str:
    """An agent's recall as of a moment; its id."""
    result = store.recall("acme", "build cache", agent_id="agent-7", as_of=AS_OF)
    assert [hit.content for hit in result.hits] == [SEEN] and result.cohort == "curated"
    assert result.recall_id is not None
    return result.recall_id


def recall_over_http(running: Served) -> Callable[[], str]:
    """The same recall through a live server's fast path (``recall_by_key``)."""
    key = running.key("acme", "agent")

    def recall() -> str:
        with running.client(key) as client:
            body = {"query": "build cache", "agent_id": "agent-7", "as_of": AS_OF}
            response = client.post("/v1/recall", json=body)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert [hit["content"] for hit in answer["hits"]] == [SEEN]
        return str(answer["recall_id"])

    return recall


def write(store: MemoryStore) -> str:
    """A conversation's write (split into claims); the memory's id."""
    result = store.remember("acme", SAID, kind="conversation")
    assert result.created
    return result.id


def outcome(store: MemoryStore, recall_id: str) -> str:
    """The outcome of the task behind a recall; the recall's id."""
    observed = store.outcome("acme", recall_id, success=True)
    assert observed.success is True
    return observed.recall_id


def crossed(store: MemoryStore, work: Callable[[], str], held: str, hold_seconds: float) -> str:
    """``work`` and a forget, crossed: table ``held`` stops ``work`` between its event and
    its foreign key, and is let go ``hold_seconds`` after the forget began to wait."""
    admin = store.db.admin_engine
    out: dict[str, Any] = {}
    with admin.connect() as holder:
        holder.execute(text(f"LOCK TABLE {held} IN SHARE MODE"))  # in its own transaction
        working = in_thread(work, out, "work")
        until_waiting(admin, 1)  # the work, its event written, at the held table
        forget = in_thread(lambda: store.forget("acme", source=NOTHING_MATCHES), out, "forget")
        until_waiting(admin, 2)  # the forget, holding the tenant's row, at the event table
        time.sleep(hold_seconds)
        holder.commit()
    working.join(60)
    forget.join(60)
    assert isinstance(out["forget"], ForgetReceipt), out["forget"]
    assert out["forget"].forgotten == 0 and out["forget"].verified
    assert isinstance(out["work"], str), out["work"]
    return out["work"]


def recorded_once(store: MemoryStore, recall_id: str) -> None:
    """The recall left one exposure and one vote (its event names the exposure) and
    bumped its hit's count once: the victim's attempt left nothing."""
    with store.db.admin_transaction() as conn:
        exposures = conn.execute(text("SELECT id::text FROM exposure")).scalars().all()
        votes = (
            conn.execute(text("SELECT data->>'recall_id' FROM event WHERE type = 'recall'"))
            .scalars()
            .all()
        )
        counts = conn.execute(text("SELECT recall_count FROM memory_state")).scalars().all()
    assert exposures == [recall_id]
    assert votes == [recall_id]
    assert counts == [1]


def written_once(store: MemoryStore, memory_id: str) -> None:
    """The write stored its memory, its state and its claims once."""
    with store.db.admin_transaction() as conn:
        contents = conn.execute(text("SELECT content FROM memory ORDER BY content")).scalars()
        states = conn.execute(text("SELECT count(*) FROM memory_state")).scalar_one()
        claims = conn.execute(
            text("SELECT count(*), count(DISTINCT ordinal) FROM memory_claim WHERE memory_id = :m"),
            {"m": memory_id},
        ).one()
    assert list(contents) == [SAID, SEEN] and states == 2
    assert claims[0] == claims[1] >= 2


def outcome_once(store: MemoryStore, recall_id: str) -> None:
    with store.db.admin_transaction() as conn:
        outcomes = conn.execute(text("SELECT recall_id::text, success FROM outcome")).all()
    assert [tuple(row) for row in outcomes] == [(recall_id, True)]


def retried(caplog: pytest.LogCaptureFixture) -> list[tuple[str, str]]:
    """(whose, message) of each retry the store logged: the forget's, or the other work's
    (in its test thread or in one of the server's)."""
    return [
        ("forget" if r.threadName == "forget" else "work", r.getMessage())
        for r in caplog.records
        if r.name == "memgov.store"
    ]


@pytest.mark.parametrize(
    ("work", "held", "hold_seconds", "victim"),
    [
        # let go after the forget's check found no cycle: the other's check finds it
        pytest.param("recall", "exposure", 2.0, "work", id="recall-is-the-victim"),
        pytest.param("http", "exposure", 2.0, "work", id="http-recall-is-the-victim"),
        pytest.param("write", "memory_claim", 2.0, "work", id="write-is-the-victim"),
        pytest.param("outcome", "outcome", 2.0, "work", id="outcome-is-the-victim"),
        # let go at once: the forget's check, a second after it began to wait, finds it
        pytest.param("recall", "exposure", 0.0, "forget", id="forget-is-the-victim"),
    ],
)
def test_the_deadlock_victim_runs_again_and_records_once(
    store: MemoryStore,
    caplog: pytest.LogCaptureFixture,
    work: str,
    held: str,
    hold_seconds: float,
    victim: str,
) -> None:
    store.remember("acme", SEEN)
    served = recall_in_process(store) if work == "outcome" else None
    caplog.set_level(logging.INFO, logger="memgov.store")
    with ExitStack() as server:
        works = {
            "recall": functools.partial(recall_in_process, store),
            "write": functools.partial(write, store),
            "outcome": functools.partial(outcome, store, str(served)),
        }
        if work == "http":
            works["http"] = recall_over_http(server.enter_context(serving(store)))
        done = crossed(store, works[work], held, hold_seconds)
    assert [whose for whose, _ in retried(caplog)] == [victim], retried(caplog)
    assert "40P01" in retried(caplog)[0][1]  # deadlock detected
    if work == "write":
        written_once(store, done)
    else:
        recorded_once(store, done)
    if work == "outcome":
        outcome_once(store, done)
