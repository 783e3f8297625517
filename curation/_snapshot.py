"""A columnar, in-memory view of one tenant's memories: what every planner reads.

Planning works on numpy columns so that scoring a million entries is a handful of
vector operations, not a Python loop per row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class MemorySnapshot:
    """Active memories of one tenant at one moment. Row i of every column is one memory.

    Timestamps are POSIX seconds (float); ``last_recalled_at`` is NaN when never recalled.
    ``embeddings`` rows are L2-normalised float32, so a dot product is a cosine.
    ``versions`` is the optimistic-concurrency token of each row's state: a plan records it
    and the apply leaves alone any row whose version moved (recalled, pinned, edited).
    """

    tenant: str
    embedding_model: str
    ids: list[str]
    kinds: list[str]
    contents: list[str]
    embeddings: npt.NDArray[np.float32]
    importance: FloatArray
    generality: IntArray
    proven: IntArray
    recall_count: IntArray
    created_at: FloatArray
    last_recalled_at: FloatArray
    pinned: BoolArray
    supersession_keys: list[str | None]
    versions: IntArray
    open_conflicts: IntArray
    parent_ids: list[str | None] = field(default_factory=list)
    topics: list[str | None] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def last_touched(self) -> FloatArray:
        """Age is measured from the later of creation and last recall (source 001)."""
        return np.fmax(self.created_at, np.nan_to_num(self.last_recalled_at, nan=-np.inf))

    def index_of(self) -> dict[str, int]:
        return {memory_id: i for i, memory_id in enumerate(self.ids)}


def epoch(at: datetime) -> float:
    return at.timestamp()


def empty_snapshot(tenant: str, embedding_model: str, dimension: int) -> MemorySnapshot:
    return MemorySnapshot(
        tenant=tenant,
        embedding_model=embedding_model,
        ids=[],
        kinds=[],
        contents=[],
        embeddings=np.zeros((0, dimension), dtype=np.float32),
        importance=np.zeros(0),
        generality=np.zeros(0, dtype=np.int64),
        proven=np.zeros(0, dtype=np.int64),
        recall_count=np.zeros(0, dtype=np.int64),
        created_at=np.zeros(0),
        last_recalled_at=np.zeros(0),
        pinned=np.zeros(0, dtype=bool),
        supersession_keys=[],
        versions=np.zeros(0, dtype=np.int64),
        open_conflicts=np.zeros(0, dtype=np.int64),
        parent_ids=[],
        topics=[],
    )


def snapshot_of_rows(
    tenant: str,
    embedding_model: str,
    rows: Sequence[Any],
    embeddings: npt.NDArray[np.float32],
    *,
    linked: bool = True,
) -> MemorySnapshot:
    """Rows with the snapshot's columns as attributes (times as datetimes) as a snapshot:
    the store's rows for a plan, or (``linked=False``: no open conflicts, parents or
    topics read) a recall's candidates, scored by the same vectorised code."""
    n = len(rows)

    def column(name: str, dtype: Any) -> Any:
        return np.fromiter((getattr(r, name) for r in rows), dtype, n)

    def epoch(name: str) -> npt.NDArray[np.float64]:
        times = (getattr(r, name) for r in rows)
        return np.fromiter((np.nan if t is None else t.timestamp() for t in times), np.float64, n)

    return MemorySnapshot(
        tenant=tenant,
        embedding_model=embedding_model,
        ids=[str(r.id) for r in rows],
        kinds=[r.kind for r in rows],
        contents=[r.content for r in rows],
        embeddings=embeddings,
        importance=column("importance", np.float64),
        generality=column("generality", np.int64),
        proven=column("proven", np.int64),
        recall_count=column("recall_count", np.int64),
        created_at=epoch("created_at"),
        last_recalled_at=epoch("last_recalled_at"),
        pinned=column("pinned", bool),
        supersession_keys=[r.supersession_key for r in rows],
        versions=column("version", np.int64),
        open_conflicts=column("open_conflicts", np.int64) if linked else np.zeros(n, np.int64),
        parent_ids=[None if not linked or r.parent_id is None else str(r.parent_id) for r in rows],
        topics=[r.topic if linked else None for r in rows],
    )
