"""Write → read round trips through the real store: every field of ``remember`` comes back
from ``get`` and ``export_jsonl``; re-stating revives or reinforces instead of duplicating;
pin, feedback, restore and explain leave the expected state and trail."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text
from store_helpers import archive as archive_ids

from curation import (
    EventType,
    FixedClock,
    InvalidStateError,
    MemoryRecord,
    MemoryStore,
    Status,
    WriteResult,
)
from curation._validation import validate_memory

TENANT = "acme"


def archive(
    store: MemoryStore, memory_id: str, *, reason: str = "decayed", superseded_by: str | None = None
) -> None:
    archive_ids(store, TENANT, [memory_id], reason=reason, superseded_by=superseded_by)


def row_counts(store: MemoryStore) -> tuple[int, int]:
    with store.db.transaction(TENANT) as conn:
        memories = conn.execute(text("SELECT count(*) FROM memory")).scalar_one()
        states = conn.execute(text("SELECT count(*) FROM memory_state")).scalar_one()
    return int(memories), int(states)


def event_types(store: MemoryStore, memory_id: str) -> list[str]:
    return [e.type for e in store.explain(TENANT, memory_id).events]


def exported(store: MemoryStore, tmp_path: Path, tenant: str = TENANT) -> dict[str, Any]:
    path = tmp_path / f"{tenant}.jsonl"
    count = store.transfer.export_jsonl(path, tenant)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert count == len(lines)
    return {line["id"]: line for line in lines}


# -- every field round-trips -----------------------------------------------------------

FULL_FIELDS: list[Any] = [
    pytest.param(
        {
            "content": "Use the staging cluster for load tests.",
            "kind": "fact",
        },
        id="defaults",
    ),
    pytest.param(
        {
            "content": "Deploys freeze on Fridays after 15:00 UTC.",
            "kind": "preference",
            "importance": 0.9,
            "generality": 3,
            "proven": 4,
            "supersession_key": "deploy.freeze",
            "metadata": {"team": "platform", "tags": ["ops", "release"], "n": 3, "ok": True},
            "pinned": True,
            "topic": "deploys",
            "source": "runbook",
        },
        id="all-state-fields",
    ),
    pytest.param(
        {
            "content": "Überprüfe die Zeitzone — 東京 is UTC+9 🌏\nsecond line\ttab",
            "kind": "conversation",
            "importance": 0.0,
            "metadata": {"ключ": "значение", "emoji": "🧠", "nested": {"ü": [1, None, "ß"]}},
            "topic": "时区",
            "source": "chat:🧵",
        },
        id="unicode-everywhere",
    ),
    pytest.param(
        {
            "content": "curl /health returned 503 from pod web-7",
            "kind": "tool_output",
            "importance": 1.0,
            "id": "6b0f7c64-8d4e-4f51-9a61-0a8ad3c2f0e1",
            "created_at": datetime(2025, 2, 3, 4, 5, 6, 789000, tzinfo=UTC),
        },
        id="supplied-id-and-created-at",
    ),
]


@pytest.mark.parametrize("fields", FULL_FIELDS)
def test_remember_every_field_round_trips(
    store: MemoryStore, clock: FixedClock, tmp_path: Path, fields: dict[str, Any]
) -> None:
    result = store.remember(TENANT, **fields)
    assert result.created and not result.revived and not result.restated
    if "id" in fields:
        assert result.id == fields["id"]
    uuid.UUID(result.id)

    record = store.get(TENANT, result.id)
    expected_created = fields.get("created_at", clock.now())
    assert record.id == result.id
    assert record.tenant == TENANT
    assert record.content == fields["content"]
    assert record.kind == fields["kind"]
    assert record.importance == fields.get("importance", 0.5)
    assert record.generality == fields.get("generality", 0)
    assert record.proven == fields.get("proven", 0)
    assert record.supersession_key == fields.get("supersession_key")
    assert record.metadata == fields.get("metadata", {})
    assert record.pinned is fields.get("pinned", False)
    assert record.topic == fields.get("topic")
    assert record.source == fields.get("source")
    assert record.created_at == expected_created
    assert record.created_at.tzinfo is not None
    assert record.embedding_model == "hashing-v1"
    assert record.status == Status.ACTIVE
    assert record.archive_reason is None and record.archived_at is None
    assert record.recall_count == 0 and record.last_recalled_at is None
    assert record.superseded_by is None and record.parent_id is None
    assert record.version == 1

    line = exported(store, tmp_path)[result.id]
    assert line["content"] == fields["content"]
    assert line["kind"] == fields["kind"]
    assert line["importance"] == fields.get("importance", 0.5)
    assert line["generality"] == fields.get("generality", 0)
    assert line["proven"] == fields.get("proven", 0)
    assert line.get("supersession_key") == fields.get("supersession_key")
    assert line["metadata"] == fields.get("metadata", {})
    assert line["pinned"] is fields.get("pinned", False)
    assert line.get("topic") == fields.get("topic")
    assert line.get("source") == fields.get("source")
    assert datetime.fromisoformat(line["created_at"]) == expected_created
    assert line["embedding_model"] == "hashing-v1"
    assert line["state"]["status"] == "active"
    expected_vector = store.embedder.embed([fields["content"]])[0]
    assert np.allclose(line["embedding"], expected_vector, atol=1e-6)


@pytest.mark.parametrize("model", ["hashing-v1", None])
def test_supplied_embedding_is_stored_normalised(
    store: MemoryStore, tmp_path: Path, model: str | None
) -> None:
    rng = np.random.default_rng(7)
    vector = rng.normal(size=store.dimension) * 5.0  # deliberately not unit length
    result = store.remember(
        TENANT, "imported with its own vector", embedding=vector.tolist(), embedding_model=model
    )
    line = exported(store, tmp_path)[result.id]
    assert line["embedding_model"] == "hashing-v1"
    stored = np.asarray(line["embedding"])
    assert np.isclose(np.linalg.norm(stored), 1.0, atol=1e-5)
    assert np.allclose(stored, vector / np.linalg.norm(vector), atol=1e-6)
    # the supplied vector was used, not one computed from the content
    computed = store.embedder.embed(["imported with its own vector"])[0]
    assert not np.allclose(stored, computed, atol=1e-3)


def test_export_excluding_archived(store: MemoryStore, tmp_path: Path) -> None:
    keep = store.remember(TENANT, "kept entry").id
    gone = store.remember(TENANT, "archived entry").id
    archive(store, gone)
    everything = exported(store, tmp_path)
    assert set(everything) == {keep, gone}
    assert everything[gone]["state"]["status"] == "archived"
    assert everything[gone]["state"]["archive_reason"] == "decayed"
    path = tmp_path / "active.jsonl"
    assert store.transfer.export_jsonl(path, TENANT, include_archived=False) == 1
    assert [json.loads(x)["id"] for x in path.read_text().splitlines()] == [keep]


# -- batches ----------------------------------------------------------------------------


def test_remember_many_mixed_inputs(store: MemoryStore, clock: FixedClock) -> None:
    explicit = validate_memory(
        content="Prefer ruff over flake8.",
        kind="preference",
        importance=0.8,
        dimension=store.dimension,
    )
    items: list[Any] = [
        {
            "content": "The API rate limit is 100 requests per minute.",
            "kind": "fact",
            "generality": 1,
        },
        explicit,
        {"content": "  The API rate limit is  100 requests per minute. ", "kind": "fact"},
        {"content": "pytest -q took 12 s", "kind": "tool_output", "metadata": {"run": 1}},
        {"content": "Kind defaults to fact, as in remember()."},
    ]
    results = store.remember_many(TENANT, items)
    assert [r.created for r in results] == [True, True, False, True, True]
    assert results[2].restated and results[2].id == results[0].id
    assert len({r.id for r in results}) == 4
    assert row_counts(store) == (4, 4)
    assert store.counts(TENANT).to_dict() == {"active": 4, "archived": 0}

    by_id = {m.id: m for m in store.memories(TENANT)}
    assert by_id[results[0].id].generality == 1
    assert by_id[results[1].id].kind == "preference"
    assert by_id[results[1].id].importance == 0.8
    assert by_id[results[3].id].metadata == {"run": 1}
    assert by_id[results[4].id].kind == "fact"
    assert all(m.created_at == clock.now() for m in by_id.values())

    writes = store.ledger.events(TENANT, types=[EventType.WRITE])
    assert sorted(e.memory_id for e in writes if e.memory_id) == sorted({r.id for r in results})
    restates = store.ledger.events(TENANT, types=[EventType.RESTATE])
    assert [e.memory_id for e in restates] == [results[0].id]


def test_remember_many_empty_batch_writes_nothing(store: MemoryStore) -> None:
    assert store.remember_many(TENANT, []) == []
    assert row_counts(store) == (0, 0)


# -- re-stating -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "restatement",
    [
        "Rotate the signing key every 90 days.",
        "  Rotate the signing key every 90 days.\n",
        "Rotate  the\tsigning key\nevery 90 days.",
    ],
    ids=["identical", "surrounding-whitespace", "inner-whitespace"],
)
def test_restating_an_archived_memory_revives_it(
    store: MemoryStore, clock: FixedClock, restatement: str
) -> None:
    original = store.remember(TENANT, "Rotate the signing key every 90 days.", importance=0.7)
    archive(store, original.id)
    archived = store.get(TENANT, original.id)
    assert archived.status == Status.ARCHIVED
    assert archived.archive_reason == "decayed"
    assert store.counts(TENANT).to_dict() == {"active": 0, "archived": 1, "archived_decayed": 1}

    clock.advance(timedelta(days=2))
    result = store.remember(TENANT, restatement)
    assert result == WriteResult(id=original.id, created=False, revived=True)

    revived = store.get(TENANT, original.id)
    assert revived.status == Status.ACTIVE
    assert revived.archive_reason is None and revived.archived_at is None
    assert revived.content == "Rotate the signing key every 90 days."  # content is immutable
    assert revived.importance == 0.7
    assert revived.version == archived.version + 1
    assert row_counts(store) == (1, 1)
    assert store.counts(TENANT).to_dict() == {"active": 1, "archived": 0}

    trail = store.explain(TENANT, original.id).events
    assert [e.type for e in trail] == [EventType.WRITE, EventType.REVIVE]
    revive = trail[-1]
    assert revive.at == clock.now()
    assert revive.reason == "re-stated"
    assert revive.data["prior"]["status"] == "archived"
    assert revive.data["prior"]["archive_reason"] == "decayed"


def test_restating_twice_in_one_batch_revives_once(store: MemoryStore) -> None:
    original = store.remember(TENANT, "Cache TTL is 300 seconds.")
    archive(store, original.id)
    results = store.remember_many(
        TENANT,
        [
            {"content": "Cache TTL is 300 seconds.", "kind": "fact"},
            {"content": " Cache TTL is 300 seconds. ", "kind": "fact"},
        ],
    )
    assert [(r.id, r.revived, r.restated) for r in results] == [
        (original.id, True, False),
        (original.id, False, True),
    ]
    assert event_types(store, original.id) == ["write", "revive", "restate"]
    assert row_counts(store) == (1, 1)


def test_restating_an_active_memory_returns_the_same_id(store: MemoryStore) -> None:
    first = store.remember(TENANT, "The on-call rotation changes on Mondays.")
    before = store.get(TENANT, first.id)
    again = store.remember(TENANT, "The on-call rotation changes on Mondays.", importance=0.99)
    assert again.id == first.id
    assert again.restated and not again.created and not again.revived
    assert row_counts(store) == (1, 1)
    after = store.get(TENANT, first.id)
    assert after == before  # a restatement does not rewrite the entry
    assert event_types(store, first.id) == ["write", "restate"]


def test_same_content_different_case_is_a_new_memory(store: MemoryStore) -> None:
    a = store.remember(TENANT, "Use UTC everywhere.")
    b = store.remember(TENANT, "use utc everywhere.")
    assert b.created and b.id != a.id
    assert row_counts(store) == (2, 2)


# -- pin / feedback / restore -----------------------------------------------------------


def test_pin_and_unpin(store: MemoryStore) -> None:
    mid = store.remember(TENANT, "Never run migrations by hand in prod.").id
    pinned = store.pin(TENANT, mid)
    assert pinned.pinned is True and pinned.version == 2
    assert store.pin(TENANT, mid).version == 2  # already pinned: no change, no event
    unpinned = store.unpin(TENANT, mid)
    assert unpinned.pinned is False and unpinned.version == 3
    assert store.unpin(TENANT, mid).version == 3
    assert event_types(store, mid) == ["write", "pin", "unpin"]
    assert store.get(TENANT, mid).pinned is False


def test_feedback_useful_proves_the_entry(store: MemoryStore, clock: FixedClock) -> None:
    mid = store.remember(TENANT, "Retry S3 uploads with exponential backoff.", proven=2).id
    clock.advance(timedelta(hours=1))
    after = store.feedback(TENANT, mid, useful=True)
    assert after.proven == 3
    assert after.recall_count == 0 and after.last_recalled_at is None  # reinforce_on=recall
    events = store.explain(TENANT, mid).events
    assert [e.type for e in events] == [EventType.WRITE, EventType.VALIDATE]
    assert events[-1].data == {"useful": True}
    assert events[-1].at == clock.now()
    assert store.feedback(TENANT, mid, useful=True).proven == 4


def test_feedback_not_useful_records_without_proving(store: MemoryStore) -> None:
    mid = store.remember(TENANT, "The build cache lives in /var/cache/ci.").id
    after = store.feedback(TENANT, mid, useful=False)
    assert after.proven == 0 and after.version == 1
    assert event_types(store, mid) == ["write", "feedback"]


def test_restore_archived_entry(store: MemoryStore, clock: FixedClock) -> None:
    other = store.remember(TENANT, "Newer statement").id
    mid = store.remember(TENANT, "Older statement").id
    archive(store, mid, reason="superseded", superseded_by=other)
    clock.advance(timedelta(days=1))
    restored = store.restore(TENANT, mid, reason="curator disagreed")
    assert restored.status == Status.ACTIVE
    assert restored.archive_reason is None and restored.archived_at is None
    assert restored.superseded_by is None
    events = store.explain(TENANT, mid).events
    assert [e.type for e in events] == [EventType.WRITE, EventType.RESTORE]
    restore = events[-1]
    assert restore.reason == "curator disagreed"
    assert restore.at == clock.now()
    prior = dict(restore.data["prior"])
    assert prior.pop("archived_at") == (clock.now() - timedelta(days=1)).isoformat()
    assert prior == {
        "status": "archived",
        "archive_reason": "superseded",
        "superseded_by": other,
        "parent_id": None,
    }
    assert store.counts(TENANT).to_dict() == {"active": 2, "archived": 0}


def test_restore_active_entry_is_refused(store: MemoryStore) -> None:
    mid = store.remember(TENANT, "Still active").id
    with pytest.raises(InvalidStateError, match=mid):
        store.restore(TENANT, mid)
    assert event_types(store, mid) == ["write"]
    assert store.get(TENANT, mid).version == 1


# -- explain ----------------------------------------------------------------------------


def test_explain_trail_and_superseded_chain(store: MemoryStore, clock: FixedClock) -> None:
    v1 = store.remember(TENANT, "The VPN endpoint is vpn1.example.com", supersession_key="vpn")
    v2 = store.remember(TENANT, "The VPN endpoint is vpn2.example.com", supersession_key="vpn")
    v3 = store.remember(TENANT, "The VPN endpoint is vpn3.example.com", supersession_key="vpn")
    archive(store, v1.id, reason="superseded", superseded_by=v2.id)
    archive(store, v2.id, reason="superseded", superseded_by=v3.id)
    store.pin(TENANT, v1.id)
    conflict = store.contest(
        TENANT, v1.id, "vpn1 was decommissioned", "status page", "ops", related_memory_id=v3.id
    )

    explained = store.explain(TENANT, v1.id)
    assert isinstance(explained.memory, MemoryRecord)
    assert explained.memory.id == v1.id
    assert explained.memory.status == Status.ARCHIVED
    assert explained.memory.archive_reason == "superseded"
    assert explained.superseded_chain == [v2.id, v3.id]
    assert explained.parent is None
    assert [e.type for e in explained.events] == ["write", "pin", "contest"]
    assert [e.id for e in explained.events] == sorted(e.id for e in explained.events)
    assert [c.id for c in explained.conflicts] == [conflict.id]
    assert explained.conflicts[0].claim == "vpn1 was decommissioned"

    assert store.explain(TENANT, v2.id).superseded_chain == [v3.id]
    assert store.explain(TENANT, v3.id).superseded_chain == []
    # the contest names v3 as related, so it shows in v3's trail too
    assert [e.type for e in store.explain(TENANT, v3.id).events] == ["write", "contest"]
    as_dict = explained.to_dict()
    assert as_dict["superseded_chain"] == [v2.id, v3.id]
    json.dumps(as_dict)  # the explanation has a JSON form


def test_get_many_existing_ids_and_count_events(store: MemoryStore) -> None:
    a = store.remember("a", "alpha statement one", "fact")
    b = store.remember("a", "beta statement two", "fact")
    other = store.remember("b", "gamma statement three", "fact")
    assert [m.id for m in store.get_many("a", [b.id, a.id, other.id])] == sorted([a.id, b.id])
    assert store.memory.existing_ids("a", [a.id, other.id]) == {a.id}
    count, top = store.ledger.count_events("a", types=["write"])
    assert count == 2
    store.remember("a", "delta statement four", "fact")
    assert store.ledger.count_events("a", types=["write"], after_id=top)[0] == 1
    assert store.ledger.count_events("a", types=["recall"])[0] == 0
