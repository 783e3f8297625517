"""The running state of one plan that every phase reads and extends: scores, what is
archived so far, and what covers what (for decay). Pure: no store, no clock."""

from __future__ import annotations

from dataclasses import dataclass, field

from curation._kinds import ArchiveReason
from curation._plan import ArchiveAction, Mechanic
from curation._policy import CurationPolicy
from curation._review import HeldChange, ReviewGate
from curation._snapshot import BoolArray, FloatArray, MemorySnapshot
from curation._values import ValueProfile, compare_profiles, extract_values


@dataclass
class PlanWork:
    """Scores and the running archive state shared by the phases."""

    snap: MemorySnapshot
    policy: CurationPolicy
    now: float
    retention: FloatArray
    rank: FloatArray
    archived: BoolArray
    review: ReviewGate
    archives: list[ArchiveAction] = field(default_factory=list)
    held: list[HeldChange] = field(default_factory=list)
    profiles: dict[int, ValueProfile] = field(default_factory=dict)
    # supersession winner id -> positions in ``archives`` of the entries it superseded
    superseded_by: dict[str, list[int]] = field(default_factory=dict)
    # row -> the active entries that cover it (a near-duplicate or a newer same-slot
    # statement), in the order found
    covered: dict[int, list[int]] = field(default_factory=dict)
    # row -> the newer statements of its slot (a subset of ``covered``)
    newer_of_slot: dict[int, list[int]] = field(default_factory=dict)

    def cover(self, row: int, by: int, *, same_slot: bool = False) -> None:
        """``by`` carries ``row``'s information on (decay may then archive ``row``). Keys
        win: an entry its writer keyed is carried on by its own key's entries alone, and a
        keyed entry's inferred change of another entry is left to its key (unsure), so it
        carries nothing on either (TimeQA with keys: 10 keyed facts decayed under an
        unkeyed near-twin, 24 list facts under another subject's keyed fact)."""
        keys = self.snap.supersession_keys
        own_key = keys[row] == keys[by]
        if not own_key and (keys[row] is not None or (same_slot and keys[by] is not None)):
            return
        self.covered.setdefault(row, []).append(by)
        if same_slot:
            self.newer_of_slot.setdefault(row, []).append(by)

    def uncover_slot(self, row: int) -> None:
        """``row`` is no longer carried on by the newer statements of its slot (its change
        was held or decided against: decay must not archive it on that inference)."""
        slot_covers = set(self.newer_of_slot.pop(row, []))
        self.covered[row] = [c for c in self.covered.get(row, []) if c not in slot_covers]

    def active_covers(self, row: int) -> list[int]:
        """What still carries ``row`` on: its active covers; failing those, the active
        newer statements of its slot reached through archived ones (a newer statement of
        a newer statement of a slot is one too; a near-duplicate of a near-duplicate is
        not, so that chain is never followed)."""
        alive = [c for c in self.covered.get(row, []) if not self.archived[c]]
        if alive:
            return alive
        seen, frontier = {row}, list(self.newer_of_slot.get(row, []))
        while frontier:
            nxt = []
            for c in frontier:
                if c in seen:
                    continue
                seen.add(c)
                if not self.archived[c]:
                    alive.append(c)
                else:
                    nxt.extend(self.newer_of_slot.get(c, []))
            frontier = nxt
        return alive

    def archive(
        self,
        row: int,
        mechanic: Mechanic,
        reason: ArchiveReason,
        detail: str,
        target: int | None,
        *,
        inferred: bool = False,
        similarity: float | None = None,
    ) -> None:
        self.archived[row] = True
        self.archives.append(
            ArchiveAction(
                memory_id=self.snap.ids[row],
                mechanic=mechanic,
                reason=reason,
                expected_version=int(self.snap.versions[row]),
                detail=detail,
                target_id=self.snap.ids[target] if target is not None else None,
                retention=round(float(self.retention[row]), 6),
                inferred=inferred,
                similarity=similarity,
            )
        )

    def differences(self, older: int, newer: int) -> list[str]:
        for row in (older, newer):
            if row not in self.profiles:
                self.profiles[row] = extract_values(self.snap.contents[row])
        return compare_profiles(self.profiles[older], self.profiles[newer])

    def age_key(self, row: int) -> tuple[float, str]:
        return float(self.snap.created_at[row]), self.snap.ids[row]
