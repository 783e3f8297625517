"""Per-tenant curation policy: every default of the design card, overridable per tenant."""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

from curation._kinds import MemoryKind
from curation._trust_policy import TrustPolicy

HOUR = 3600.0
DAY = 24 * HOUR

MINILM_MODEL = "all-MiniLM-L6-v2"

# "Just above the prune threshold": prune_below <= retention < prune_below + this band. The
# long tail that a small change of prune_below would start to decay, shown by the Dagster
# scored asset and the dashboard's retention chart alike.
NEAR_PRUNE_BAND = 0.10

# A write of at least this many new rows (and at least as many as the tenant holds) loads
# a standalone table and builds its index once instead of inserting row by row into the
# HNSW graph (``_store/bulk_load``). Below it, one index build costs more than the inserts.
BULK_MIN_ROWS = 5000


def max_decays(max_prune_ratio: float, active_before: int) -> int:
    """How many entries one run may decay: floor(ratio x active_before). The epsilon keeps
    a product that is whole in exact arithmetic (0.2 x 5) from rounding down to one less."""
    return math.floor(max_prune_ratio * active_before + 1e-9)


def max_decays_in_window(max_prune_ratio: float, active_before: int, pruned_in_window: int) -> int:
    """The cap over the rolling window: ``max_decays`` of the active set as it was when the
    window opened (active now plus what decay archived in the window), less what the
    window already used. Three runs in one day decay 20%, not 48.5%."""
    opened_with = active_before + pruned_in_window
    return max(0, max_decays(max_prune_ratio, opened_with) - pruned_in_window)


class Mode(StrEnum):
    OFF = "off"
    DRY_RUN = "dry_run"
    APPLY = "apply"


class CompressionMode(StrEnum):
    OFF = "off"
    PROPOSE = "propose"


class RankingWeights(BaseModel):
    """How recall blends similarity with the curation scores.

    ``multiplicative`` (default): score = similarity * (1 + rank*r + retention*t), so the
    curation scores scale relevance instead of adding to it and an off-topic entry cannot
    win on retention alone. ``additive``: similarity*s + rank*r + retention*t, the source's
    70/30 style blend, kept for comparison in the evaluation.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    form: Literal["multiplicative", "additive"] = "multiplicative"
    similarity: float = Field(0.70, ge=0)
    rank: float = Field(0.15, ge=0)
    retention: float = Field(0.15, ge=0)
    # rank scores are unbounded; rank / (rank + rank_scale) maps them into [0, 1)
    rank_scale: float = Field(10.0, gt=0)
    # multiplier applied to the blended score of an entry with an open conflict ...
    contested_factor: float = Field(0.5, ge=0, le=1)
    # ... but machine-detected doubt never buries: such an entry scores at least as an
    # uncontested one this much less similar would, so much less relevant ones stay below
    contested_max_drop: float = Field(0.1, ge=0, le=1)


class CurationPolicy(BaseModel):
    """Defaults come from the two seeds; thresholds that depend on the embedder are per model."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # retention score (source 001)
    half_life_hours: dict[MemoryKind, float] = Field(
        default_factory=lambda: {
            MemoryKind.TOOL_OUTPUT: 6.0,
            MemoryKind.CONVERSATION: 3 * 24.0,
            MemoryKind.FACT: 45 * 24.0,
            MemoryKind.PREFERENCE: 180 * 24.0,
        }
    )
    reinforcement: float = Field(0.7, ge=0)

    # decay (both sources)
    min_generality: int = Field(1, ge=0)
    max_idle_days: float = Field(30.0, gt=0)
    prune_below: float = Field(0.12, ge=0, le=1)
    max_prune_ratio: float = Field(0.20, ge=0, le=1)
    # the cap holds over a rolling window, not per run: what decay archived in the last
    # prune_window_hours counts against it (0 = per run only)
    prune_window_hours: float = Field(24.0, ge=0)
    # kinds that decay even when nothing active covers them (noise by nature); other
    # kinds decay only when a near-duplicate, a principle or a newer statement of their
    # slot carries their information (an idle conversation turn may be the only record)
    decay_uncovered_kinds: frozenset[MemoryKind] = Field(
        default_factory=lambda: frozenset({MemoryKind.TOOL_OUTPUT})
    )

    # duplicates (source 001): cosine thresholds per embedding model; "*" is the fallback.
    # MiniLM's 0.86 comes from `memgov calibrate` on the built-in labeled pairs: F0.5-best
    # threshold 0.8586, precision 1.0, recall 0.8 (0.93 is the source's API-model figure).
    duplicate_threshold: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 0.86, "*": 0.93}
    )
    # entries at least this similar are checked for a same-slot value change (``slots``):
    # MiniLM's 0.6 keeps precision 0.996 at recall 0.77 on the labeled benchmark pairs
    # (``memgov eval conflict-pairs``; 0.72, the value-guard-era figure, gave recall 0.61)
    contradiction_threshold: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 0.6, "*": 0.85}
    )

    # kinds whose same-slot value changes are conflicts or inferred supersessions. Tool
    # outputs are point-in-time observations (keys and decay handle them); dialogue turns
    # are not statements of one value: on LoCoMo / LongMemEval turns the slot test
    # mistook chit-chat for value changes, so conversation is opt-in
    contradiction_kinds: frozenset[MemoryKind] = Field(
        default_factory=lambda: frozenset({MemoryKind.FACT, MemoryKind.PREFERENCE})
    )

    # compression into principles (source 000); principles come from lessons, not logs
    compression_kinds: frozenset[MemoryKind] = Field(
        default_factory=lambda: frozenset(
            {MemoryKind.FACT, MemoryKind.PREFERENCE, MemoryKind.CONVERSATION}
        )
    )
    jaccard_threshold: float = Field(0.6, gt=0, le=1)

    # claims (``claims``): kinds whose memories are split into claims at write time, each
    # claim embedded. Curated recall scores such an entry by whole_share x its whole-text
    # similarity + the rest x its best claim's, and among the hits within
    # claim_update_margin of the best, one whose best claim says what an older hit's says
    # (cosine >= claim_update_cosine) and that was written more than
    # claim_update_apart_hours later ranks above it: a claim updated in a later
    # conversation. Nothing is archived or demoted by it. The offline curve on
    # LongMemEval / LoCoMo is in docs/evaluation.md (session 6).
    claim_kinds: frozenset[MemoryKind] = Field(
        default_factory=lambda: frozenset({MemoryKind.CONVERSATION})
    )
    claim_whole_share: float = Field(0.25, ge=0, le=1)
    claim_update_cosine: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 0.7, "*": 0.8}
    )
    claim_update_margin: float = Field(0.1, ge=0, le=1)
    claim_update_apart_hours: float = Field(24.0, ge=0)
    # recall puts the newest statement of the question's slot first among those within
    # this much similarity of the slot's best (``change.newest_of_slot_first``); tuned on
    # TimeQA's train split in every wording family (docs/evaluation.md)
    slot_order_band: float = Field(0.25, ge=0, le=1)
    # ... and among the hits within this much of the best similarity that name the
    # question's subject (0: only statements linked as one slot are reordered)
    slot_order_near: float = Field(0.10, ge=0, le=1)
    slot_order: bool = True  # off: curated recall ranks by the blend alone
    # ... and, when the question names its subject, takes out of a slot the statements
    # whose frame (the text without the subject's words) is further than this cosine below
    # the slot's closest one to the question's frame, when a second slot is in evidence
    # (``change._in_the_questions_frame``); 1.0, for a model it was not measured on, keeps
    # every statement (session 19, docs/evaluation.md)
    slot_frame_band: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 0.20, "*": 1.0}
    )
    # ... and, before any reorder, lets the hits naming the question's subject exchange
    # places by their similarity plus this weight times their frame's closeness to the
    # question's (``change._closest_frame_first``); 0 leaves relevance alone (session 22,
    # docs/evaluation.md: weighed on sets A-G, current-only stores)
    slot_frame_weight: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 2.0, "*": 0.0}
    )
    # ... and lets the subject's hits filed under no key take part too, with this weight:
    # the frame picks which of the subject's slots is asked, and the steps after put the
    # newest version of it on top; hits held in doubt keep their places (sessions 32-33,
    # docs/evaluation.md: weighed on sets A-R, hold-out S; the simulated A/B's refuted
    # claims rose above their corrections until doubt was kept out)
    slot_frame_weight_unkeyed: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 5.0, "*": 0.0}
    )

    # ... and keeps in a slot group only the statements written alike to its most relevant
    # one or to another kept: this cosine or closer, or a rare word shared
    # (``change._written_alike``); 0, for a model it was not measured on, keeps them all
    # (session 31, docs/evaluation.md)
    slot_alike_cosine: dict[str, float] = Field(
        default_factory=lambda: {MINILM_MODEL: 0.50, "*": 0.0}
    )

    @field_serializer(
        "contradiction_kinds", "compression_kinds", "decay_uncovered_kinds", "claim_kinds"
    )
    def _sorted_kinds(self, kinds: frozenset[MemoryKind]) -> list[str]:
        """Sets dump in a fixed order, so a stored policy is the same in every process."""
        return sorted(kind.value for kind in kinds)

    min_cluster_size: int = Field(3, ge=2)

    # recall
    weights: RankingWeights = Field(default_factory=RankingWeights)
    candidate_multiplier: int = Field(4, ge=1)
    reinforce_on: Literal["recall", "feedback"] = "recall"
    # a question about the past ("Which team did she play for in 2000?", "What was my
    # previous plan?": ``curation/_history.py``) also sees superseded entries, shown as
    # such: a replaced value is its answer, not an error
    past_questions_see_superseded: bool = True
    recency_hot_days: float = 7.0
    recency_warm_days: float = 30.0

    # modes: new tenants start dry-run, as the source insists
    supersession: Mode = Mode.DRY_RUN
    duplicates: Mode = Mode.DRY_RUN
    decay: Mode = Mode.DRY_RUN
    contradiction: Mode = Mode.DRY_RUN
    subsumption: Mode = Mode.DRY_RUN
    compression: CompressionMode = CompressionMode.PROPOSE
    # the review gate (``curation/_review.py``): a supersession inferred without a key is
    # archived automatically only once the tenant has earned it — at least
    # inferred_min_reviewed curator decisions on inferred changes, of which a share of at
    # least inferred_min_precision confirmed; until then each is held for review
    inferred_min_precision: float = Field(0.95, ge=0, le=1)
    inferred_min_reviewed: int = Field(50, ge=0)
    # write-time contradiction checks cost one vector query per new memory; batches larger
    # than this (bulk imports) leave detection to the nightly pass
    write_check_max_batch: int = Field(200, ge=0)

    # health targets and safety
    near_duplicate_target: float = Field(0.06, ge=0, le=1)
    golden_k: int = Field(6, ge=1)
    compaction_grace_days: float = Field(14.0, ge=0)

    # the trust gate on writes (``curation/_trust_gate.py``): secrets, personal data,
    # instruction-like content from untrusted sources
    trust: TrustPolicy = Field(default_factory=TrustPolicy)

    @field_validator("half_life_hours")
    @classmethod
    def _every_kind_has_positive_half_life(
        cls, value: dict[MemoryKind, float]
    ) -> dict[MemoryKind, float]:
        missing = [k.value for k in MemoryKind if k not in value]
        if missing:
            raise ValueError(f"half_life_hours lacks kinds {missing}")
        bad = {k: v for k, v in value.items() if not (v > 0 and math.isfinite(v))}
        if bad:
            raise ValueError(f"half_life_hours must be positive and finite, got {bad}")
        return value

    def half_life_seconds(self, kind: MemoryKind | str) -> float:
        return self.half_life_hours[MemoryKind(kind)] * HOUR

    def duplicate_threshold_for(self, model: str) -> float:
        return self.duplicate_threshold.get(model, self.duplicate_threshold.get("*", 0.93))

    def contradiction_threshold_for(self, model: str) -> float:
        return self.contradiction_threshold.get(model, self.contradiction_threshold.get("*", 0.85))

    def claim_update_cosine_for(self, model: str) -> float:
        return self.claim_update_cosine.get(model, self.claim_update_cosine.get("*", 0.8))

    def slot_frame_band_for(self, model: str) -> float:
        return self.slot_frame_band.get(model, self.slot_frame_band.get("*", 1.0))

    def slot_frame_weight_for(self, model: str) -> float:
        return self.slot_frame_weight.get(model, self.slot_frame_weight.get("*", 0.0))

    def slot_frame_weight_unkeyed_for(self, model: str) -> float:
        weights = self.slot_frame_weight_unkeyed
        return weights.get(model, weights.get("*", 0.0))

    def slot_alike_cosine_for(self, model: str) -> float:
        return self.slot_alike_cosine.get(model, self.slot_alike_cosine.get("*", 0.0))

    def any_apply(self) -> bool:
        return Mode.APPLY in (
            self.supersession,
            self.duplicates,
            self.decay,
            self.contradiction,
            self.subsumption,
        )

    def with_all_modes(self, mode: Mode) -> CurationPolicy:
        return self.model_copy(
            update={
                "supersession": mode,
                "duplicates": mode,
                "decay": mode,
                "contradiction": mode,
                "subsumption": mode,
            }
        )
