"""An online experiment's report as text: the headline and the daily table (CLI, demo)."""

from __future__ import annotations

from evaluation.online.analysis import COHORTS, OnlineReport
from evaluation.online.cohort_stats import SRM_ALARM_P


def _num(value: float | None, spec: str = ".3f") -> str:
    return "-" if value is None else format(value, spec)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def headline(report: OnlineReport) -> str:
    record = report.experiment
    lines = [
        f"Online experiment {record.name!r} (tenant {record.tenant}): metric {record.metric}, "
        f"{record.raw_share:.0%} of agents raw, alpha {record.alpha:g}"
    ]
    state = "ended" if report.ended else "running"
    latest = report.latest
    if latest is None:
        lines.append(f"  not started yet (starts {record.starts_at.isoformat()})")
        lines.append(f"  recommendation: {report.recommendation}")
        return "\n".join(lines)
    lines.append(
        f"  {state}; {len(report.rows)} day(s) from {record.starts_at:%Y-%m-%d}, "
        f"as of {latest.as_of:%Y-%m-%d %H:%M} UTC"
    )
    if report.policy_changes:
        when = ", ".join(f"{at:%Y-%m-%d %H:%M}" for at in report.policy_changes)
        lines.append(
            f"  WARNING: the tenant's policy changed during the experiment ({when} UTC); "
            "the curated arm mixes policies"
        )
    score = record.metric == "score"
    lines.append(
        f"  {'cohort':<8} {'agents':>7} {'exposures':>10} {'outcomes':>9} {'missing':>8} "
        f"{'mean score' if score else 'success rate':>12}"
    )
    for cohort in COHORTS:
        stats = latest.cumulative[cohort]
        value = stats.mean_score if score else stats.success_rate
        lines.append(
            f"  {cohort:<8} {stats.agents:>7} {stats.exposures:>10} {stats.outcomes:>9} "
            f"{_pct(stats.missing_share):>8} {_num(value):>12}"
        )
    row = latest.flat()
    fixed_name = "agent-clustered bootstrap" if score else "Newcombe"
    lines.append(
        f"  delta (curated - raw): {_num(latest.delta, '+.3f')}; fixed {1 - record.alpha:.0%} "
        f"CI [{_num(row['fixed_low'], '+.3f')}, {_num(row['fixed_high'], '+.3f')}] "
        f"({fixed_name}), p = {_num(latest.p_value, '.3g')}"
    )
    lines.append(
        f"  always-valid {1 - record.alpha:.0%} CI [{_num(row['always_valid_low'], '+.3f')}, "
        f"{_num(row['always_valid_high'], '+.3f')}] (normal-mixture confidence sequence: "
        "safe to check daily)"
    )
    srm = latest.srm
    lines.append(
        f"  SRM: {srm.curated_agents} curated vs {srm.raw_agents} raw agents, expected "
        f"{record.raw_share:.0%} raw, chi2 = {srm.chi2:.2f}, p = {srm.p_value:.3g} "
        f"({'ALARM' if srm.alarm else 'ok'} at p < {SRM_ALARM_P:g})"
    )
    if report.feedback and any(
        counts["useful"] + counts["not_useful"] for counts in report.feedback.values()
    ):
        shares = ", ".join(
            f"{c} {_pct(report.feedback[c]['useful_share'])}"
            for c in COHORTS
            if c in report.feedback
        )
        lines.append(f"  feedback marked useful: {shares}")
    lines.append(f"  recommendation: {report.recommendation}")
    return "\n".join(lines)


def daily_table(report: OnlineReport) -> str:
    score = report.experiment.metric == "score"
    metric = "score" if score else "rate"
    lines = [
        f"  {'day':>3} {'date':<10} {'curated ' + metric:>13} {'raw ' + metric:>9} "
        f"{'delta':>7} {'always-valid CI':>18} {'SRM p':>7}  recommendation"
    ]
    for row in report.table():
        curated = row["curated_mean_score" if score else "curated_success_rate"]
        raw = row["raw_mean_score" if score else "raw_success_rate"]
        low, high = row["always_valid_low"], row["always_valid_high"]
        band = f"[{_num(low, '+.2f')}, {_num(high, '+.2f')}]"
        lines.append(
            f"  {row['day']:>3} {row['date']:<10} {_num(curated):>13} {_num(raw):>9} "
            f"{_num(row['delta'], '+.3f'):>7} {band:>18} {row['srm_p']:>7.3f}  "
            f"{row['recommendation']}{'' if row['complete'] else ' (day not over)'}"
        )
    return "\n".join(lines)
