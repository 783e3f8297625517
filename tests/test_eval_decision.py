"""The decision rule, pinned by small hand-built cases."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from record_helpers import open_conflict, recall_hit

from curation._records import RecallHit
from evaluation.decision import context_tokens, decide_budget, decide_top1, tokens
from evaluation.fleet import SimQuery

AT = datetime(2026, 11, 1, tzinfo=UTC)
SUBJECTS = {"cur": "plan", "old": "plan", "claim": "dc", "fix": "dc", "noise": "orders"}
QUERY = SimQuery(
    "q", "t", AT, "What plan?", "plan", frozenset({"cur"}), stale_ids=frozenset({"old"})
)
CLAIM_QUERY = SimQuery(
    "q2",
    "t",
    AT,
    "Where is the data center?",
    "dc",
    frozenset({"fix"}),
    refuted_ids=frozenset({"claim"}),
)


def hit(memory_id: str, content: str = "some words here", contested: bool = False) -> RecallHit:
    conflicts = [open_conflict(memory_id, AT)] if contested else []
    return recall_hit(memory_id, AT, content=content, conflicts=conflicts)


@pytest.mark.parametrize(
    ("hits", "query", "outcome", "rank"),
    [
        ([hit("old"), hit("cur")], QUERY, "wrong", 1),  # a stale top hit is a loss
        ([hit("cur"), hit("old")], QUERY, "correct", 1),  # a current one a win
        ([hit("noise"), hit("cur")], QUERY, "correct", 2),  # off-topic hits are skipped
        ([hit("noise")], QUERY, "wrong", None),  # nothing on topic
        ([], QUERY, "wrong", None),
        ([hit("claim", contested=True), hit("fix")], CLAIM_QUERY, "doubted", 1),
        ([hit("claim"), hit("fix")], CLAIM_QUERY, "wrong", 1),  # refuted taken as fact
        ([hit("old", contested=True)], QUERY, "doubted", 1),  # stale but flagged
    ],
)
def test_top1_on_topic(
    hits: list[RecallHit], query: SimQuery, outcome: str, rank: int | None
) -> None:
    decision = decide_top1(hits, query, SUBJECTS)
    assert (decision.outcome, decision.rank) == (outcome, rank)


def test_scores() -> None:
    assert decide_top1([hit("cur")], QUERY, SUBJECTS).score == 1.0
    assert decide_top1([hit("claim", contested=True)], CLAIM_QUERY, SUBJECTS).score == 0.5
    assert decide_top1([hit("old")], QUERY, SUBJECTS).score == 0.0


def test_budget_stops_reading() -> None:
    long_noise = hit("noise", content=" ".join(["word"] * 40))  # ~52 tokens
    hits = [long_noise, hit("cur", content="plan is Pro")]
    assert decide_budget(hits, QUERY, SUBJECTS, budget=30).outcome == "wrong"
    assert decide_budget(hits, QUERY, SUBJECTS, budget=80).outcome == "correct"
    # the first hit is always read, even over budget
    assert (
        decide_budget(
            [hit("cur", content=" ".join(["w"] * 100))], QUERY, SUBJECTS, budget=5
        ).outcome
        == "correct"
    )


def test_token_estimate() -> None:
    assert tokens("one two three") == 4
    assert context_tokens([hit("a", "one two"), hit("b", "three")]) == tokens("one two") + 1
