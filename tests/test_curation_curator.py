"""The curator's acts through the store: approve a batch, reject for good, unmerge only
what was approved, tenant scoping of proposal ids; resolve a conflict by replace, narrow,
retire or dismiss, reopen each; pinned entries refuse retirement; every act is an event."""

from __future__ import annotations

import uuid

import pytest
from curation_helpers import (
    CACHE_LESSON,
    MIGRATION_LESSON,
    T0,
    UNRELATED,
    apply_only,
    days_ago,
    seed_mixed,
    state,
)

from curation import (
    MAX_CONTENT_CHARS,
    InvalidStateError,
    MemoryStore,
    NotFoundError,
    ProposalRecord,
    StateConflictError,
    ValidationError,
)

T = "fleet"


def two_proposals(store: MemoryStore) -> tuple[list[str], list[str], list[ProposalRecord]]:
    migration = [
        r.id for r in store.remember_many(T, [{"content": c} for c in MIGRATION_LESSON[:5]])
    ]
    cache = [r.id for r in store.remember_many(T, [{"content": c} for c in CACHE_LESSON])]
    store.remember_many(T, [{"content": c} for c in UNRELATED[:6]])
    report = store.runs.curate(T, apply=True)
    assert report.applied["proposals_created"] == 2
    proposals = store.curator.proposals(T)
    assert sorted(sorted(p.member_ids) for p in proposals) == sorted(
        [sorted(migration), sorted(cache)]
    )
    return migration, cache, proposals


# -- proposals --------------------------------------------------------------------------


def test_approve_a_batch_of_two_proposals(store: MemoryStore) -> None:
    migration, cache, proposals = two_proposals(store)

    results = store.curator.approve(T, [p.id for p in proposals])

    assert [r.proposal_id for r in results] == [p.id for p in proposals]
    assert store.curator.proposals(T) == []
    approved = store.curator.proposals(T, status="approved")
    assert len(approved) == 2 and all(p.decided_by == "curator" for p in approved)
    for result, proposal in zip(results, proposals, strict=True):
        principle = result.principle_id
        assert store.get(T, principle).generality == proposal.generality == 1
        others = set(proposal.member_ids) - {principle}
        assert result.subsumed == len(others)
        for member in others:
            m = store.get(T, member)
            assert (m.status, m.archive_reason, m.parent_id) == ("archived", "subsumed", principle)
        event = [e for e in store.explain(T, principle).events if e.type == "approve"]
        assert len(event) == 1 and set(event[0].related_ids) == others
        # the shared statement is no member's text: a new principle above every member
        assert result.created and others == set(proposal.member_ids)
        assert store.get(T, principle).content == proposal.text == result.text
    assert store.counts(T).archived_by_reason["subsumed"] == len(migration) + len(cache)


EDITED = "Run the schema migration check before every billing service release"


def test_approve_with_an_edited_text_writes_the_edit_and_records_both(
    store: MemoryStore,
) -> None:
    _, _, proposals = two_proposals(store)
    proposal = proposals[0]

    [approval] = store.curator.approve(T, [proposal.id], texts={proposal.id: EDITED})

    assert (approval.text, approval.edited, approval.created) == (EDITED, True, True)
    principle = store.get(T, approval.principle_id)
    assert (principle.content, principle.generality) == (EDITED, proposal.generality)
    assert approval.subsumed == len(proposal.member_ids)
    [event] = store.ledger.events(T, types=["approve"])
    assert event.data["proposed_text"] == proposal.text
    assert event.data["edited_text"] == EDITED
    [row] = store.curator.proposals(T, status="approved")
    assert row.text == proposal.text  # what was proposed stays on the proposal
    store.curator.unmerge(T, proposal.id)
    assert store.get(T, approval.principle_id).archive_reason == "retired"


@pytest.mark.parametrize(
    ("texts", "field"),
    [
        ("   ", "text"),
        ("", "text"),
        ("x" * (MAX_CONTENT_CHARS + 1), "text"),
        (42, "text"),
        ("fine", "texts"),  # for a proposal that is not in the batch
    ],
)
def test_an_edited_text_is_validated_before_anything_changes(
    store: MemoryStore, texts: object, field: str
) -> None:
    _, _, proposals = two_proposals(store)
    before = state(store, T)
    key = str(uuid.uuid4()) if field == "texts" else proposals[0].id

    with pytest.raises(ValidationError) as caught:
        store.curator.approve(T, [proposals[0].id], texts={key: texts})  # type: ignore[dict-item]

    assert caught.value.field == field
    assert state(store, T) == before
    assert len(store.curator.proposals(T)) == 2


def test_an_unedited_approval_records_no_edit(store: MemoryStore) -> None:
    _, _, proposals = two_proposals(store)
    [approval] = store.curator.approve(
        T, [proposals[0].id], texts={proposals[0].id: proposals[0].text}
    )
    assert not approval.edited and approval.text == proposals[0].text
    [event] = store.ledger.events(T, types=["approve"])
    assert event.data["edited_text"] is None


def test_a_batch_approval_is_all_or_nothing(store: MemoryStore) -> None:
    _, _, proposals = two_proposals(store)
    store.curator.reject(T, [proposals[1].id])
    before = state(store, T)

    with pytest.raises(InvalidStateError):
        store.curator.approve(T, [proposals[0].id, proposals[1].id])

    assert state(store, T) == before
    assert [p.id for p in store.curator.proposals(T)] == [proposals[0].id]


def test_a_rejected_member_set_is_never_proposed_again(store: MemoryStore) -> None:
    _, _, proposals = two_proposals(store)
    rejected = proposals[0]

    store.curator.reject(T, [rejected.id], note="these are different lessons")

    [row] = store.curator.proposals(T, status="rejected")
    assert row.id == rejected.id and row.decided_at == T0
    for day in (2, 3):
        report = store.runs.curate(T, apply=True, now=T0.replace(day=day))
        assert report.planned["proposals"] == 2
        assert report.applied["proposals_created"] == 0
    assert len(store.curator.proposals(T, status=None)) == 2
    reject_events = store.ledger.events(T, types=["reject"])
    assert len(reject_events) == 1 and reject_events[0].reason == "these are different lessons"
    assert set(reject_events[0].related_ids) == set(rejected.member_ids)
    member = rejected.member_ids[0]
    assert any(e.type == "reject" for e in store.explain(T, member).events)
    with pytest.raises(InvalidStateError):
        store.curator.reject(T, [rejected.id])  # decided once
    with pytest.raises(InvalidStateError):
        store.curator.approve(T, [rejected.id])


def test_unmerge_applies_only_to_approved_proposals(store: MemoryStore) -> None:
    _, _, proposals = two_proposals(store)
    pending, other = proposals
    store.curator.reject(T, [other.id])

    with pytest.raises(InvalidStateError, match="pending"):
        store.curator.unmerge(T, pending.id)
    with pytest.raises(InvalidStateError, match="rejected"):
        store.curator.unmerge(T, other.id)

    before = state(store, T)
    [approval] = store.curator.approve(T, [pending.id])
    assert store.curator.unmerge(T, pending.id).restored == len(pending.member_ids)
    after = state(store, T)
    principle = after.pop(approval.principle_id)  # written by the approval, now retired
    assert after == before and approval.created
    assert store.get(T, approval.principle_id).archive_reason == "retired" and principle
    with pytest.raises(InvalidStateError, match="unmerged"):
        store.curator.unmerge(T, pending.id)  # once


def test_unmerge_puts_back_a_promoted_member_that_had_been_archived(
    store: MemoryStore,
) -> None:
    _, _, proposals = two_proposals(store)
    proposal = proposals[0]
    medoid = proposal.member_ids[0]
    wording = store.get(T, medoid).content  # the curator keeps this member's wording
    conflict = store.contest(T, medoid, "Not a rule any more", "runbook v2")
    store.curator.resolve(T, conflict.id, "retire", now=days_ago(3))  # archived after proposing
    before = state(store, T)
    retired = store.get(T, medoid)
    assert (retired.status, retired.archive_reason) == ("archived", "retired")

    [approved] = store.curator.approve(T, [proposal.id], texts={proposal.id: wording})
    assert approved.principle_id == medoid and approved.edited
    assert store.get(T, medoid).status == "active"  # its text is the principle

    store.curator.unmerge(T, proposal.id)

    assert state(store, T) == before
    back = store.get(T, medoid)
    assert (back.archive_reason, back.archived_at) == ("retired", retired.archived_at)


@pytest.mark.parametrize("act", ["approve", "reject", "unmerge"])
def test_another_tenants_proposal_id_is_not_found(store: MemoryStore, act: str) -> None:
    _, _, proposals = two_proposals(store)
    store.remember("intruder", "An entry that makes the other tenant exist")
    pid = proposals[0].id
    before = state(store, T)

    with pytest.raises(NotFoundError) as caught:
        if act == "approve":
            store.curator.approve("intruder", [pid])
        elif act == "reject":
            store.curator.reject("intruder", [pid])
        else:
            store.curator.unmerge("intruder", pid)

    assert caught.value.entity == "proposal" and caught.value.tenant == "intruder"
    assert state(store, T) == before
    assert [p.status for p in store.curator.proposals(T, status=None)] == ["pending", "pending"]


# -- conflicts ---------------------------------------------------------------------------


def contested(store: MemoryStore, *, generality: int = 0, pinned: bool = False) -> tuple[str, str]:
    """An entry with one open conflict (a manual contest): (memory id, conflict id)."""
    store.remember_many(T, [{"content": c} for c in UNRELATED[:4]])
    mid = store.remember(
        T,
        "The staging database accepts connections on port 5433",
        generality=generality,
        pinned=pinned,
        importance=0.7,
    ).id
    conflict = store.contest(
        T,
        mid,
        "Staging moved to port 6432 behind pgbouncer",
        "infra change log, 2026-10-20",
        source="agent-7",
    )
    return mid, conflict.id


def event_types(store: MemoryStore, memory_id: str) -> list[str]:
    return [e.type for e in store.explain(T, memory_id).events]


def test_resolve_replace_with_text_supersedes_and_reopen_reverts(store: MemoryStore) -> None:
    mid, cid = contested(store)
    before = state(store, T)

    result = store.curator.resolve(
        T, cid, "replace", replacement="The staging database listens on port 6432 (pgbouncer)"
    )

    new_id = result.replacement_id
    assert result.status == "resolved" and result.archived is True
    new = store.get(T, new_id)
    assert (new.status, new.kind, new.importance) == ("active", "fact", 0.7)
    old = store.get(T, mid)
    assert (old.status, old.archive_reason, old.superseded_by) == ("archived", "superseded", new_id)
    c = store.ledger.conflicts(T, status=None)[0]
    assert (c.status, c.resolution) == ("resolved", "replace")
    assert store.explain(T, mid).superseded_chain == [new_id]
    assert "resolve" in event_types(store, mid)

    store.curator.reopen(T, cid)

    after = state(store, T)
    assert {k: v for k, v in after.items() if k != new_id} == before
    withdrawn = store.get(T, new_id)
    assert (withdrawn.status, withdrawn.archive_reason) == ("archived", "retired")
    assert [c.status for c in store.ledger.conflicts(T)] == ["open"]
    assert event_types(store, mid)[-2:] == ["resolve", "reopen"]


def test_resolve_replace_uses_the_related_memory_of_a_pass_conflict(
    store: MemoryStore,
) -> None:
    ids = seed_mixed(store, T)
    store.tenants.set_policy(T, apply_only("contradiction", compression=False))
    store.runs.curate(T, apply=True)
    [conflict] = store.ledger.conflicts(T)
    assert (conflict.memory_id, conflict.related_memory_id) == (ids["claim_old"], ids["claim_new"])
    before = state(store, T)
    memories = len(store.memories(T, limit=1000))

    result = store.curator.resolve(T, conflict.id, "replace")

    assert result.replacement_id == ids["claim_new"]
    old = store.get(T, ids["claim_old"])
    assert (old.archive_reason, old.superseded_by) == ("superseded", ids["claim_new"])
    assert store.get(T, ids["claim_new"]).status == "active"
    assert len(store.memories(T, limit=1000)) == memories  # nothing new was written
    assert "resolve" in event_types(store, ids["claim_old"])

    store.curator.reopen(T, conflict.id)

    assert state(store, T) == before  # the related entry was not created: it stays
    assert store.ledger.conflicts(T)[0].id == conflict.id


def test_replace_without_a_statement_or_related_entry_is_refused(store: MemoryStore) -> None:
    _, cid = contested(store)
    before = state(store, T)
    # the conflict names no newer memory: its state refuses it (409 over HTTP)
    with pytest.raises(StateConflictError, match="replacement"):
        store.curator.resolve(T, cid, "replace")
    assert state(store, T) == before
    assert [c.id for c in store.ledger.conflicts(T)] == [cid]


@pytest.mark.parametrize("generality", [2, 0])
def test_resolve_narrow_writes_a_narrower_replacement(store: MemoryStore, generality: int) -> None:
    mid, cid = contested(store, generality=generality)
    before = state(store, T)

    result = store.curator.resolve(
        T, cid, "narrow", replacement="The old staging cluster still accepts port 5433"
    )

    narrower = store.get(T, result.replacement_id)
    assert narrower.generality == max(0, generality - 1)
    assert narrower.status == "active"
    old = store.get(T, mid)
    assert (old.archive_reason, old.superseded_by) == ("superseded", narrower.id)
    assert store.ledger.conflicts(T, status=None)[0].resolution == "narrow"

    store.curator.reopen(T, cid)

    assert {k: v for k, v in state(store, T).items() if k != narrower.id} == before
    assert store.get(T, narrower.id).archive_reason == "retired"
    assert event_types(store, mid)[-2:] == ["resolve", "reopen"]


def test_resolve_retire_archives_and_reopen_restores(store: MemoryStore) -> None:
    mid, cid = contested(store)
    before = state(store, T)

    result = store.curator.resolve(T, cid, "retire", note="nobody uses that port any more")

    assert result.replacement_id is None and result.archived is True
    old = store.get(T, mid)
    assert (old.status, old.archive_reason, old.superseded_by) == ("archived", "retired", None)
    resolve = [e for e in store.explain(T, mid).events if e.type == "resolve"]
    assert resolve[0].reason == "nobody uses that port any more"
    assert mid not in store.recall(T, "staging database port", k=5, record=False).ids

    store.curator.reopen(T, cid)

    assert state(store, T) == before
    assert [c.id for c in store.ledger.conflicts(T)] == [cid]
    assert event_types(store, mid)[-2:] == ["resolve", "reopen"]


def test_resolve_dismiss_leaves_the_entry_and_reopen_reopens(store: MemoryStore) -> None:
    mid, cid = contested(store)
    before = state(store, T)

    result = store.curator.resolve(T, cid, "dismiss")

    assert (result.status, result.archived) == ("dismissed", False)
    assert state(store, T) == before
    assert store.ledger.conflicts(T) == []
    c = store.ledger.conflicts(T, status="dismissed")[0]
    assert (c.id, c.resolution, c.resolved_at) == (cid, "dismiss", T0)
    assert store.recall(T, "staging database port 5433", k=1, record=False)[0].conflicts == []

    store.curator.reopen(T, cid)

    assert state(store, T) == before
    reopened = store.ledger.conflicts(T)[0]
    assert (reopened.id, reopened.resolution, reopened.resolved_at) == (cid, None, None)
    assert event_types(store, mid)[-2:] == ["resolve", "reopen"]


@pytest.mark.parametrize("how", ["retire", "replace", "narrow"])
def test_a_pinned_entry_cannot_be_retired_or_replaced(store: MemoryStore, how: str) -> None:
    mid, cid = contested(store, pinned=True)
    before = state(store, T)

    with pytest.raises(InvalidStateError, match="pinned"):
        store.curator.resolve(T, cid, how, replacement=None if how == "retire" else "port 6432")

    assert state(store, T) == before
    assert [c.status for c in store.ledger.conflicts(T, status=None)] == ["open"]
    assert "resolve" not in event_types(store, mid)
    store.curator.resolve(T, cid, "dismiss")  # lifting the doubt is still allowed
    assert store.get(T, mid).status == "active"


def test_resolved_and_open_conflicts_refuse_the_wrong_act(store: MemoryStore) -> None:
    _, cid = contested(store)
    with pytest.raises(InvalidStateError, match="already open"):
        store.curator.reopen(T, cid)
    store.curator.resolve(T, cid, "dismiss")
    with pytest.raises(InvalidStateError, match="not open"):
        store.curator.resolve(T, cid, "retire")
    store.remember("intruder", "An entry that makes the other tenant exist")
    with pytest.raises(NotFoundError):
        store.curator.reopen("intruder", cid)
    with pytest.raises(ValidationError, match="resolution"):
        store.curator.resolve(T, cid, "ignore")


def test_every_curator_act_leaves_an_event(store: MemoryStore) -> None:
    migration, _, proposals = two_proposals(store)
    _, cid = contested(store)
    store.pin(T, migration[0], now=days_ago(0))

    store.curator.approve(T, [proposals[0].id])
    store.curator.unmerge(T, proposals[0].id)
    store.curator.reject(T, [proposals[1].id])
    store.curator.resolve(T, cid, "retire")
    store.curator.reopen(T, cid)

    types = [e.type for e in store.ledger.events(T)]
    for act in (
        "propose",
        "approve",
        "unmerge",
        "reject",
        "contest",
        "resolve",
        "reopen",
        "pin",
        "curation_run",
    ):
        assert act in types, act
    assert [e.actor for e in store.ledger.events(T, types=["approve", "unmerge", "reject"])] == [
        "curator"
    ] * 3
