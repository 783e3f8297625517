"""The online section of the Experiments page: the selected tenant's live curated-vs-raw
experiments, read from the store through ``dashboard.data`` and analysed as of now."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from dashboard import charts, data, ui

ALERTS = {
    "ship curated": st.success,
    "stop: curation hurts": st.error,
    "investigate (SRM)": st.warning,
    "flat: revisit curation rules": st.warning,
}
EXPLAINER = (
    "Agents are split by a salted hash of their id; each recall an agent makes is served "
    "by its cohort and logged as an exposure, and outcomes arrive later (missing ones are "
    "not failures). The always-valid band is a normal-mixture confidence sequence on the "
    "agent-clustered variance: it stays valid however often it is looked at, so the "
    "recommendation may be read every day. SRM: a chi-square test of agents per cohort "
    "against the split (alarm below p = 0.001)."
)


def _num(value: Any, spec: str) -> str:
    return "—" if value is None else format(value, spec)


def _pick(experiments: list[dict[str, Any]]) -> int:
    running = [n for n, e in enumerate(experiments) if e["status"] == "running"]
    return running[-1] if running else len(experiments) - 1


def render() -> None:
    st.subheader("Online experiments")
    tenant = st.session_state.get(ui.TENANT_KEY)
    if not tenant:
        st.caption("Choose a tenant to see its online experiments.")
        return
    try:
        experiments = data.online_experiments(str(tenant))
    except Exception as exc:  # the store is unreachable: the offline section still shows
        st.warning(f"Online experiments cannot be read: {ui.code(f'{type(exc).__name__}: {exc}')}")
        return
    if not experiments:
        st.caption(  # an empty state, quieter than the page's own messages
            f"No online experiment for {ui.code(str(tenant))} yet: start one with "
            f"{ui.code(f'memgov experiment start NAME -t {tenant} --days 14')}; agents then "
            "recall with their agent id and "
            "report how the task went (`outcome`)."
        )
        return
    names = [e["name"] for e in experiments]
    name = st.selectbox("Online experiment", names, index=_pick(experiments), key="online_name")
    report = data.online_report(str(tenant), name)
    record, latest = report["experiment"], report["latest"]
    score = record["metric"] == "score"
    state = "ended" if record["status"] == "running" and report["ended"] else record["status"]
    st.caption(
        f"{state} · {record['raw_share']:.0%} of agents raw · metric "
        f"{record['metric']} · alpha {record['alpha']:g} · {record['starts_at'][:10]} to "
        f"{record['ends_at'][:10]}"
    )
    recommendation = str(report["recommendation"])
    ALERTS.get(recommendation, st.info)(f"Recommendation: **{recommendation}**")
    if report.get("policy_changes"):
        st.warning(
            "The tenant's policy changed during this experiment ("
            + ", ".join(at[:16] for at in report["policy_changes"])
            + "): the curated arm mixes policies."
        )
    if latest is None:
        st.caption("The experiment has not started yet.")
        return
    field = "mean_score" if score else "success_rate"
    label = "mean score" if score else "success rate"
    cols = st.columns([1, 1, 1, 1.6, 0.8])  # the interval needs the room
    cols[0].metric(f"Curated {label}", _num(latest[f"curated_{field}"], ".3f"), border=True)
    cols[1].metric(f"Raw {label}", _num(latest[f"raw_{field}"], ".3f"), border=True)
    cols[2].metric("Δ curated - raw", _num(latest["delta"], "+.3f"), border=True)
    cols[3].metric(
        "Always-valid interval",
        f"[{_num(latest['always_valid_low'], '+.2f')}, "
        f"{_num(latest['always_valid_high'], '+.2f')}]",
        border=True,
    )
    cols[4].metric(
        "SRM",
        "ALARM" if latest["srm_alarm"] else "ok",
        help=f"{latest['curated_agents']} curated vs {latest['raw_agents']} raw agents; "
        f"p = {latest['srm_p']:.3g}",
        border=True,
    )
    left, right = st.columns(2)
    with left, st.container(border=True):
        st.markdown(f"**Daily {label} per cohort**")
        st.altair_chart(charts.cohort_rates(report["days"], record["metric"]), width="stretch")
    with right, st.container(border=True):
        st.markdown("**Δ with its always-valid band**")
        st.altair_chart(charts.delta_band(report["days"]), width="stretch")
        st.caption("Dark band: always-valid; light: fixed-horizon interval. Dashed: 0.")
    with st.expander("Daily table"):
        columns = [
            "date",
            f"curated_{field}",
            f"raw_{field}",
            "delta",
            "always_valid_low",
            "always_valid_high",
            "curated_agents",
            "raw_agents",
            "curated_missing_share",
            "raw_missing_share",
            "srm_p",
            "recommendation",
        ]
        st.dataframe(pd.DataFrame(report["days"])[columns], hide_index=True, width="stretch")
    st.caption(EXPLAINER)
