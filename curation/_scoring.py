"""The two curation scores and the recall blend, as vector operations over columns.

Retention (source 001) answers "how much should we still care": it decays with a
per-kind half-life from the last touch and is reinforced by recalls. Rank (source 000)
answers "what should come first": generality dominates, proof is capped so a hot streak
cannot out-shout a principle, and recency only nudges. Both are pure functions of the
columns and an injected ``now``; the scalar helpers route through the same code so the
store's recall re-ranking and the planner can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import numpy as np
import numpy.typing as npt

from curation._policy import DAY, CurationPolicy, RankingWeights
from curation._snapshot import BoolArray, FloatArray, MemorySnapshot, epoch

ArrayLike = npt.ArrayLike
Instant = datetime | float | None


def half_lives(kinds: Sequence[str], policy: CurationPolicy) -> FloatArray:
    """Half-life in seconds per row, one mask per distinct kind (not one lookup per row)."""
    labels = np.asarray(kinds, dtype=object)
    out = np.empty(len(labels), dtype=np.float64)
    for kind in sorted(set(kinds)):
        out[labels == kind] = policy.half_life_seconds(kind)
    return out


def retention_from_columns(
    kinds: Sequence[str],
    importance: ArrayLike,
    recall_count: ArrayLike,
    last_touched: ArrayLike,
    pinned: ArrayLike,
    policy: CurationPolicy,
    now: float,
) -> FloatArray:
    """importance x 2^(-age/half_life) x (1 + r*log10(1 + recalls)), clamped to [0, 1]."""
    age = np.maximum(now - np.asarray(last_touched, dtype=np.float64), 0.0)
    recalls = np.maximum(np.asarray(recall_count, dtype=np.float64), 0.0)
    decay = np.exp2(-age / half_lives(kinds, policy))
    reinforcement = 1.0 + policy.reinforcement * np.log10(1.0 + recalls)
    raw = np.asarray(importance, dtype=np.float64) * decay * reinforcement
    scores = np.clip(np.nan_to_num(raw, nan=0.0), 0.0, 1.0)
    return np.where(np.asarray(pinned, dtype=bool), 1.0, scores)


def rank_from_columns(
    generality: ArrayLike,
    proven: ArrayLike,
    last_recalled_at: ArrayLike,
    policy: CurationPolicy,
    now: float,
) -> FloatArray:
    """generality x 2 + min(proven, 10) + recency boost (3 hot, 1 warm, 0 otherwise/never)."""
    since = now - np.asarray(last_recalled_at, dtype=np.float64)  # NaN when never recalled
    with np.errstate(invalid="ignore"):
        hot = since <= policy.recency_hot_days * DAY
        warm = since <= policy.recency_warm_days * DAY
    boost = np.where(hot, 3.0, np.where(warm, 1.0, 0.0))
    return (
        np.asarray(generality, dtype=np.float64) * 2.0
        + np.minimum(np.asarray(proven, dtype=np.float64), 10.0)
        + boost
    )


def retention_scores(snap: MemorySnapshot, policy: CurationPolicy, now: datetime) -> FloatArray:
    return retention_from_columns(
        snap.kinds,
        snap.importance,
        snap.recall_count,
        snap.last_touched,
        snap.pinned,
        policy,
        epoch(now),
    )


def rank_scores(snap: MemorySnapshot, policy: CurationPolicy, now: datetime) -> FloatArray:
    return rank_from_columns(
        snap.generality, snap.proven, snap.last_recalled_at, policy, epoch(now)
    )


def _seconds(at: Instant) -> float:
    if at is None:
        return float("nan")
    return epoch(at) if isinstance(at, datetime) else float(at)


def retention_score(
    *,
    kind: str,
    importance: float,
    recall_count: int,
    created_at: datetime | float,
    last_recalled_at: Instant,
    pinned: bool,
    policy: CurationPolicy,
    now: datetime,
) -> float:
    """One entry's retention; timestamps may be datetimes or POSIX seconds."""
    created = _seconds(created_at)
    recalled = _seconds(last_recalled_at)
    touched = created if np.isnan(recalled) else max(created, recalled)
    scores = retention_from_columns(
        [kind], [importance], [recall_count], [touched], [pinned], policy, epoch(now)
    )
    return float(scores[0])


def rank_score(
    *,
    generality: int,
    proven: int,
    last_recalled_at: Instant,
    policy: CurationPolicy,
    now: datetime,
) -> float:
    scores = rank_from_columns(
        [generality], [proven], [_seconds(last_recalled_at)], policy, epoch(now)
    )
    return float(scores[0])


def blend_scores(
    similarity: ArrayLike,
    rank: ArrayLike,
    retention: ArrayLike,
    contested: ArrayLike,
    weights: RankingWeights,
) -> FloatArray:
    """Recall order: relevance first, curation scores reorder what is relevant, doubt demotes.

    Rank is unbounded, so it is squashed by rank / (rank + rank_scale) into [0, 1). See
    ``RankingWeights`` for the two forms. Similarity is clamped at 0 so the contested
    factor always lowers a score.
    """
    sim = np.maximum(np.asarray(similarity, dtype=np.float64), 0.0)
    rank_arr = np.maximum(np.asarray(rank, dtype=np.float64), 0.0)
    squashed = rank_arr / (rank_arr + weights.rank_scale)
    curation = weights.rank * squashed + weights.retention * np.asarray(retention, dtype=np.float64)
    if weights.form == "multiplicative":
        blended = sim * (1.0 + curation)
    else:
        blended = weights.similarity * sim + curation
    contested_mask: BoolArray = np.asarray(contested, dtype=bool)
    return np.where(contested_mask, blended * weights.contested_factor, blended)
