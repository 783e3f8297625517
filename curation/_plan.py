"""The curation plan: every proposed action with its reason and what undoing it needs.

A plan is pure data. Planners (pure, clock-injected) build it from a snapshot; the store
applies it in one transaction, skipping any row whose state version moved since planning.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from curation._kinds import ArchiveReason
from curation._policy import CurationPolicy
from curation._review import HeldChange


class Mechanic(StrEnum):
    SUPERSESSION = "supersession"
    DUPLICATES = "duplicates"
    DECAY = "decay"
    CONTRADICTION = "contradiction"
    COMPRESSION = "compression"


@dataclass(frozen=True)
class ArchiveAction:
    """Archive one active memory. Undo = restore it to active (its prior state is recorded)."""

    memory_id: str
    mechanic: Mechanic
    reason: ArchiveReason
    expected_version: int
    detail: str
    # superseded_by for supersession, the canonical for duplicates, the parent for subsumed
    target_id: str | None = None
    retention: float | None = None
    # supersession inferred from a same-slot value change (no key): shown to the curator
    # as "inferred supersession", undone by restoring the entry
    inferred: bool = False
    # an inferred change's cosine between the two statements (its review evidence)
    similarity: float | None = None


@dataclass(frozen=True)
class MergeCluster:
    """Near-duplicates folded into a canonical entry (highest retention)."""

    canonical_id: str
    canonical_version: int
    duplicate_ids: tuple[str, ...]
    recall_count_after: int
    importance_after: float
    proven_after: int
    min_similarity: float


@dataclass(frozen=True)
class ConflictCandidate:
    """Two highly similar entries that disagree on a value or polarity.

    The older entry is contested by the newer one's claim; neither is edited.
    """

    memory_id: str
    other_id: str
    claim: str
    evidence: str
    similarity: float


@dataclass(frozen=True)
class ProposalCandidate:
    """A cluster of lexically overlapping entries that may be one principle."""

    kind: str
    member_ids: tuple[str, ...]
    text: str
    generality: int
    min_jaccard: float
    mean_jaccard: float
    pairs: tuple[tuple[str, str, float], ...] = ()


@dataclass
class CurationPlan:
    tenant: str
    planned_at: datetime
    policy: CurationPolicy
    active_before: int
    archives: list[ArchiveAction] = field(default_factory=list)
    merges: list[MergeCluster] = field(default_factory=list)
    conflicts: list[ConflictCandidate] = field(default_factory=list)
    proposals: list[ProposalCandidate] = field(default_factory=list)
    # inferred supersessions the tenant has not earned to apply: held for review
    held: list[HeldChange] = field(default_factory=list)
    skipped_by_cap: int = 0
    # decay archives already made in the policy's rolling window before this plan, and
    # the number this plan could still make under the cap
    pruned_in_window: int = 0
    prune_cap: int = 0

    def archived_by(self, mechanic: Mechanic) -> list[ArchiveAction]:
        return [a for a in self.archives if a.mechanic == mechanic]

    def archived_ids(self) -> set[str]:
        return {a.memory_id for a in self.archives}

    def active_after_writing(self, mechanics: set[Mechanic]) -> int:
        """The active count an apply leaves when only ``mechanics`` write."""
        return self.active_before - len(
            {a.memory_id for a in self.archives if a.mechanic in mechanics}
        )

    def counts(self) -> dict[str, int]:
        return {
            "active_before": self.active_before,
            "superseded": len(self.archived_by(Mechanic.SUPERSESSION)),
            "held_for_review": len(self.held),
            "merged_clusters": len(self.merges),
            "duplicates_archived": len(self.archived_by(Mechanic.DUPLICATES)),
            "decayed": len(self.archived_by(Mechanic.DECAY)),
            "skipped_by_cap": self.skipped_by_cap,
            "pruned_in_window": self.pruned_in_window,
            "prune_cap": self.prune_cap,
            "proposals": len(self.proposals),
            "conflicts": len(self.conflicts),
            "active_after": self.active_before - len(self.archived_ids()),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "tenant": self.tenant,
            "planned_at": self.planned_at.isoformat(),
            "policy": self.policy.model_dump(mode="json"),
            "counts": self.counts(),
            "archives": [asdict(a) for a in self.archives],
            "merges": [asdict(m) for m in self.merges],
            "conflicts": [asdict(c) for c in self.conflicts],
            "proposals": [asdict(p) for p in self.proposals],
            "held": [asdict(h) for h in self.held],
        }
