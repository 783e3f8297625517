"""Experiments: online curated-vs-raw experiments (from the store) first, then offline
A/B results and benchmarks from MLflow."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard import charts, data, mlflow_comparisons, online_view, ui

uri = data.redacted(data.tracking_uri())  # shown, never with a password in it
ui.header(
    "Experiments",
    caption=f"Online experiments from the store; offline runs from MLflow experiments `ab-*` "
    f"and `benchmark-*` at `{uri}`",
)
st.link_button("Open the MLflow UI", data.mlflow_ui_url(), icon=":material/open_in_new:")

online_view.render()  # live experiments from the store; the offline runs follow
st.subheader("Offline A/B and benchmarks")

try:
    runs = data.experiment_runs()
except Exception as exc:  # an unreachable tracking server is an empty state, not a crash
    st.warning(f"MLflow cannot be read at `{uri}`: {type(exc).__name__}: {data.redacted(str(exc))}")
    st.stop()
summary = mlflow_comparisons.summarise(runs)
comparisons, arms = summary["comparisons"], summary["arms"]
if not comparisons:
    st.info(
        "No A/B runs yet: run `memgov eval ab` (curated vs raw on the simulated fleet) or a "
        "benchmark (`memgov eval locomo PATH`, `memgov eval longmemeval PATH` or "
        "`memgov eval timeqa PATH`). They log to MLflow experiments named `ab-*` "
        "and `benchmark-*` in the store above (set `MLFLOW_TRACKING_URI` to read another)."
    )
    st.stop()

names = sorted({c["experiment"] for c in comparisons})
chosen = st.multiselect("Experiments", names, default=names, key="experiments")
comparisons = [c for c in comparisons if c["experiment"] in chosen]
arms = [a for a in arms if a["experiment"] in chosen]
if not comparisons:
    st.info("Choose at least one experiment.")
    st.stop()

latest = comparisons[-1]
cols = st.columns(4)
cols[0].metric("Comparisons", len(comparisons), border=True)
cols[1].metric(
    "Latest win rate",
    "—" if latest["win_rate"] is None else f"{latest['win_rate']:.0%}",
    help="Wins of curated over raw among the decided (non-tied) paired queries.",
    border=True,
)
cols[2].metric(
    "Latest Δ decision quality",
    "—" if latest["delta"] is None else f"{latest['delta']:+.3f}",
    help="Curated minus raw. The source's bar for a healthy store: +6 to 15%.",
    border=True,
)
cols[3].metric(
    "Latest p-value",
    "—" if latest["p_value"] is None else f"{latest['p_value']:.3g}",
    help="Exact paired test on the discordant queries.",
    border=True,
)

left, right = st.columns(2)
with left, st.container(border=True):
    st.subheader("Win rate over time")
    if any(c["win_rate"] is not None for c in comparisons):
        st.altair_chart(charts.win_rate_over_time(comparisons), width="stretch")
        st.caption("Error bars: Wilson interval. Dashed: 0.5, no difference.")
    else:
        st.info("These runs log no win rate.")
with right, st.container(border=True):
    st.subheader("Decision quality per arm")
    if arms:
        st.altair_chart(charts.quality_over_time(arms), width="stretch")
    else:
        st.info("These runs log no decision quality per arm.")

st.subheader("Policies compared")
if arms:
    st.altair_chart(charts.quality_by_policy(arms), width="stretch")
table = pd.DataFrame(
    [
        {
            "started": c["start_time"],
            "experiment": c["experiment"],
            "run": c["run_name"],
            "policy": c["policy"],
            "win rate": c["win_rate"],
            "win rate low": c["win_rate_low"],
            "win rate high": c["win_rate_high"],
            "Δ quality": c["delta"],
            "p-value": c["p_value"],
            "status": c["status"],
        }
        for c in reversed(comparisons)
    ]
)
st.dataframe(
    table,
    hide_index=True,
    width="stretch",
    column_config={
        "started": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
        "win rate": st.column_config.ProgressColumn(min_value=0.0, max_value=1.0, format="%.2f"),
        "win rate low": st.column_config.NumberColumn(format="%.2f"),
        "win rate high": st.column_config.NumberColumn(format="%.2f"),
        "Δ quality": st.column_config.NumberColumn(format="%+.3f"),
        "p-value": st.column_config.NumberColumn(format="%.3g"),
    },
)

trend = [
    row
    for row in mlflow_comparisons.benchmark_trend(runs)
    if f"benchmark-{row['benchmark']}" in chosen
]
if trend:
    st.subheader("Public benchmarks over time")
    st.altair_chart(charts.benchmark_trend(trend), width="content")
    st.caption(
        "Headline metric per arm: LoCoMo and LongMemEval recall@10 of the evidence, TimeQA "
        "the share of changing facts whose current value comes first (no keys)."
    )

with_history = [a for a in arms if a["arm_run_id"]]
if with_history:
    st.subheader("Over the simulated days of one run")
    run_ids = list(dict.fromkeys(a["run_id"] for a in reversed(with_history)))
    label = {a["run_id"]: f"{a['experiment']} · {a['run_name']}" for a in with_history}
    picked = st.selectbox(
        "Comparison run", run_ids, format_func=lambda r: label.get(r, r), key="history_run"
    )
    points = []
    for arm in (a for a in with_history if a["run_id"] == picked):
        # `memgov eval ab` logs the per-day series as daily_quality (step = simulated day)
        series = data.metric_history(str(arm["arm_run_id"]), "daily_quality") or (
            data.metric_history(str(arm["arm_run_id"]), "decision_quality")
        )
        for step, value in series:
            points.append({"day": step, "decision_quality": value, "arm": arm["arm"]})
    if len({p["day"] for p in points}) > 1:
        st.altair_chart(charts.series(points, "day", "decision_quality", "arm"), width="stretch")
    else:
        st.caption("This run logged decision quality once, not per simulated day.")
