"""Markdown for the Dagster UI: histograms, small tables and the run report."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from curation import RunRecord

BAR_WIDTH = 30


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
