"""Compression: many rewordings of one lesson become one proposed principle."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from snapshot_factory import NOW, make_snapshot, only

from curation._planner import build_plan
from curation._policy import Mode
from curation._tokens import token_set
from curation.mechanics.principles import (
    MAX_EVIDENCE_PAIRS,
    MedoidSummarizer,
    cluster_stats,
    propose_principles,
)

POLICY = only("compression")

OPENERS = ["Always", "Remember to always", "Make sure to", "You must always", "Always remember to"]
VERBS = ["run", "perform"]
CHECKS = ["the marketplace compliance check", "the compliance check for the marketplace"]
ENDS = [
    "before listing a new product",
    "before listing any new product",
    "before you list a new product",
    "prior to listing a new product",
]
PARAPHRASES = [" ".join(p) for p in itertools.product(OPENERS, VERBS, CHECKS, ENDS)][::2]

UNRELATED = [
    "The user prefers dark mode in the editor",
    "Weather lookup for Berlin returned rain",
    "Customer 881 asked for a refund on order 4411",
    "Rotate the API keys every ninety days",
    "The staging database lives on host db-stage-2",
    "Summaries should stay under two hundred words",
    "Escalate billing disputes to the finance team",
    "Cache invalidation runs at midnight",
    "Prefer short answers for status questions",
    "The vendor integration was rewritten in June",
    "Use the retry wrapper for flaky network calls",
    "Translate error messages into the user's language",
]


def rows_for(texts: list[str], **extra: Any) -> list[dict[str, Any]]:
    return [{"content": t, "kind": "fact", "age_hours": 2, **extra} for t in texts]


def test_forty_paraphrases_of_one_lesson_end_as_one_principle_proposal() -> None:
    assert len(PARAPHRASES) == 40
    rows = rows_for(PARAPHRASES) + rows_for(UNRELATED)
    rows[3]["generality"] = 1
    rows[17]["generality"] = 2
    snap = make_snapshot(rows)
    plan = build_plan(snap, POLICY, NOW)
    assert len(plan.proposals) == 1
    proposal = plan.proposals[0]
    assert set(proposal.member_ids) == {snap.ids[k] for k in range(40)}
    assert proposal.generality == 3  # max member generality + 1
    # the shared statement with the differing wordings listed, never one member copied
    assert proposal.text not in PARAPHRASES
    assert "] the marketplace compliance check before [listing | you list] a new product" in (
        proposal.text
    )
    assert proposal.kind == "fact"
    assert 0 < proposal.min_jaccard <= proposal.mean_jaccard <= 1
    assert len(proposal.pairs) == MAX_EVIDENCE_PAIRS
    assert all(jac >= POLICY.jaccard_threshold for _, _, jac in proposal.pairs)
    assert plan.archives == []  # propose-only: nothing is archived by compression


def test_a_pair_is_a_coincidence_not_a_pattern() -> None:
    snap = make_snapshot(rows_for(PARAPHRASES[:2] + UNRELATED))
    assert propose_principles(snap, POLICY) == []


@pytest.mark.parametrize("size", [3, 5])
def test_min_cluster_size_is_the_policy_s(size: int) -> None:
    policy = only("compression", min_cluster_size=size)
    snap = make_snapshot(rows_for(PARAPHRASES[:4]))
    assert len(propose_principles(snap, policy)) == (1 if size <= 4 else 0)


def test_kinds_are_never_compressed_together() -> None:
    rows = [
        *rows_for(PARAPHRASES[:2]),
        {"content": PARAPHRASES[2], "kind": "preference"},
        {"content": PARAPHRASES[3], "kind": "preference"},
    ]
    assert propose_principles(make_snapshot(rows), POLICY) == []


def test_entries_already_under_a_principle_are_left_out() -> None:
    rows = rows_for(PARAPHRASES[:3])
    rows[0]["parent_id"] = "principle-1"
    assert propose_principles(make_snapshot(rows), POLICY) == []


def test_pinned_entries_may_be_members() -> None:
    rows = rows_for(PARAPHRASES[:3])
    rows[1]["pinned"] = True
    proposals = propose_principles(make_snapshot(rows), POLICY)
    assert len(proposals) == 1 and "m001" in proposals[0].member_ids


def test_medoid_is_the_most_central_member_and_ties_go_to_the_first() -> None:
    texts = [
        "alpha beta gamma delta",
        "alpha beta gamma delta epsilon",
        "alpha beta gamma delta zeta",
    ]
    assert MedoidSummarizer().summarize("fact", texts) == texts[0]
    same = ["deploy check run", "deploy check run", "deploy check run"]
    assert cluster_stats([token_set(t) for t in same]).medoid == 0


def test_cluster_stats_hand_computed() -> None:
    sets = [frozenset("ab"), frozenset("abc"), frozenset("bc")]
    stats = cluster_stats(sets)
    # pairs: ab|abc = 2/3, ab|bc = 1/3, abc|bc = 2/3
    assert stats.min_jaccard == pytest.approx(1 / 3)
    assert stats.mean_jaccard == pytest.approx(5 / 9)
    assert stats.medoid == 1


class UpperSummarizer:
    def summarize(self, kind: str, texts: list[str]) -> str:
        return f"{kind}: {texts[0].upper()}"


def test_summarizer_is_pluggable() -> None:
    snap = make_snapshot(rows_for(PARAPHRASES[:3]))
    plan = build_plan(snap, POLICY, NOW, summarizer=UpperSummarizer())
    assert plan.proposals[0].text == "fact: " + PARAPHRASES[0].upper()


def test_entries_archived_by_the_same_plan_are_not_proposed() -> None:
    policy = only("compression").model_copy(update={"supersession": Mode.DRY_RUN})
    rows = rows_for(PARAPHRASES[:4])
    rows[0].update(key="lesson", age_hours=5)
    rows[1].update(key="lesson", age_hours=1)
    plan = build_plan(make_snapshot(rows), policy, NOW)
    assert plan.archived_ids() == {"m000"}
    assert plan.proposals[0].member_ids == ("m001", "m002", "m003")
