"""Forget through the store: each selector; what was merged, made part of a principle and
recalled is gone from every table and the vector index (the verification says zero, and
so does a search of our own); the rest of the tenant is byte for byte as it was; other
tenants are untouched; a dry run deletes nothing; bad input is a typed error."""

from __future__ import annotations

import hashlib

import pytest
from forget_helpers import BACKUP, contents_of, event_types, rows, seed, untouched
from sqlalchemy import text

from curation import (
    Database,
    FixedClock,
    HashingEmbedder,
    MemoryStore,
    UnknownTenantError,
    ValidationError,
)
from curation._store.transfer.dump_schema import tenant_tables

T = "clinic"
OTHER = "bystander"


def gone_everywhere(store: MemoryStore, ids: list[str], contents: list[str]) -> None:
    """Our own search (not the store's verification): no row of any table of the tenant
    names an id or quotes a content; raw recall returns none of them."""
    with store.db.admin_transaction() as conn:
        for shape in tenant_tables(conn):
            for needle in ids + contents:
                hits = conn.execute(
                    text(
                        f'SELECT count(*) FROM "{shape.name}" x'
                        f' WHERE "{shape.tenant_column}" = :t AND strpos(x::text, :n) > 0'
                    ),
                    {"t": T, "n": needle},
                ).scalar()
                assert hits == 0, (shape.name, needle)
    for content in contents:
        for mode in ("raw", "curated"):
            result = store.recall(T, content, k=50, mode=mode, record=False)
            assert result.hits and not {h.id for h in result.hits} & set(ids)


def test_forget_by_source_takes_the_principle_the_exposures_and_keeps_the_rest(
    store: MemoryStore,
) -> None:
    seeded = seed(store, T)
    seed(store, OTHER)
    gone = [*seeded.migration, seeded.principle]
    contents = contents_of(store, T, gone)
    before = untouched(store, T, gone, contents)
    every_key_before = set(rows(store, T))
    other_before = rows(store, OTHER)

    receipt = store.forget(T, source="runbook-billing")

    assert (receipt.matched, receipt.forgotten) == (5, 6)
    assert receipt.counts["memory"] == 6 and receipt.counts["principles_forgotten"] == 1
    assert receipt.counts["proposal_deleted"] == 1  # no member left to re-propose
    assert receipt.counts["conflict"] == 1 and receipt.counts["exposure_scrubbed"] >= 1
    assert receipt.counts["event_deleted"] > 0 and receipt.counts["golden_probe_rewritten"] == 1
    assert receipt.verified and set(receipt.verification.values()) == {0}
    assert "vector_index" in receipt.verification and "public.event" in receipt.verification
    assert receipt.forgotten_id_sha256 == sorted(
        hashlib.sha256(i.encode()).hexdigest() for i in gone
    )
    gone_everywhere(store, gone, contents)
    after = rows(store, T)
    assert {k: after.get(k) for k in before} == before  # nothing else changed
    new = set(after) - every_key_before  # the only row that was not there: the receipt
    assert event_types(store, T, new) == {"forget"} and len(new) == 1
    receipt_rows = store.ledger.events(T, types=["forget"])
    assert len(receipt_rows) == 1 and receipt_rows[0].data["forgotten"] == 6
    assert rows(store, OTHER) == other_before
    assert store.get_many(T, seeded.cache + seeded.unrelated)  # the rest still there


def test_a_merged_survivor_forgets_its_merged_away_copy(store: MemoryStore) -> None:
    seeded = seed(store, T)
    echo = store.get(T, seeded.backup_echo)
    assert echo.archive_reason == "duplicate"

    receipt = store.forget(T, ids=[seeded.backup])

    assert (receipt.matched, receipt.forgotten, receipt.counts["duplicates_forgotten"]) == (
        1,
        2,
        1,
    )
    assert receipt.verified, {k: v for k, v in receipt.verification.items() if v}
    gone_everywhere(store, [seeded.backup, seeded.backup_echo], [BACKUP, BACKUP + "!"])


def test_forgetting_a_merged_away_copy_keeps_its_survivor(store: MemoryStore) -> None:
    seeded = seed(store, T)

    receipt = store.forget(T, match=BACKUP + "!")

    assert receipt.forgotten == 1 and receipt.verification["vector_index"] == 0
    survivor = store.get(T, seeded.backup)
    assert survivor.status == "active"
    merges = [e for e in store.ledger.events(T, types=["merge"]) if e.memory_id == seeded.backup]
    assert merges and all(seeded.backup_echo not in e.related_ids for e in merges)


def test_forgetting_one_member_re_proposes_the_principle_without_it(
    store: MemoryStore,
) -> None:
    seeded = seed(store, T)
    member = seeded.migration[2]
    forgotten_text = contents_of(store, T, [member])[0]

    receipt = store.forget(T, ids=[member])

    assert receipt.forgotten == 2  # the member and the principle written from it
    assert receipt.counts["memory_state_restored"] == 4
    pending = [p for p in store.curator.proposals(T) if set(p.member_ids) <= set(seeded.migration)]
    assert len(pending) == 1 and sorted(pending[0].member_ids) == sorted(
        set(seeded.migration) - {member}
    )
    assert forgotten_text not in pending[0].text
    assert all(m.status == "active" for m in store.get_many(T, pending[0].member_ids))
    assert receipt.verified, {k: v for k, v in receipt.verification.items() if v}


def test_forget_by_metadata_and_by_match(store: MemoryStore) -> None:
    seeded = seed(store, T)

    by_meta = store.forget(T, metadata={"team": "billing"})
    by_text = store.forget(T, match="REDIS SESSION CACHE")

    assert by_meta.matched == 5 and by_meta.verified
    assert by_text.matched == len(seeded.cache) and by_text.verified
    assert store.get_many(T, seeded.migration + seeded.cache) == []
    assert len(store.ledger.events(T, types=["forget"])) == 2


def test_dry_run_deletes_nothing_and_counts_what_the_forget_does(store: MemoryStore) -> None:
    seed(store, T)
    before = rows(store, T)

    dry = store.forget(T, source="runbook-billing", dry_run=True)

    assert rows(store, T) == before
    assert dry.dry_run and dry.receipt_event_id is None and not dry.verified
    done = store.forget(T, source="runbook-billing")
    assert (dry.matched, dry.forgotten, dry.counts) == (done.matched, done.forgotten, done.counts)


def test_nothing_matched_is_a_receipt_of_zero(store: MemoryStore) -> None:
    seed(store, T)
    receipt = store.forget(T, source="no-such-source")
    assert (receipt.matched, receipt.forgotten) == (0, 0) and receipt.verified


@pytest.mark.parametrize(
    ("kwargs", "field", "value"),
    [
        ({}, "source|metadata|ids|match", None),
        ({"source": "a", "match": "b"}, "source|match", ["a", "b"]),
        ({"metadata": {}}, "metadata", {}),
        ({"metadata": {"team": ["x"]}}, "metadata.team", ["x"]),
        ({"ids": ["not-a-uuid"]}, "ids", "not-a-uuid"),
        ({"ids": []}, "ids", []),
        ({"match": "  "}, "match", "  "),
        ({"source": "x", "dry_run": "yes"}, "dry_run", "yes"),
    ],
)
def test_bad_input_names_the_field_and_the_value(
    store: MemoryStore, kwargs: dict[str, object], field: str, value: object
) -> None:
    store.remember(T, "a fact to keep")
    with pytest.raises(ValidationError) as caught:
        store.forget(T, **kwargs)  # type: ignore[arg-type]
    assert (caught.value.field, caught.value.value) == (field, value)


def test_unknown_tenant(store: MemoryStore) -> None:
    with pytest.raises(UnknownTenantError):
        store.forget("nobody", source="x")


def test_the_copies_a_bulk_load_kept_are_forgotten_too(
    database: Database, clock: FixedClock
) -> None:
    bulk = MemoryStore(database, embedder=HashingEmbedder(), clock=clock, bulk_min_rows=50)
    first = [{"content": f"patient note {i}", "source": "ward-3"} for i in range(40)]
    ids = [r.id for r in bulk.remember_many(T, first)]
    bulk.remember_many(T, [{"content": f"later note {i}"} for i in range(60)])  # a swap
    with database.admin_transaction() as conn:
        kept = (
            conn.execute(
                text(
                    "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                    " WHERE n.nspname = 'memgov_retired' AND c.relkind = 'r'"
                )
            )
            .scalars()
            .all()
        )
    assert len(kept) == 1

    receipt = bulk.forget(T, source="ward-3")

    assert receipt.counts["memgov_retired.memory"] == 40 and receipt.counts["memory"] == 40
    assert f"memgov_retired.{kept[0]}" in receipt.verification and receipt.verified
    with database.admin_transaction() as conn:
        left = conn.execute(
            text(f'SELECT count(*) FROM memgov_retired."{kept[0]}" WHERE id = ANY(:ids)'),
            {"ids": ids},
        ).scalar()
    assert left == 0 and bulk.counts(T).active == 60


def test_a_run_that_merged_a_forgotten_copy_still_undoes(store: MemoryStore) -> None:
    seeded = seed(store, T)
    run = next(r for r in store.runs.latest(T) if r.report.applied.get("duplicates_archived"))
    store.forget(T, ids=[seeded.backup_echo])

    store.runs.undo(T, run.id)

    assert store.get(T, seeded.backup).status == "active"
    assert store.get_many(T, [seeded.backup_echo]) == []
