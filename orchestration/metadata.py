"""What the Dagster UI shows: every asset's metadata, built here from the asset's value, and
the markdown it is made of (small tables, histograms, the run report). Assets and checks
compute; this module only presents, so a page's layout is changed in one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from dagster import MetadataValue

from curation import (
    NEAR_PRUNE_BAND,
    ConflictRecord,
    CurationPlan,
    CurationPolicy,
    Mechanic,
    MemoryCounts,
    ProbeComparison,
    ProbeOutcome,
    RunRecord,
    RunReport,
    effective_mechanics,
)

if TYPE_CHECKING:
    from orchestration.ingest import IngestSummary, WritesSinceRun

BAR_WIDTH = 30
TOP = 10  # examples shown per table
SHOWN = 20  # ids and probes shown by a check
REJECTS_SHOWN = 50
SIGNED = {"delta", "always_valid_low", "always_valid_high"}
ContentOf = Callable[[str], str]  # a memory id's text, for the example tables


def snippet(text: str | None, limit: int = 80) -> str:
    """One line, at most ``limit`` characters, safe inside a markdown table cell."""
    flat = " ".join((text or "").split()).replace("|", "\\|")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def table_md(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    if not rows:
        return "_none_"
    head = "| " + " | ".join(headers) + " |"
    rule = "|" + "|".join("---" for _ in headers) + "|"
    body = ["| " + " | ".join(snippet(str(cell), 200) for cell in row) + " |" for row in rows]
    return "\n".join([head, rule, *body])


def histogram_md(
    values: npt.ArrayLike,
    *,
    bins: int = 10,
    low: float = 0.0,
    high: float = 1.0,
    label: str = "score",
    marker: float | None = None,
) -> str:
    """A text histogram over [low, high]; ``marker`` flags the bin holding a threshold."""
    data = np.asarray(values, dtype=np.float64)
    if data.size == 0:
        return "_no entries_"
    counts, edges = np.histogram(np.clip(data, low, high), bins=bins, range=(low, high))
    peak = int(counts.max()) or 1
    rows = []
    for i, count in enumerate(counts.tolist()):
        lo, hi = float(edges[i]), float(edges[i + 1])
        closing = "]" if i == bins - 1 else ")"
        name = f"[{lo:.2f}, {hi:.2f}{closing}"
        if marker is not None and lo <= marker < hi:
            name += " ◀ threshold"
        bar = "█" * max(1 if count else 0, round(BAR_WIDTH * count / peak))
        rows.append((name, count, f"{100 * count / data.size:.1f}%", bar))
    return table_md([label, "entries", "share", ""], rows)


def counts_md(counts: Mapping[str, Any]) -> str:
    return table_md(["", "count"], [(key, value) for key, value in counts.items()])


def run_report_md(run: RunRecord) -> str:
    """A stored curation run (``store.runs.latest(tenant)[i]``) as a page a person reads."""
    report = run.report
    lines = [
        f"# Curation run `{run.id}`",
        "",
        f"- tenant: **{report.tenant or '?'}**",
        f"- at: {report.at or run.started_at}",
        f"- status: **{run.status}**"
        + (" — dry run: nothing was written but this report" if run.dry_run else ""),
        f"- active after: {report.active_after}",
        f"- duration: {report.duration_s} s",
        "",
        "## Planned",
        "",
        counts_md(report.planned),
        "",
        "## Applied",
        "",
        counts_md({k: v for k, v in report.applied.items() if k != "writing"}),
        "",
        "Mechanics that wrote: " + (", ".join(report.applied.get("writing", [])) or "none"),
        "",
        "## Modes",
        "",
        counts_md(report.modes),
    ]
    if report.timings:
        lines += ["", "## Planner timings (s)", "", counts_md(report.timings)]
    return "\n".join(lines)


def ids_md(ids: list[str]) -> MetadataValue:
    shown = ", ".join(f"`{i}`" for i in ids[:SHOWN])
    more = f" … and {len(ids) - SHOWN} more" if len(ids) > SHOWN else ""
    return MetadataValue.md(shown + more if ids else "_none_")


def broken_probes_md(broken: Sequence[ProbeComparison], archived: set[str]) -> MetadataValue:
    """The probes a plan would break: what each misses and whether the plan archives it."""
    rows = [
        (
            p.after.query,
            p.after.k,
            ", ".join(p.after.missing),
            "yes" if set(p.after.missing) & archived else "pushed out of top k",
        )
        for p in broken[:SHOWN]
    ]
    return MetadataValue.md(
        table_md(["query", "k", "missing expected ids", "archived by plan"], rows)
    )


def failing_probes_md(failing: Sequence[ProbeOutcome]) -> MetadataValue:
    rows = [(p.query, p.k, ", ".join(p.missing)) for p in failing[:SHOWN]]
    return MetadataValue.md(table_md(["query", "k", "missing ids"], rows))


def figure(value: Any, signed: bool = False) -> str:
    """A table cell: ``-`` for none, floats to three figures (signed ones with their sign)."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:+.3f}" if signed else f"{value:.3g}"
    return str(value)


def will_write(plan: CurationPlan) -> tuple[bool, list[str]]:
    """(dry_run, mechanics that write): a run writes only when some mode is ``apply``."""
    dry_run = not plan.policy.any_apply()
    return dry_run, sorted(m.value for m in effective_mechanics(plan, dry_run))


def writing_text(writing: list[str]) -> MetadataValue:
    return MetadataValue.text(", ".join(writing) or "nothing (dry run)")


# -- curation ------------------------------------------------------------------------------
def ingest_metadata(
    summary: IngestSummary, writes: WritesSinceRun, counts: MemoryCounts
) -> dict[str, Any]:
    rejected = summary.rejected
    rejected_rows = [
        (name, row.line, row.field, row.reason, row.value) for name, row in rejected[:REJECTS_SHOWN]
    ]
    files_rows = [
        (f.name, f.lines, f.imported, f.restated, len(f.rejected), f.error or "", f.moved_to or "")
        for f in summary.files
    ]
    bound = "≥ " if writes.truncated else ""
    more = len(rejected) - REJECTS_SHOWN
    return {
        "imported": summary.imported,
        "restated": summary.restated,
        "rejected": len(rejected),
        "files_processed": len(summary.files),
        "files_failed": len(summary.failed),
        "inbox": MetadataValue.path(summary.folder) if summary.folder else "none",
        "api_writes_since_last_run": writes.api,
        "inbox_writes_since_last_run": writes.inbox,
        "writes_since": MetadataValue.text(
            f"{bound}{writes.total} writes since "
            + (writes.last_run_at.isoformat() if writes.last_run_at else "the beginning")
        ),
        "active": counts.active,
        "archived": counts.archived,
        "files": MetadataValue.md(
            table_md(
                ["file", "lines", "imported", "restated", "rejected", "error", "moved to"],
                files_rows,
            )
            if files_rows
            else f"_{summary.note or 'no files'}_"
        ),
        "rejected_rows": MetadataValue.md(
            table_md(["file", "line", "field", "reason", "value"], rejected_rows)
            + (f"\n\n… and {more} more (see the rejects files in done/)" if more > 0 else "")
        ),
    }


def snapshot_metadata(
    snapshot_kinds: Sequence[str],
    pinned: int,
    retention: npt.NDArray[np.float64],
    rank: npt.NDArray[np.float64],
    policy: CurationPolicy,
    now: datetime,
) -> dict[str, Any]:
    """The active set's scores as the planner will see them (retention against the prune
    threshold, rank), for reading: the planner computes its own from the same input."""
    n = len(snapshot_kinds)
    near = (retention >= policy.prune_below) & (retention < policy.prune_below + NEAR_PRUNE_BAND)
    below = retention < policy.prune_below
    kinds: dict[str, int] = {}
    for kind in snapshot_kinds:
        kinds[kind] = kinds.get(kind, 0) + 1
    rank_summary = (
        {
            "mean": round(float(rank.mean()), 3),
            "median": round(float(np.median(rank)), 3),
            "max": round(float(rank.max()), 3),
        }
        if n
        else {}
    )
    return {
        "n": n,
        "pinned": pinned,
        "by_kind": kinds,
        "retention_histogram": MetadataValue.md(
            histogram_md(retention, label="retention", marker=policy.prune_below)
        ),
        "prune_below": policy.prune_below,
        "share_below_prune_threshold": round(float(below.mean()), 4) if n else 0.0,
        "share_just_above_prune_threshold": round(float(near.mean()), 4) if n else 0.0,
        "just_above_band": MetadataValue.text(
            f"{policy.prune_below:g} <= retention < {policy.prune_below + NEAR_PRUNE_BAND:g}"
        ),
        "rank_score": rank_summary,
        "scored_at": MetadataValue.text(now.isoformat()),
    }


def plan_metadata(
    plan: CurationPlan,
    content: ContentOf,
    *,
    duplicate_threshold: float,
    timings: dict[str, float],
    pending_proposals: int,
    open_conflicts: list[ConflictRecord],
) -> dict[str, Any]:
    """The plan's page: its counts, what writes, and one section per mechanic (the largest
    merges, the principle candidates, the contradictions new and open) with examples."""
    dry_run, writing = will_write(plan)
    policy = plan.policy
    by_retention = sorted(plan.archives, key=lambda a: (a.mechanic.value, a.retention or 0.0))
    archives = [
        (a.mechanic.value, snippet(content(a.memory_id), 60), snippet(a.detail, 70))
        for a in by_retention[: 2 * TOP]
    ]
    return {
        **{key: int(value) for key, value in plan.counts().items()},
        "counts": MetadataValue.md(counts_md(plan.counts())),
        "modes": MetadataValue.md(counts_md(policy_modes(policy))),
        "dry_run": dry_run,
        "will_write": writing_text(writing),
        "planned_at": MetadataValue.text(plan.planned_at.isoformat()),
        "archives": MetadataValue.md(table_md(["mechanic", "entry", "why"], archives)),
        "duplicate_threshold": duplicate_threshold,
        "largest_clusters": _merges_md(plan, content),
        "proposal_members_covered": len({m for p in plan.proposals for m in p.member_ids}),
        "proposals_pending_in_store": pending_proposals,
        "proposal_examples": _proposals_md(plan),
        "conflicts_open_in_queue": len(open_conflicts),
        "new_conflicts": _new_conflicts_md(plan, content),
        "oldest_open_conflicts": _open_conflicts_md(open_conflicts),
        "timings_s": dict(timings),
        "plan_seconds": timings.get("total", 0.0),
    }


def policy_modes(policy: CurationPolicy) -> dict[str, str]:
    return {m.value: str(getattr(policy, m.value).value) for m in Mechanic}


def _merges_md(plan: CurationPlan, content: ContentOf) -> MetadataValue:
    merges = sorted(plan.merges, key=lambda m: (-len(m.duplicate_ids), m.canonical_id))
    rows = [
        (
            snippet(content(m.canonical_id)),
            1 + len(m.duplicate_ids),
            f"{m.min_similarity:.3f}",
            m.recall_count_after,
        )
        for m in merges[:TOP]
    ]
    return MetadataValue.md(table_md(["canonical", "size", "min cosine", "recalls after"], rows))


def _proposals_md(plan: CurationPlan) -> MetadataValue:
    proposals = sorted(plan.proposals, key=lambda p: (-len(p.member_ids), p.text))
    rows = [
        (snippet(p.text), len(p.member_ids), p.generality, f"{p.mean_jaccard:.2f}")
        for p in proposals[:TOP]
    ]
    return MetadataValue.md(table_md(["principle", "members", "generality", "mean jaccard"], rows))


def _new_conflicts_md(plan: CurationPlan, content: ContentOf) -> MetadataValue:
    rows = [
        (
            snippet(content(c.memory_id), 60),
            snippet(c.claim, 60),
            snippet(c.evidence, 60),
            f"{c.similarity:.3f}",
        )
        for c in plan.conflicts[:TOP]
    ]
    return MetadataValue.md(
        table_md(["entry", "contradicting claim", "differs in", "cosine"], rows)
    )


def _open_conflicts_md(open_conflicts: list[ConflictRecord]) -> MetadataValue:
    rows = [
        (
            c.at.isoformat(timespec="minutes"),
            snippet(c.claim, 70),
            snippet(c.evidence, 60),
            c.source,
        )
        for c in sorted(open_conflicts, key=lambda c: c.at)[:TOP]
    ]
    return MetadataValue.md(table_md(["since", "claim", "evidence", "source"], rows))


def apply_metadata(report: RunReport, dry_run: bool, writing: list[str]) -> dict[str, Any]:
    applied = {k: v for k, v in report.applied.items() if k != "writing"}
    return {
        "run_id": MetadataValue.text(report.run_id),
        "dry_run": dry_run,
        "wrote": writing_text(writing),
        "active_after": report.active_after,
        "archived": len(report.archived_ids),
        "conflicts_opened": len(report.conflict_ids),
        "proposals_created": len(report.proposal_ids),
        "skipped_stale": int(applied.get("skipped_stale", 0)),
        "applied": MetadataValue.md(counts_md(applied)),
    }


def run_metadata(run: RunRecord) -> dict[str, Any]:
    return {
        "report": MetadataValue.md(run_report_md(run)),
        "run_id": MetadataValue.text(run.id),
        "status": MetadataValue.text(run.status),
        "dry_run": run.dry_run,
        "active_after": run.report.active_after,
    }


# -- evaluation ----------------------------------------------------------------------------
COMPARISON = ("quality_raw", "quality_curated", "delta", "win_rate", "p_value")


def comparison_metadata(comparison: Mapping[str, Any], run_id: str) -> dict[str, Any]:
    """A curated-vs-raw comparison's headline figures and the MLflow run holding the rest."""
    return {
        **{key: comparison[key] for key in COMPARISON},
        "mlflow_run_id": MetadataValue.text(run_id),
    }


def workload_metadata(
    memories: int, top1: Mapping[str, Any], headline: str, run_id: str
) -> dict[str, Any]:
    return {
        "memories": memories,
        "queries": top1["n"],
        **comparison_metadata(top1, run_id),
        "headline": MetadataValue.md("```\n" + headline + "\n```"),
    }


def benchmark_metadata(
    dataset: str, result: Mapping[str, Any], figures: Mapping[str, Any]
) -> dict[str, Any]:
    logged = result.get("mlflow") or {}
    metadata: dict[str, Any] = {
        "skipped": False,
        "dataset": dataset,
        "archived": result["curation"].get("archived"),
        "memories": result["curation"].get("memories"),
        "mlflow_run_id": MetadataValue.text(str(logged.get("run_id") or logged.get("error"))),
    }
    metadata.update({k: v for k, v in figures.items() if v is not None})
    return metadata


# -- online experiments --------------------------------------------------------------------
ONLINE_COLUMNS = [
    "tenant", "experiment", "recommendation", "days", "new_days_logged",
    "curated_success_rate", "raw_success_rate", "delta", "always_valid_low",
    "always_valid_high", "srm_p",
]  # fmt: skip  # a flat list of names, read as a paragraph


def online_line(summary: Mapping[str, Any]) -> str:
    """One experiment's verdict, for the run's log."""
    delta = figure(summary["delta"], signed=True)
    return (
        f"{summary['tenant']}/{summary['experiment']}: {summary['recommendation']} "
        f"(delta {delta}, {summary['new_days_logged']} new day(s) logged)"
    )


def online_metadata(
    summaries: Sequence[Mapping[str, Any]], now: datetime, uri: str
) -> dict[str, Any]:
    rows = [[figure(s[c], signed=c in SIGNED) for c in ONLINE_COLUMNS] for s in summaries]
    return {
        "experiments": len(summaries),
        "new_days_logged": sum(s["new_days_logged"] for s in summaries),
        "as_of": MetadataValue.text(now.isoformat()),
        "mlflow_tracking_uri": MetadataValue.text(uri),
        "recommendations": MetadataValue.json(
            {f"{s['tenant']}/{s['experiment']}": s["recommendation"] for s in summaries}
        ),
        "report": MetadataValue.md(
            table_md(ONLINE_COLUMNS, rows) if rows else "No experiment is live or recently ended."
        ),
    }
