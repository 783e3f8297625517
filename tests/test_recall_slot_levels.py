"""Recall's newest-of-slot order works at every level of generality, one level at a time.

A fact an agent marks as general (generality 1: "the Initech account is on the Growth
plan") changes like any one-off note; its newer statement goes first. But a statement
never jumps over a broader one: a newer note at generality 1 stays below a principle at
generality 2 that the search ranked above it (the heuristic's blind spot).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from record_helpers import search_row

from curation import CurationPolicy
from curation._ranking import rank_candidates

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
QUESTION = "Which plan is the Initech account on?"


def row(content: str, similarity: float, days_old: float, generality: int) -> Any:
    """One search row as ``rank_candidates`` reads it, equal in all but what is given."""
    return search_row(content, similarity, NOW - timedelta(days=days_old), generality=generality)


def ranked(rows: list[Any]) -> list[Any]:
    return rank_candidates(
        rows,
        {},
        CurationPolicy(),
        tenant="t",
        model="m",
        now=NOW,
        k=len(rows),
        curated=True,
        query=QUESTION,
    )


def test_general_facts_of_one_slot_are_ordered_newest_first() -> None:
    older = "The Initech account is on the Starter plan."
    newer = "The Initech account is on the Growth plan."
    hits = ranked([row(older, 0.82, 40.0, 1), row(newer, 0.78, 2.0, 1)])
    assert [h.id for h in hits] == [newer, older]
    assert hits[1].newer_of_slot == newer


def test_a_narrower_newer_statement_never_jumps_over_a_broader_one() -> None:
    broad = "The Initech account is on the Starter plan."
    narrow = "The Initech account is on the Growth plan."
    hits = ranked([row(broad, 0.82, 40.0, 2), row(narrow, 0.80, 2.0, 1)])
    assert [h.id for h in hits] == [broad, narrow]
    assert all(h.newer_of_slot is None for h in hits)


def test_entries_filed_under_two_keys_keep_the_order_the_search_gave() -> None:
    """A keyed store holds one active entry per key: the newer one of another key (the
    account's renewal date) is another slot, never a version of the plan asked about."""
    plan = "The Initech account is on the Growth plan."
    renewal = "The Initech account renews on 1 March 2027."
    rows = [row(plan, 0.82, 40.0, 1), row(renewal, 0.78, 2.0, 1)]
    assert [h.id for h in ranked(rows)] == [renewal, plan]  # unkeyed: taken for a version
    rows[0].supersession_key, rows[1].supersession_key = "initech/plan", "initech/renewal"
    hits = ranked(rows)
    assert [h.id for h in hits] == [plan, renewal]
    assert all(h.newer_of_slot is None for h in hits)
