"""What a generated fleet contains, and whether its ground truth is self-consistent."""

from __future__ import annotations

from collections import Counter
from typing import Any

from curation import MemoryKind
from evaluation.fleet import ROLES, Fleet, SimWrite
from evaluation.simulator.core import FAMILIES

_KINDS = frozenset(k.value for k in MemoryKind)
MAX_PROBLEMS = 200  # validate_fleet stops collecting after this many


def fleet_summary(fleet: Fleet) -> dict[str, Any]:
    """Counts by role, kind and tenant; queries by kind; the ground truth's shape."""
    writes = fleet.writes
    by_tenant: dict[str, Counter[str]] = {}
    for label, items in (
        ("writes", writes),
        ("recalls", fleet.recalls),
        ("contests", fleet.contests),
        ("queries", fleet.queries),
    ):
        for item in items:
            by_tenant.setdefault(item.tenant, Counter())[label] += 1
    recalled = Counter((r.tenant, r.subject) for r in fleet.recalls)
    return {
        "config": {
            "tenants": fleet.config.tenants,
            "days": fleet.config.days,
            "writes_per_day": fleet.config.writes_per_day,
            "recalls_per_day": fleet.config.recalls_per_day,
            "queries_per_checkpoint": fleet.config.queries_per_checkpoint,
            "checkpoint_every_days": fleet.config.checkpoint_every_days,
            "seed": fleet.config.seed,
        },
        "writes": len(writes),
        "recalls": len(fleet.recalls),
        "contests": len(fleet.contests),
        "queries": len(fleet.queries),
        "subjects": len({(w.tenant, w.subject) for w in writes if w.role != "tool_output"}),
        "by_role": dict(sorted(Counter(w.role for w in writes).items())),
        "by_kind": dict(sorted(Counter(w.kind for w in writes).items())),
        "by_tenant": {t: dict(c) for t, c in sorted(by_tenant.items())},
        "queries_by_kind": dict(sorted(Counter(q.kind for q in fleet.queries).items())),
        "queries_with_stale": sum(1 for q in fleet.queries if q.stale_ids),
        "queries_with_refuted": sum(1 for q in fleet.queries if q.refuted_ids),
        "most_recalled_subjects": [
            {"tenant": t, "subject": s, "recalls": n} for (t, s), n in recalled.most_common(5)
        ],
    }


def _write_problems(writes: list[SimWrite], problems: list[str]) -> dict[str, SimWrite]:
    by_id: dict[str, SimWrite] = {}
    last_at: dict[str, Any] = {}
    for n, w in enumerate(writes):
        if w.id in by_id:
            problems.append(f"write {n}: duplicate id {w.id}")
        by_id[w.id] = w
        previous = last_at.get(w.tenant)
        if previous is not None and w.at < previous:
            problems.append(f"write {w.id}: out of time order in tenant {w.tenant}")
        last_at[w.tenant] = w.at
        if w.role not in ROLES:
            problems.append(f"write {w.id}: unknown role {w.role!r}")
        if w.kind not in _KINDS:
            problems.append(f"write {w.id}: unknown kind {w.kind!r}")
        if not 0.0 <= w.importance <= 1.0:
            problems.append(f"write {w.id}: importance {w.importance} outside [0, 1]")
        if w.generality < 0:
            problems.append(f"write {w.id}: negative generality")
        if not w.content.strip():
            problems.append(f"write {w.id}: empty content")
    return by_id


def validate_fleet(fleet: Fleet) -> list[str]:
    """Problems with the fleet's ground truth; [] when it is self-consistent.

    Checks: write ids unique; writes in time order within each tenant; roles, kinds,
    importance and generality in range; every correct/stale/refuted id of a query exists,
    belongs to the query's tenant and was written strictly before the query; correct is
    non-empty and disjoint from stale and from refuted; query ids unique and kinds known;
    every contest targets an existing claim of its tenant written before the contest;
    recalls lie inside the simulated span.
    """
    problems: list[str] = []
    by_id = _write_problems(fleet.writes, problems)
    start, end = fleet.config.day(0), fleet.end()
    query_ids: set[str] = set()
    for q in fleet.queries:
        if q.id in query_ids:
            problems.append(f"query {q.id}: duplicate id")
        query_ids.add(q.id)
        if q.kind not in FAMILIES:
            problems.append(f"query {q.id}: unknown kind {q.kind!r}")
        if not q.correct_ids:
            problems.append(f"query {q.id}: no correct id")
        if q.correct_ids & q.stale_ids:
            problems.append(f"query {q.id}: ids both correct and stale")
        if q.correct_ids & q.refuted_ids:
            problems.append(f"query {q.id}: ids both correct and refuted")
        for label, ids in (
            ("correct", q.correct_ids),
            ("stale", q.stale_ids),
            ("refuted", q.refuted_ids),
        ):
            for memory_id in ids:
                w = by_id.get(memory_id)
                if w is None:
                    problems.append(f"query {q.id}: {label} id {memory_id} was never written")
                elif w.tenant != q.tenant:
                    problems.append(f"query {q.id}: {label} id {memory_id} of another tenant")
                elif w.at >= q.at:
                    problems.append(f"query {q.id}: {label} id {memory_id} written after it")
        if len(problems) >= MAX_PROBLEMS:
            return problems
    for c in fleet.contests:
        target = by_id.get(c.memory_id)
        if target is None:
            problems.append(f"contest at {c.at}: target {c.memory_id} was never written")
        elif target.role != "claim":
            problems.append(f"contest at {c.at}: target {c.memory_id} is a {target.role}")
        elif target.tenant != c.tenant:
            problems.append(f"contest at {c.at}: target {c.memory_id} of another tenant")
        elif target.at > c.at:
            problems.append(f"contest at {c.at}: target {c.memory_id} written after it")
    for r in fleet.recalls:
        if not start <= r.at <= end:
            problems.append(f"recall at {r.at}: outside the simulated span")
            break
    return problems[:MAX_PROBLEMS]
