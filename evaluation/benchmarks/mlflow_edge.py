"""MLflow at the edge: one comparison run per benchmark result (a nested run per arm),
its flat metrics, per-question table, summary and figure. Scoring never imports this."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)

Chart = tuple[str, Mapping[str, Mapping[str, Mapping[str, Any]]]]
"""A result's figure: the metric, and per arm its values per group (``Benchmark.chart``)."""


def _flat_metrics(tree: Mapping[str, Any], prefix: str = "") -> dict[str, float]:
    """Numeric leaves of a nested dict as dotted names (None and non-numbers dropped)."""
    out: dict[str, float] = {}
    for key, value in tree.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            out.update(_flat_metrics(value, name))
        elif isinstance(value, int | float) and not isinstance(value, bool) and value is not None:
            out[name] = float(value)
    return out


def summary_without_rows(result: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in ("rows", "per_conversation")}


def _figure(result: Mapping[str, Any], chart: Chart) -> Any:
    """Grouped bars: the chart's metric per group, one bar per arm."""
    from matplotlib.figure import Figure

    metric, groups = chart
    labels = list(groups["raw"])
    figure = Figure(figsize=(max(6.0, 1.3 * len(labels)), 4.0))
    axes = figure.subplots()
    width = 0.8 / max(1, len(groups))
    for n, (arm, values) in enumerate(groups.items()):
        heights = [values.get(label, {}).get(metric) or 0.0 for label in labels]
        axes.bar([i + n * width for i in range(len(labels))], heights, width, label=arm)
    axes.set_xticks([i + width * (len(groups) - 1) / 2 for i in range(len(labels))])
    axes.set_xticklabels(labels, rotation=20, ha="right")
    axes.set_ylim(0, 1)
    axes.set_ylabel(metric)
    axes.set_title(f"{result['benchmark']}: {metric} by group ({result['embedding_model']})")
    axes.legend()
    return figure


def log_benchmark(
    result: dict[str, Any], experiment: str, uri: str | None, chart: Chart
) -> dict[str, Any] | None:
    """One comparison run (one nested run per arm) with the benchmark's ``chart`` as its
    figure; a tracking failure (the tracking
    server or store unreachable or refusing) is reported in the result and logged, never
    allowed to lose the benchmark's numbers."""
    from mlflow.exceptions import MlflowException
    from sqlalchemy.exc import SQLAlchemyError

    from evaluation.tracking import comparison_run

    try:
        benchmark = result["benchmark"]
        params = {
            "benchmark": benchmark,
            "dataset": result["dataset"],
            "embedding_model": result["embedding_model"],
            "k_values": result["k_values"],
            "questions": result["questions"]["total"],
            "curate": result["curation"].get("ran", False),
            "policy_modes": "apply" if result["curation"].get("ran") else "none",
        }
        if "conversations" in result:  # LoCoMo's unit
            params["conversations"] = result["conversations"]
        run_name = f"{benchmark}-{result['questions']['total']}q-{result['embedding_model']}"
        with comparison_run(
            experiment, run_name, params=params, tags={"memgov.benchmark": benchmark}, uri=uri
        ) as comparison:
            for arm, metrics in result["arms"].items():
                with comparison.arm(arm, {"mode": arm}) as handle:
                    handle.log_metrics(_flat_metrics(metrics))
                    for point in result.get("per_conversation", {}).get(arm, []):
                        handle.log_metrics(
                            {
                                f"conversation.{k}": v
                                for k, v in point.items()
                                if k not in ("step", "sample_id")
                            },
                            step=int(point["step"]),
                        )
            parent = {
                "delta": result.get("delta", {}),
                "curation": result["curation"],
                "timings": result["timings"],
                "questions": {
                    k: v for k, v in result["questions"].items() if not isinstance(v, dict)
                },
            }
            for extra in ("adversarial", "knowledge_update", "by_evidence_state"):
                if extra in result:
                    parent[extra] = result[extra]
            comparison.log_metrics(_flat_metrics(parent))
            comparison.log_table("per_question", result["rows"])
            comparison.log_json("summary", summary_without_rows(result))
            comparison.log_figure("recall_by_group", _figure(result, chart))
            return {
                "experiment": experiment,
                "run_id": comparison.run_id,
                "arms": dict(comparison.arms),
                "tracking_uri": comparison.tracking_uri,
            }
    except (MlflowException, SQLAlchemyError, OSError) as exc:  # keep the results
        log.warning("MLflow logging failed: %s", exc)
        return {"experiment": experiment, "error": f"{type(exc).__name__}: {exc}"}
