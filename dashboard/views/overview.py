"""Overview: how one tenant's store is doing, over curation runs and days."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dashboard import charts, data, ui
from dashboard.ui import when


def chart_panel(
    column: DeltaGenerator,
    title: str,
    chart: charts.AnyChart | None,
    empty: str,
    caption: str = "",
) -> None:
    """A bordered panel: the chart (drawn only when there is data) and its caption, or
    ``empty`` when there is none."""
    with column, st.container(border=True):
        st.subheader(title)
        if chart is None:
            st.info(empty)
            return
        st.altair_chart(chart, width="stretch")
        if caption:
            st.caption(caption)


tenant = ui.require_tenant()
view = data.overview(tenant)
ui.header("Overview", tenant, f"as of {when(view['now'])}")

counts = view["counts"]
pending = view["pending"]
retention = view["retention"]
share = view["near_duplicate_share"]
target = view["near_duplicate_target"]
by_day = view["active_by_day"]

cols = [*st.columns(3), *st.columns(3)]
cols[2].metric(
    "Near-duplicate share",
    f"{share:.1%}",
    delta=f"target ≤ {target:.0%}",
    delta_color="off" if share <= target else "inverse",
    delta_arrow="off",
    help="Redundant entries in the active set: cosine ≥ 0.95 or token Jaccard ≥ 0.9 "
    "within a kind; a cluster of k echoes counts k - 1.",
    border=True,
)
# the other five tiles, in their places: (label, value, help)
tiles: list[tuple[str, int, str]] = [
    ("Active entries", counts.active, "Entries curated recall searches (store.counts)."),
    (
        "Archived",
        counts.archived,
        "Archived (never deleted): restorable from the Archive explorer.",
    ),
    (
        "Open conflicts",
        pending.conflicts_open,
        "Claims against entries awaiting a curator's resolution.",
    ),
    ("Pending proposals", pending.proposals_pending, "Principle proposals awaiting approval."),
    (
        "Contested recalls",
        view["recalls_with_contested"],
        "Recorded recalls that returned an entry whose conflict was open at the time "
        "(with the conflict attached). "
        "Contested recalls WITHOUT their conflict: 0 by construction in curated mode, "
        "which always attaches open conflicts.",
    ),
]
for col, (label, value, tip) in zip([*cols[:2], *cols[3:]], tiles, strict=True):
    col.metric(label, value, help=tip, border=True)
st.caption(
    "Contested recalls without their conflict: **0 by construction** in curated mode "
    "(curated recall always attaches an entry's open conflicts)."
)

if retention.long_tail_warning:
    st.warning(
        f"Long tail: {retention.share_in_band:.0%} of the active set "
        f"({retention.in_band} entries) sits just above the prune threshold "
        f"({retention.band[0]:.2f} to {retention.band[1]:.2f}). If a large share of your store "
        "sits just above the prune threshold, your importance scores are probably too "
        "generous.",
        icon=":material/warning:",
    )


left, right = st.columns(2)
chart_panel(
    left,
    "Active set size",
    charts.active_size(by_day, view["active_by_run"]) if by_day else None,
    "No memories yet.",
    "Line: active entries per day (from creation and archive dates), up to the "
    "last change. Points: each curation run's active set after it ran.",
)
archived = view["archived_per_week"]
reasons = ", ".join(f"{k} {v}" for k, v in sorted(counts.archived_by_reason.items()))
chart_panel(
    right,
    "Archived per week, by reason",
    charts.archived_per_week(archived) if archived else None,
    "Nothing archived yet: run `memgov curate -t <tenant> --apply`.",
    f"Archived now by reason: {reasons}.",
)

left, right = st.columns(2)
chart_panel(
    left,
    "Retention scores",
    charts.retention_histogram(retention) if retention.total else None,
    "The active set is empty.",
    f"Dashed rule: prune threshold {retention.prune_below:.2f}. "
    f"Shaded: the long-tail band {retention.band[0]:.2f} to {retention.band[1]:.2f} "
    f"holds {retention.in_band} of {retention.total} ({retention.share_in_band:.0%}). "
    f"{retention.below} active entries ({retention.share_below:.0%}) score below the "
    "threshold and are still active because each run archives at most the prune "
    'cap (the rest wait for later runs, counted as "skipped by cap"), and broad '
    "entries (generality at least the policy's min_generality) are never archived "
    "for being quiet.",
)
with right, st.container(border=True):
    st.subheader("Near-duplicate share of the active set")
    trend = view["near_duplicate_trend"]
    if trend:
        st.altair_chart(charts.near_duplicates(trend, target), width="stretch")
        st.caption(
            "Just before the first curation run shown, after each run, and now; green "
            f"rule: the policy's target ({target:.0%})."
        )
    else:
        st.metric("Now", f"{share:.1%}")

left, right = st.columns(2)
queues, recalls = view["queues_by_day"], view["recalls_per_week"]
chart_panel(
    left,
    "Curator queue over time",
    charts.queues(queues) if queues else None,
    "No conflicts or proposals yet.",
)
chart_panel(
    right,
    "Recalls per week",
    charts.recalls(recalls) if recalls else None,
    "No recorded recalls yet (curated recalls are recorded as votes).",
)

st.subheader("Last curation run")
run = view["last_run"]
if run is None:
    st.info(
        "No curation run yet: run `memgov curate -t <tenant>` (dry run) or "
        "`memgov curate -t <tenant> --apply`, or materialize the tenant in Dagster."
    )
else:
    report = run.report
    planned = report.planned
    applied = report.applied
    done = planned if run.dry_run else applied
    mode = run.status.replace("_", " ")  # applied, dry run, or undone (taken back since)
    st.caption(
        f"Run `{run.id[:8]}` at {when(run.started_at)} · {mode} · "
        f"{report.duration_s} s · modes: "
        + ", ".join(f"{k} {v}" for k, v in sorted(report.modes.items()))
    )
    cols = st.columns(8)
    # a dry run wrote nothing: what it would leave is the plan's count
    active_after = int(planned.get("active_after", 0)) if run.dry_run else report.active_after
    cols[0].metric(
        "Active after (planned)" if run.dry_run else "Active after",
        active_after,
        delta=active_after - int(planned.get("active_before", 0)),
        delta_color="off",
    )
    cols[1].metric("Superseded", done.get("superseded", 0))
    cols[2].metric("Duplicates archived", done.get("duplicates_archived", 0))
    cols[3].metric("Decayed", done.get("decayed", 0))
    cols[4].metric(
        "Skipped by cap",
        planned.get("skipped_by_cap", 0),
        help="Entries that qualified for decay but stay active for now: one run archives "
        "at most the policy's share of the active set (max_prune_ratio), the lowest "
        "scores first; the next runs take the rest.",
    )
    cols[5].metric("Conflicts opened", applied.get("conflicts_opened", planned.get("conflicts", 0)))
    cols[6].metric(
        "Proposals created", applied.get("proposals_created", planned.get("proposals", 0))
    )
    cols[7].metric(
        "Held for review",
        done.get("held_for_review", 0),
        help="Supersessions inferred without a key that the tenant has not yet earned to "
        "apply automatically: nothing archived, each waits in the curator queue.",
    )

    st.markdown("**Checks**")
    for check in view["checks"]:  # a detail may quote a golden probe's query: untrusted
        ui.text_html(
            '<span style="color:{color}">{mark}</span> <b>{name}</b> — {detail}',
            color="#2e7d32" if check.passed else "#c62828",
            mark="✔" if check.passed else "✘",
            name=check.name,
            detail=check.detail,
        )
    with st.expander("The run's full report"):
        st.json(report.stored(), expanded=False)
