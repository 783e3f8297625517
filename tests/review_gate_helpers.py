"""Fixtures of the review-gate tests: facts that change value, written through a real store
(the MiniLM embedder: whether two statements are one slot's change depends on meaning)."""

from __future__ import annotations

from typing import Any

from curation_helpers import apply_only, days_ago

from curation import MemoryStore

T = "lender"
# (older, newer): one subject and slot each, another value; no two subjects alike enough to
# be taken for one another (cosine across pairs < 0.6, the detector's threshold)
CHANGES = [
    (
        "The customer's pre-approval amount is $350,000",
        "The customer's pre-approval amount is $400,000",
    ),
    ("The customer's credit score is 640", "The customer's credit score is 710"),
    ("The customer's monthly income is $5,000", "The customer's monthly income is $6,500"),
    ("The customer's down payment is $20,000", "The customer's down payment is $35,000"),
    ("The customer's loan term is 15 years", "The customer's loan term is 30 years"),
    ("The customer's closing date is March 3", "The customer's closing date is April 9"),
]


def gated(min_reviewed: int = 3, min_precision: float = 0.95, **overrides: Any) -> Any:
    """Supersession and contradiction applied, the gate's thresholds as given."""
    return apply_only(
        "supersession",
        "contradiction",
        inferred_min_reviewed=min_reviewed,
        inferred_min_precision=min_precision,
        **overrides,
    )


def write_olders(store: MemoryStore, policy: Any, count: int = len(CHANGES)) -> list[str]:
    store.tenants.set_policy(T, policy)
    return [
        store.remember(T, older, created_at=days_ago(20 - n)).id
        for n, (older, _) in enumerate(CHANGES[:count])
    ]
