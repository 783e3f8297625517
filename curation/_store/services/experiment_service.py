"""The online-experiment half of ``MemoryStore``: start and stop an experiment, read its
exposures, outcomes and feedback, and record an outcome for a recall. The
recall side (cohorts, the exposure row) lives in ``recall`` itself."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._cohorts import (
    validate_alpha,
    validate_duration,
    validate_experiment_name,
    validate_metric,
    validate_outcome,
    validate_raw_share,
    validate_salt,
)
from curation._errors import InvalidStateError, NotFoundError, ValidationError
from curation._kinds import Cohort, EventType
from curation._policy import CurationPolicy
from curation._records import (
    CohortFeedback,
    ExperimentFeedback,
    ExperimentRecord,
    ExposureObservation,
)
from curation._store.events import record_event
from curation._store.exposures import (
    active_experiment,
    experiment_record,
    load_exposure,
    observation,
)
from curation._store.lifecycle.experiment import close_ended_experiments, stop_experiment
from curation._store.rows import tenant_rows
from curation._store.services.context import StoreService
from curation._store.sql.experiment import EXPERIMENT_COLUMNS, OBSERVATION_SELECT
from curation._store.tenant_policy import merge_policy, store_policy
from curation._validation import (
    validate_actor,
    validate_datetime,
    validate_label,
    validate_tenant,
    validate_uuid,
)

EXPERIMENT_STATUSES = ("running", "stopped")


class ExperimentService(StoreService):
    """The tenant's online experiments, built on the store's context."""

    # -- lifecycle ------------------------------------------------------------------
    def start(
        self,
        tenant: str,
        name: str,
        *,
        raw_share: float = 0.5,
        starts_at: datetime | str | None = None,
        ends_at: datetime | str | None = None,
        duration_days: float = 14,
        metric: str = "success",
        alpha: float = 0.05,
        policy: CurationPolicy | Mapping[str, Any] | None = None,
        salt: str | None = None,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> ExperimentRecord:
        """Split the tenant's agents into a curated and a raw cohort from ``starts_at``
        (default now) to ``ends_at`` (default ``starts_at + duration_days``).

        ``policy`` overrides are applied to the tenant in the same transaction, and the
        effective policy is kept on the experiment as the policy under test. One experiment
        runs per tenant: a running one that has ended is closed ("ended") first, a live one
        refuses the start. ``salt`` defaults to the experiment's id, so every experiment
        draws a fresh split."""
        tenant = validate_tenant(tenant)
        name = validate_experiment_name(name)
        share = validate_raw_share(raw_share)
        metric = validate_metric(metric)
        level = validate_alpha(alpha)
        actor = validate_actor(actor)
        at = self.ctx.now(now)
        start = at if starts_at is None else validate_datetime("starts_at", starts_at)
        if ends_at is None:
            duration = validate_duration(duration_days)
            try:
                end = validate_datetime("ends_at", start + duration)
            except (OverflowError, ValidationError) as exc:
                raise ValidationError(
                    "duration_days", duration_days, "would end beyond the storable range"
                ) from exc
        else:
            end = validate_datetime("ends_at", ends_at)
        if end <= start:
            raise ValidationError("ends_at", end.isoformat(), "must be after starts_at")
        if end <= at:
            raise ValidationError("ends_at", end.isoformat(), "has passed: nothing would run")
        experiment_id = uuid.uuid4()
        salt = str(experiment_id) if salt is None else validate_salt(salt)
        with self.ctx.tx(tenant) as conn:
            # the tenant row lock serialises concurrent starts for the tenant
            overrides = conn.execute(
                text("SELECT policy FROM tenant WHERE name = :t FOR UPDATE"), {"t": tenant}
            ).scalar()
            close_ended_experiments(conn, tenant, at=at, actor=actor)
            running = conn.execute(
                text(
                    "SELECT name, ends_at FROM experiment WHERE tenant = :t AND status = 'running'"
                ),
                {"t": tenant},
            ).first()
            if running is not None:
                raise InvalidStateError(
                    f"experiment {running.name!r} is running for tenant {tenant!r} until "
                    f"{running.ends_at.isoformat()}; stop it before starting {name!r}"
                )
            taken = conn.execute(
                text("SELECT 1 FROM experiment WHERE tenant = :t AND name = :n"),
                {"t": tenant, "n": name},
            ).first()
            if taken is not None:
                raise ValidationError(
                    "name", name, f"tenant {tenant!r} already has an experiment of this name"
                )
            effective = self.ctx.merged_policy(overrides)
            if policy is not None:
                effective = merge_policy(effective, policy)
                store_policy(conn, tenant, effective, at=at, actor=actor)
            row = conn.execute(
                text(
                    f"""
                    INSERT INTO experiment (id, tenant, name, raw_share, salt, metric, alpha,
                        policy, status, starts_at, ends_at, created_at, created_by)
                    VALUES (:id, :t, :n, :share, :salt, :metric, :alpha,
                        CAST(:policy AS jsonb), 'running', :start, :end, :at, :actor)
                    RETURNING {EXPERIMENT_COLUMNS}
                    """
                ),
                {
                    "id": experiment_id,
                    "t": tenant,
                    "n": name,
                    "share": share,
                    "salt": salt,
                    "metric": metric,
                    "alpha": level,
                    "policy": effective.model_dump_json(),
                    "start": start,
                    "end": end,
                    "at": at,
                    "actor": actor,
                },
            ).one()
            record = experiment_record(row)
            record_event(
                conn,
                tenant,
                EventType.EXPERIMENT_START,
                at=at,
                actor=actor,
                reason=name,
                data={
                    "experiment_id": record.id,
                    "name": name,
                    "raw_share": share,
                    "metric": metric,
                    "alpha": level,
                    "starts_at": start.isoformat(),
                    "ends_at": end.isoformat(),
                    "policy_changed": policy is not None,
                },
            )
        return record

    def stop(
        self,
        tenant: str,
        name: str,
        *,
        reason: str = "stopped",
        actor: str = "curator",
        now: datetime | None = None,
    ) -> ExperimentRecord:
        """End an experiment now; its exposures and outcomes stay as they are."""
        tenant = validate_tenant(tenant)
        name = validate_experiment_name(name)
        reason = validate_label("reason", reason) or "stopped"
        actor = validate_actor(actor)
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            current = _find(conn, tenant, name, lock=True)
            if current.status != "running":
                raise InvalidStateError(
                    f"experiment {name!r} of tenant {tenant!r} was already stopped "
                    f"({current.stop_reason}) at {current.stopped_at}"
                )
            row = stop_experiment(conn, tenant, current.id, at=at, reason=reason, actor=actor)
        return experiment_record(row)

    # -- reading ----------------------------------------------------------------------
    def get(self, tenant: str, name: str) -> ExperimentRecord:
        tenant = validate_tenant(tenant)
        name = validate_experiment_name(name)
        with self.ctx.tx(tenant) as conn:
            return _find(conn, tenant, name)

    def all(self, tenant: str, *, status: str | None = None) -> list[ExperimentRecord]:
        """The tenant's experiments, oldest first (``status``: running or stopped)."""
        tenant = validate_tenant(tenant)
        if status is not None and status not in EXPERIMENT_STATUSES:
            raise ValidationError("status", status, "expected 'running' or 'stopped'")
        where = "tenant = :t" + (" AND status = :s" if status else "")
        sql = f"SELECT {EXPERIMENT_COLUMNS} FROM experiment WHERE {where} ORDER BY created_at, id"
        return [experiment_record(r) for r in self.ctx.rows(tenant, sql, s=status)]

    def active(self, tenant: str, *, now: datetime | None = None) -> ExperimentRecord | None:
        """The experiment that assigns cohorts at ``now``: running, and inside its window."""
        tenant = validate_tenant(tenant)
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            return active_experiment(conn, tenant, at)

    def observations(self, tenant: str, name: str) -> list[ExposureObservation]:
        """Every exposure of the experiment with its outcome (None where none arrived),
        in the order the recalls were served."""
        tenant = validate_tenant(tenant)
        name = validate_experiment_name(name)
        with self.ctx.tx(tenant) as conn:
            found = _find(conn, tenant, name)
            rows = tenant_rows(
                conn,
                tenant,
                OBSERVATION_SELECT
                + " WHERE x.tenant = :t AND x.experiment_id = :e ORDER BY x.at, x.id",
                e=found.id,
            )
        return [observation(r) for r in rows]

    def feedback(self, tenant: str, name: str) -> ExperimentFeedback:
        """Per cohort, how many memory judgements tied to the experiment's recalls were
        useful and not useful (both cohorts always present)."""
        tenant = validate_tenant(tenant)
        name = validate_experiment_name(name)
        counts = {c.value: {"useful": 0, "not_useful": 0} for c in Cohort}
        with self.ctx.tx(tenant) as conn:
            found = _find(conn, tenant, name)
            rows = tenant_rows(
                conn,
                tenant,
                "SELECT data->>'cohort' AS cohort, (data->>'useful')::boolean AS useful,"
                " count(*) AS n FROM event WHERE tenant = :t AND type = ANY(:types)"
                " AND data->>'experiment_id' = :e GROUP BY 1, 2",
                e=found.id,
                types=[EventType.VALIDATE.value, EventType.FEEDBACK.value],
            )
        for row in rows:
            if row.cohort in counts:
                counts[row.cohort]["useful" if row.useful else "not_useful"] += int(row.n)
        return ExperimentFeedback(
            curated=CohortFeedback(**counts[Cohort.CURATED.value]),
            raw=CohortFeedback(**counts[Cohort.RAW.value]),
        )

    # -- outcomes ---------------------------------------------------------------------
    def outcome(
        self,
        tenant: str,
        recall_id: str | uuid.UUID,
        *,
        success: bool | None = None,
        score: float | None = None,
        actor: str = "agent",
        now: datetime | None = None,
    ) -> ExposureObservation:
        """Record how the task behind a recall went (a success flag, a score, or both).
        One outcome per recall: evidence is appended, never revised. A recall that never
        gets one stays a missing outcome, not a failure."""
        tenant = validate_tenant(tenant)
        rid = validate_uuid("recall_id", recall_id)
        success, score = validate_outcome(success, score)
        actor = validate_actor(actor)
        at = self.ctx.now(now)

        def record(conn: Connection) -> ExposureObservation:
            exposure = load_exposure(conn, tenant, rid)
            if at < exposure.at:
                raise ValidationError(
                    "now", at.isoformat(), f"is before recall {rid} was served ({exposure.at})"
                )
            inserted = conn.execute(
                text(
                    "INSERT INTO outcome (recall_id, tenant, success, score, actor, at)"
                    " VALUES (:r, :t, :s, :score, :actor, :at)"
                    " ON CONFLICT (recall_id) DO NOTHING RETURNING at"
                ),
                {"r": rid, "t": tenant, "s": success, "score": score, "actor": actor, "at": at},
            ).first()
            if inserted is None:
                raise InvalidStateError(
                    f"recall {rid} already has an outcome (recorded at {exposure.outcome_at}); "
                    "outcomes are append-only evidence"
                )
            return exposure

        # its foreign keys take the tenant's row after the outcome table: it may cross a
        # forget, which takes them the other way round
        exposure = self.ctx.retried_tx(tenant, record)
        return dataclasses.replace(exposure, success=success, score=score, outcome_at=at)


def _find(conn: Connection, tenant: str, name: str, *, lock: bool = False) -> ExperimentRecord:
    row = conn.execute(
        text(
            f"SELECT {EXPERIMENT_COLUMNS} FROM experiment WHERE tenant = :t AND name = :n"
            + (" FOR UPDATE" if lock else "")
        ),
        {"t": tenant, "n": name},
    ).first()
    if row is None:
        raise NotFoundError("experiment", name, tenant)
    return experiment_record(row)
