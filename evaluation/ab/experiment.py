"""The offline A/B: replay a fleet day by day into one store and, at every evaluation query,
recall the same question from the raw arm (every memory ever written, similarity alone)
and the curated arm (nightly curation under the policy under test, curated recall).

Both arms read the same store at the same moment; only the recall mode and the curation
differ, so the comparison isolates what curation does. Evaluation recalls are not recorded
as votes (they would perturb the store they measure); the fleet's background recalls are.
"""

from __future__ import annotations

import contextlib
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from curation import (
    CurationPolicy,
    MemoryStore,
    Mode,
    RecallHit,
    UnknownTenantError,
    near_duplicate_share,
)
from evaluation.ab.stats import compare_paired
from evaluation.decision import Decision, context_tokens, decide_budget, decide_top1
from evaluation.fleet import Fleet, SimContest, SimQuery, SimRecall, SimWrite

NIGHTLY = timedelta(hours=3, minutes=15)
ARMS = ("raw", "curated")


@dataclass(frozen=True)
class ABConfig:
    k: int = 6
    token_budget: int = 60
    policy: CurationPolicy = field(
        default_factory=lambda: CurationPolicy().with_all_modes(Mode.APPLY)
    )
    write_batch_hours: float = 24.0
    measure_near_duplicates: bool = True


@dataclass
class ABResult:
    rows: list[dict[str, Any]]
    summary: dict[str, Any]
    daily: list[dict[str, Any]]
    curation_reports: list[dict[str, Any]]
    timings: dict[str, float]


Progress = Callable[[str], None]


def _timeline(fleet: Fleet, config: ABConfig) -> list[tuple[datetime, int, Any]]:
    """Everything that happens, in time order. At equal times: nightly curation, writes,
    contests, background recalls, then evaluation queries."""
    events: list[tuple[datetime, int, Any]] = []
    by_tenant: dict[str, list[SimWrite]] = defaultdict(list)
    for write in fleet.writes:
        by_tenant[write.tenant].append(write)
    window = timedelta(hours=config.write_batch_hours)
    for writes in by_tenant.values():
        writes.sort(key=lambda w: w.at)
        batch: list[SimWrite] = []
        for write in writes:
            if batch and write.at - batch[0].at >= window:
                events.append((batch[-1].at, 1, list(batch)))
                batch.clear()
            batch.append(write)
        if batch:
            events.append((batch[-1].at, 1, list(batch)))
    events += [(c.at, 2, c) for c in fleet.contests]
    events += [(r.at, 3, r) for r in fleet.recalls]
    events += [(q.at, 4, q) for q in fleet.queries]
    start = fleet.config.day(0).replace(hour=0, minute=0, second=0, microsecond=0)
    for day in range(1, fleet.config.days + 1):
        events.append((start + timedelta(days=day) + NIGHTLY, 0, "nightly"))
    events.sort(key=lambda e: (e[0], e[1]))
    return events


def _night_split(events: list[tuple[datetime, int, Any]]) -> Iterable[tuple[datetime, int, Any]]:
    """Write batches must not straddle a nightly run (they are split at it)."""
    nights = [at for at, order, _ in events if order == 0]
    for at, order, payload in events:
        if order != 1:
            yield at, order, payload
            continue
        pending: list[SimWrite] = []
        for write in payload:
            if pending and any(pending[0].at < n <= write.at for n in nights):
                yield pending[-1].at, 1, list(pending)
                pending.clear()
            pending.append(write)
        if pending:
            yield pending[-1].at, 1, pending


class _Replay:
    def __init__(
        self,
        fleet: Fleet,
        store: MemoryStore,
        config: ABConfig,
        progress: Progress | None,
        embeddings: Mapping[str, Any] | None,
    ) -> None:
        self.fleet, self.store, self.config = fleet, store, config
        self.embeddings = embeddings or {}
        self.progress = progress or (lambda _msg: None)
        self.subjects = {w.id: w.subject for w in fleet.writes}
        self.roles = {w.id: w.role for w in fleet.writes}
        self.rows: list[dict[str, Any]] = []
        self.reports: list[dict[str, Any]] = []
        self.daily: dict[int, dict[str, Any]] = {}
        self.vectors: dict[str, Any] = {}
        self.timings: dict[str, float] = defaultdict(float)

    def embed_queries(self) -> None:
        texts = sorted(
            {q.query for q in self.fleet.queries} | {r.query for r in self.fleet.recalls}
        )
        started = time.perf_counter()
        vectors = self.store.embedder.embed(texts) if texts else np.zeros((0, 0))
        self.vectors = {t: vectors[i] for i, t in enumerate(texts)}
        self.timings["embed_queries"] += time.perf_counter() - started

    def day_of(self, at: datetime) -> int:
        return int((at - self.fleet.config.day(0)).total_seconds() // 86400)

    def write(self, batch: list[SimWrite]) -> None:
        started = time.perf_counter()
        model = self.store.embedder.model_name
        items = []
        for write in batch:
            item = write.as_input()
            if write.id in self.embeddings:
                item["embedding"] = self.embeddings[write.id]
                item["embedding_model"] = model
            items.append(item)
        self.store.remember_many(batch[0].tenant, items, actor="fleet", now=batch[-1].at)
        self.timings["writes"] += time.perf_counter() - started

    def background_recall(self, recall: SimRecall) -> None:
        started = time.perf_counter()
        # a tenant with no writes yet has nothing to recall
        with contextlib.suppress(UnknownTenantError):
            self.store.recall(
                recall.tenant,
                recall.query,
                self.config.k,
                mode="curated",
                actor=recall.agent_id,
                now=recall.at,
                query_embedding=self.vectors[recall.query],
            )
        self.timings["background_recalls"] += time.perf_counter() - started

    def contest(self, contest: SimContest) -> None:
        self.store.contest(
            contest.tenant,
            contest.memory_id,
            contest.claim,
            contest.evidence,
            contest.source,
            actor=contest.source,
            now=contest.at,
        )

    def nightly(self, at: datetime) -> None:
        started = time.perf_counter()
        for tenant in self.store.tenants.all():
            if tenant not in self.fleet.tenants:
                continue
            report = self.store.runs.curate(tenant, apply=True, actor="nightly", now=at)
            self.reports.append({**report.to_dict(), "day": self.day_of(at)})
        self.timings["curation"] += time.perf_counter() - started

    def evaluate(self, query: SimQuery) -> None:
        started = time.perf_counter()
        results: dict[str, list[RecallHit]] = {}
        for arm in ARMS:
            results[arm] = list(
                self.store.recall(
                    query.tenant,
                    query.query,
                    self.config.k,
                    mode=arm,
                    record=False,
                    now=query.at,
                    query_embedding=self.vectors[query.query],
                )
            )
        row: dict[str, Any] = {
            "query_id": query.id,
            "tenant": query.tenant,
            "day": self.day_of(query.at),
            "kind": query.kind,
            "query": query.query,
        }
        for arm, hits in results.items():
            top1: Decision = decide_top1(hits, query, self.subjects)
            budget = decide_budget(hits, query, self.subjects, self.config.token_budget)
            ranks = [i for i, h in enumerate(hits, start=1) if h.id in query.correct_ids]
            row[f"{arm}_outcome"] = top1.outcome
            row[f"{arm}_score"] = top1.score
            row[f"{arm}_budget_outcome"] = budget.outcome
            row[f"{arm}_budget_score"] = budget.score
            row[f"{arm}_first_correct_rank"] = ranks[0] if ranks else None
            row[f"{arm}_tokens"] = context_tokens(hits)
            row[f"{arm}_refuted_without_conflict"] = sum(
                1 for h in hits if h.id in query.refuted_ids and not h.conflicts
            )
            row[f"{arm}_refuted_returned"] = sum(1 for h in hits if h.id in query.refuted_ids)
            row[f"{arm}_acted_on"] = top1.memory_id
        self.rows.append(row)
        self.timings["evaluation"] += time.perf_counter() - started

    def measure(self, day: int) -> None:
        if not self.config.measure_near_duplicates:
            return
        started = time.perf_counter()
        shares: dict[str, list[tuple[float, int]]] = {"raw": [], "curated": []}
        for tenant in self.fleet.tenants:
            if tenant not in self.store.tenants.all():
                continue
            for arm, active_only in (("raw", False), ("curated", True)):
                snap = self.store.runs.snapshot(tenant, active_only=active_only)
                shares[arm].append((near_duplicate_share(snap), len(snap)))
        entry = self.daily.setdefault(day, {"day": day})
        for arm, values in shares.items():
            total = sum(n for _, n in values)
            entry[f"{arm}_near_duplicate_share"] = (
                sum(s * n for s, n in values) / total if total else 0.0
            )
            entry[f"{arm}_size"] = total
        self.timings["measure"] += time.perf_counter() - started


def embed_writes(fleet: Fleet, store: MemoryStore, batch: int = 4096) -> dict[str, Any]:
    """Embed every write once, so repeated replays of one fleet (a sweep) skip the model."""
    out: dict[str, Any] = {}
    for start in range(0, len(fleet.writes), batch):
        chunk = fleet.writes[start : start + batch]
        vectors = store.embedder.embed([w.content for w in chunk])
        out.update({w.id: vectors[i] for i, w in enumerate(chunk)})
    return out


def run_ab(
    fleet: Fleet,
    store: MemoryStore,
    config: ABConfig | None = None,
    *,
    progress: Progress | None = None,
    embeddings: Mapping[str, Any] | None = None,
) -> ABResult:
    config = config or ABConfig()
    replay = _Replay(fleet, store, config, progress, embeddings)
    started = time.perf_counter()
    replay.embed_queries()
    events = list(_night_split(_timeline(fleet, config)))
    policy_set: set[str] = set()
    last_query_day: int | None = None
    for at, order, payload in events:
        if order == 1:
            tenant = payload[0].tenant
            replay.write(payload)
            if tenant not in policy_set:
                store.tenants.set_policy(tenant, config.policy, actor="ab", now=at)
                policy_set.add(tenant)
        elif order == 0:
            replay.nightly(at)
            day = replay.day_of(at)
            if day % 7 == 0:
                replay.progress(f"day {day}: {len(replay.rows)} queries evaluated")
        elif order == 2:
            replay.contest(payload)
        elif order == 3:
            replay.background_recall(payload)
        else:
            day = replay.day_of(at)
            if last_query_day is not None and day != last_query_day:
                replay.measure(last_query_day)
            last_query_day = day
            replay.evaluate(payload)
    if last_query_day is not None:
        replay.measure(last_query_day)
    replay.timings["total"] = time.perf_counter() - started
    return ABResult(
        rows=replay.rows,
        summary=summarize(replay.rows, replay.reports, replay.daily, fleet),
        daily=_daily_series(replay.rows, replay.daily),
        curation_reports=replay.reports,
        timings={k: round(v, 3) for k, v in replay.timings.items()},
    )


def _mean(values: list[float]) -> float:
    return float(np.mean(values)) if values else 0.0


def _daily_series(
    rows: list[dict[str, Any]], measured: dict[int, dict[str, Any]]
) -> list[dict[str, Any]]:
    by_day: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_day[row["day"]].append(row)
    series = []
    for day in sorted(set(by_day) | set(measured)):
        entry = dict(measured.get(day, {"day": day}))
        day_rows = by_day.get(day, [])
        for arm in ARMS:
            entry[f"{arm}_quality"] = _mean([r[f"{arm}_score"] for r in day_rows])
        entry["queries"] = len(day_rows)
        series.append(entry)
    return series


def summarize(
    rows: list[dict[str, Any]],
    reports: list[dict[str, Any]],
    measured: dict[int, dict[str, Any]],
    fleet: Fleet,
) -> dict[str, Any]:
    summary: dict[str, Any] = {"queries": len(rows)}
    for decision in ("", "budget_"):
        comparison = compare_paired(
            [r[f"raw_{decision}score"] for r in rows], [r[f"curated_{decision}score"] for r in rows]
        )
        summary[decision + "top1" if not decision else "budget"] = comparison.to_dict()
    for arm in ARMS:
        ranks = [r[f"{arm}_first_correct_rank"] for r in rows]
        summary[f"{arm}_recall_at_k"] = _mean([1.0 if r is not None else 0.0 for r in ranks])
        summary[f"{arm}_mrr"] = _mean([1.0 / r if r else 0.0 for r in ranks])
        summary[f"{arm}_tokens_per_recall"] = _mean([r[f"{arm}_tokens"] for r in rows])
        refuted = [r for r in rows if r[f"{arm}_refuted_returned"]]
        summary[f"{arm}_contested_without_conflict"] = _mean(
            [1.0 if r[f"{arm}_refuted_without_conflict"] else 0.0 for r in refuted]
        )
        summary[f"{arm}_outcomes"] = {
            o: sum(1 for r in rows if r[f"{arm}_outcome"] == o)
            for o in ("correct", "doubted", "wrong")
        }
    by_kind: dict[str, dict[str, float]] = {}
    for kind in sorted({r["kind"] for r in rows}):
        kind_rows = [r for r in rows if r["kind"] == kind]
        by_kind[kind] = {
            "n": len(kind_rows),
            "raw_quality": _mean([r["raw_score"] for r in kind_rows]),
            "curated_quality": _mean([r["curated_score"] for r in kind_rows]),
        }
    summary["by_kind"] = by_kind
    weeks = max(1.0, fleet.config.days / 7)
    summary["stale_retired_per_week"] = (
        sum(r["applied"]["superseded"] + r["applied"]["decayed"] for r in reports) / weeks
    )
    summary["duplicates_archived"] = sum(r["applied"]["duplicates_archived"] for r in reports)
    if measured:
        last = measured[max(measured)]
        for arm in ARMS:
            summary[f"{arm}_near_duplicate_share"] = last.get(f"{arm}_near_duplicate_share")
            summary[f"{arm}_size"] = last.get(f"{arm}_size")
    summary["memories_written"] = len(fleet.writes)
    return summary
