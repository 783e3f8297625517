"""The dashboard's one door to data: every page reads and acts through this module.

- The store: one ``MemoryStore`` per configuration, opened with ``MemoryStore.open`` (so
  ``MEMGOV_DATABASE_URL``, else the embedded server under ``MEMGOV_HOME`` with database
  ``MEMGOV_DATABASE``) and the embedder named by ``MEMGOV_EMBEDDER``; held by
  ``st.cache_resource``. ``MEMGOV_NOW`` (ISO time) fixes the clock, as for orchestration,
  for replays and demos; unset means the system clock.
- Reads: ``st.cache_data`` with a short TTL, keyed by the configuration, so a second
  database never sees the first one's cache. Every read goes through the curation API
  (``MemoryStore`` methods, ``curation._store.services.insights``, and ``run_checks``: the safety
  rules the Dagster checks apply): there is no SQL here or in the pages.
- Actions: approve, reject, unmerge, resolve, restore, confirm or reject a held change go
  through the curation API, which records each as an event; every cached read is cleared
  after an action.
- Online experiments: read from the store and analysed by ``evaluation.online`` (the
  same analysis as ``memgov experiment status`` and the daily Dagster asset).
- Experiments: MLflow runs of the experiments named ``ab-*`` and ``benchmark-*``, at the
  tracking URI ``Settings.tracking_uri`` gives (the rule ``evaluation.tracking`` uses too).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import streamlit as st

from curation import (
    Approval,
    ChangeDecision,
    ChangeGate,
    ChangeReview,
    ConflictRecord,
    ConflictResolution,
    CuratedSetAsOf,
    Explanation,
    InferredSupersession,
    MemoryCounts,
    MemoryRecord,
    MemoryStore,
    ProposalRecord,
    RecallResult,
    Settings,
    Unmerge,
    embedder_from_env,
    insights,
    run_checks,
)

READ_TTL = 30  # seconds a cached read may be stale (actions clear the cache at once)
HEALTH_TTL = 600  # the near-duplicate search is pairwise: recomputed at most every 10 min
MLFLOW_TTL = 60
EXPERIMENT_PREFIXES = ("ab-", "benchmark-")
ARCHIVE_SEARCH_LIMIT = 500


# -- configuration and the store ----------------------------------------------------------
def store_key() -> str:
    """Everything that decides which store the dashboard opens; the cache key of reads."""
    env = Settings.from_env()
    now = "" if env.now is None else env.now.isoformat()
    return "|".join([env.database_url or "", env.database_name, str(env.home), env.embedder, now])


@st.cache_resource(show_spinner="Opening the memory store…")
def _open_store(key: str) -> MemoryStore:
    del key  # the cache key; MemoryStore.open reads the same environment
    return MemoryStore.open(embedder=embedder_from_env(), clock=Settings.from_env().clock())


def store() -> MemoryStore:
    return _open_store(store_key())


def clear_caches() -> None:
    """After an action: every page shows the store as it is now."""
    st.cache_data.clear()


def describe_store() -> str:
    """Where the data comes from, without credentials."""
    env = Settings.from_env()
    url = env.database_url
    if not url:
        return f"embedded PostgreSQL under {env.home}, database {env.database_name}"
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return "the database at MEMGOV_DATABASE_URL"
    host = parsed.host or parsed.query.get("host") or "localhost"
    return f"database {parsed.database} on {host}"


# -- reads: tenants and counts -----------------------------------------------------------
@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _tenants(key: str) -> list[str]:
    return store().tenants.all()


def tenants() -> list[str]:
    return _tenants(store_key())


@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _counts(key: str, tenant: str) -> MemoryCounts:
    return store().counts(tenant)


def counts(tenant: str) -> MemoryCounts:
    """Active, archived, and archived per reason now."""
    return _counts(store_key(), tenant)


# -- reads: overview ------------------------------------------------------------------------
@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _overview(key: str, tenant: str) -> dict[str, Any]:
    s = store()
    at = s.clock.now()
    return {
        "now": at,
        "counts": s.counts(tenant),
        "pending": insights.pending_counts(s, tenant),
        "archived_per_week": insights.archived_per_week(s, tenant),
        "active_by_day": insights.active_size_by_day(s, tenant, now=at),
        "active_by_run": insights.active_size_by_run(s, tenant),
        "queues_by_day": insights.queues_by_day(s, tenant, now=at),
        "recalls_per_week": insights.recalls_per_week(s, tenant),
        "recalls_with_contested": insights.recall_events_with_contested(s, tenant),
        "retention": insights.retention_distribution(s, tenant, at),
        "last_run": insights.last_run(s, tenant),
    }


@st.cache_data(ttl=HEALTH_TTL, show_spinner="Measuring near-duplicates…")
def _health(key: str, tenant: str) -> dict[str, Any]:
    """The pairwise near-duplicate search and the checks: the costly part of the
    Overview, cached longer (actions still clear it)."""
    s = store()
    at = s.clock.now()
    runs = insights.active_size_by_run(s, tenant, limit=12)
    # just before the first run shown (the store as curation found it), after each run, now
    instants = [runs[0]["at"] - timedelta(seconds=1)] if runs else []
    instants += [r["at"] for r in runs]
    if not instants or instants[-1] < at:
        instants.append(at)
    share = insights.near_duplicate_share_now(s, tenant)
    return {
        "near_duplicate_share": share,
        "near_duplicate_trend": insights.near_duplicate_trend(s, tenant, instants),
        "near_duplicate_target": s.tenants.policy(tenant).near_duplicate_target,
        "checks": run_checks(s, tenant, at, near_duplicates=share),
    }


def overview(tenant: str) -> dict[str, Any]:
    """Everything the Overview shows (see ``curation._store.services.insights``)."""
    key = store_key()
    return {**_overview(key, tenant), **_health(key, tenant)}


# -- reads: the curator's queue -------------------------------------------------------------
@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _proposals(key: str, tenant: str, status: str | None) -> list[ProposalRecord]:
    return store().curator.proposals(tenant, status=status)


def proposals(tenant: str, status: str | None = "pending") -> list[ProposalRecord]:
    return _proposals(store_key(), tenant, status)


@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _conflicts(key: str, tenant: str, status: str | None) -> list[ConflictRecord]:
    return store().ledger.conflicts(tenant, status=status)


def conflicts(tenant: str, status: str | None = "open") -> list[ConflictRecord]:
    return _conflicts(store_key(), tenant, status)


@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _inferred(key: str, tenant: str) -> list[InferredSupersession]:
    return store().curator.inferred_supersessions(tenant)


def inferred_supersessions(tenant: str) -> list[InferredSupersession]:
    return _inferred(store_key(), tenant)


@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _changes(key: str, tenant: str) -> tuple[list[ChangeReview], ChangeGate]:
    s = store()
    return s.curator.changes(tenant), s.curator.change_gate(tenant)


def held_changes(tenant: str) -> tuple[list[ChangeReview], ChangeGate]:
    """Inferred supersessions held for review, and the tenant's review gate."""
    return _changes(store_key(), tenant)


@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _memories_by_ids(key: str, tenant: str, ids: tuple[str, ...]) -> dict[str, MemoryRecord]:
    return insights.memories_by_ids(store(), tenant, ids)


def memories_by_ids(tenant: str, ids: Sequence[str]) -> dict[str, MemoryRecord]:
    return _memories_by_ids(store_key(), tenant, tuple(sorted(set(ids))))


# -- reads: the archive ---------------------------------------------------------------------
@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _archived(
    key: str, tenant: str, contains: str, reasons: tuple[str, ...], limit: int
) -> list[MemoryRecord]:
    s = store()
    text_filter = contains.strip() or None
    if len(reasons) == 1:
        return s.memories(
            tenant, status="archived", reason=reasons[0], contains=text_filter, limit=limit
        )
    found = s.memories(tenant, status="archived", contains=text_filter, limit=limit)
    return [m for m in found if not reasons or m.archive_reason in reasons]


def archived(
    tenant: str,
    *,
    contains: str = "",
    reasons: Sequence[str] = (),
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int = ARCHIVE_SEARCH_LIMIT,
) -> list[MemoryRecord]:
    """Archived entries, newest written first, filtered by text (case-insensitive),
    archive reasons and the archive date range [since, until)."""
    found = _archived(store_key(), tenant, contains, tuple(sorted(reasons)), limit)
    return [
        m
        for m in found
        if m.archived_at is None
        or ((since is None or m.archived_at >= since) and (until is None or m.archived_at < until))
    ]


AS_OF_LIMIT = 200  # active entries listed for a moment (the counts cover them all)


@st.cache_data(ttl=READ_TTL, show_spinner="Replaying the history…")
def _curated_as_of(key: str, tenant: str, at: str, limit: int) -> CuratedSetAsOf:
    return store().history.curated_as_of(tenant, at, limit=limit)


def curated_as_of(tenant: str, at: datetime, limit: int = AS_OF_LIMIT) -> CuratedSetAsOf:
    """The curated set as it was at ``at``: what a rewind to it would restore. A moment
    before the tenant existed or in the future is the store's typed error."""
    return _curated_as_of(store_key(), tenant, at.isoformat(), limit)


@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _explain(key: str, tenant: str, memory_id: str) -> Explanation:
    return store().explain(tenant, memory_id)


def explain(tenant: str, memory_id: str) -> Explanation:
    """Why is this entry where it is: the event trail, superseded chain, parent."""
    return _explain(store_key(), tenant, memory_id)


# -- reads: recall ---------------------------------------------------------------------------
@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _recall_both(key: str, tenant: str, query: str, k: int) -> tuple[RecallResult, RecallResult]:
    s = store()
    at = s.clock.now()
    raw = s.recall(tenant, query, k=k, mode="raw", record=False, now=at)
    curated = s.recall(tenant, query, k=k, mode="curated", record=False, now=at)
    return raw, curated


def recall_both(tenant: str, query: str, k: int = 6) -> tuple[RecallResult, RecallResult]:
    """Raw and curated recall for the same query at the same moment, recording nothing."""
    return _recall_both(store_key(), tenant, query, k)


def embedder_mismatch() -> str | None:
    """A warning when the configured embedder is not the one the store was written with
    (recall would compare vectors from two different spaces)."""
    s = store()
    stored = s.context.meta().get("embedding_model")
    if stored and stored != s.embedder.model_name:
        return (
            f"The store's embeddings come from {stored!r} but the dashboard embeds queries "
            f"with {s.embedder.model_name!r}: set MEMGOV_EMBEDDER to match."
        )
    return None


# -- actions ---------------------------------------------------------------------------------
ACTOR = "dashboard"


def approve(
    tenant: str, proposal_ids: Sequence[str], texts: Mapping[str, str] | None = None
) -> list[Approval]:
    try:
        return store().curator.approve(tenant, list(proposal_ids), texts=texts, actor=ACTOR)
    finally:
        clear_caches()


def reject(tenant: str, proposal_ids: Sequence[str], note: str | None = None) -> int:
    try:
        store().curator.reject(tenant, list(proposal_ids), note=note or None, actor=ACTOR)
        return len(proposal_ids)
    finally:
        clear_caches()


def unmerge(tenant: str, proposal_id: str) -> Unmerge:
    try:
        return store().curator.unmerge(tenant, proposal_id, actor=ACTOR)
    finally:
        clear_caches()


def resolve(
    tenant: str,
    conflict_id: str,
    resolution: str,
    *,
    replacement: str | None = None,
    note: str | None = None,
) -> ConflictResolution:
    try:
        return store().curator.resolve(
            tenant,
            conflict_id,
            resolution,
            replacement=replacement or None,
            note=note or None,
            actor=ACTOR,
        )
    finally:
        clear_caches()


def confirm_change(tenant: str, change_id: str, note: str | None = None) -> ChangeDecision:
    try:
        return store().curator.confirm_change(tenant, change_id, note=note or None, actor=ACTOR)
    finally:
        clear_caches()


def reject_change(tenant: str, change_id: str, note: str | None = None) -> ChangeDecision:
    try:
        return store().curator.reject_change(tenant, change_id, note=note or None, actor=ACTOR)
    finally:
        clear_caches()


def restore(tenant: str, memory_id: str) -> MemoryRecord:
    try:
        return store().restore(tenant, memory_id, actor=ACTOR, reason="restored from the dashboard")
    finally:
        clear_caches()


# -- reads: online experiments ---------------------------------------------------------------
@st.cache_data(ttl=READ_TTL, show_spinner=False)
def _online_experiments(key: str, tenant: str) -> list[dict[str, Any]]:
    records = []
    for record in store().experiments.all(tenant):
        row = record.to_dict()
        row.pop("salt", None)  # the salt predicts every agent's cohort
        records.append(row)
    return records


def online_experiments(tenant: str) -> list[dict[str, Any]]:
    """The tenant's online experiments, oldest first, without their assignment salt."""
    return _online_experiments(store_key(), tenant)


@st.cache_data(ttl=READ_TTL, show_spinner="Analysing the experiment…")
def _online_report(key: str, tenant: str, name: str) -> dict[str, Any]:
    from evaluation import experiment_report

    current = store()
    return experiment_report(current, tenant, name, now=current.clock.now()).to_dict()


def online_report(tenant: str, name: str) -> dict[str, Any]:
    """The experiment's daily analysis as of now (``OnlineReport.to_dict()``: ``days``,
    ``latest``, ``recommendation``, ``experiment``, ``feedback``)."""
    return _online_report(store_key(), tenant, name)


# -- MLflow ----------------------------------------------------------------------------------
def _tracking_uri() -> str:
    """``MLFLOW_TRACKING_URI`` if set, else ``sqlite:///<MEMGOV_HOME>/mlflow.db`` — the rule
    of ``evaluation.tracking.tracking_uri`` (which also creates the folder; this does not)."""
    return Settings.from_env().tracking_uri


def tracking_uri() -> str:
    return _tracking_uri()


def redacted(text: str) -> str:
    """``text`` with any password in a URL or ``password=`` pair masked, for display."""
    from evaluation import redact_value  # the one redaction rule, shared with MLflow

    return redact_value(text)


def mlflow_ui_url() -> str:
    from evaluation import mlflow_ui_url as configured  # the rule, written once

    return configured()


def _sqlite_missing(uri: str) -> bool:
    """A SQLite tracking store that does not exist yet has no runs; opening it would
    create it (and run MLflow's migrations) as a side effect of looking."""
    if not uri.startswith("sqlite:///"):
        return False
    raw = uri[len("sqlite:///") :].split("?", 1)[0]
    return bool(raw) and raw != ":memory:" and not Path(raw).expanduser().exists()


@st.cache_data(ttl=MLFLOW_TTL, show_spinner="Reading MLflow runs…")
def _experiment_runs(uri: str) -> list[dict[str, Any]]:
    if _sqlite_missing(uri):
        return []
    import mlflow
    from mlflow.tracking import MlflowClient

    client = MlflowClient(tracking_uri=uri)
    experiments = [
        e
        for e in client.search_experiments()
        if e.name.startswith(EXPERIMENT_PREFIXES) and e.lifecycle_stage == "active"
    ]
    if not experiments:
        return []
    names = {e.experiment_id: e.name for e in experiments}
    mlflow.set_tracking_uri(uri)
    frame = mlflow.search_runs(
        experiment_ids=list(names),
        output_format="pandas",
        order_by=["attributes.start_time ASC"],
    )
    rows: list[dict[str, Any]] = []
    for record in frame.to_dict("records"):
        run: dict[str, Any] = {
            "run_id": record["run_id"],
            "experiment": names.get(str(record["experiment_id"]), str(record["experiment_id"])),
            "status": record.get("status"),
            "start_time": record.get("start_time"),
            "metrics": {},
            "params": {},
            "tags": {},
        }
        for column, value in record.items():
            if value is None or (isinstance(value, float) and math.isnan(value)):
                continue
            for prefix in ("metrics", "params", "tags"):
                if column.startswith(prefix + "."):
                    run[prefix][column[len(prefix) + 1 :]] = value
        rows.append(run)
    return rows


def experiment_runs() -> list[dict[str, Any]]:
    """Every run (parents and arms) of the ``ab-*`` and ``benchmark-*`` experiments, oldest
    first: ``run_id``, ``experiment``, ``status``, ``start_time``, ``metrics``, ``params``,
    ``tags``. Empty when there is no tracking store or no such experiment yet."""
    return _experiment_runs(_tracking_uri())


@st.cache_data(ttl=MLFLOW_TTL, show_spinner=False)
def _metric_history(uri: str, run_id: str, key: str) -> list[tuple[int, float]]:
    from mlflow.tracking import MlflowClient

    history = MlflowClient(tracking_uri=uri).get_metric_history(run_id, key)
    return sorted((int(m.step), float(m.value)) for m in history)


def metric_history(run_id: str, key: str) -> list[tuple[int, float]]:
    """``(step, value)`` of one metric of one run (step = simulated day in A/B runs)."""
    return _metric_history(_tracking_uri(), run_id, key)
