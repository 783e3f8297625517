"""The store side of a benchmark run: fresh tenants, ingest, the cached embedder, recall
without voting, one curation pass and what it left (archived, contested, represented).

Shared by every workload (``retrieval_run`` for LoCoMo / LongMemEval, ``timeqa_run``)."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from curation import (
    CurationPolicy,
    Embedder,
    MemoryRecord,
    MemoryStore,
    Mode,
    RecallHit,
    RecallMode,
    Vectors,
    split_claims,
)
from evaluation.benchmarks.common import TurnMemory
from evaluation.benchmarks.embed_cache import embed_cached


def free_suffix(store: MemoryStore, names: Sequence[str]) -> str:
    """``""`` if none of the tenants exist yet, else the first free ``-rN``."""
    existing = set(store.tenants.all())
    if not existing.intersection(names):
        return ""
    n = 2
    while existing.intersection(f"{name}-r{n}" for name in names):
        n += 1
    return f"-r{n}"


def ingest(
    store: MemoryStore, tenant: str, sessions: Iterable[Sequence[TurnMemory]]
) -> dict[str, str]:
    """One ``remember_many`` per session; the turn key -> the memory id the store used
    (a turn re-stating an earlier one verbatim maps to that earlier memory)."""
    ids: dict[str, str] = {}
    for turns in sessions:
        if not turns:
            continue
        results = store.remember_many(
            tenant, [t.as_input() for t in turns], actor="benchmark", now=turns[-1].at
        )
        for turn, result in zip(turns, results, strict=True):
            ids[turn.key] = result.id
    return ids


class CachedEmbedder:
    """The store's embedder with the benchmark's texts (turns and questions) embedded up
    front in one batch: one model call per question costs ~10x a batched row, and one big
    length-sorted batch ~half of per-session batches. Other texts go to the wrapped
    embedder. Vectors are the same model's, so the store accepts them as its own."""

    def __init__(
        self, inner: Embedder, queries: Sequence[str], disk_cache: Path | None = None
    ) -> None:
        self.inner = inner
        self.model_name = inner.model_name
        self.dimension = inner.dimension
        unique = list(dict.fromkeys(queries))
        self._cache: dict[str, Any] = {}
        if unique:
            vectors = embed_cached(inner, unique, disk_cache)
            self._cache = {text: vectors[n] for n, text in enumerate(unique)}

    def embed(self, texts: Sequence[str]) -> Vectors:
        if texts and all(text in self._cache for text in texts):
            return np.stack([self._cache[text] for text in texts])
        return self.inner.embed(texts)


@contextmanager
def embedding_cache(
    store: MemoryStore,
    texts: Sequence[str],
    timings: defaultdict[str, float],
    disk_cache: Path | None = None,
) -> Iterator[None]:
    original = store.embedder
    started = time.perf_counter()
    # the claims the store splits off dialogue turns at write time are embedded too
    claims = [claim for t in texts for claim in split_claims(t)]
    store.embedder = CachedEmbedder(original, [*texts, *claims], disk_cache)
    timings["embed_s"] += time.perf_counter() - started
    try:
        yield
    finally:
        store.embedder = original


@contextmanager
def timed(timings: defaultdict[str, float], name: str) -> Iterator[None]:
    """Adds the block's wall time to ``timings[name]``."""
    started = time.perf_counter()
    yield
    timings[name] += time.perf_counter() - started


def recall_ids(
    store: MemoryStore, tenant: str, query: str, k: int, mode: RecallMode, at: datetime
) -> list[str]:
    return [hit.id for hit in recall_hits(store, tenant, query, k, mode, at)]


def recall_hits(
    store: MemoryStore,
    tenant: str,
    query: str,
    k: int,
    mode: RecallMode,
    at: datetime,
    as_of: datetime | None = None,
) -> list[RecallHit]:
    result = store.recall(
        tenant, query, k, mode=mode, record=False, actor="benchmark", now=at, as_of=as_of
    )
    return list(result.hits)


def curate_all(
    store: MemoryStore, tenant: str, at: datetime, policy: CurationPolicy | None = None
) -> dict[str, Any]:
    """One pass with every mechanic in ``apply``: the tenant's policy, or ``policy`` (the
    policy under test)."""
    policy = (policy or store.tenants.policy(tenant)).with_all_modes(Mode.APPLY)
    store.tenants.set_policy(tenant, policy, actor="benchmark", now=at)
    return store.runs.curate(tenant, apply=True, actor="benchmark", now=at).to_dict()


@dataclass
class AfterCuration:
    """A tenant's state after curation: what is archived, why, and who stands for it."""

    archived: dict[str, MemoryRecord]
    contested: set[str]
    report: dict[str, Any]
    seconds: float

    def representative(self, memory_id: str) -> str | None:
        """The active entry an archived one was merged into / filed beneath, if any."""
        cursor: str | None = memory_id
        for _ in range(50):
            record = self.archived.get(cursor) if cursor is not None else None
            if record is None:
                return cursor if cursor != memory_id else None
            cursor = record.superseded_by or record.parent_id
        return None

    def credited(self, relevant: Iterable[str]) -> set[str]:
        out = set(relevant)
        for memory_id in list(out):
            if memory_id in self.archived:
                rep = self.representative(memory_id)
                if rep is not None:
                    out.add(rep)
        return out

    def stand_ins(self, hits: Sequence[str], relevant: set[str]) -> list[str]:
        """``hits`` with each active representative of an archived evidence memory read
        as that evidence (positions unchanged). A representative that is itself evidence
        stays itself, and one standing for several archived items answers for one per
        occurrence: the credit can only under-, never over-count."""
        waiting: dict[str, list[str]] = {}
        for memory_id in sorted(relevant):
            if memory_id in self.archived:
                rep = self.representative(memory_id)
                if rep is not None and rep not in relevant:
                    waiting.setdefault(rep, []).append(memory_id)
        return [waiting[h].pop(0) if waiting.get(h) else h for h in hits]

    def is_active(self, memory_id: str) -> bool:
        return memory_id not in self.archived


def curate_and_inspect(
    store: MemoryStore, tenant: str, at: datetime, policy: CurationPolicy | None = None
) -> AfterCuration:
    started = time.perf_counter()
    report = curate_all(store, tenant, at, policy)
    seconds = time.perf_counter() - started
    archived = {m.id: m for m in store.memories(tenant, status="archived", limit=10_000_000)}
    contested = {c.memory_id for c in store.ledger.conflicts(tenant, status="open")}
    return AfterCuration(archived, contested, report, seconds)
