"""Reporting an A/B: the headline table for a terminal, plots, and the MLflow record
(one parent run per comparison, a nested run per arm, per-day series with step = day)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from evaluation.ab.experiment import ARMS, ABResult
from evaluation.tracking import comparison_run


def write_rows(result: ABResult, path: Path) -> None:
    """Every query's row as one JSON line: which queries an arm lost is read from here."""
    with path.open("w", encoding="utf-8") as out:
        for row in result.rows:
            out.write(json.dumps(row, sort_keys=True, default=str) + "\n")


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def headline_table(result: ABResult) -> str:
    s = result.summary
    top1, budget = s["top1"], s["budget"]
    lines = [
        f"A/B over {s['queries']} paired queries ({s['memories_written']} memories written)",
        f"{'':34}{'raw':>10}{'curated':>10}",
        f"{'decision quality (top-1 on topic)':34}{top1['quality_raw']:>10.3f}"
        f"{top1['quality_curated']:>10.3f}",
        f"{'decision quality (token budget)':34}{budget['quality_raw']:>10.3f}"
        f"{budget['quality_curated']:>10.3f}",
        f"{'recall@k of a correct entry':34}{s['raw_recall_at_k']:>10.3f}"
        f"{s['curated_recall_at_k']:>10.3f}",
        f"{'MRR of the correct entries':34}{s['raw_mrr']:>10.3f}{s['curated_mrr']:>10.3f}",
        f"{'context tokens per recall':34}{s['raw_tokens_per_recall']:>10.1f}"
        f"{s['curated_tokens_per_recall']:>10.1f}",
        f"{'refuted recalled w/o conflict':34}{_pct(s['raw_contested_without_conflict']):>10}"
        f"{_pct(s['curated_contested_without_conflict']):>10}",
        f"{'near-duplicate share (end)':34}{_pct(s.get('raw_near_duplicate_share')):>10}"
        f"{_pct(s.get('curated_near_duplicate_share')):>10}",
        "",
        f"delta (curated - raw): {top1['delta']:+.3f} ({top1['relative_delta']:+.1%} relative)",
        f"win rate: {top1['win_rate']:.3f} [{top1['win_rate_low']:.3f}, "
        f"{top1['win_rate_high']:.3f}] 95% Wilson; wins {top1['wins']}, losses "
        f"{top1['losses']}, ties {top1['ties']}; exact McNemar p = {top1['p_value']:.3g}",
        f"stale entries retired per week: {s['stale_retired_per_week']:.1f}",
    ]
    by_kind = s.get("by_kind", {})
    if by_kind:
        lines.append("by question kind (raw → curated quality):")
        for kind, values in by_kind.items():
            lines.append(
                f"  {kind:12} n={values['n']:<5} {values['raw_quality']:.3f} → "
                f"{values['curated_quality']:.3f}"
            )
    return "\n".join(lines)


def quality_plot(result: ABResult) -> Figure:
    figure, axis = plt.subplots(figsize=(8, 4))
    days = [d["day"] for d in result.daily if d.get("queries")]
    for arm in ARMS:
        axis.plot(
            days,
            [d[f"{arm}_quality"] for d in result.daily if d.get("queries")],
            marker="o",
            label=arm,
        )
    axis.set_xlabel("simulated day")
    axis.set_ylabel("decision quality (top-1 on topic)")
    axis.set_ylim(0, 1)
    axis.legend()
    axis.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def score_plot(scores: Sequence[float], prune_below: float) -> Figure:
    figure, axis = plt.subplots(figsize=(8, 4))
    axis.hist(list(scores), bins=40, range=(0, 1), color="#4c72b0")
    axis.axvline(prune_below, color="#c44e52", linestyle="--", label="prune_below")
    axis.set_xlabel("retention score (curated active set)")
    axis.set_ylabel("memories")
    axis.legend()
    figure.tight_layout()
    return figure


def _numbers(prefix: str, values: Mapping[str, Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for key, value in values.items():
        if isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            out[f"{prefix}{key}"] = float(value)
    return out


def log_ab(
    result: ABResult,
    *,
    experiment: str,
    run_name: str,
    params: Mapping[str, Any],
    retention: Sequence[float] = (),
    prune_below: float = 0.12,
    uri: str | None = None,
) -> str:
    s = result.summary
    with comparison_run(
        experiment, run_name, params=params, tags={"kind": "ab"}, uri=uri
    ) as comparison:
        comparison.log_metrics(_numbers("top1.", s["top1"]))
        comparison.log_metrics(_numbers("budget.", s["budget"]))
        comparison.log_metrics(
            {
                "stale_retired_per_week": s["stale_retired_per_week"],
                "duplicates_archived": s["duplicates_archived"],
                "queries": s["queries"],
            }
        )
        for day in result.daily:
            comparison.log_metrics(
                {"delta": day["curated_quality"] - day["raw_quality"]}, step=int(day["day"])
            )
        for arm in ARMS:
            with comparison.arm(arm, {"arm": arm, "recall_mode": arm}) as run:
                run.log_metrics(
                    {
                        "decision_quality": s["top1"][f"quality_{arm}"],
                        "decision_quality_budget": s["budget"][f"quality_{arm}"],
                        "recall_at_k": s[f"{arm}_recall_at_k"],
                        "mrr": s[f"{arm}_mrr"],
                        "tokens_per_recall": s[f"{arm}_tokens_per_recall"],
                        "contested_without_conflict": s[f"{arm}_contested_without_conflict"],
                        "near_duplicate_share": s.get(f"{arm}_near_duplicate_share"),
                    }
                )
                for day in result.daily:
                    run.log_metrics(
                        {
                            "daily_quality": day.get(f"{arm}_quality"),
                            "daily_near_duplicate_share": day.get(f"{arm}_near_duplicate_share"),
                            "daily_size": day.get(f"{arm}_size"),
                        },
                        step=int(day["day"]),
                    )
        comparison.log_table("per_query", result.rows)
        comparison.log_json("summary", s)
        comparison.log_json("curation_reports", result.curation_reports)
        comparison.log_json("timings", result.timings)
        comparison.log_figure("decision_quality_by_day", quality_plot(result))
        if retention:
            comparison.log_figure("retention_distribution", score_plot(retention, prune_below))
        plt.close("all")
        return comparison.run_id
