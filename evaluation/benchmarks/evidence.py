"""What curation did to the gold evidence, summarised the same way for LoCoMo and
LongMemEval: the retrieval arms, scores split by whether a question's evidence survived,
and the curation summary (archived, evidence still active or represented), counted over a
run's tenants by one ``CurationTally``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluation.benchmarks.plumbing import AfterCuration
from evaluation.benchmarks.scoring import RetrievalScore, aggregate, share
from evaluation.retrieval_metrics import mean, recall_any_at_k

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


@dataclass
class CurationTally:
    """What curation did over a run's tenants: the counts ``curation_summary`` reads, the
    archive reasons, whether each question's evidence stayed active, the questions its
    representatives answered, and the scores by evidence state."""

    counts: Counter[str] = field(default_factory=Counter)
    archived_reasons: Counter[str] = field(default_factory=Counter)
    evidence_reasons: Counter[str] = field(default_factory=Counter)
    all_evidence_active: list[bool] = field(default_factory=list)
    representative_credit: int = 0
    by_state: EvidenceStates = field(default_factory=evidence_states)

    def tenant(self, after: AfterCuration, memories: int) -> None:
        """One tenant curated: its ``memories``, what was archived and left contested."""
        self.counts["memories"] += memories
        self.counts["archived"] += len(after.archived)
        self.counts["open_conflicts"] += len(after.contested)
        self.archived_reasons.update(m.archive_reason or "?" for m in after.archived.values())

    def evidence(self, after: AfterCuration, gold: Collection[str]) -> None:
        """Gold evidence memories: how many stayed active, or are represented."""
        self.counts["evidence_memories"] += len(gold)
        self.counts["evidence_active"] += sum(after.is_active(m) for m in gold)
        self.counts["evidence_represented"] += sum(
            after.is_active(m) or after.representative(m) is not None for m in gold
        )
        self.evidence_reasons.update(
            after.archived[m].archive_reason or "?" for m in gold if m in after.archived
        )

    def credited(
        self, after: AfterCuration, hits: Sequence[str], relevant: set[str], top: int
    ) -> list[str]:
        """``hits`` with representatives read as the evidence they stand for
        (``AfterCuration.stand_ins``), counting the question when that made a hit."""
        credited = after.stand_ins(hits, relevant)
        if recall_any_at_k(credited, relevant, top) > recall_any_at_k(hits, relevant, top):
            self.representative_credit += 1
        return credited

    def summary(self, curate: bool, names: Sequence[str]) -> dict[str, Any]:
        """The result's ``curation`` and ``by_evidence_state`` entries."""
        curation = curation_summary(
            curate,
            self.counts,
            self.archived_reasons,
            self.evidence_reasons,
            self.all_evidence_active,
        )
        if curate:
            curation["representative_credit"] = self.representative_credit
        states = by_evidence_state(self.by_state, names) if curate else {}
        return {"curation": curation, "by_evidence_state": states}
