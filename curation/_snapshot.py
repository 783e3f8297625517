"""A columnar, in-memory view of one tenant's memories: what every planner reads.

Planning works on numpy columns so that scoring a million entries is a handful of
vector operations, not a Python loop per row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

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
