"""Recall with the real MiniLM embedder: relevance in both modes, the curated vote (counts,
timestamps, one RECALL event), raw mode recording nothing, archived entries reading as
absent in curated mode only, k hits despite a mostly archived partition, and open
conflicts attached to (and demoting) the contested entry."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from store_helpers import archive as archive_ids
from store_helpers import fresh_database

from curation import (
    Database,
    EventType,
    FixedClock,
    MemoryStore,
    MiniLMEmbedder,
    RecallMode,
    Status,
)

TENANT = "fleet"
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

FACTS = {
    "db": "The production database is PostgreSQL 16 running on db-prod-1.",
    "deploy": "Deployments are frozen every Friday after 3 pm.",
    "coffee": "The team prefers oat milk in their coffee.",
    "timeout": "The payment API times out after 30 seconds.",
    "vpn": "Connect to the office VPN with WireGuard before using SSH.",
    "python": "Our services run on Python 3.12 with uv for packaging.",
}

QUERIES = [
    ("db", "which database engine does production use?"),
    ("deploy", "can I ship a release on Friday afternoon?"),
    ("coffee", "what milk does the team like in coffee?"),
    ("timeout", "how long before the payment API request times out?"),
    ("vpn", "how do I reach the servers over SSH from home?"),
]


def load(store: MemoryStore) -> dict[str, str]:
    results = store.remember_many(TENANT, [{"content": c, "kind": "fact"} for c in FACTS.values()])
    return {name: r.id for name, r in zip(FACTS, results, strict=True)}


def archive(store: MemoryStore, ids: list[str]) -> None:
    archive_ids(store, TENANT, ids)


def recall_events(store: MemoryStore) -> list[list[str]]:
    return [e.related_ids for e in store.ledger.events(TENANT, types=[EventType.RECALL])]


@pytest.fixture(scope="module")
def facts(pg_server: str, minilm: MiniLMEmbedder) -> Iterator[tuple[MemoryStore, dict[str, str]]]:
    """One MiniLM store holding FACTS, shared by the read-only relevance cases."""
    with fresh_database(pg_server) as url:
        database = Database(url)
        store = MemoryStore(database, embedder=minilm, clock=FixedClock(T0))
        yield store, load(store)
        database.dispose()


@pytest.mark.parametrize("mode", [RecallMode.CURATED, RecallMode.RAW])
@pytest.mark.parametrize(("expected", "query"), QUERIES, ids=[q[0] for q in QUERIES])
def test_relevant_fact_comes_first(
    facts: tuple[MemoryStore, dict[str, str]], mode: RecallMode, expected: str, query: str
) -> None:
    store, ids = facts
    result = store.recall(TENANT, query, k=3, mode=mode, record=False)
    assert result.mode == mode.value
    assert len(result) == 3
    assert result[0].id == ids[expected], [h.content for h in result]
    assert result[0].content == FACTS[expected]
    assert result[0].similarity > result[1].similarity
    if mode == RecallMode.RAW:
        assert [h.score for h in result] == [h.similarity for h in result]


def test_curated_recall_is_recorded_once(semantic_store: MemoryStore, clock: FixedClock) -> None:
    ids = load(semantic_store)
    clock.advance(timedelta(hours=5))
    result = semantic_store.recall(TENANT, "what database runs in production?", k=2)
    hit_ids = result.ids
    assert len(hit_ids) == 2 and ids["db"] in hit_ids

    for memory_id in ids.values():
        record = semantic_store.get(TENANT, memory_id)
        if memory_id in hit_ids:
            assert record.recall_count == 1
            assert record.last_recalled_at == clock.now()
        else:
            assert record.recall_count == 0
            assert record.last_recalled_at is None

    events = semantic_store.ledger.events(TENANT, types=[EventType.RECALL])
    assert len(events) == 1
    assert events[0].related_ids == hit_ids
    assert events[0].at == clock.now()
    assert events[0].data["query"] == "what database runs in production?"
    assert events[0].data["reinforced"] is True

    clock.advance(timedelta(minutes=1))
    semantic_store.recall(TENANT, "what database runs in production?", k=1)
    db = semantic_store.get(TENANT, ids["db"])
    assert db.recall_count == 2 and db.last_recalled_at == clock.now()
    assert len(recall_events(semantic_store)) == 2


@pytest.mark.parametrize(
    ("mode", "record"),
    [(RecallMode.RAW, True), (RecallMode.CURATED, False)],
    ids=["raw", "curated-record-false"],
)
def test_unrecorded_recall_changes_nothing(
    semantic_store: MemoryStore, mode: RecallMode, record: bool
) -> None:
    ids = load(semantic_store)
    before = {i: semantic_store.get(TENANT, i) for i in ids.values()}
    events_before = len(semantic_store.ledger.events(TENANT))
    result = semantic_store.recall(TENANT, "payment API timeout", k=4, mode=mode, record=record)
    assert len(result) == 4
    assert {i: semantic_store.get(TENANT, i) for i in ids.values()} == before
    assert len(semantic_store.ledger.events(TENANT)) == events_before
    assert recall_events(semantic_store) == []


def test_archived_entries_absent_in_curated_present_in_raw(semantic_store: MemoryStore) -> None:
    ids = load(semantic_store)
    archive(semantic_store, [ids["db"]])
    query = "which database engine does production use?"

    curated = semantic_store.recall(TENANT, query, k=6)
    assert ids["db"] not in curated.ids
    assert len(curated) == len(FACTS) - 1
    assert {h.status for h in curated} == {Status.ACTIVE}

    raw = semantic_store.recall(TENANT, query, k=6, mode="raw")
    assert len(raw) == len(FACTS)
    assert raw[0].id == ids["db"]
    assert raw[0].status == Status.ARCHIVED
    assert raw[0].archive_reason == "decayed"
    assert {h.status for h in raw.hits[1:]} == {Status.ACTIVE}
    # the archived entry was not voted for by the curated recall either
    assert semantic_store.get(TENANT, ids["db"]).recall_count == 0


def test_recall_returns_k_hits_when_most_neighbours_are_archived(
    semantic_store: MemoryStore,
) -> None:
    services = [
        "billing",
        "search",
        "auth",
        "checkout",
        "inventory",
        "email",
        "reports",
        "payments",
        "gateway",
        "profile",
    ]
    contents = [
        f"Service {services[i % 10]} node {i} restarted after running out of memory"
        for i in range(200)
    ]
    results = semantic_store.remember_many(
        TENANT, [{"content": c, "kind": "tool_output"} for c in contents]
    )
    assert sum(r.created for r in results) == 200
    query = "which node ran out of memory and restarted?"
    ranked = semantic_store.recall(TENANT, query, k=200, mode="raw").ids
    assert len(ranked) == 200
    # archive the 150 nearest neighbours: an index scan that stops at ef_search
    # candidates would see only archived rows
    archive(semantic_store, ranked[:150])
    active = set(ranked[150:])

    # On 200 rows the planner would rather sort exactly; forbid sorting for this database
    # so recall walks the partition's HNSW index, as it does on a large tenant.
    with semantic_store.db.admin_transaction() as conn:
        name = conn.execute(text("SELECT current_database()")).scalar_one()
        conn.execute(text(f'ALTER DATABASE "{name}" SET enable_sort = off'))
    semantic_store.db.engine.dispose()  # new sessions pick the setting up
    with semantic_store.db.transaction(TENANT) as conn:
        plan = "\n".join(
            conn.execute(
                text(
                    "EXPLAIN SELECT m.id FROM memory m JOIN memory_state s "
                    "ON s.tenant = m.tenant AND s.memory_id = m.id "
                    "WHERE m.tenant = :t AND s.status = 'active' "
                    "ORDER BY m.embedding <=> CAST(:v AS vector) LIMIT 40"
                ),
                {"t": TENANT, "v": str([0.0] * 383 + [1.0])},
            ).scalars()
        )
    assert "_embedding_idx" in plan and "Sort" not in plan, plan

    result = semantic_store.recall(TENANT, query, k=10)
    assert len(result) == 10
    assert set(result.ids) <= active
    assert {h.status for h in result} == {Status.ACTIVE}
    events = semantic_store.ledger.events(TENANT, types=[EventType.RECALL])
    assert events[-1].related_ids == result.ids


def test_open_conflict_is_attached_and_demotes(semantic_store: MemoryStore) -> None:
    vector = semantic_store.embedder.embed(["The staging database password rotates weekly."])[0]
    # two statements with the same vector: equal similarity to any query
    a, b = semantic_store.remember_many(
        TENANT,
        [
            {
                "content": "The staging database password rotates weekly.",
                "kind": "fact",
                "embedding": vector.tolist(),
                "embedding_model": "all-MiniLM-L6-v2",
            },
            {
                "content": "Staging DB credentials are rotated every week.",
                "kind": "fact",
                "embedding": vector.tolist(),
            },
        ],
    )
    query = "how often does the staging database password rotate?"
    probe = semantic_store.recall(TENANT, query, k=2, record=False)
    assert probe[0].similarity == pytest.approx(probe[1].similarity, abs=1e-6)
    assert probe[0].score == pytest.approx(probe[1].score, abs=1e-6)
    first, second = probe.ids
    assert probe[0].conflicts == [] and probe[1].conflicts == []

    conflict = semantic_store.contest(
        TENANT, first, "rotation moved to monthly", "security announcement 2026-10", "security"
    )
    curated = semantic_store.recall(TENANT, query, k=2, record=False)
    assert curated.ids == [second, first]
    contested = curated[1]
    uncontested = curated[0]
    assert contested.similarity == pytest.approx(uncontested.similarity, abs=1e-6)
    assert contested.score < uncontested.score
    assert contested.score < probe[0].score  # demoted from where it stood before the contest
    assert [c.id for c in contested.conflicts] == [conflict.id]
    assert contested.conflicts[0].claim == "rotation moved to monthly"
    assert contested.conflicts[0].status == "open"
    assert uncontested.conflicts == []

    raw = semantic_store.recall(TENANT, query, k=2, mode="raw")
    assert all(h.conflicts == [] for h in raw)  # raw mode is the ungoverned log
    assert {a.id, b.id} == set(raw.ids)


def test_reinforce_on_feedback(semantic_store: MemoryStore, clock: FixedClock) -> None:
    ids = load(semantic_store)
    policy = semantic_store.tenants.set_policy(TENANT, {"reinforce_on": "feedback"})
    assert policy.reinforce_on == "feedback"
    assert semantic_store.tenants.policy(TENANT).reinforce_on == "feedback"

    clock.advance(timedelta(hours=1))
    result = semantic_store.recall(TENANT, "can I deploy on Friday?", k=2)
    assert result[0].id == ids["deploy"]
    for memory_id in result.ids:
        record = semantic_store.get(TENANT, memory_id)
        assert record.recall_count == 0 and record.last_recalled_at is None
    events = semantic_store.ledger.events(TENANT, types=[EventType.RECALL])
    assert len(events) == 1 and events[0].data["reinforced"] is False

    clock.advance(timedelta(minutes=5))
    after = semantic_store.feedback(TENANT, ids["deploy"], useful=True)
    assert after.recall_count == 1
    assert after.last_recalled_at == clock.now()
    assert after.proven == 1
    untouched = semantic_store.get(TENANT, result.ids[1])
    assert untouched.recall_count == 0
