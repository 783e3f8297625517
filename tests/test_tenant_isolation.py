"""Every call is tenant-scoped: another tenant's id is indistinguishable from an unknown one,
and nothing a caller does under tenant A reads or changes tenant B."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from store_helpers import fresh_database

from curation import (
    Database,
    FixedClock,
    HashingEmbedder,
    MemoryStore,
    NotFoundError,
    RecallMode,
    UnknownTenantError,
)

A, B = "tenant-a", "tenant-b"
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
SHARED = [
    "The staging database is reset every night at 02:00.",
    "Use the blue-green strategy for production deploys.",
    "API tokens expire after 24 hours.",
    "Prefer structured JSON logs over plain text.",
]


def populate(store: MemoryStore) -> tuple[list[str], list[str]]:
    a = [r.id for r in store.remember_many(A, [{"content": c, "kind": "fact"} for c in SHARED])]
    # B holds the same statements (and near paraphrases): the closest vectors are B's
    b = [
        r.id
        for r in store.remember_many(
            B,
            [{"content": c, "kind": "fact"} for c in SHARED]
            + [{"content": c.replace(".", " for tenant b."), "kind": "fact"} for c in SHARED],
        )
    ]
    return a, b


ROW_TABLES = (
    "memory_state", "conflict", "proposal", "curation_run", "golden_probe", "experiment",
    "exposure", "outcome", "change_review",
)  # fmt: skip  # a flat list of names, read as a paragraph


def snapshot(store: MemoryStore, tenant: str) -> dict[str, Any]:
    """Everything observable about a tenant, straight from the tables (as the owner, whom
    row-level security does not filter here: the test server's owner is a superuser)."""
    with store.db.admin_transaction() as conn:
        out: dict[str, Any] = {
            table: [
                dict(r)
                for r in conn.execute(
                    text(f"SELECT * FROM {table} WHERE tenant = :t ORDER BY 1, 2"), {"t": tenant}
                ).mappings()
            ]
            for table in ROW_TABLES
        }
        out["events"] = conn.execute(
            text("SELECT count(*) FROM event WHERE tenant = :t"), {"t": tenant}
        ).scalar_one()
    return out


@pytest.fixture(scope="module")
def populated(pg_server: str) -> Iterator[tuple[MemoryStore, list[str], list[str]]]:
    """Shared by the tests that only read (or only refuse): one clone for the module."""
    with fresh_database(pg_server) as url:
        database = Database(url)
        store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(T0))
        a_ids, b_ids = populate(store)
        yield store, a_ids, b_ids
        database.dispose()


@pytest.mark.parametrize("mode", [RecallMode.CURATED, RecallMode.RAW])
@pytest.mark.parametrize("query", SHARED, ids=["staging", "deploys", "tokens", "logs"])
def test_recall_never_crosses_tenants(
    populated: tuple[MemoryStore, list[str], list[str]], mode: RecallMode, query: str
) -> None:
    store, a_ids, b_ids = populated
    result = store.recall(A, query, k=10, mode=mode)
    assert set(result.ids) == set(a_ids)  # all of A, none of B, although B's are as close
    assert result[0].id == a_ids[SHARED.index(query)]
    assert result[0].similarity == pytest.approx(1.0, abs=1e-5)
    other = store.recall(B, query, k=10, mode=mode)
    assert set(other.ids) <= set(b_ids) and len(other) == len(b_ids)


def test_ids_are_per_tenant_even_when_identical(store: MemoryStore) -> None:
    """An id supplied by an import may exist in two tenants; each sees only its own row."""
    same = "0b7e8a44-7a4c-4c71-9a1e-2f0d2d3b8a10"
    store.remember(A, "A's statement", id=same)
    store.remember(B, "B's statement", id=same)
    assert store.get(A, same).content == "A's statement"
    assert store.get(B, same).content == "B's statement"
    store.pin(A, same)
    assert store.get(A, same).pinned and not store.get(B, same).pinned
    assert [e.type for e in store.explain(B, same).events] == ["write"]


Call = Callable[[MemoryStore, str, str], object]

ID_CALLS: list[Any] = [
    pytest.param(lambda s, t, i: s.get(t, i), id="get"),
    pytest.param(lambda s, t, i: s.contest(t, i, "claim", "evidence"), id="contest"),
    pytest.param(lambda s, t, i: s.feedback(t, i, useful=True), id="feedback-useful"),
    pytest.param(lambda s, t, i: s.feedback(t, i, useful=False), id="feedback-not-useful"),
    pytest.param(lambda s, t, i: s.pin(t, i), id="pin"),
    pytest.param(lambda s, t, i: s.unpin(t, i), id="unpin"),
    pytest.param(lambda s, t, i: s.restore(t, i), id="restore"),
    pytest.param(lambda s, t, i: s.explain(t, i), id="explain"),
]


@pytest.mark.parametrize("call", ID_CALLS)
def test_other_tenants_id_is_not_found(store: MemoryStore, call: Call) -> None:
    _, b_ids = populate(store)
    target = b_ids[0]
    # make every operation applicable in B, so only the tenant check can refuse it
    with store.db.transaction(B) as conn:
        conn.execute(
            text(
                "UPDATE memory_state SET status = 'archived', archive_reason = 'decayed', "
                "archived_at = now(), pinned = true WHERE tenant = :t AND memory_id = :id"
            ),
            {"t": B, "id": target},
        )
    before_a, before_b = snapshot(store, A), snapshot(store, B)

    with pytest.raises(NotFoundError) as caught:
        call(store, A, target)
    assert not isinstance(caught.value, UnknownTenantError)
    assert caught.value.entity == "memory"
    assert caught.value.tenant == A
    assert target in str(caught.value)

    assert snapshot(store, B) == before_b
    assert snapshot(store, A) == before_a
    call(store, B, target)  # the same call under the owner succeeds


def test_get_many_omits_another_tenants_ids(store: MemoryStore) -> None:
    a_ids, b_ids = populate(store)
    assert store.get_many(A, b_ids) == []
    assert store.memory.existing_ids(A, b_ids) == set()
    assert [m.id for m in store.get_many(A, [b_ids[0], a_ids[0]])] == [a_ids[0]]


def b_records(store: MemoryStore) -> dict[str, str]:
    """One of everything of B's that an API call takes an id of, each in the state its
    call applies to, so only the tenant check can refuse the call under A."""
    a_ids, b_ids = populate(store)
    contents = {m.id: m.content for m in store.get_many(B, b_ids)}
    served = store.recall(B, SHARED[0], agent_id="agent-b")
    assert served.recall_id is not None
    run = str(store.runs.curate(B, apply=True).run_id)
    open_conflict = store.contest(B, b_ids[1], "claim", "evidence").id
    resolved = store.contest(B, b_ids[2], "claim", "evidence").id
    store.curator.resolve(B, resolved, "dismiss")
    proposals = []
    with store.db.transaction(B) as conn:
        for members in (b_ids[4:6], b_ids[6:8]):
            proposals.append(
                str(
                    conn.execute(
                        text(
                            "INSERT INTO proposal (id, tenant, kind, text, member_ids, generality,"
                            " created_at) VALUES (gen_random_uuid(), :t, 'fact', :text,"
                            " CAST(:m AS uuid[]), 1, :at) RETURNING id"
                        ),
                        {"t": B, "text": contents[members[0]], "m": members, "at": T0},
                    ).scalar_one()
                )
            )
    store.curator.approve(B, [proposals[1]])
    with store.db.transaction(B) as conn:  # an inferred supersession held for review
        change = str(
            conn.execute(
                text(
                    "INSERT INTO change_review (id, tenant, older_id, newer_id, detail, source,"
                    " proposed_at) VALUES (gen_random_uuid(), :t, :o, :n, 'held', 'pass', :at)"
                    " RETURNING id"
                ),
                {"t": B, "o": b_ids[0], "n": b_ids[4], "at": T0},
            ).scalar_one()
        )
    return {
        "memory": b_ids[3],
        "open_conflict": open_conflict,
        "resolved_conflict": resolved,
        "pending_proposal": proposals[0],
        "approved_proposal": proposals[1],
        "run": run,
        "recall": served.recall_id,
        "recalled": served.ids[0],
        "a_memory": a_ids[0],
        "change": change,
    }


IdCall = Callable[[MemoryStore, str, dict[str, str]], object]

RecordCall = Callable[[MemoryStore, str, str], object]


def on_record(name: str, entity: str, key: str, call: RecordCall) -> Any:
    """``call`` on the tenant's record ``key`` of ``b_records`` (given its id): refused
    under A, naming ``entity``."""
    return pytest.param(entity, key, lambda s, t, i: call(s, t, i[key]), id=name)


OTHER_ID_CALLS: list[Any] = [
    on_record(
        "resolve", "conflict", "open_conflict", lambda s, t, r: s.curator.resolve(t, r, "dismiss")
    ),
    on_record(
        "resolve-replace",
        "conflict",
        "open_conflict",
        lambda s, t, r: s.curator.resolve(t, r, "replace", replacement="the new statement"),
    ),
    on_record("reopen", "conflict", "resolved_conflict", lambda s, t, r: s.curator.reopen(t, r)),
    on_record("approve", "proposal", "pending_proposal", lambda s, t, r: s.curator.approve(t, [r])),
    on_record("reject", "proposal", "pending_proposal", lambda s, t, r: s.curator.reject(t, [r])),
    on_record("unmerge", "proposal", "approved_proposal", lambda s, t, r: s.curator.unmerge(t, r)),
    on_record("undo-run", "curation run", "run", lambda s, t, r: s.runs.undo(t, r)),
    on_record("confirm-change", "change", "change", lambda s, t, r: s.curator.confirm_change(t, r)),
    on_record("reject-change", "change", "change", lambda s, t, r: s.curator.reject_change(t, r)),
    on_record(
        "golden-probe",
        "memory",
        "memory",
        lambda s, t, r: s.runs.add_golden_probe(t, "staging resets?", [r]),
    ),
    on_record("outcome", "recall", "recall", lambda s, t, r: s.outcome(t, r, success=True)),
    pytest.param(
        "recall",
        "recall",  # A's own memory, B's recall
        lambda s, t, i: s.feedback(
            t, i["a_memory"] if t == A else i["recalled"], True, recall_id=i["recall"]
        ),
        id="feedback-recall-id",
    ),
]


@pytest.mark.parametrize(("entity", "key", "call"), OTHER_ID_CALLS)
def test_other_tenants_record_is_not_found(
    store: MemoryStore, entity: str, key: str, call: IdCall
) -> None:
    ids = b_records(store)
    before_a, before_b = snapshot(store, A), snapshot(store, B)

    with pytest.raises(NotFoundError) as caught:
        call(store, A, ids)
    assert not isinstance(caught.value, UnknownTenantError)
    assert (caught.value.entity, caught.value.tenant) == (entity, A)
    assert ids[key] in str(caught.value)

    assert snapshot(store, B) == before_b
    assert snapshot(store, A) == before_a
    call(store, B, ids)  # the same call under the owner succeeds


def test_contest_cannot_relate_another_tenants_memory(store: MemoryStore) -> None:
    a_ids, b_ids = populate(store)
    before_a, before_b = snapshot(store, A), snapshot(store, B)
    with pytest.raises(NotFoundError, match=b_ids[1]):
        store.contest(A, a_ids[0], "claim", "evidence", related_memory_id=b_ids[1])
    assert snapshot(store, A) == before_a and snapshot(store, B) == before_b


UNKNOWN_TENANT_CALLS: list[Any] = [
    pytest.param(lambda s: s.recall("nobody", "API tokens"), id="recall-curated"),
    pytest.param(lambda s: s.recall("nobody", "API tokens", mode="raw"), id="recall-raw"),
    pytest.param(lambda s: s.ledger.conflicts("nobody"), id="conflicts-open"),
    pytest.param(lambda s: s.ledger.conflicts("nobody", status=None), id="conflicts-all"),
    pytest.param(lambda s: s.curator.changes("nobody"), id="changes"),
    pytest.param(lambda s: s.curator.change_gate("nobody"), id="change-gate"),
    pytest.param(
        lambda s: s.contest("nobody", "0b7e8a44-7a4c-4c71-9a1e-2f0d2d3b8a10", "c", "e"),
        id="contest",
    ),
    pytest.param(
        lambda s: s.feedback("nobody", "0b7e8a44-7a4c-4c71-9a1e-2f0d2d3b8a10", True),
        id="feedback",
    ),
]


@pytest.mark.parametrize("call", UNKNOWN_TENANT_CALLS)
def test_unknown_tenant(
    populated: tuple[MemoryStore, list[str], list[str]], call: Callable[[MemoryStore], object]
) -> None:
    store = populated[0]
    before = (snapshot(store, A), snapshot(store, B))
    with pytest.raises(UnknownTenantError) as caught:
        call(store)
    assert caught.value.ident == "nobody"
    assert "'nobody'" in str(caught.value)
    assert store.tenants.all() == [A, B]  # asking did not create the tenant
    assert (snapshot(store, A), snapshot(store, B)) == before


def test_export_contains_only_the_tenants_memories(store: MemoryStore, tmp_path: Path) -> None:
    a_ids, b_ids = populate(store)
    path = tmp_path / "a.jsonl"
    assert store.transfer.export_jsonl(path, A) == len(a_ids)
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    assert sorted(line["id"] for line in lines) == sorted(a_ids)
    assert not {line["id"] for line in lines} & set(b_ids)
    assert not any("tenant b" in line["content"] for line in lines)


def test_counts_and_listings_are_scoped(store: MemoryStore) -> None:
    a_ids, b_ids = populate(store)
    assert store.counts(A).to_dict() == {"active": len(a_ids), "archived": 0}
    assert store.counts(B).to_dict() == {"active": len(b_ids), "archived": 0}
    assert {m.id for m in store.memories(A)} == set(a_ids)
    assert {m.tenant for m in store.memories(B)} == {B}
    store.contest(B, b_ids[0], "claim", "evidence")
    assert store.ledger.conflicts(A) == []
    assert [c.memory_id for c in store.ledger.conflicts(B)] == [b_ids[0]]
    assert all(e.memory_id not in b_ids for e in store.ledger.events(A))
