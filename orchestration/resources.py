"""Dagster resources: thin, configurable handles on what ``curation`` needs.

Every field can come from the environment through ``EnvVar`` (see
``orchestration.definitions.default_resources``); a field left unset falls back to the
same default the rest of Memgov uses (``curation._settings.Settings``), so the Dagster UI,
the CLI and the dashboard all talk to one store.

- ``store``: MEMGOV_DATABASE_URL, MEMGOV_EMBEDDER (default: embedded PostgreSQL, MiniLM)
- ``clock``: MEMGOV_NOW, an ISO time for replays (default: the system clock)
- ``mlflow``: MLFLOW_TRACKING_URI (default: sqlite:///$MEMGOV_HOME/mlflow.db)
- ``inbox``: MEMGOV_INBOX (default: $MEMGOV_HOME/inbox)
- ``guardrails``: MEMGOV_MAX_PRUNE_RATIO (default: the policy's cap only),
  MEMGOV_COMPACTION_GRACE_DAYS (default: unset, compaction off)
- ``triggers``: MEMGOV_WRITES_TRIGGER (default: 500 new writes)
- ``workload``: MEMGOV_AB_WORKLOAD (default: the standard simulated fleet)
- ``benchmarks``: MEMGOV_BENCHMARKS_DIR (default: unset, the benchmark assets skip)
"""

from __future__ import annotations

import math
from datetime import datetime
from pathlib import Path
from typing import Any

from dagster import ConfigurableResource, InitResourceContext
from pydantic import Field, PrivateAttr

from curation import (
    Clock,
    Database,
    Embedder,
    MemoryStore,
    Settings,
    ValidationError,
    clock_at,
    embedder_named,
)
from evaluation import tracking_uri as default_tracking_uri


def _state_home() -> Path:
    return Settings.from_env().home


class StoreResource(ConfigurableResource):
    """The memory store (``curation.MemoryStore``) on PostgreSQL + pgvector.

    ``database_url`` empty means the embedded default (``Database.from_settings()``,
    which also honours MEMGOV_DATABASE_URL). ``embedder`` is ``minilm`` or ``hashing``;
    empty means MEMGOV_EMBEDDER (default ``minilm``). The schema is migrated on first use,
    as ``MemoryStore.open`` does. One pooled engine per resource instance, disposed when
    the step ends.
    """

    database_url: str | None = Field(
        default=None, description="PostgreSQL URL; empty = MEMGOV_DATABASE_URL or embedded."
    )
    embedder: str | None = Field(
        default=None, description="'minilm' or 'hashing'; empty = MEMGOV_EMBEDDER (minilm)."
    )

    _database: Database | None = PrivateAttr(default=None)
    _embedder: Embedder | None = PrivateAttr(default=None)

    def get_database(self) -> Database:
        if self._database is None:
            database = (
                Database(self.database_url) if self.database_url else (Database.from_settings())
            )
            if not database.is_current():
                database.upgrade(embedding_dimension=self.get_embedder().dimension)
            self._database = database
        return self._database

    def get_embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = embedder_named(self.embedder)  # empty: MEMGOV_EMBEDDER's
        return self._embedder

    def open(self, clock: Clock | None = None) -> MemoryStore:
        """A ``MemoryStore`` on this resource's database, embedder and the given clock."""
        return MemoryStore(self.get_database(), embedder=self.get_embedder(), clock=clock)

    def scratch(self, name: str) -> MemoryStore:
        """A store in the scratch database ``name``, recreated, on this resource's server
        (never its own database) with its embedder: what an evaluation replays into."""
        from evaluation import demo_database

        settings = Settings.from_env()
        if self.database_url:
            settings = settings.model_copy(update={"database_url": self.database_url})
        return MemoryStore(demo_database(settings, name=name), embedder=self.get_embedder())

    def dispose(self) -> None:
        if self._database is not None:
            self._database.dispose()
            self._database = None

    def teardown_after_execution(self, context: InitResourceContext) -> None:
        self.dispose()


class ClockResource(ConfigurableResource):
    """The time every asset of a run plans with. ``now`` (ISO 8601) fixes it, for tests
    and replays; unset means the system clock."""

    now: str | None = Field(default=None, description="Fixed ISO time; empty = system clock.")
    force_now_reason: str | None = Field(
        default=None,
        description="Why an apply may act at a `now` before the tenant's last applied run or "
        "newest write (refused without one); recorded in the run.",
    )

    def clock(self) -> Clock:
        return clock_at(self.now)

    def current(self) -> datetime:
        return self.clock().now()


class MLflowResource(ConfigurableResource):
    """Where evaluation logs its A/B runs. Holds configuration only; the evaluation code
    opens the client."""

    tracking_uri: str | None = Field(
        default=None,
        description="Tracking URI; empty = MLFLOW_TRACKING_URI, else sqlite under MEMGOV_HOME.",
    )
    experiment_name: str = Field(
        default="ab-tenant-labels", description="MLflow experiment of the weekly A/B."
    )

    def resolved_tracking_uri(self) -> str:
        if self.tracking_uri:
            return self.tracking_uri
        return default_tracking_uri()  # the same fallback as the CLI and the dashboard


class InboxResource(ConfigurableResource):
    """The JSONL drop folders: ``<path>/<tenant>/*.jsonl``. Processed files move to
    ``<tenant>/done/`` (with their rejects next to them); a file that cannot be read at
    all moves to ``<tenant>/failed/`` with an ``.error.txt``. Writers should write under
    another name (``.part``) and rename to ``.jsonl`` when complete."""

    path: str | None = Field(default=None, description="Inbox root; empty = MEMGOV_HOME/inbox.")

    def root(self) -> Path:
        return Path(self.path).expanduser().resolve() if self.path else _state_home() / "inbox"

    def tenant_dir(self, tenant: str) -> Path | None:
        """The tenant's folder, or None when the name cannot be one path component."""
        if not tenant or tenant in {".", ".."} or "/" in tenant or "\\" in tenant or "\0" in tenant:
            return None
        return self.root() / tenant


def _optional_float(name: str, raw: str | None, *, low: float, high: float) -> float | None:
    if raw is None or not str(raw).strip():
        return None
    try:
        value = float(raw)
    except ValueError as exc:
        raise ValidationError(name, raw, "not a number") from exc
    if not (math.isfinite(value) and low <= value <= high):
        raise ValidationError(name, raw, f"must be between {low:g} and {high:g}")
    return value


class GuardrailsResource(ConfigurableResource):
    """Platform-wide safety limits that sit above every tenant's policy.

    ``max_prune_ratio`` (MEMGOV_MAX_PRUNE_RATIO) is a ceiling on the share of the active
    set one run may decay: the prune-cap check uses min(policy.max_prune_ratio, ceiling),
    so a platform engineer can tighten every tenant at once without editing policies.
    ``compaction_grace_days`` (MEMGOV_COMPACTION_GRACE_DAYS) turns compaction on; unset,
    the compaction job refuses. Numbers are strings so they can come from ``EnvVar``.
    """

    max_prune_ratio: str | None = Field(default=None, description="Ceiling in [0, 1].")
    compaction_grace_days: str | None = Field(
        default=None, description="Days an archived entry is kept before compaction; unset = off."
    )

    def prune_ratio_ceiling(self) -> float | None:
        return _optional_float("max_prune_ratio", self.max_prune_ratio, low=0.0, high=1.0)

    def compaction_grace(self) -> float | None:
        return _optional_float(
            "compaction_grace_days", self.compaction_grace_days, low=0.0, high=36500.0
        )


class TriggersResource(ConfigurableResource):
    """When the ``new_writes_sensor`` starts a curation run for a tenant."""

    new_writes: int = Field(default=500, description="Write events since the last trigger (>= 1).")

    def threshold(self) -> int:
        if self.new_writes < 1:
            raise ValidationError("new_writes", self.new_writes, "must be at least 1")
        return self.new_writes


class WorkloadResource(ConfigurableResource):
    """The simulated workload the weekly ``ab_workload`` asset replays, as
    ``key=value`` pairs (``tenants``, ``days``, ``writes``, ``recalls``, ``queries``,
    ``seed``), e.g. from MEMGOV_AB_WORKLOAD. It runs in its own scratch database
    (``database``), recreated each time on the store's server — never the store itself."""

    spec: str | None = Field(default=None, description="e.g. tenants=2,days=30,writes=25")
    database: str = Field(default="memgov_eval", description="Scratch database name.")

    def fleet_config(self) -> Any:
        from evaluation import FleetConfig

        names = {
            "tenants": "tenants",
            "days": "days",
            "writes": "writes_per_day",
            "recalls": "recalls_per_day",
            "queries": "queries_per_checkpoint",
            "seed": "seed",
        }
        values: dict[str, int] = {
            "tenants": 2,
            "days": 30,
            "writes_per_day": 25,
            "recalls_per_day": 15,
            "queries_per_checkpoint": 15,
            "seed": 7,
        }
        for part in (self.spec or "").split(","):
            if not part.strip():
                continue
            key, _, raw = part.partition("=")
            if key.strip() not in names or not raw.strip().isdigit():
                raise ValidationError(
                    "MEMGOV_AB_WORKLOAD", part, f"expected one of {sorted(names)}=N"
                )
            values[names[key.strip()]] = int(raw)
        return FleetConfig(
            tenants=values["tenants"],
            days=values["days"],
            writes_per_day=values["writes_per_day"],
            recalls_per_day=values["recalls_per_day"],
            queries_per_checkpoint=values["queries_per_checkpoint"],
            seed=values["seed"],
        )


class BenchmarkDataResource(ConfigurableResource):
    """Where the public benchmarks are (``root`` = MEMGOV_BENCHMARKS_DIR), and the scratch
    database the weekly runs use."""

    root: str | None = Field(default=None, description="Folder in shared/benchmarks layout.")
    database: str = Field(default="memgov_benchmarks", description="Scratch database name.")

    def path(self, relative: str) -> Path | None:
        """The workload's data, or None when it is not there (the asset then skips)."""
        if not self.root:
            return None
        path = Path(self.root) / relative
        return path if path.exists() else None
