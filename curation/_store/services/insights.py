"""Read-only aggregates over one tenant's store, for dashboards and reports.

Plain functions that take a ``MemoryStore``: they only read (SELECTs inside the store's
tenant-scoped transactions, or the store's own read methods) and import no framework.

Trends by day are reconstructed from the current state: an entry counts as active on a
day when it was created by the end of that day and is not archived with ``archived_at``
on or before it. An entry that was archived and later restored therefore counts as active
throughout (the curation runs' own reports, ``active_size_by_run``, are exact). Days and
weeks are UTC; a week starts on Monday.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import text

from curation._health import near_duplicate_share
from curation._kinds import EventType
from curation._policy import NEAR_PRUNE_BAND
from curation._records import LastRun, QueueCounts, RunReport
from curation._scoring import retention_from_columns
from curation._snapshot import MemorySnapshot
from curation._store.rows import memory_record, tenant_rows
from curation._store.sql.memory import MEMORY_JOIN, MEMORY_SELECT
from curation._validation import validate_tenant

if TYPE_CHECKING:
    from curation._records import MemoryRecord
    from curation._store.memory_store import MemoryStore

# "Watch the long tail. If a large share of your store sits just above the prune
# threshold, your importance scores are probably too generous." (source 001)
LONG_TAIL_WARNING_SHARE = 0.25  # share of the active set in that band that warns
# near-duplicate share is a pairwise search: trends are computed only for small stores
NEAR_DUPLICATE_TREND_MAX_ROWS = 20_000

ARCHIVE_REASONS = ("superseded", "duplicate", "decayed", "subsumed", "retired")


def _day(value: datetime) -> date:
    return value.astimezone(UTC).date()


def _week(value: date) -> date:
    return value - timedelta(days=value.weekday())


def _rows(store: MemoryStore, tenant: str, sql: str, **params: Any) -> list[Any]:
    with store.db.transaction(tenant) as conn:
        return list(tenant_rows(conn, tenant, sql, **params))


# -- archived entries ---------------------------------------------------------------------
def archived_per_week(store: MemoryStore, tenant: str) -> list[dict[str, Any]]:
    """Entries archived per week and reason, as they stand now: ``{week, reason, count}``
    (``week`` is the Monday, a ``date``), oldest week first."""
    tenant = validate_tenant(tenant)
    rows = _rows(
        store,
        tenant,
        "SELECT archived_at, archive_reason FROM memory_state WHERE tenant = :t"
        " AND status = 'archived' AND archived_at IS NOT NULL",
    )
    counts: dict[tuple[date, str], int] = {}
    for row in rows:
        key = (_week(_day(row.archived_at)), row.archive_reason or "unknown")
        counts[key] = counts.get(key, 0) + 1
    return [
        {"week": week, "reason": reason, "count": n} for (week, reason), n in sorted(counts.items())
    ]


# -- active set size ----------------------------------------------------------------------
def active_size_by_run(
    store: MemoryStore, tenant: str, *, limit: int = 500
) -> list[dict[str, Any]]:
    """One point per curation run (oldest first) from the runs' stored reports: the active
    set before the run and after it (``active_after`` is counted inside the run's
    transaction, so for a dry run it is the unchanged size)."""
    out = []
    for run in reversed(store.runs.latest(tenant, limit=limit)):
        report = run.report
        planned = report.planned
        applied = report.applied
        out.append(
            {
                "run_id": run.id,
                "at": run.started_at,
                "dry_run": bool(run.dry_run),
                "status": run.status,
                "active_before": int(planned.get("active_before", 0)),
                "active_after": report.active_after,
                "archived": sum(
                    int(applied.get(k, 0)) for k in ("superseded", "duplicates_archived", "decayed")
                ),
            }
        )
    return out


def _daily_series(
    starts: Sequence[datetime], ends: Sequence[datetime | None], first: date, last: date
) -> list[tuple[date, int]]:
    """How many intervals [start, end) are open at the end of each day from ``first`` to
    ``last`` (an interval starting before ``first`` counts from its start)."""
    delta: dict[date, int] = {}
    for start in starts:
        day = max(_day(start), first)
        delta[day] = delta.get(day, 0) + 1
    for end in ends:
        if end is not None:
            day = max(_day(end), first)
            delta[day] = delta.get(day, 0) - 1
    out = []
    running = 0
    day = first
    while day <= last:
        running += delta.get(day, 0)
        out.append((day, running))
        day += timedelta(days=1)
    return out


def _span(starts: Sequence[datetime], now: datetime) -> tuple[date, date] | None:
    if not starts:
        return None
    return min(_day(s) for s in starts), max(_day(now), max(_day(s) for s in starts))


def active_size_by_day(store: MemoryStore, tenant: str, *, now: datetime) -> list[dict[str, Any]]:
    """``{day, active}`` for every day from the first entry to ``now`` (see the module
    docstring for how archived-then-restored entries count)."""
    tenant = validate_tenant(tenant)
    rows = _rows(
        store,
        tenant,
        "SELECT m.created_at, CASE WHEN s.status = 'archived' THEN s.archived_at END AS ended"
        f" FROM {MEMORY_JOIN} WHERE m.tenant = :t",
    )
    starts = [r.created_at for r in rows]
    span = _span(starts, now)
    if span is None:
        return []
    series = _daily_series(starts, [r.ended for r in rows], *span)
    return [{"day": day, "active": n} for day, n in series]


# -- the curator's queues -----------------------------------------------------------------
def pending_counts(store: MemoryStore, tenant: str) -> QueueCounts:
    """Proposals pending, conflicts open and approvals (unmergeable) now."""
    tenant = validate_tenant(tenant)
    with store.db.transaction(tenant) as conn:
        proposals: dict[str, int] = {
            str(status): int(n)
            for status, n in conn.execute(
                text("SELECT status, count(*) FROM proposal WHERE tenant = :t GROUP BY status"),
                {"t": tenant},
            ).all()
        }
        conflicts = conn.execute(
            text("SELECT count(*) FROM conflict WHERE tenant = :t AND status = 'open'"),
            {"t": tenant},
        ).scalar_one()
    return QueueCounts(
        proposals_pending=int(proposals.get("pending", 0)),
        conflicts_open=int(conflicts),
        proposals_approved=int(proposals.get("approved", 0)),
    )


def queues_by_day(store: MemoryStore, tenant: str, *, now: datetime) -> list[dict[str, Any]]:
    """``{day, open_conflicts, pending_proposals}`` per day: a conflict is open from its
    ``at`` until resolved or dismissed; a proposal is pending until decided."""
    tenant = validate_tenant(tenant)
    conflicts = _rows(store, tenant, "SELECT at, resolved_at FROM conflict WHERE tenant = :t")
    proposals = _rows(
        store, tenant, "SELECT created_at, decided_at FROM proposal WHERE tenant = :t"
    )
    span = _span([c.at for c in conflicts] + [p.created_at for p in proposals], now)
    if span is None:
        return []
    open_conflicts = _daily_series(
        [c.at for c in conflicts], [c.resolved_at for c in conflicts], *span
    )
    pending = _daily_series(
        [p.created_at for p in proposals], [p.decided_at for p in proposals], *span
    )
    return [
        {"day": day, "open_conflicts": n_open, "pending_proposals": n_pending}
        for (day, n_open), (_, n_pending) in zip(open_conflicts, pending, strict=True)
    ]


# -- recalls ------------------------------------------------------------------------------
_CONTESTED_AT_THE_TIME = """
    EXISTS (
        SELECT 1 FROM conflict c
        WHERE c.tenant = e.tenant AND c.memory_id = ANY(e.related_ids) AND c.at <= e.at
          AND (c.resolved_at IS NULL OR c.resolved_at > e.at)
    )
"""


def recall_events_with_contested(store: MemoryStore, tenant: str) -> int:
    """Recorded recalls that returned an entry whose conflict was open at the time.

    Curated recall always attaches an entry's open conflicts, so "contested recalls
    without their conflict" is 0 by construction in curated mode; this counts how often
    the agents were handed a contested entry (with its conflict)."""
    tenant = validate_tenant(tenant)
    with store.db.transaction(tenant) as conn:
        return int(
            conn.execute(
                text(
                    "SELECT count(*) FROM event e WHERE e.tenant = :t AND e.type = 'recall' AND"
                    + _CONTESTED_AT_THE_TIME
                ),
                {"t": tenant},
            ).scalar_one()
        )


def recalls_per_week(store: MemoryStore, tenant: str) -> list[dict[str, Any]]:
    """``{week, recalls, with_contested}``: recorded recalls per week, and how many of
    them returned an entry whose conflict was open at the time."""
    tenant = validate_tenant(tenant)
    rows = _rows(
        store,
        tenant,
        "SELECT e.at, " + _CONTESTED_AT_THE_TIME + " AS contested FROM event e"
        " WHERE e.tenant = :t AND e.type = 'recall'",
    )
    weeks: dict[date, list[int]] = {}
    for row in rows:
        bucket = weeks.setdefault(_week(_day(row.at)), [0, 0])
        bucket[0] += 1
        bucket[1] += int(bool(row.contested))
    return [
        {"week": week, "recalls": n, "with_contested": c} for week, (n, c) in sorted(weeks.items())
    ]


# -- retention ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RetentionDistribution:
    """Retention scores of the active set at ``now`` against the policy's prune threshold.

    ``below``: active entries under ``prune_below`` (waiting for a run, held back by the
    prune cap, or protected by generality). ``in_band``: entries in the long-tail band
    just above it, ``[prune_below, prune_below + NEAR_PRUNE_BAND)``."""

    scores: tuple[float, ...]
    kinds: tuple[str, ...]
    prune_below: float
    band: tuple[float, float]
    below: int
    in_band: int

    @property
    def total(self) -> int:
        return len(self.scores)

    @property
    def share_in_band(self) -> float:
        return self.in_band / self.total if self.total else 0.0

    @property
    def share_below(self) -> float:
        return self.below / self.total if self.total else 0.0

    @property
    def long_tail_warning(self) -> bool:
        return self.share_in_band >= LONG_TAIL_WARNING_SHARE

    def histogram(self, bins: int = 20) -> list[dict[str, Any]]:
        """``{low, high, count, zone}`` over [0, 1]; ``zone`` is ``below`` (under the
        threshold), ``band`` (overlapping the long-tail band) or ``above``."""
        counts, edges = np.histogram(np.asarray(self.scores, dtype=float), bins=bins, range=(0, 1))
        out = []
        for n, low, high in zip(
            counts.tolist(), edges[:-1].tolist(), edges[1:].tolist(), strict=True
        ):
            if high <= self.prune_below:
                zone = "below"
            elif low < self.band[1] and high > self.band[0]:
                zone = "band"
            else:
                zone = "above"
            out.append({"low": low, "high": high, "count": int(n), "zone": zone})
        return out


def retention_distribution(
    store: MemoryStore, tenant: str, now: datetime, *, band_width: float = NEAR_PRUNE_BAND
) -> RetentionDistribution:
    """The active set's retention scores at ``now`` (``curation._scoring``, from the score
    columns only: no embeddings are read) against the tenant's ``prune_below``."""
    tenant = validate_tenant(tenant)
    policy = store.tenants.policy(tenant)
    rows = _rows(
        store,
        tenant,
        "SELECT s.kind, s.importance, s.recall_count, m.created_at, s.last_recalled_at,"
        f" s.pinned FROM {MEMORY_JOIN} WHERE m.tenant = :t AND s.status = 'active'"
        " ORDER BY m.created_at, m.id",
    )
    kinds = [r.kind for r in rows]
    touched = [
        max(r.created_at, r.last_recalled_at).timestamp()
        if r.last_recalled_at is not None
        else r.created_at.timestamp()
        for r in rows
    ]
    scores = retention_from_columns(
        kinds,
        [float(r.importance) for r in rows],
        [int(r.recall_count) for r in rows],
        touched,
        [bool(r.pinned) for r in rows],
        policy,
        now.timestamp(),
    )
    low = policy.prune_below
    high = min(1.0, low + band_width)
    return RetentionDistribution(
        scores=tuple(float(x) for x in scores),
        kinds=tuple(kinds),
        prune_below=low,
        band=(low, high),
        below=int(np.count_nonzero(scores < low)),
        in_band=int(np.count_nonzero((scores >= low) & (scores < high))),
    )


# -- near-duplicate share -----------------------------------------------------------------
def _take(snap: MemorySnapshot, index: Sequence[int]) -> MemorySnapshot:
    """The snapshot's rows at ``index``, every column alike."""
    idx = np.asarray(index, dtype=np.int64)
    changes: dict[str, Any] = {}
    for f in fields(snap):
        value = getattr(snap, f.name)
        if isinstance(value, np.ndarray):
            changes[f.name] = value[idx]
        elif isinstance(value, list):
            changes[f.name] = [value[i] for i in idx.tolist()] if value else []
    return replace(snap, **changes)


def near_duplicate_share_now(store: MemoryStore, tenant: str) -> float:
    """Near-duplicate share of the active set (``curation._health``)."""
    return near_duplicate_share(store.runs.snapshot(tenant))


def near_duplicate_trend(
    store: MemoryStore, tenant: str, at: Sequence[datetime]
) -> list[dict[str, Any]]:
    """``{at, active, share}``: the near-duplicate share of the active set as it stood at
    each instant (reconstructed, see the module docstring). Empty for stores larger than
    ``NEAR_DUPLICATE_TREND_MAX_ROWS`` (the pair search would be too slow for a page)."""
    tenant = validate_tenant(tenant)
    if not 0 < store.counts(tenant).total <= NEAR_DUPLICATE_TREND_MAX_ROWS:
        return []
    everything = store.runs.snapshot(tenant, active_only=False)
    archived = {
        str(r.memory_id): r.archived_at.timestamp()
        for r in _rows(
            store,
            tenant,
            "SELECT memory_id, archived_at FROM memory_state WHERE tenant = :t"
            " AND status = 'archived' AND archived_at IS NOT NULL",
        )
    }
    ended = np.array([archived.get(i, math.inf) for i in everything.ids], dtype=np.float64)
    out = []
    for instant in at:
        t = instant.timestamp()
        mask = (everything.created_at <= t) & (ended > t)
        rows = np.flatnonzero(mask)
        share = near_duplicate_share(_take(everything, rows.tolist())) if len(rows) else 0.0
        out.append({"at": instant, "active": len(rows), "share": share})
    return out


# -- lookups ------------------------------------------------------------------------------
def memories_by_ids(store: MemoryStore, tenant: str, ids: Iterable[str]) -> dict[str, MemoryRecord]:
    """The tenant's memories among ``ids`` in one query (unknown or foreign ids are
    simply absent)."""
    tenant = validate_tenant(tenant)
    wanted = []
    for memory_id in ids:
        try:
            wanted.append(str(uuid.UUID(str(memory_id))))
        except ValueError:
            continue
    if not wanted:
        return {}
    rows = _rows(
        store,
        tenant,
        MEMORY_SELECT + " AND m.id = ANY(CAST(:ids AS uuid[]))",
        ids=wanted,
    )
    return {str(r.id): memory_record(r) for r in rows}


# -- the last run ---------------------------------------------------------------------------
def last_run(store: MemoryStore, tenant: str) -> LastRun | None:
    """The latest curation run and the policy it ran with; None before the first run."""
    tenant = validate_tenant(tenant)
    rows = _rows(
        store,
        tenant,
        "SELECT id, started_at, dry_run, status, report, policy FROM curation_run"
        " WHERE tenant = :t ORDER BY started_at DESC, id LIMIT 1",
    )
    if not rows:
        return None
    r = rows[0]
    return LastRun(
        id=str(r.id),
        started_at=r.started_at,
        dry_run=bool(r.dry_run),
        status=r.status,
        report=RunReport.from_stored(dict(r.report)),
        policy=dict(r.policy),
    )


@dataclass(frozen=True)
class RunMemoryIds:
    """The memory ids a run's events name: those it archived, and every one it named."""

    archived: frozenset[str]
    named: frozenset[str]


def run_memory_ids(store: MemoryStore, tenant: str, run_id: str) -> RunMemoryIds:
    """The ids the events of run ``run_id`` name (``memory_id`` and ``related_ids``)."""
    tenant = validate_tenant(tenant)
    rows = _rows(
        store,
        tenant,
        "SELECT e.type, e.memory_id, ref.id AS ref FROM event e, LATERAL unnest("
        "  array_append(e.related_ids, e.memory_id)) AS ref(id)"
        " WHERE e.tenant = :t AND e.run_id = :r AND ref.id IS NOT NULL",
        r=run_id,
    )
    return RunMemoryIds(
        archived=frozenset(str(r.memory_id) for r in rows if r.type == EventType.ARCHIVE),
        named=frozenset(str(r.ref) for r in rows),
    )
