"""Snapshots for the pure engine tests, built from short dicts (no database).

Times are given relative to ``now`` (``age_hours``/``age_days``, ``recalled_hours_ago``/
``recalled_days_ago``) or absolutely (``created_at``/``last_recalled_at`` datetimes).
Unless a row brings its own ``embedding``, row i gets the i-th basis vector, so rows
are mutually orthogonal and nothing is a near-duplicate by accident.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import numpy.typing as npt

from curation._policy import CompressionMode, CurationPolicy, Mode
from curation._snapshot import MemorySnapshot, epoch

NOW = datetime(2024, 11, 15, 12, 0, tzinfo=UTC)
DIM = 64
MODEL = "test-model"  # not a known model: the policy's "*" thresholds apply (0.93 / 0.85)

F32 = npt.NDArray[np.float32]


def unit(seed: int, dim: int = DIM) -> F32:
    vec = np.random.default_rng(seed).standard_normal(dim)
    return (vec / np.linalg.norm(vec)).astype(np.float32)


def basis(i: int, dim: int = DIM) -> F32:
    vec = np.zeros(dim, dtype=np.float32)
    vec[i % dim] = 1.0
    return vec


def near(base: F32, cosine: float, seed: int = 0) -> F32:
    """A unit vector whose cosine with ``base`` is exactly ``cosine`` (up to float32)."""
    raw = np.asarray(base, dtype=np.float64)
    b = raw / np.linalg.norm(raw)
    noise = np.random.default_rng(seed).standard_normal(b.shape[0])
    other = noise - float(noise @ b) * b
    other = other / np.linalg.norm(other)
    vec = cosine * b + np.sqrt(max(0.0, 1.0 - cosine**2)) * other
    return (vec / np.linalg.norm(vec)).astype(np.float32)


def _time(
    row: Mapping[str, Any],
    absolute: str,
    rel_hours: str,
    rel_days: str,
    now: datetime,
    default: float | None,
) -> float | None:
    if absolute in row:
        value = row[absolute]
        return None if value is None else epoch(value)
    if rel_hours in row:
        return epoch(now - timedelta(hours=row[rel_hours]))
    if rel_days in row:
        value = row[rel_days]
        return None if value is None else epoch(now - timedelta(days=value))
    return default


def make_snapshot(
    rows: Sequence[Mapping[str, Any]],
    *,
    now: datetime = NOW,
    tenant: str = "tenant-a",
    model: str = MODEL,
    dim: int = DIM,
) -> MemorySnapshot:
    created: list[float] = []
    recalled: list[float] = []
    for row in rows:
        c = _time(row, "created_at", "age_hours", "age_days", now, epoch(now - timedelta(hours=1)))
        r = _time(row, "last_recalled_at", "recalled_hours_ago", "recalled_days_ago", now, None)
        assert c is not None
        created.append(c)
        recalled.append(np.nan if r is None else r)
    embeddings = (
        np.stack(
            [
                np.asarray(row.get("embedding", basis(i, dim)), dtype=np.float32)
                for i, row in enumerate(rows)
            ]
        )
        if rows
        else np.zeros((0, dim), dtype=np.float32)
    )
    return MemorySnapshot(
        tenant=tenant,
        embedding_model=model,
        ids=[str(row.get("id", f"m{i:03d}")) for i, row in enumerate(rows)],
        kinds=[str(row.get("kind", "fact")) for row in rows],
        contents=[
            str(row.get("content", f"unrelated note number {i}")) for i, row in enumerate(rows)
        ],
        embeddings=embeddings,
        importance=np.array([float(row.get("importance", 0.5)) for row in rows]),
        generality=np.array([int(row.get("generality", 0)) for row in rows], dtype=np.int64),
        proven=np.array([int(row.get("proven", 0)) for row in rows], dtype=np.int64),
        recall_count=np.array([int(row.get("recall_count", 0)) for row in rows], dtype=np.int64),
        created_at=np.array(created, dtype=np.float64),
        last_recalled_at=np.array(recalled, dtype=np.float64),
        pinned=np.array([bool(row.get("pinned", False)) for row in rows], dtype=bool),
        supersession_keys=[row.get("key") for row in rows],
        versions=np.array([int(row.get("version", 1)) for row in rows], dtype=np.int64),
        open_conflicts=np.array(
            [int(row.get("open_conflicts", 0)) for row in rows], dtype=np.int64
        ),
        parent_ids=[row.get("parent_id") for row in rows],
        topics=[row.get("topic") for row in rows],
    )


def only(mechanic: str, **overrides: Any) -> CurationPolicy:
    """A policy that plans just one mechanic, so a test sees that mechanic alone."""
    modes: dict[str, Any] = {
        "supersession": Mode.OFF,
        "duplicates": Mode.OFF,
        "decay": Mode.OFF,
        "contradiction": Mode.OFF,
        "compression": CompressionMode.OFF,
    }
    modes[mechanic] = CompressionMode.PROPOSE if mechanic == "compression" else Mode.DRY_RUN
    return CurationPolicy(**modes, **overrides)


def by_id(plan_archives: Sequence[Any]) -> dict[str, Any]:
    return {a.memory_id: a for a in plan_archives}
