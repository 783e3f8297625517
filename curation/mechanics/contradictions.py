"""Contradiction: a newer statement of the same subject and slot with another value.

The one test (``slot_change``) serves the plan's pair scan (``pairs.scan``) and the
write-time check (``_store/write_hooks.detect_contradictions``); both read it through
the one change detector, ``curation._change``. A confident change is supersession's
(``supersession.plan_inferred`` / ``inferred_on_write``); an unsure one is a conflict on
the older entry, the newer statement its claim, so doubt never lands on the newer side.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from curation._change import SlotComparison, SlotVerdict, compare_slots
from curation._plan import ConflictCandidate
from curation._values import distinct_subjects, value_differences
from curation.mechanics.work import PlanWork


@dataclass(frozen=True)
class SlotChange:
    """A newer statement of the same subject and slot with another value (``slots``)."""

    older: int
    newer: int
    similarity: float
    slot: SlotComparison


def slot_change(older: str, newer: str, differences: list[str]) -> SlotComparison | None:
    """The change ``newer`` makes to ``older``'s value, or None: two statements whose
    values name different subjects are neither one belief nor a disagreement, and a
    disagreement about another subject or slot is no change. ``differences``: their
    value differences (``curation._values``), which the caller may have at hand."""
    if distinct_subjects(differences):
        return None
    slot = compare_slots(older, newer)
    return slot if slot.verdict is SlotVerdict.CHANGE else None


def change_on_write(older: str, newer: str) -> SlotComparison | None:
    """``slot_change`` for a write and a nearby older entry."""
    return slot_change(older, newer, value_differences(older, newer))


def may_contest_on_write(older_at: datetime, newer_at: datetime, *, same_batch: bool) -> bool:
    """Whether a write may doubt a nearby entry: only one stated no later than it (doubt
    goes on the older side), and never one written in the same batch (values written
    together may coexist)."""
    return not same_batch and older_at <= newer_at


def plan_conflicts(work: PlanWork, changes: list[SlotChange]) -> list[ConflictCandidate]:
    """One candidate per unsure change, on the older entry, none touching an entry this
    plan archives."""
    snap = work.snap
    seen: set[tuple[int, int]] = set()
    out: list[tuple[tuple[int, int], ConflictCandidate]] = []
    for change in changes:
        older, newer = change.older, change.newer
        if (older, newer) in seen or work.archived[older] or work.archived[newer]:
            continue
        seen.add((older, newer))
        candidate = ConflictCandidate(
            memory_id=snap.ids[older],
            other_id=snap.ids[newer],
            claim=snap.contents[newer],
            evidence=change.slot.evidence,
            similarity=round(float(change.similarity), 4),
        )
        out.append(((older, newer), candidate))
    out.sort(key=lambda item: item[0])
    return [candidate for _, candidate in out]
