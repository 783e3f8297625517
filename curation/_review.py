"""The review gate: a supersession inferred without a key archives only when earned.

A change detector that is right on one tenant's wording can be wrong on another's, and an
archive on a wrong inference removes a correct memory. So an inferred supersession is held
for the curator (``change_review``) until the tenant's own reviewed decisions show the
inference is precise enough for it: at least ``policy.inferred_min_reviewed`` decisions,
of which at least ``policy.inferred_min_precision`` confirmed. A pair the curator decided
is never proposed or applied again. Pure: the store counts the labels and passes them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from curation._policy import CurationPolicy


@dataclass(frozen=True)
class ReviewGate:
    """A tenant's reviewed decisions on inferred supersessions and what they allow."""

    confirmed: int = 0
    rejected: int = 0
    min_reviewed: int = 50
    min_precision: float = 0.95
    # (older id, newer id) pairs the curator confirmed or rejected: never proposed again
    decided_pairs: frozenset[tuple[str, str]] = field(default_factory=frozenset)

    @classmethod
    def for_policy(
        cls,
        policy: CurationPolicy,
        *,
        confirmed: int = 0,
        rejected: int = 0,
        decided_pairs: frozenset[tuple[str, str]] = frozenset(),
    ) -> ReviewGate:
        return cls(
            confirmed=confirmed,
            rejected=rejected,
            min_reviewed=policy.inferred_min_reviewed,
            min_precision=policy.inferred_min_precision,
            decided_pairs=decided_pairs,
        )

    @property
    def reviewed(self) -> int:
        return self.confirmed + self.rejected

    @property
    def precision(self) -> float | None:
        """confirmed / reviewed; None before the first decision."""
        return self.confirmed / self.reviewed if self.reviewed else None

    @property
    def earned(self) -> bool:
        """Whether inferred supersessions may be applied without review. With no
        decisions at all only a policy that asks for none (``inferred_min_reviewed`` 0)
        opens it; after any, the precision must hold too."""
        if self.reviewed < self.min_reviewed:
            return False
        precision = self.precision
        return precision is None or precision >= self.min_precision

    def decided(self, older_id: str, newer_id: str) -> bool:
        return (older_id, newer_id) in self.decided_pairs

    def status(self) -> dict[str, object]:
        """The gate as the surfaces show it."""
        return {
            "confirmed": self.confirmed,
            "rejected": self.rejected,
            "reviewed": self.reviewed,
            "precision": None if self.precision is None else round(self.precision, 4),
            "min_reviewed": self.min_reviewed,
            "min_precision": self.min_precision,
            "auto_apply_earned": self.earned,
        }


@dataclass(frozen=True)
class HeldChange:
    """An inferred supersession held for review: the older entry stays active."""

    older_id: str
    newer_id: str
    detail: str
    similarity: float | None = None
