"""The review gate: a supersession inferred without a key is held for the curator, not
archived, until the tenant's reviewed precision earns its automatic apply; confirm
archives (restorable), reject keeps both and the pair is never proposed again; keys are
unaffected. On the plan (pure) and on a real store, through the pass and at write time."""

from __future__ import annotations

from pathlib import Path

import pytest
from curation_helpers import account_manager_change, days_ago
from review_gate_helpers import CHANGES, T, gated, write_olders
from snapshot_factory import NOW, basis, make_snapshot, near, only
from sqlalchemy import text

from curation import MemoryStore
from curation._errors import AlreadyDecidedError, NotFoundError, ValidationError
from curation._planner import build_plan
from curation._policy import CurationPolicy, Mode
from curation._review import ReviewGate

PORTO = "Ana plays for Porto since 2019."
BRAGA = "Ana plays for Braga since 2023."
TOPIC = basis(7)


def _pair_snapshot() -> object:
    return make_snapshot(
        [
            {"id": "old", "content": PORTO, "embedding": TOPIC, "age_days": 40},
            {"id": "new", "content": BRAGA, "embedding": near(TOPIC, 0.9, 1), "age_days": 3},
        ]
    )


# -- the gate and the plan (pure) ---------------------------------------------------------
def test_the_gate_opens_only_on_enough_precise_reviews() -> None:
    policy = CurationPolicy(inferred_min_reviewed=3, inferred_min_precision=0.95)
    assert not ReviewGate.for_policy(policy).earned  # no reviews yet
    assert not ReviewGate.for_policy(policy, confirmed=2).earned  # too few
    assert ReviewGate.for_policy(policy, confirmed=3).earned
    assert ReviewGate.for_policy(policy, confirmed=3).precision == 1.0
    assert ReviewGate.for_policy(policy, confirmed=19, rejected=1).earned  # 0.95 >= 0.95
    assert not ReviewGate.for_policy(policy, confirmed=18, rejected=2).earned  # 0.90
    assert ReviewGate.for_policy(
        policy.model_copy(update={"inferred_min_precision": 0.9}), confirmed=19, rejected=1
    ).earned
    assert ReviewGate.for_policy(CurationPolicy(inferred_min_reviewed=0)).earned
    defaults = CurationPolicy()
    assert (defaults.inferred_min_reviewed, defaults.inferred_min_precision) == (50, 0.95)


@pytest.mark.parametrize(
    "field,value",
    [
        ("inferred_min_precision", 1.5),
        ("inferred_min_precision", -0.1),
        ("inferred_min_precision", float("nan")),
        ("inferred_min_reviewed", -1),
        ("inferred_min_reviewed", "many"),
    ],
)
def test_bad_gate_thresholds_are_refused_naming_the_field(field: str, value: object) -> None:
    with pytest.raises(Exception, match=field):
        CurationPolicy(**{field: value})  # type: ignore[arg-type]


def test_a_plan_holds_an_inferred_change_until_the_tenant_earned_it() -> None:
    policy = only("supersession")
    plan = build_plan(_pair_snapshot(), policy, NOW)  # type: ignore[arg-type]
    assert plan.archives == []
    [held] = plan.held
    assert (held.older_id, held.newer_id) == ("old", "new")
    assert held.detail.startswith("inferred supersession") and held.similarity is not None
    assert plan.counts()["held_for_review"] == 1 and plan.counts()["superseded"] == 0

    earned = ReviewGate.for_policy(policy.model_copy(update={"inferred_min_reviewed": 0}))
    plan = build_plan(_pair_snapshot(), policy, NOW, review=earned)  # type: ignore[arg-type]
    assert [(a.memory_id, a.target_id, a.inferred) for a in plan.archives] == [("old", "new", True)]
    assert plan.held == [] and plan.counts()["held_for_review"] == 0


def test_a_decided_pair_is_neither_held_nor_applied_again() -> None:
    policy = only("supersession", inferred_min_reviewed=0)
    for confirmed, rejected in ((0, 0), (5, 0)):
        gate = ReviewGate.for_policy(
            policy,
            confirmed=confirmed,
            rejected=rejected,
            decided_pairs=frozenset({("old", "new")}),
        )
        plan = build_plan(_pair_snapshot(), policy, NOW, review=gate)  # type: ignore[arg-type]
        assert plan.archives == [] and plan.held == []


def test_a_held_entry_is_not_decayed_on_the_strength_of_the_held_change() -> None:
    policy = only("supersession").model_copy(
        update={"decay": Mode.DRY_RUN, "max_idle_days": 1, "max_prune_ratio": 1.0}
    )
    plan = build_plan(_pair_snapshot(), policy, NOW)  # type: ignore[arg-type]
    assert [h.older_id for h in plan.held] == ["old"]
    assert "old" not in plan.archived_ids()
    opened = ReviewGate.for_policy(policy.model_copy(update={"inferred_min_reviewed": 0}))
    plan = build_plan(_pair_snapshot(), policy, NOW, review=opened)  # type: ignore[arg-type]
    assert [a.reason.value for a in plan.archives if a.memory_id == "old"] == ["superseded"]
    rejected = ReviewGate.for_policy(
        policy.model_copy(update={"inferred_min_reviewed": 0}),
        rejected=1,
        decided_pairs=frozenset({("old", "new")}),
    )
    plan = build_plan(_pair_snapshot(), policy, NOW, review=rejected)  # type: ignore[arg-type]
    assert "old" not in plan.archived_ids()  # a rejected change covers nothing either


# -- the store: the nightly pass ----------------------------------------------------------
def _write_pair_for_the_pass(store: MemoryStore, policy: CurationPolicy) -> tuple[str, str]:
    """Both statements written before supersession applies, so the pass finds the change."""
    store.tenants.set_policy(T, policy.model_copy(update={"supersession": Mode.DRY_RUN}))
    older = store.remember(T, CHANGES[0][0], created_at=days_ago(10)).id
    newer = store.remember(T, CHANGES[0][1], created_at=days_ago(2)).id
    store.tenants.set_policy(T, policy)
    return older, newer


def test_the_pass_holds_the_change_and_the_curator_confirms_it(
    semantic_store: MemoryStore,
) -> None:
    store = semantic_store
    older, newer = _write_pair_for_the_pass(store, gated())

    dry = store.runs.curate(T, apply=False)
    assert dry.planned["held_for_review"] == 1 and dry.planned["superseded"] == 0
    assert store.curator.changes(T) == []  # a dry run writes nothing

    run = store.runs.curate(T, apply=True)
    assert run.planned["held_for_review"] == 1
    assert run.applied["held_for_review"] == 1 and run.applied["superseded"] == 0
    assert store.get(T, older).status == "active"  # held: nothing archived
    [held] = store.curator.changes(T)
    assert (held.older_id, held.newer_id, held.status) == (older, newer, "pending")
    assert (held.older_content, held.newer_content) == CHANGES[0]
    assert held.run_id == run.run_id and held.source == "pass"
    assert "350,000" in held.detail and "400,000" in held.detail and held.similarity
    gate = store.curator.change_gate(T)
    assert (gate.reviewed, gate.pending, gate.auto_apply_earned) == (0, 1, False)

    again = store.runs.curate(T, apply=True)  # a later run does not duplicate the pending pair
    assert again.applied["held_for_review"] == 0 and len(store.curator.changes(T)) == 1

    decision = store.curator.confirm_change(T, held.id, note="checked with the customer")
    assert (decision.status, decision.archived) == ("confirmed", True)
    archived = store.explain(T, older)
    assert (archived.memory.status, archived.memory.archive_reason) == ("archived", "superseded")
    assert archived.memory.superseded_by == newer
    [event] = [e for e in archived.events if e.type == "archive"]
    assert (event.data or {}).get("change_review_id") == held.id
    assert (event.data or {}).get("inferred") is True and event.related_ids == [newer]
    assert store.curator.changes(T) == [] and [
        c.note for c in store.curator.changes(T, status="confirmed")
    ] == ["checked with the customer"]
    assert store.curator.change_gate(T).confirmed == 1

    with pytest.raises(AlreadyDecidedError, match="already confirmed"):
        store.curator.reject_change(T, held.id)
    store.restore(T, older)  # undoable like any archive
    assert store.get(T, older).status == "active"


def test_reject_keeps_both_and_the_pair_is_never_proposed_again(
    semantic_store: MemoryStore,
) -> None:
    store = semantic_store
    older, newer = _write_pair_for_the_pass(store, gated())
    store.runs.curate(T, apply=True)
    [held] = store.curator.changes(T)

    decision = store.curator.reject_change(T, held.id, note="different loans")
    assert (decision.status, decision.restored) == ("rejected", False)
    assert store.get(T, older).status == "active" and store.get(T, newer).status == "active"
    rejected = [e for e in store.explain(T, older).events if e.type == "reject"]
    assert [e.reason for e in rejected] == ["different loans"]
    gate = store.curator.change_gate(T)
    assert (gate.rejected, gate.reviewed, gate.precision) == (1, 1, 0.0)

    rerun = store.runs.curate(T, apply=True)
    assert rerun.planned["held_for_review"] == 0 and rerun.applied["held_for_review"] == 0
    assert store.curator.changes(T) == []
    # even once the gate opens, the rejected pair is not applied
    store.tenants.set_policy(T, gated(min_reviewed=0, min_precision=0.0))
    assert store.runs.curate(T, apply=True).applied["superseded"] == 0
    assert store.get(T, older).status == "active"


def test_an_earned_pass_applies_and_records_auto_applied(semantic_store: MemoryStore) -> None:
    store = semantic_store
    older, newer = _write_pair_for_the_pass(store, gated(min_reviewed=0))
    run = store.runs.curate(T, apply=True)
    assert run.applied["superseded"] == 1 and run.applied["inferred_auto_applied"] == 1
    assert store.get(T, older).status == "archived"
    [applied] = store.curator.changes(T, status="auto_applied")
    assert (applied.older_id, applied.newer_id, applied.run_id) == (older, newer, run.run_id)
    assert store.curator.changes(T) == []  # nothing pending

    store.runs.undo(T, run.run_id)  # undone: the change is unreviewed again, not applied
    assert store.get(T, older).status == "active"
    [pending] = store.curator.changes(T)
    assert (pending.older_id, pending.status, pending.decided_by) == (older, "pending", None)


def test_key_supersession_is_not_gated(semantic_store: MemoryStore) -> None:
    store = semantic_store
    store.tenants.set_policy(T, gated())  # the gate closed: no reviews yet
    older = store.remember(T, CHANGES[0][0], supersession_key="approval", created_at=days_ago(9))
    newer = store.remember(T, CHANGES[0][1], supersession_key="approval")
    assert newer.superseded_ids == [older.id]
    assert store.get(T, older.id).status == "archived"
    assert store.curator.changes(T) == [] and store.curator.changes(T, status=None) == []


# -- the store: at write time, and the gate opening and closing ----------------------------
def test_the_gate_opens_after_enough_confirmations_and_closes_when_precision_drops(
    semantic_store: MemoryStore,
) -> None:
    store = semantic_store
    olders = write_olders(store, gated(min_reviewed=3, min_precision=0.95), count=5)

    held_ids = []
    for _, newer_text in CHANGES[:3]:
        written = store.remember(T, newer_text)
        assert written.superseded_ids == []  # held, not archived
        held_ids.append(next(c.id for c in store.curator.changes(T) if c.newer_id == written.id))
    assert [store.get(T, o).status for o in olders[:3]] == ["active"] * 3
    assert [c.source for c in store.curator.changes(T)] == ["write"] * 3

    for change_id in held_ids:
        store.curator.confirm_change(T, change_id)
    gate = store.curator.change_gate(T)
    assert (gate.confirmed, gate.precision, gate.auto_apply_earned) == (3, 1.0, True)

    fourth = store.remember(T, CHANGES[3][1])  # earned: applied on write
    assert fourth.superseded_ids == [olders[3]]
    assert store.get(T, olders[3]).status == "archived"
    [applied] = store.curator.changes(T, status="auto_applied")
    assert (applied.older_id, applied.newer_id) == (olders[3], fourth.id)

    # the curator samples the applied change and rejects it: the older entry comes back
    decision = store.curator.reject_change(T, applied.id)
    assert decision.restored and store.get(T, olders[3]).status == "active"
    gate = store.curator.change_gate(T)
    assert (gate.reviewed, gate.precision, gate.auto_apply_earned) == (4, 0.75, False)

    fifth = store.remember(T, CHANGES[4][1])  # the gate closed again: held
    assert fifth.superseded_ids == [] and store.get(T, olders[4]).status == "active"
    assert [c.newer_id for c in store.curator.changes(T)] == [fifth.id]


def test_unknown_and_malformed_change_ids_are_typed_errors(semantic_store: MemoryStore) -> None:
    store = semantic_store
    store.tenants.set_policy(T, gated())
    with pytest.raises(NotFoundError, match="unknown change"):
        store.curator.confirm_change(T, "00000000-0000-4000-8000-000000000000")
    with pytest.raises(ValidationError, match="change_id"):
        store.curator.reject_change(T, "not-a-uuid")
    with pytest.raises(ValidationError, match="status"):
        store.curator.changes(T, status="maybe")


# -- storage: dump / restore and tenant deletion take the held changes along ---------------
def _held_on_hashing(store: MemoryStore) -> str:
    """A held change through the pass on the plain store."""
    old, _ = account_manager_change(store, T)
    store.runs.curate(T, apply=True)
    assert store.get(T, old.id).status == "active"
    return old.id


def test_held_changes_travel_with_a_dump_and_go_with_the_tenant(
    store: MemoryStore, tmp_path: Path
) -> None:
    older = _held_on_hashing(store)
    [held] = store.curator.changes(T)
    dump = tmp_path / "lender.dump"
    store.transfer.dump(dump, T)

    deleted = store.tenants.delete(T, dump=dump)
    assert deleted.rows["change_review"] == 1
    with store.db.admin_transaction() as conn:
        assert conn.execute(text("SELECT count(*) FROM change_review")).scalar_one() == 0

    store.transfer.restore(dump, tenant=T)
    assert store.curator.changes(T) == [held]  # pending as it was, with its evidence
    decision = store.curator.confirm_change(T, held.id)  # and still decidable
    assert decision.archived and store.get(T, older).status == "archived"


def test_a_pending_change_of_an_entry_archived_since_leaves_the_queue(
    semantic_store: MemoryStore,
) -> None:
    store = semantic_store
    [older] = write_olders(store, gated(), count=1)
    first = store.remember(T, CHANGES[0][1], created_at=days_ago(5)).id  # $400,000
    latest = store.remember(T, "The customer's pre-approval amount is $450,000").id
    pairs = {(c.older_id, c.newer_id): c.id for c in store.curator.changes(T)}
    assert set(pairs) == {(older, first), (older, latest), (first, latest)}

    store.curator.confirm_change(T, pairs[(older, latest)])
    open_pairs = {(c.older_id, c.newer_id) for c in store.curator.changes(T)}
    assert open_pairs == {(first, latest)}  # (older, first) is moot: older is archived
    assert store.curator.change_gate(T).pending == 1
    store.restore(T, older)  # restored: its other change is open again
    assert (older, first) in {(c.older_id, c.newer_id) for c in store.curator.changes(T)}
