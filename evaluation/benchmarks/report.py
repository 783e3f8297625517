"""Plain-text pieces every benchmark's report uses (``memgov eval`` prints them), and the
figures of a result the Dagster assets show."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from evaluation.benchmarks.mlflow_edge import Chart


def cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def format_table(
    title: str, groups: Mapping[str, Mapping[str, Mapping[str, Any]]], metrics: Sequence[str]
) -> str:
    """Rows = group x arm, columns = n and the metrics; ``groups[arm][group] = metrics``."""
    arms = list(groups)
    names: list[str] = []
    for arm in arms:
        names += [g for g in groups[arm] if g not in names]
    header = ["group", "arm", "n", *metrics]
    lines = [[*header]]
    for name in names:
        for arm in arms:
            values = groups[arm].get(name)
            if values is None:
                continue
            lines.append(
                [name, arm, cell(values.get("n")), *(cell(values.get(m)) for m in metrics)]
            )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = [title]
    for n, line in enumerate(lines):
        out.append("  ".join(c.ljust(width) for c, width in zip(line, widths, strict=True)))
        if n == 0:
            out.append("  ".join("-" * width for width in widths))
    return "\n".join(out)


def retrieval_columns(k_values: Sequence[int]) -> list[str]:
    """recall_any at every k, recall_all at the largest, mrr and ndcg at the largest."""
    return [f"recall_any@{k}" for k in k_values] + [
        f"recall_all@{k_values[-1]}",
        "mrr",
        f"ndcg@{k_values[-1]}",
    ]


def retrieval_table(
    title: str, result: Mapping[str, Any], groups: Callable[[Mapping[str, Any]], dict[str, Any]]
) -> str:
    """A retrieval result's table: ``groups`` of each arm's figures, the columns of
    ``retrieval_columns`` at the result's cutoffs."""
    arms = {arm: groups(figures) for arm, figures in result["arms"].items()}
    return format_table(title, arms, retrieval_columns(result["k_values"]))


def per_arm(result: Mapping[str, Any], section: str) -> list[tuple[str, Mapping[str, Any]]]:
    """Each arm of the result with its entry in ``result[section]`` (empty when none)."""
    return [(arm, result[section].get(arm, {})) for arm in result["arms"]]


def state_lines(result: Mapping[str, Any]) -> str:
    """Raw vs curated split by whether the question's evidence survived curation."""
    top = result["k_values"][-1]
    metric = f"recall_any@{top}"
    labels = {"all_active": "evidence all active", "some_archived": "evidence partly archived"}
    parts = []
    for state, arms in result.get("by_evidence_state", {}).items():
        if not arms:
            continue
        n = next(iter(arms.values()))["n"]
        values = ", ".join(
            f"{arm} {cell(v.get(metric))} (mrr {cell(v.get('mrr'))})" for arm, v in arms.items()
        )
        parts.append(f"{labels.get(state, state)} ({n} q): {metric} {values}")
    return "\n".join(parts)


def curation_lines(curation: Mapping[str, Any]) -> str:
    if not curation.get("ran"):
        return "curation: not run"
    return (
        f"curation: archived {curation['archived']}/{curation['memories']} "
        f"{dict(curation['archived_by_reason'])}, open conflicts {curation['open_conflicts']}; "
        f"gold evidence still active {cell(curation['evidence_survival'])} "
        f"({curation['evidence_active']}/{curation['evidence_memories']}; archived by reason "
        f"{dict(curation['evidence_archived_by_reason'])}), represented "
        f"{cell(curation['evidence_represented'])}"
    )


def evidence_closing(result: Mapping[str, Any]) -> list[str]:
    """The end of a retrieval report (LoCoMo, LongMemEval): what curation did, the split
    by evidence state when there is one, the closing line."""
    parts = [curation_lines(result["curation"])]
    if result.get("by_evidence_state"):
        parts.append(state_lines(result))
    return [*parts, closing_line(result)]


def closing_line(result: Mapping[str, Any]) -> str:
    """Wall time and where the run was logged."""
    return f"wall time {result['timings']['total_s']:.1f} s; {mlflow_line(result)}"


def mlflow_line(result: Mapping[str, Any]) -> str:
    info = result.get("mlflow")
    if not info:
        return "MLflow: not logged"
    if "error" in info:
        return f"MLflow logging failed: {info['error']}"
    return f"MLflow run {info['run_id']} in {info['experiment']!r} at {info['tracking_uri']}"


def top_recall_chart(result: Mapping[str, Any], *keys: str) -> Chart:
    """A retrieval result's MLflow figure: recall_any at its top cutoff, per arm, over the
    groups found at ``keys`` in each arm's figures."""
    groups: dict[str, Any] = {}
    for arm, figures in result["arms"].items():
        for key in keys:
            figures = figures[key]
        groups[arm] = figures
    return f"recall_any@{result['k_values'][-1]}", groups


def arm_metric(result: Mapping[str, Any], *keys: str) -> dict[str, float | None]:
    """One nested metric per arm, named ``<metric>.<arm>`` (the assets' metadata)."""
    out: dict[str, float | None] = {}
    for arm, values in result["arms"].items():
        value: Any = values
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        out[f"{keys[-1]}.{arm}"] = value
    return out
