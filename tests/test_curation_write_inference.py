"""Inferred supersession at write time: the pass's rule (``slots.infers_supersession``)
applied to a new write against its older neighbours. A confident same-slot change archives
the older entry, marked inferred with its evidence in the event and in ``explain``, undone
by ``restore``; keys win, pinned entries and multi-valued additions stay, and without
supersession ``apply`` the change is only a conflict."""

from __future__ import annotations

from curation_helpers import apply_only, days_ago

from curation import MemoryStore

T = "fleet"
APPROVAL_350 = "The customer's pre-approval amount is $350,000"
APPROVAL_400 = "The customer's pre-approval amount is $400,000"
ADDITION = "The customer also has a pre-approval amount of $400,000"
# the mechanic itself, with the review gate open (no reviews asked for): the gate is
# tests/test_review_gate.py
BOTH = apply_only("supersession", "contradiction", inferred_min_reviewed=0)


def _older(store: MemoryStore, content: str = APPROVAL_350, **fields: object) -> str:
    store.tenants.set_policy(T, BOTH)
    store.remember(T, "The loan officer assigned is Maria Lopez", created_at=days_ago(30))
    return store.remember(T, content, created_at=days_ago(10), **fields).id  # type: ignore[arg-type]


def test_a_newer_value_supersedes_the_older_on_write_reversibly(
    semantic_store: MemoryStore,
) -> None:
    store = semantic_store
    older = _older(store)

    newer = store.remember(T, APPROVAL_400)

    assert newer.superseded_ids == [older] and newer.conflict_ids == []
    explained = store.explain(T, older)
    assert (explained.memory.status, explained.memory.archive_reason) == ("archived", "superseded")
    assert explained.memory.superseded_by == newer.id
    [event] = [e for e in explained.events if e.type == "archive"]
    assert event.run_id is None and event.related_ids == [newer.id]
    assert (event.data or {}).get("inferred") is True
    assert event.reason is not None and event.reason.startswith("inferred supersession on write")
    assert "350,000" in event.reason and "400,000" in event.reason
    assert store.ledger.conflicts(T) == []
    hits = store.recall(T, "pre-approval amount", k=3, record=False)
    assert older not in hits.ids and newer.id in hits.ids

    [queued] = store.curator.inferred_supersessions(T)  # the curator's queue shows it
    assert (queued.memory_id, queued.superseded_by, queued.run_id) == (older, newer.id, None)
    assert (queued.content, queued.current_content) == (APPROVAL_350, APPROVAL_400)
    assert queued.evidence == event.reason

    store.restore(T, older)  # the one-action undo
    assert store.get(T, older).status == "active"
    assert store.curator.inferred_supersessions(T) == []


def test_keys_win_over_inference_on_write(semantic_store: MemoryStore) -> None:
    store = semantic_store
    older = _older(store)

    newer = store.remember(T, APPROVAL_400, supersession_key="approval")

    assert newer.superseded_ids == []
    assert store.get(T, older).status == "active"
    assert [c.memory_id for c in store.ledger.conflicts(T)] == [older]  # unsure: doubted only


def test_pinned_older_entry_is_doubted_not_superseded(semantic_store: MemoryStore) -> None:
    store = semantic_store
    older = _older(store)
    store.pin(T, older)

    newer = store.remember(T, APPROVAL_400)

    assert newer.superseded_ids == [] and store.get(T, older).status == "active"
    assert [c.memory_id for c in store.ledger.conflicts(T)] == [older]


def test_an_added_value_does_not_collapse_the_slot(semantic_store: MemoryStore) -> None:
    store = semantic_store
    older = _older(store)

    newer = store.remember(T, ADDITION)

    assert newer.superseded_ids == [] and newer.conflict_ids == []
    assert store.get(T, older).status == "active"


def test_without_supersession_apply_the_change_is_only_a_conflict(
    semantic_store: MemoryStore,
) -> None:
    store = semantic_store
    older = _older(store)
    store.tenants.set_policy(T, apply_only("contradiction"))

    newer = store.remember(T, APPROVAL_400)

    assert newer.superseded_ids == [] and len(newer.conflict_ids) == 1
    assert store.get(T, older).status == "active"


def test_values_written_at_one_moment_are_not_superseded(semantic_store: MemoryStore) -> None:
    store = semantic_store
    store.tenants.set_policy(T, BOTH)
    results = store.remember_many(T, [{"content": APPROVAL_350}, {"content": APPROVAL_400}])

    assert all(r.superseded_ids == [] for r in results)
    assert all(store.get(T, r.id).status == "active" for r in results)


def test_entries_filed_under_two_keys_are_never_paired(semantic_store: MemoryStore) -> None:
    """Two customers' pre-approvals written alike, each under its own key: the writer says
    two slots. No change, no conflict, no duplicate and no cover (so no decay) between
    them, on write or in the nightly plan."""
    store = semantic_store
    store.tenants.set_policy(T, apply_only("supersession", "contradiction", "duplicates", "decay"))
    older = store.remember(
        T, APPROVAL_350, supersession_key="customer-a/approval", created_at=days_ago(400)
    ).id
    newer = store.remember(T, APPROVAL_400, supersession_key="customer-b/approval")
    twin = store.remember(T, APPROVAL_400, supersession_key="customer-c/approval")
    assert newer.superseded_ids == [] and newer.conflict_ids == []
    assert twin.superseded_ids == [] and twin.conflict_ids == []
    report = store.runs.curate(T, apply=True)
    assert (report.archived_ids, report.conflict_ids) == ([], []), report.planned
    statuses = {m: store.get(T, m).status for m in (older, newer.id, twin.id)}
    assert set(statuses.values()) == {"active"} and store.ledger.conflicts(T) == []
