"""Supersession: a newer statement of a value replaces the older one.

By key (the writer names the slot): among the active entries sharing a key the survivor
rule below decides, at write time (``_store/write_hooks.supersede_keys``) and in the
nightly plan (``plan_keys``) alike. Without a key (inferred): a confident same-slot
change (``curation._change.infers_supersession``) archives the older entry once the
tenant has earned it and is held for the curator until then (``curation._review``), in
the plan (``plan_inferred``) and on write (``inferred_on_write``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Generic, TypeVar

from curation._change import (
    SlotComparison,
    SlotVerdict,
    compare_slots,
    filed_apart,
    infers_supersession,
)
from curation._kinds import ArchiveReason
from curation._plan import ArchiveAction, Mechanic, MergeCluster
from curation._review import HeldChange
from curation.mechanics.contradictions import SlotChange
from curation.mechanics.work import PlanWork

R = TypeVar("R")


def shares_key(a: str | None, b: str | None) -> bool:
    """Two entries sharing a key are supersession's: neither a duplicate nor a conflict."""
    return a is not None and a == b


def left_to_keys(a: str | None, b: str | None) -> bool:
    """A pair the keys settle, so no inference reads it: one key shared (supersession's)
    or two keys (two slots, ``curation._change.filed_apart``)."""
    return shares_key(a, b) or filed_apart(a, b)


@dataclass(frozen=True)
class KeyHolder(Generic[R]):
    """An active entry holding a supersession key, as the survivor rule reads it.
    ``said_at``: when it was stated (a revived entry: when it was re-stated); seconds
    since the epoch in a plan, a datetime on write — one kind within one call."""

    ref: R
    memory_id: str
    generality: int
    said_at: float | datetime
    pinned: bool

    def survivor_key(self) -> tuple[Any, ...]:
        return (self.generality, self.said_at, self.memory_id)

    def age_key(self) -> tuple[Any, ...]:
        return (self.said_at, self.memory_id)


def settle_key(
    holders: Sequence[KeyHolder[R]],
) -> tuple[KeyHolder[R], list[tuple[KeyHolder[R], ArchiveReason]]]:
    """The survivor rule, written once: among the holders of one key the broadest wins,
    then the newest, then the id, so a narrower statement never demotes a principle
    (source 000, subsumption). The others lose, in the given order, pinned ones excepted:
    an older one ``superseded``, a newer but narrower one ``subsumed`` (filed beneath the
    winner)."""
    winner = max(holders, key=KeyHolder.survivor_key)
    losers = [
        (
            holder,
            ArchiveReason.SUBSUMED
            if holder.age_key() > winner.age_key()
            else ArchiveReason.SUPERSEDED,
        )
        for holder in holders
        if holder is not winner and not holder.pinned
    ]
    return winner, losers


# -- the plan's phases -------------------------------------------------------------------
def plan_keys(work: PlanWork) -> None:
    """Key supersession over the snapshot: each key settled by ``settle_key``, keys in
    order, each key's losers from the narrowest and oldest up."""
    snap = work.snap
    holders = [
        KeyHolder(
            row,
            snap.ids[row],
            int(snap.generality[row]),
            float(snap.created_at[row]),
            bool(snap.pinned[row]),
        )
        for row, key in enumerate(snap.supersession_keys)
        if key is not None
    ]
    holders.sort(key=lambda h: (snap.supersession_keys[h.ref], *h.survivor_key()))
    start = 0
    while start < len(holders):
        key = snap.supersession_keys[holders[start].ref]
        stop = start
        while stop < len(holders) and snap.supersession_keys[holders[stop].ref] == key:
            stop += 1
        winner, losers = settle_key(holders[start:stop])
        for loser, reason in losers:
            if reason is ArchiveReason.SUBSUMED:
                detail = f"newer but narrower than {winner.memory_id} (key {key!r})"
            else:
                detail = f"superseded by {winner.memory_id} (key {key!r})"
            work.superseded_by.setdefault(winner.memory_id, []).append(len(work.archives))
            work.archive(loser.ref, Mechanic.SUPERSESSION, reason, detail, winner.ref)
        start = stop


def plan_inferred(work: PlanWork, changes: list[SlotChange]) -> list[SlotChange]:
    """Key-less supersession: a confident same-slot change archives the older entry
    ``superseded`` by the newest entry that restates its slot (reversible: restore undoes
    it) once the tenant has earned it, and is held for review until then
    (``supersede_inferred``). Keys win: an entry with a supersession key is left to key
    supersession, and its changes stay unsure. A pinned or broader older entry is never
    superseded by a narrower one. Returns the changes left unsure (for the conflict
    queue)."""
    snap = work.snap
    confident: dict[int, SlotChange] = {}
    unsure: list[SlotChange] = []
    for change in changes:
        older, newer = change.older, change.newer
        keyed = snap.supersession_keys[older] is not None or (
            snap.supersession_keys[newer] is not None
        )
        if not infers_supersession(
            change.slot,
            keyed=keyed,
            older_pinned=bool(snap.pinned[older]),
            older_generality=int(snap.generality[older]),
            newer_generality=int(snap.generality[newer]),
        ):
            unsure.append(change)
            continue
        best = confident.get(older)
        if best is None or work.age_key(newer) > work.age_key(best.newer):
            confident[older] = change
    for older in sorted(confident, key=work.age_key):
        if work.archived[older]:
            continue
        change = confident[older]
        target, hops = change.newer, 0
        while target in confident and hops < len(confident):  # the newest of a chain
            target, hops = confident[target].newer, hops + 1
        if work.archived[target]:
            # not superseded here, so not carried on by an unconfirmed inference either:
            # decay must not archive it on that reading ("LT-0417 is assigned to Hana Kim"
            # covered by "LT-1387 is assigned to Hana Kim")
            work.uncover_slot(older)
            continue
        sure = _keeps_slot(snap.contents[older], snap.contents[target])
        if not sure:  # a link read another subject's statement as a change: ask about the first
            target = change.newer
        detail = (
            f"inferred supersession: {change.slot.evidence}; cosine "
            f"{change.similarity:.3f}; by {snap.ids[target]}"
        )
        supersede_inferred(work, older, target, detail, change.similarity, sure=sure)
    return unsure


def supersede_inferred(
    work: PlanWork, older: int, newer: int, detail: str, similarity: float, *, sure: bool = True
) -> None:
    """An inferred supersession: archived only when the tenant has earned it
    (``curation._review``) and the plan is ``sure`` of it, else held for review; a pair
    the curator decided is left as it is. An entry not archived here is then not covered
    by the newer statements of its slot either, or decay would archive it on the
    unconfirmed (or rejected) inference."""
    older_id, newer_id = work.snap.ids[older], work.snap.ids[newer]
    decided = work.review.decided(older_id, newer_id)
    if decided or not work.review.earned or not sure:
        if not decided:
            work.held.append(HeldChange(older_id, newer_id, detail, round(float(similarity), 4)))
        work.uncover_slot(older)
        return
    work.superseded_by.setdefault(newer_id, []).append(len(work.archives))
    work.archive(
        older,
        Mechanic.SUPERSESSION,
        ArchiveReason.SUPERSEDED,
        detail,
        newer,
        inferred=True,
        similarity=round(float(similarity), 4),
    )


def _keeps_slot(older: str, newest: str) -> bool:
    """A chain of changes must end at a statement of its first one's slot: each link is
    one pair's reading, and two readings in a row may cross subjects ("Priya: Tessaract"
    -> "Priya: Fernhill" -> "Lena: Fernhill"). Which link is wrong nobody can tell, so the
    first entry stays active and its own link is held for the curator."""
    return compare_slots(older, newest).verdict is not SlotVerdict.DIFFERENT


def with_canonical(work: PlanWork, merges: list[MergeCluster]) -> list[MergeCluster]:
    """A canonical that a newer statement of its slot supersedes takes its duplicates with
    it: they said the same, so the same entry supersedes them (inferred, like it), and the
    merge is dropped (nothing folds into an archived entry). Without this they pointed at
    the archived canonical."""
    position = {a.memory_id: k for k, a in enumerate(work.archives)}
    kept = []
    for merge in merges:
        if merge.canonical_id not in position:
            kept.append(merge)
            continue
        successor = work.archives[position[merge.canonical_id]]
        for duplicate in merge.duplicate_ids:
            k = position[duplicate]
            work.archives[k] = replace(
                work.archives[k],
                mechanic=Mechanic.SUPERSESSION,
                reason=ArchiveReason.SUPERSEDED,
                target_id=successor.target_id,
                inferred=True,
                detail=f"near-duplicate of {merge.canonical_id}, superseded with it: "
                + successor.detail,
            )
    return kept


# -- write time -------------------------------------------------------------------------
@dataclass(frozen=True)
class WrittenChange:
    """A write restating an older entry's slot with another value (the write-time slot
    check reads each nearby older entry into one)."""

    older_id: str
    older_version: int
    older_at: datetime
    older_pinned: bool
    older_generality: int
    older_keyed: bool
    newer_id: str
    newer_at: datetime
    newer_generality: int
    newer_keyed: bool
    similarity: float
    slot: SlotComparison


def inferred_on_write(change: WrittenChange) -> ArchiveAction | None:
    """The archive a confident change asks for (the pass's rule, and strictly newer, as
    in the pass), or None when the change is unsure (a conflict, if contested)."""
    if not change.older_at < change.newer_at:
        return None
    if not infers_supersession(
        change.slot,
        keyed=change.older_keyed or change.newer_keyed,
        older_pinned=change.older_pinned,
        older_generality=change.older_generality,
        newer_generality=change.newer_generality,
    ):
        return None
    return ArchiveAction(
        memory_id=change.older_id,
        mechanic=Mechanic.SUPERSESSION,
        reason=ArchiveReason.SUPERSEDED,
        expected_version=change.older_version,
        detail=(
            f"inferred supersession on write: {change.slot.evidence}; cosine "
            f"{change.similarity:.3f}; by {change.newer_id}"
        ),
        target_id=change.newer_id,
        inferred=True,
        similarity=round(change.similarity, 4),
    )
