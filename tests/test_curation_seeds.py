"""The seeds' worked situations, end to end through the store (real database):
forty paraphrases of one lesson become one principle proposal (approve, unmerge); a quiet
broad principle is never decayed; last March's hotfix is archived while the principle
stays; a refuted claim comes back with its conflict; a narrower write never demotes a
principle, a more general one replaces it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from curation_helpers import (
    MIGRATION_LESSON,
    T0,
    UNRELATED,
    apply_only,
    days_ago,
    fillers,
    state,
)

from curation import MemoryStore, RecallMode

T = "fleet"


# -- (a) forty paraphrases -> one principle proposal --------------------------------------


def test_forty_paraphrases_become_one_principle_then_unmerge_restores_all(
    store: MemoryStore,
) -> None:
    lessons = [
        r.id
        for r in store.remember_many(
            T,
            [
                {
                    "content": c,
                    "generality": 1 if i % 8 == 0 else 0,
                    "importance": 0.3 + 0.01 * i,
                    "created_at": days_ago(40 - i),
                }
                for i, c in enumerate(MIGRATION_LESSON)
            ],
        )
    ]
    unrelated = [r.id for r in store.remember_many(T, [{"content": c} for c in UNRELATED])]
    assert len(set(lessons)) == 40
    before = state(store, T)

    report = store.runs.curate(T, apply=True)  # default policy: only proposals are written

    assert report.applied["proposals_created"] == 1
    assert store.counts(T).archived == 0
    [proposal] = store.curator.proposals(T)
    members = set(proposal.member_ids)
    assert len(members) >= 3 and members <= set(lessons)
    assert members == set(lessons)  # the whole lesson, nothing unrelated
    assert not members & set(unrelated)
    assert proposal.generality == 1 + 1  # max member generality + 1
    # what all forty share, with the differing verb listed and the optional tails left out
    assert proposal.text == (
        "Always run the schema migration check before"
        " [deploying | releasing | shipping | upgrading] the billing service"
    )
    assert proposal.evidence["min_jaccard"] > 0

    [approved] = store.curator.approve(T, [proposal.id])
    principle = approved.principle_id
    assert principle not in members and approved.created is True  # written above them
    assert approved.subsumed == 40
    p = store.get(T, principle)
    assert (p.status, p.generality, p.content) == ("active", 2, proposal.text)
    for member in members:
        why = store.explain(T, member)
        assert (why.memory.status, why.memory.archive_reason) == ("archived", "subsumed")
        assert why.memory.parent_id == principle
        assert why.parent is not None and why.parent.id == principle  # still reachable
        assert any(e.type == "approve" for e in why.events)
    assert store.counts(T).to_dict() == {
        "active": 1 + len(unrelated),
        "archived": 40,
        "archived_subsumed": 40,
    }
    assert store.curator.proposals(T, status="approved")[0].principle_id == principle
    hits = store.recall(T, "schema migration check before deploying billing", k=3, record=False)
    assert hits[0].id == principle and not set(hits.ids) & members

    result = store.curator.unmerge(T, proposal.id)

    assert result.restored == 40
    after = state(store, T)
    after.pop(principle)  # the principle the approval wrote, now retired
    assert after == before
    assert store.get(T, principle).archive_reason == "retired"
    assert store.curator.proposals(T, status=None)[0].status == "unmerged"
    assert any(e.type == "unmerge" for e in store.explain(T, principle).events)


# -- (b) a quiet broad principle ---------------------------------------------------------


@pytest.mark.parametrize("generality", [1, 2])
def test_a_quiet_broad_principle_is_never_decayed(store: MemoryStore, generality: int) -> None:
    principle = store.remember(
        T,
        "Prefer idempotent handlers for every message consumer",
        generality=generality,
        importance=0.2,
        created_at=days_ago(200),
    ).id
    one_off = store.remember(
        T,
        "The consumer lag alert fired once on the staging broker",
        importance=0.2,
        created_at=days_ago(200),
    ).id
    store.remember_many(T, [{"content": c, "created_at": days_ago(1)} for c in fillers("f", 8)])
    store.tenants.set_policy(T, apply_only("decay", prune_below=0.99))  # and it scores very low

    report = store.runs.curate(T, apply=True)

    assert store.get(T, one_off).archive_reason == "decayed"  # the same age, but narrow
    kept = store.get(T, principle)
    assert (kept.status, kept.recall_count, kept.last_recalled_at) == ("active", 0, None)
    assert principle not in report.archived_ids
    # not merely spared by the cap: every narrow entry (one-off + 8 fillers) is a
    # candidate at prune_below 0.99, the principle is not
    planned = report.planned
    assert planned["decayed"] + planned["skipped_by_cap"] == 1 + 8


# -- (c) last March's hotfix -------------------------------------------------------------


def test_a_hotfix_recalled_last_march_is_archived_while_the_principle_stays(
    store: MemoryStore,
) -> None:
    january, march = datetime(2026, 1, 10, tzinfo=UTC), datetime(2026, 3, 15, tzinfo=UTC)
    principle = store.remember(
        T,
        "Never ship a production change without a tested rollback path",
        generality=2,
        created_at=january,
        now=january,
    ).id
    hotfix = store.remember(
        T,
        "hotfix: raise the payments worker memory limit to 2 GB",
        generality=0,
        created_at=datetime(2026, 3, 1, tzinfo=UTC),
        now=march,
    ).id
    hit = store.recall(T, "payments worker memory limit hotfix", k=1, now=march)
    assert hit.ids == [hotfix]
    store.remember_many(T, [{"content": c, "created_at": days_ago(1)} for c in fillers("f", 8)])
    store.tenants.set_policy(T, apply_only("decay"))
    assert T0.month == 11  # "now" is November

    # in early April the hotfix was still warm
    april = store.runs.plan(T, now=datetime(2026, 4, 1, tzinfo=UTC))
    assert hotfix not in april.archived_ids()

    report = store.runs.curate(T, apply=True)

    gone = store.explain(T, hotfix)
    assert (gone.memory.status, gone.memory.archive_reason) == ("archived", "decayed")
    assert gone.memory.recall_count == 1 and gone.memory.last_recalled_at == march
    archive = [e for e in gone.events if e.type == "archive"]
    assert len(archive) == 1 and "idle" in (archive[0].reason or "")
    assert archive[0].run_id == report.run_id
    stays = store.get(T, principle)
    assert (stays.status, stays.recall_count) == ("active", 0)
    assert report.archived_ids == [hotfix]


# -- (d) a refuted claim comes back with its conflict -------------------------------------


def test_a_refuted_claim_is_recalled_with_its_conflict_and_ranked_lower(
    store: MemoryStore,
) -> None:
    # the same words (HashingEmbedder: identical vectors), so equally similar to any query
    texts = {
        store.remember(T, content).id: content
        for content in (
            "Retry the payment API three times before failing over",
            "Retry the payment API three times before failing over.",
        )
    }
    a, b = texts
    store.remember_many(T, [{"content": c} for c in fillers("f", 4)])
    query = "retry the payment api three times before failing over"
    plain = store.recall(T, query, k=2, record=False)
    assert set(plain.ids) == {a, b} and plain[0].similarity == plain[1].similarity
    refuted, other = plain[0].id, plain[1].id  # the one that ranked first ...

    conflict = store.contest(
        T,
        refuted,
        "The payment API must not be retried: it double-charges",
        "incident INC-2231 postmortem",
    )

    curated = store.recall(T, query, k=2)
    assert curated.ids == [other, refuted]  # ... now ranks below its uncontested twin
    top, contested = curated[0], curated[1]
    assert top.conflicts == [] and contested.similarity == top.similarity
    assert contested.score < top.score
    assert [c.id for c in contested.conflicts] == [conflict.id]
    assert contested.conflicts[0].claim.startswith("The payment API must not be retried")
    raw = store.recall(T, query, k=2, mode=RecallMode.RAW)
    assert set(raw.ids) == {a, b} and all(h.conflicts == [] for h in raw)
    entry = store.get(T, refuted)  # the entry itself is not edited
    assert (entry.content, entry.status) == (texts[refuted], "active")


# -- (e) a narrower write never demotes a principle ---------------------------------------


@pytest.mark.parametrize("link", ["key", "topic"])
def test_a_narrower_write_never_demotes_a_principle(store: MemoryStore, link: str) -> None:
    store.tenants.set_policy(T, apply_only("supersession", "subsumption"))
    where = {"supersession_key": "retries"} if link == "key" else {"topic": "retries"}
    principle = store.remember(
        T,
        "Every outbound call retries with exponential backoff and jitter",
        generality=2,
        created_at=days_ago(30),
        **where,
    )
    narrower = store.remember(
        T,
        "The geocoding client retries twice after a timeout",
        generality=0,
        created_at=days_ago(1),
        **where,
    )

    assert narrower.superseded_ids == []
    kept = store.get(T, principle.id)
    assert (kept.status, kept.archive_reason) == ("active", None)
    filed = store.get(T, narrower.id)
    assert filed.parent_id == principle.id  # filed beneath the principle
    if link == "key":  # one key keeps one active entry: the narrower one is subsumed
        assert (filed.status, filed.archive_reason) == ("archived", "subsumed")
    else:  # a topic may hold many entries beneath its principle
        assert (filed.status, filed.archive_reason) == ("active", None)
    # a pass with the same policy agrees
    store.runs.curate(T, apply=True)
    assert store.get(T, principle.id).status == "active"

    broader = store.remember(
        T,
        "Every remote dependency is wrapped in retries, timeouts and a circuit breaker",
        generality=3,
        **where,
    )

    replaced = store.get(T, principle.id)
    assert replaced.status == "archived"
    if link == "key":
        assert (replaced.archive_reason, replaced.superseded_by) == ("superseded", broader.id)
        assert broader.superseded_ids == [principle.id]
    else:
        assert (replaced.archive_reason, replaced.parent_id) == ("subsumed", broader.id)
    assert store.get(T, broader.id).status == "active"
