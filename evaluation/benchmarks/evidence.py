"""What curation did to the gold evidence, summarised the same way for LoCoMo and
LongMemEval: the retrieval arms, scores split by whether a question's evidence survived,
and the curation summary (archived, evidence still active or represented)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from evaluation.benchmarks.scoring import RetrievalScore, aggregate, share
from evaluation.retrieval_metrics import mean

ARMS = ("raw", "heuristic", "curated")
EvidenceStates = dict[str, dict[str, list[RetrievalScore]]]


def evidence_states() -> EvidenceStates:
    """Empty score lists per evidence state and arm."""
    return {state: {arm: [] for arm in ARMS} for state in ("all_active", "some_archived")}


def by_evidence_state(
    by_state: Mapping[str, Mapping[str, Sequence[RetrievalScore]]], names: Sequence[str]
) -> dict[str, Any]:
    """Raw vs curated on the questions whose needed evidence all survived curation and on
    those that lost some: separates what the re-ranking does from what archiving costs."""
    return {
        state: {arm: aggregate(scores, names) for arm, scores in arms.items() if scores}
        for state, arms in by_state.items()
    }


def curation_summary(
    curate: bool,
    counts: Mapping[str, int],
    archived_reasons: Mapping[str, int],
    evidence_reasons: Mapping[str, int],
    all_evidence_active: Sequence[bool],
) -> dict[str, Any]:
    if not curate:
        return {"ran": False}
    return {
        "ran": True,
        "memories": counts.get("memories", 0),
        "archived": counts.get("archived", 0),
        "archived_share": share(counts.get("archived", 0), counts.get("memories", 0)),
        "archived_by_reason": dict(sorted(archived_reasons.items())),
        "open_conflicts": counts.get("open_conflicts", 0),
        "evidence_memories": counts.get("evidence_memories", 0),
        "evidence_active": counts.get("evidence_active", 0),
        "evidence_survival": share(
            counts.get("evidence_active", 0), counts.get("evidence_memories", 0)
        ),
        "evidence_represented": share(
            counts.get("evidence_represented", 0), counts.get("evidence_memories", 0)
        ),
        "evidence_archived_by_reason": dict(sorted(evidence_reasons.items())),
        "questions_all_evidence_active": mean(float(x) for x in all_evidence_active),
    }
