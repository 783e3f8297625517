"""The steps every retrieval benchmark (LoCoMo, LongMemEval) takes for a tenant, and what
its run keeps meanwhile: the cutoffs, rows, timings and what curation did. Each adapter
only walks its own workload and scores its own questions with them."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from curation import MemoryStore, RecallMode
from evaluation.benchmarks.common import TurnMemory
from evaluation.benchmarks.evidence import CurationTally
from evaluation.benchmarks.heuristic import newest_near_top
from evaluation.benchmarks.plumbing import (
    AfterCuration,
    curate_and_inspect,
    ingest,
    recall_hits,
    recall_ids,
    timed,
)
from evaluation.benchmarks.protocol import RunOptions
from evaluation.benchmarks.scoring import checked_ks, metric_names, timing_summary


class RetrievalRun:
    """One run of a retrieval benchmark on ``store`` with ``options``, raw vs heuristic vs
    curated, at the cutoffs ``k_values`` (checked: a bad one is refused before anything)."""

    def __init__(self, k_values: Sequence[int], store: MemoryStore, options: RunOptions) -> None:
        self.started = time.perf_counter()
        self.ks = checked_ks(k_values)
        self.top = self.ks[-1]
        self.names = metric_names(self.ks)
        self.store, self.options = store, options
        self.rows: list[dict[str, Any]] = []
        self.timings: defaultdict[str, float] = defaultdict(float)
        self.tally = CurationTally()

    def ingest(self, tenant: str, sessions: Sequence[Sequence[TurnMemory]]) -> dict[str, str]:
        """One ``remember_many`` per session (``plumbing.ingest``), timed."""
        with timed(self.timings, "ingest_s"):
            return ingest(self.store, tenant, sessions)

    def raw(
        self, tenant: str, questions: Sequence[str], at: datetime
    ) -> tuple[list[list[str]], list[list[str]]]:
        """Each question's raw and heuristic ranked ids."""
        raw: list[list[str]] = []
        heuristic: list[list[str]] = []
        with timed(self.timings, "raw_recall_s"):
            for question in questions:
                hits = recall_hits(self.store, tenant, question, self.top, RecallMode.RAW, at)
                raw.append([hit.id for hit in hits])
                heuristic.append(newest_near_top(hits))
        return raw, heuristic

    def curate(
        self, tenant: str, questions: Sequence[str], at: datetime, memories: int
    ) -> tuple[AfterCuration, list[list[str]]] | None:
        """Curate the tenant (when the run curates; it holds ``memories``), tally what that
        did, and each question's curated ranked ids; None: the run does not curate."""
        if not self.options.curate:
            return None
        after = curate_and_inspect(self.store, tenant, at, self.options.policy)
        self.timings["curate_s"] += after.seconds
        with timed(self.timings, "curated_recall_s"):
            ranked = [
                recall_ids(self.store, tenant, q, self.top, RecallMode.CURATED, at)
                for q in questions
            ]
        self.tally.tenant(after, memories)
        return after, ranked

    def head(self, benchmark: str, source: Path | str) -> dict[str, Any]:
        """The first entries of the result."""
        return {
            "benchmark": benchmark,
            "dataset": str(source),
            "embedding_model": self.store.embedding_model,
            "k_values": list(self.ks),
        }

    def tail(self) -> dict[str, Any]:
        """The last entries of the result."""
        return {"timings": timing_summary(self.timings, self.started), "rows": self.rows}
