"""From MLflow runs to what the Experiments page plots (pure: no MLflow, no Streamlit).

The layout ``evaluation.tracking`` writes: one parent run per comparison (tag
``memgov.kind=comparison``) with one nested run per arm (``mlflow.parentRunId`` set,
arm name in ``memgov.arm``). Names are matched loosely so the page keeps working as the
evaluation's metric names settle:

- win rate: the parent's ``win_rate`` (or the shortest key ending in ``win_rate``, such as
  ``top1.win_rate``), with ``…win_rate_low`` / ``…win_rate_high`` as its interval;
- decision quality of an arm: the arm run's ``decision_quality`` (or a key ending in it),
  else the parent's ``quality_<arm>`` / ``<arm>.decision_quality`` / ``<arm>_decision_quality``;
- delta: the parent's ``delta`` or ``delta.decision_quality``; p-value: ``p_value``.

A run without nested arms is read as a comparison on its own (its arms from its metrics).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

PARENT_TAG = "mlflow.parentRunId"
ARM_TAG = "memgov.arm"
RUN_NAME_TAG = "mlflow.runName"
POLICY_PARAMS = ("policy.name", "policy_name", "policy")


def _shortest(keys: Iterable[str]) -> str | None:
    found = sorted(keys, key=lambda k: (len(k), k))
    return found[0] if found else None


def _metric(metrics: Mapping[str, Any], pattern: str) -> float | None:
    rx = re.compile(pattern)
    key = _shortest(k for k in metrics if rx.search(k))
    return None if key is None else float(metrics[key])


def win_rate(metrics: Mapping[str, Any]) -> tuple[float | None, float | None, float | None]:
    """(win rate, low, high) of a comparison run's metrics."""
    key = _shortest(k for k in metrics if re.search(r"(^|[._])win_rate$", k))
    if key is None:
        return None, None, None
    low, high = metrics.get(key + "_low"), metrics.get(key + "_high")
    return (
        float(metrics[key]),
        None if low is None else float(low),
        None if high is None else float(high),
    )


def arm_quality(metrics: Mapping[str, Any]) -> float | None:
    """Decision quality of an arm run."""
    return _metric(metrics, r"(^|[._])decision_quality$")


def qualities_from_parent(metrics: Mapping[str, Any]) -> dict[str, float]:
    """Per-arm decision quality named in a comparison's own metrics."""
    found: dict[str, tuple[str, float]] = {}
    patterns = (
        re.compile(r"(?:^|[._])quality_(?P<arm>[A-Za-z0-9-]+)$"),
        re.compile(r"^(?:.*[._])?(?P<arm>[A-Za-z0-9-]+)[._]decision_quality$"),
    )
    for key, value in metrics.items():
        for rx in patterns:
            match = rx.search(key)
            if match and match["arm"] not in ("delta", "relative"):
                arm = match["arm"]
                if arm not in found or len(key) < len(found[arm][0]):
                    found[arm] = (key, float(value))
    return {arm: value for arm, (_, value) in found.items()}


def _run_name(run: Mapping[str, Any]) -> str:
    return str(run["tags"].get(RUN_NAME_TAG) or run["run_id"][:8])


def _policy_label(params: Mapping[str, Any], varying: Sequence[str], fallback: str) -> str:
    for key in POLICY_PARAMS:
        if params.get(key):
            return str(params[key])
    parts = [f"{k}={params[k]}" for k in varying if k in params][:3]
    return ", ".join(parts) or fallback


def summarise(runs: Sequence[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """``comparisons``: one row per comparison (oldest first) with its win rate,
    interval, delta, p-value and policy label; ``arms``: one row per comparison and arm
    with its decision quality (only where one is known)."""
    parents = [r for r in runs if not r["tags"].get(PARENT_TAG)]
    children: dict[str, list[Mapping[str, Any]]] = {}
    for run in runs:
        parent = run["tags"].get(PARENT_TAG)
        if parent:
            children.setdefault(str(parent), []).append(run)

    by_experiment: dict[str, list[Mapping[str, Any]]] = {}
    for run in parents:
        by_experiment.setdefault(str(run["experiment"]), []).append(run)
    varying: dict[str, list[str]] = {}
    for experiment, group in by_experiment.items():
        keys = sorted({k for r in group for k in r["params"]})
        varying[experiment] = [k for k in keys if len({str(r["params"].get(k)) for r in group}) > 1]

    comparisons: list[dict[str, Any]] = []
    arms: list[dict[str, Any]] = []
    for run in sorted(parents, key=lambda r: str(r["start_time"])):
        rate, low, high = win_rate(run["metrics"])
        name = _run_name(run)
        experiment = str(run["experiment"])
        row = {
            "run_id": run["run_id"],
            "experiment": experiment,
            "run_name": name,
            "start_time": run["start_time"],
            "status": run["status"],
            "win_rate": rate,
            "win_rate_low": low,
            "win_rate_high": high,
            "delta": _metric(run["metrics"], r"(^|[._])delta([._]decision_quality)?$"),
            "p_value": _metric(run["metrics"], r"(^|[._])p_value$"),
            "policy": _policy_label(run["params"], varying[experiment], name),
            "params": dict(run["params"]),
        }
        comparisons.append(row)
        qualities: dict[str, float] = {}
        arm_ids: dict[str, str] = {}
        for child in children.get(run["run_id"], []):
            arm = str(child["tags"].get(ARM_TAG) or _run_name(child))
            value = arm_quality(child["metrics"])
            arm_ids[arm] = child["run_id"]
            if value is not None:
                qualities[arm] = value
        for arm, value in qualities_from_parent(run["metrics"]).items():
            qualities.setdefault(arm, value)
        for arm, value in sorted(qualities.items()):
            arms.append(
                {
                    "run_id": run["run_id"],
                    "arm_run_id": arm_ids.get(arm),
                    "experiment": experiment,
                    "run_name": name,
                    "policy": row["policy"],
                    "start_time": run["start_time"],
                    "arm": arm,
                    "decision_quality": value,
                }
            )
    return {"comparisons": comparisons, "arms": arms}


def benchmark_trend(runs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per public-benchmark arm run (raw, heuristic, curated) with its headline
    metric (each registered benchmark names its own), oldest first: the weekly
    evaluation's trend per workload."""
    from evaluation import benchmark_headlines  # the registry: loaded when a page asks

    headlines = benchmark_headlines()
    rows: list[dict[str, Any]] = []
    for run in sorted(runs, key=lambda r: str(r["start_time"])):
        metric = headlines.get(str(run["experiment"]))
        if metric is None or not run["tags"].get(PARENT_TAG):
            continue
        value = run["metrics"].get(metric)
        if value is None:
            continue
        rows.append(
            {
                "started": run["start_time"],
                "benchmark": str(run["experiment"]).removeprefix("benchmark-"),
                "arm": str(run["tags"].get(ARM_TAG) or _run_name(run)),
                "metric": metric,
                "value": float(value),
            }
        )
    return rows
