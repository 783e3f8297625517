"""A/B on a tenant's own labeled queries, for the weekly evaluation asset.

Labels come from the tenant itself: golden probes (query → expected memories) and
feedback-labeled recalls — a recall whose hit the same agent later marked useful
(``feedback(useful=True)``, a VALIDATE event) within a day. Each labeled query is recalled
raw and curated (not recorded); the decision is correct when the first hit is one of the
expected memories.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from curation import MemoryStore
from evaluation.ab import compare_paired

FEEDBACK_WINDOW = timedelta(days=1)


@dataclass(frozen=True)
class LabeledQuery:
    query: str
    expected: frozenset[str]
    source: str  # "golden" | "feedback"


def labeled_queries(store: MemoryStore, tenant: str, *, limit: int = 5000) -> list[LabeledQuery]:
    out = [
        LabeledQuery(p.query, frozenset(p.expected_ids), "golden")
        for p in store.runs.golden_probes(tenant)
    ]
    events = store.ledger.events(tenant, types=["recall", "validate"], limit=limit)
    recalls = [e for e in events if e.type == "recall" and e.data.get("query")]
    seen: set[tuple[str, str]] = set()
    for validation in (e for e in events if e.type == "validate" and e.memory_id):
        for recall in reversed(recalls):
            if recall.at > validation.at or recall.actor != validation.actor:
                continue
            if validation.at - recall.at > FEEDBACK_WINDOW:
                break
            if validation.memory_id in recall.related_ids:
                key = (recall.data["query"], validation.memory_id)
                if key not in seen:
                    seen.add(key)
                    out.append(
                        LabeledQuery(
                            recall.data["query"], frozenset({validation.memory_id}), "feedback"
                        )
                    )
                break
    return out


def evaluate_tenant(
    store: MemoryStore, tenant: str, *, now: datetime, k: int = 6
) -> dict[str, Any]:
    queries = labeled_queries(store, tenant)
    rows: list[dict[str, Any]] = []
    for labeled in queries:
        row: dict[str, Any] = {"query": labeled.query, "source": labeled.source}
        for arm in ("raw", "curated"):
            hits = store.recall(tenant, labeled.query, k, mode=arm, record=False, now=now).hits
            ranks = [i for i, h in enumerate(hits, start=1) if h.id in labeled.expected]
            row[f"{arm}_score"] = 1.0 if ranks and ranks[0] == 1 else 0.0
            row[f"{arm}_rank"] = ranks[0] if ranks else None
        rows.append(row)
    comparison = compare_paired([r["raw_score"] for r in rows], [r["curated_score"] for r in rows])
    return {
        "tenant": tenant,
        "labeled_queries": len(rows),
        "golden": sum(1 for q in queries if q.source == "golden"),
        "feedback": sum(1 for q in queries if q.source == "feedback"),
        "comparison": comparison.to_dict(),
        "rows": rows,
    }
