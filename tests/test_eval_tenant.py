"""A/B on a tenant's own labels: golden probes and feedback-labeled recalls."""

from __future__ import annotations

from datetime import timedelta

from conftest import T0

from curation import MemoryStore
from evaluation.tenant_eval import evaluate_tenant, labeled_queries


def test_labels_come_from_golden_probes_and_validated_recalls(store: MemoryStore) -> None:
    t = "acme"
    keep = store.remember(
        t,
        "Refunds over 500 dollars need a supervisor approval",
        "fact",
        generality=2,
        now=T0 - timedelta(days=3),
    )
    store.remember(
        t, "Refunds are processed within five business days", "fact", now=T0 - timedelta(days=3)
    )
    store.runs.add_golden_probe(t, "supervisor approval for refunds", [keep.id], k=3)
    recalled = store.recall(
        t, "how long do refunds take", k=2, actor="agent-7", now=T0 - timedelta(hours=5)
    )
    useful = recalled.hits[0].id
    store.feedback(t, useful, True, actor="agent-7", now=T0 - timedelta(hours=4))
    # another agent's feedback does not label agent-7's recall
    store.feedback(t, recalled.hits[-1].id, True, actor="agent-9", now=T0 - timedelta(hours=4))
    labels = labeled_queries(store, t)
    assert [(q.source, q.query, q.expected) for q in labels] == [
        ("golden", "supervisor approval for refunds", frozenset({keep.id})),
        ("feedback", "how long do refunds take", frozenset({useful})),
    ]
    result = evaluate_tenant(store, t, now=T0, k=3)
    assert result["labeled_queries"] == 2
    assert result["golden"] == 1 and result["feedback"] == 1
    assert result["comparison"]["n"] == 2
    assert {r["source"] for r in result["rows"]} == {"golden", "feedback"}
