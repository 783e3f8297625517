"""Altair charts for the dashboard (pure: rows in, chart out; no Streamlit here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import altair as alt
import pandas as pd

from curation import ARCHIVE_REASONS, RetentionDistribution

REASON_COLORS = ["#4c78a8", "#f58518", "#9d755d", "#54a24b", "#b279a2"]
HEIGHT = 240

# what Altair's builders return (``.properties`` on a layer may type as a facet)
AnyChart = alt.Chart | alt.LayerChart | alt.FacetChart


def _frame(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame(list(rows))


def until_last_change(rows: Sequence[Mapping[str, Any]], x: str) -> list[Mapping[str, Any]]:
    """The daily series cut one row after its last change: a store whose data ended months
    ago should not draw a flat line (and an axis) up to today."""
    rows = list(rows)
    values = [{k: v for k, v in row.items() if k != x} for row in rows]
    last = 0
    for n in range(1, len(rows)):
        if values[n] != values[n - 1]:
            last = n
    return rows[: last + 2]


def _tips(*fields: str, value: str) -> list[Any]:
    """A tooltip: the fields as they are, then the value to three decimals."""
    return [*fields, alt.Tooltip(value, format=".3f")]


def _time_axis(frame: pd.DataFrame, field: str, **axis: Any) -> alt.Axis:
    """A time axis; with a single instant, one tick at it (not a stray tick beside it)."""
    distinct = pd.to_datetime(frame[field], utc=True).dropna().unique() if len(frame) else []
    if len(distinct) == 1:
        return alt.Axis(values=[pd.Timestamp(distinct[0]).isoformat()], **axis)
    return alt.Axis(**axis)


def active_size(
    by_day: Sequence[Mapping[str, Any]], by_run: Sequence[Mapping[str, Any]]
) -> AnyChart:
    """Active entries per day (line) with a point per curation run (its ``active_after``)."""
    days = _frame(until_last_change(by_day, "day"))
    days["day"] = pd.to_datetime(days["day"]) if len(days) else days.get("day")
    line = (
        alt.Chart(days)
        .mark_line(interpolate="step-after", color="#4c78a8")
        .encode(
            x=alt.X("day:T", title=None),
            y=alt.Y("active:Q", title="active entries"),
            tooltip=[alt.Tooltip("day:T"), alt.Tooltip("active:Q")],
        )
    )
    runs = _frame(by_run)
    if not len(runs):
        return alt.layer(line).properties(height=HEIGHT)
    runs["kind"] = runs["dry_run"].map({True: "dry run", False: "applied run"})
    points = (
        alt.Chart(runs)
        .mark_point(filled=True, size=90, color="#e45756")
        .encode(
            x="at:T",
            y="active_after:Q",
            shape=alt.Shape("kind:N", title="curation run"),
            tooltip=[
                alt.Tooltip("at:T", title="run at"),
                alt.Tooltip("active_before:Q"),
                alt.Tooltip("active_after:Q"),
                alt.Tooltip("archived:Q"),
                alt.Tooltip("kind:N"),
            ],
        )
    )
    return alt.layer(line, points).properties(height=HEIGHT)


def archived_per_week(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Stacked bars: entries archived per week, by reason."""
    frame = _frame(rows)
    if len(frame):
        frame["week"] = pd.to_datetime(frame["week"]).dt.strftime("%Y-%m-%d")
    return _weekly_bars(
        frame,
        "archived",
        alt.Color(
            "reason:N",
            scale=alt.Scale(domain=list(ARCHIVE_REASONS), range=REASON_COLORS),
            title="reason",
        ),
    )


def _weekly_bars(frame: pd.DataFrame, counted: str, color: alt.Color) -> AnyChart:
    """Stacked bars of ``count`` per ``week`` (an ISO date), split by ``color``'s field."""
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("week:O", title="week of"),
            y=alt.Y("sum(count):Q", title=counted),
            color=color,
            tooltip=["week:O", color.shorthand, "count:Q"],
        )
        .properties(height=HEIGHT)
    )


KIND_DOMAIN = ["tool_output", "conversation", "fact", "preference"]
KIND_COLORS = ["#bab0ac", "#72b7b2", "#4c78a8", "#b279a2"]


def retention_histogram(dist: RetentionDistribution, bins: int = 50) -> AnyChart:
    """Retention scores of the active set stacked by kind (square-root scale, so a few
    entries still show beside a crowd); the long-tail band just above the prune
    threshold is shaded and the threshold is a dashed rule."""
    width = 1.0 / bins
    counts: dict[tuple[int, str], int] = {}
    for score, kind in zip(dist.scores, dist.kinds, strict=True):
        key = (min(int(score / width), bins - 1), kind)
        counts[key] = counts.get(key, 0) + 1
    frame = pd.DataFrame(
        [
            {"low": b * width, "high": (b + 1) * width, "kind": kind, "count": n}
            for (b, kind), n in sorted(counts.items())
        ],
        columns=["low", "high", "kind", "count"],
    )
    band = pd.DataFrame([{"low": dist.band[0], "high": dist.band[1]}])
    shade = (
        alt.Chart(band)
        .mark_rect(opacity=0.18, color="#e45756")
        .encode(
            x=alt.X("low:Q", scale=alt.Scale(domain=[0, 1])),
            x2="high:Q",
            tooltip=[
                alt.Tooltip("low:Q", title="long tail from", format=".2f"),
                alt.Tooltip("high:Q", title="to", format=".2f"),
            ],
        )
    )
    bars = (
        alt.Chart(frame)
        .mark_bar(binSpacing=1)
        .encode(
            x=alt.X("low:Q", bin="binned", title="retention score", scale=alt.Scale(domain=[0, 1])),
            x2="high:Q",
            y=alt.Y("sum(count):Q", title="active entries (√ scale)", scale=alt.Scale(type="sqrt")),
            color=alt.Color(
                "kind:N",
                scale=alt.Scale(domain=KIND_DOMAIN, range=KIND_COLORS),
                legend=alt.Legend(title=None, orient="top"),
            ),
            tooltip=[
                alt.Tooltip("low:Q", title="from", format=".2f"),
                alt.Tooltip("high:Q", title="to", format=".2f"),
                alt.Tooltip("kind:N"),
                alt.Tooltip("count:Q"),
            ],
        )
    )
    rule = (
        alt.Chart(pd.DataFrame([{"x": dist.prune_below}]))
        .mark_rule(color="#e45756", strokeDash=[4, 3], size=2)
        .encode(x="x:Q", tooltip=[alt.Tooltip("x:Q", title="prune_below")])
    )
    return alt.layer(shade, bars, rule).properties(height=HEIGHT)


def queues(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Open conflicts and pending proposals per day."""
    frame = _frame(until_last_change(rows, "day"))
    if len(frame):
        frame["day"] = pd.to_datetime(frame["day"])
        frame = frame.melt("day", var_name="queue", value_name="count")
        frame["queue"] = frame["queue"].map(
            {"open_conflicts": "open conflicts", "pending_proposals": "pending proposals"}
        )
    return (
        alt.Chart(frame)
        .mark_line(point=True, interpolate="step-after")
        .encode(
            x=alt.X("day:T", title=None),
            y=alt.Y("count:Q", title="in the queue"),
            color=alt.Color("queue:N", title=None, legend=alt.Legend(orient="top")),
            tooltip=["day:T", "queue:N", "count:Q"],
        )
        .properties(height=HEIGHT)
    )


def near_duplicates(rows: Sequence[Mapping[str, Any]], target: float) -> AnyChart:
    """Near-duplicate share of the active set over time against the policy's target."""
    frame = _frame(rows)
    line = (
        alt.Chart(frame)
        .mark_line(point=True, color="#4c78a8")
        .encode(
            x=alt.X("at:T", title=None, axis=_time_axis(frame, "at")),
            y=alt.Y("share:Q", title="near-duplicate share", axis=alt.Axis(format="%")),
            tooltip=[
                alt.Tooltip("at:T"),
                alt.Tooltip("share:Q", format=".1%"),
                alt.Tooltip("active:Q"),
            ],
        )
    )
    rule = (
        alt.Chart(pd.DataFrame([{"target": target}]))
        .mark_rule(color="#54a24b", strokeDash=[4, 3])
        .encode(y="target:Q", tooltip=[alt.Tooltip("target:Q", format=".0%")])
    )
    return alt.layer(line, rule).properties(height=HEIGHT)


def recalls(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Recorded recalls per week, split by whether one returned a contested entry."""
    frame = _frame(rows)
    if len(frame):
        frame["week"] = pd.to_datetime(frame["week"]).dt.strftime("%Y-%m-%d")
        frame["clean"] = frame["recalls"] - frame["with_contested"]
        frame = frame.melt(
            "week", value_vars=["clean", "with_contested"], var_name="kind", value_name="count"
        )
        frame["kind"] = frame["kind"].map(
            {"clean": "no contested entry", "with_contested": "returned a contested entry"}
        )
    return _weekly_bars(
        frame,
        "recalls",
        alt.Color(
            "kind:N",
            scale=alt.Scale(
                domain=["no contested entry", "returned a contested entry"],
                range=["#4c78a8", "#f58518"],
            ),
            title=None,
            legend=alt.Legend(orient="top"),
        ),
    )


# -- experiments -----------------------------------------------------------------------------
DATE_AXIS = alt.Axis(format="%b %d", labelAngle=0, tickCount="day")


def _date_axis(frame: pd.DataFrame, field: str) -> alt.Axis:
    return _time_axis(frame, field, format="%b %d", labelAngle=0, tickCount="day")


def win_rate_over_time(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Win rate of curated over raw per comparison, with its interval where known."""
    frame = _frame([r for r in rows if r.get("win_rate") is not None])
    frame["start_time"] = pd.to_datetime(frame["start_time"], utc=True)
    base = alt.Chart(frame).encode(
        x=alt.X("start_time:T", title="run started", axis=_date_axis(frame, "start_time")),
        color=alt.Color("experiment:N", title=None, legend=alt.Legend(orient="top")),
    )
    line = base.mark_line(point=True).encode(
        y=alt.Y("win_rate:Q", title="win rate, curated vs raw", scale=alt.Scale(domain=[0, 1])),
        tooltip=[
            "experiment:N",
            "run_name:N",
            "policy:N",
            alt.Tooltip("win_rate:Q", format=".2f"),
            alt.Tooltip("win_rate_low:Q", format=".2f"),
            alt.Tooltip("win_rate_high:Q", format=".2f"),
        ],
    )
    layers: list[Any] = [line]
    if "win_rate_low" in frame and frame["win_rate_low"].notna().any():
        layers.append(
            base.mark_errorbar().encode(
                y=alt.Y("win_rate_low:Q", title="win rate, curated vs raw"), y2="win_rate_high:Q"
            )
        )
    even = alt.Chart(pd.DataFrame([{"y": 0.5}])).mark_rule(color="#888", strokeDash=[4, 3])
    layers.append(even.encode(y="y:Q"))
    return alt.layer(*layers).properties(height=HEIGHT)


def quality_over_time(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Decision quality per arm per comparison run (one line per experiment and arm)."""
    frame = _frame(rows)
    frame["start_time"] = pd.to_datetime(frame["start_time"], utc=True)
    frame["series"] = frame["experiment"] + " · " + frame["arm"]
    return (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("start_time:T", title="run started", axis=_date_axis(frame, "start_time")),
            y=alt.Y("decision_quality:Q", title="decision quality", scale=alt.Scale(zero=False)),
            color=alt.Color("arm:N", title=None, legend=alt.Legend(orient="top")),
            detail="series:N",
            shape=alt.Shape("experiment:N", title=None, legend=alt.Legend(orient="bottom")),
            tooltip=_tips(
                "experiment:N", "run_name:N", "policy:N", "arm:N", value="decision_quality:Q"
            ),
        )
        .properties(height=HEIGHT)
    )


def quality_by_policy(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Bars: decision quality of each arm, per policy (the latest run of each)."""
    frame = _frame(rows)
    frame = frame.sort_values("start_time").groupby(["policy", "arm"], as_index=False).last()
    frame["bar"] = frame["policy"] + " · " + frame["arm"]
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y("bar:N", title=None, axis=alt.Axis(labelLimit=360), sort=None),
            x=alt.X("decision_quality:Q", title="decision quality (latest run of each policy)"),
            color=alt.Color("arm:N", title=None, legend=alt.Legend(orient="top")),
            tooltip=_tips("policy:N", "experiment:N", "arm:N", value="decision_quality:Q"),
        )
        .properties(height=alt.Step(22))
    )


def series(rows: Sequence[Mapping[str, Any]], x: str, y: str, color: str) -> AnyChart:
    """A plain multi-line chart (per-day metric history of a run's arms)."""
    return (
        alt.Chart(_frame(rows))
        .mark_line(point=True)
        .encode(
            x=alt.X(f"{x}:Q", title="simulated day"),
            y=alt.Y(f"{y}:Q", title=y.replace("_", " "), scale=alt.Scale(zero=False)),
            color=alt.Color(f"{color}:N", legend=alt.Legend(orient="top")),
            tooltip=_tips(f"{x}:Q", f"{color}:N", value=f"{y}:Q"),
        )
        .properties(height=HEIGHT)
    )


def benchmark_trend(rows: Sequence[Mapping[str, Any]]) -> AnyChart:
    """Headline metric per arm over the weekly runs, one panel per public benchmark."""
    return (
        alt.Chart(_frame(rows))
        .mark_line(point=True)
        .encode(
            x=alt.X("started:T", title="run"),
            y=alt.Y("value:Q", title="headline metric", scale=alt.Scale(zero=False)),
            color=alt.Color("arm:N", legend=alt.Legend(orient="top")),
            tooltip=_tips("started:T", "benchmark:N", "arm:N", "metric:N", value="value:Q"),
        )
        .properties(height=HEIGHT)
        .facet(column=alt.Column("benchmark:N", title=None))
    )


# -- online experiments ----------------------------------------------------------------------
COHORT_COLORS = alt.Scale(domain=["curated", "raw"], range=["#54a24b", "#e45756"])


def cohort_rates(days: Sequence[Mapping[str, Any]], metric: str = "success") -> AnyChart:
    """Per cohort, the cumulative success rate (or mean score) as of each day's end."""
    field = "mean_score" if metric == "score" else "success_rate"
    rows = [
        {
            "date": day["date"],
            "cohort": cohort,
            "value": day.get(f"{cohort}_{field}"),
            "outcomes": day.get(f"{cohort}_outcomes"),
            "agents": day.get(f"{cohort}_agents"),
        }
        for day in days
        for cohort in ("curated", "raw")
        if day.get(f"{cohort}_{field}") is not None
    ]
    frame = _frame(rows)
    if len(frame):
        frame["date"] = pd.to_datetime(frame["date"], utc=True)
    title = "mean score" if metric == "score" else "success rate (cumulative)"
    return (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("date:T", title="day", axis=DATE_AXIS),
            y=alt.Y("value:Q", title=title, scale=alt.Scale(zero=False)),
            color=alt.Color(
                "cohort:N", title=None, scale=COHORT_COLORS, legend=alt.Legend(orient="top")
            ),
            tooltip=[
                "date:T",
                "cohort:N",
                alt.Tooltip("value:Q", format=".3f"),
                "outcomes:Q",
                "agents:Q",
            ],
        )
        .properties(height=HEIGHT)
    )


def delta_band(days: Sequence[Mapping[str, Any]]) -> AnyChart:
    """The delta (curated - raw) per day with its always-valid band (what the decision
    reads) and, lighter, the fixed-horizon interval; a rule at 0."""
    frame = _frame([d for d in days if d.get("delta") is not None])
    if len(frame):
        frame["date"] = pd.to_datetime(frame["date"], utc=True)
    x = alt.X("date:T", title="day", axis=DATE_AXIS)
    base = alt.Chart(frame)
    layers: list[Any] = []
    if len(frame) and frame["fixed_low"].notna().any():
        layers.append(
            base.mark_area(opacity=0.15, color="#4c78a8").encode(
                x=x, y="fixed_low:Q", y2="fixed_high:Q"
            )
        )
    if len(frame) and frame["always_valid_low"].notna().any():
        layers.append(
            base.mark_area(opacity=0.3, color="#4c78a8").encode(
                x=x, y="always_valid_low:Q", y2="always_valid_high:Q"
            )
        )
    layers.append(
        base.mark_line(point=True, color="#1f3b5a").encode(
            x=x,
            y=alt.Y("delta:Q", title="delta, curated - raw"),
            tooltip=[
                "date:T",
                alt.Tooltip("delta:Q", format="+.3f"),
                alt.Tooltip("always_valid_low:Q", format="+.3f"),
                alt.Tooltip("always_valid_high:Q", format="+.3f"),
                alt.Tooltip("fixed_low:Q", format="+.3f"),
                alt.Tooltip("fixed_high:Q", format="+.3f"),
                "recommendation:N",
            ],
        )
    )
    zero = alt.Chart(pd.DataFrame([{"y": 0.0}])).mark_rule(color="#888", strokeDash=[4, 3])
    layers.append(zero.encode(y="y:Q"))
    return alt.layer(*layers).properties(height=HEIGHT)
