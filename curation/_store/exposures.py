"""The exposure log inside a transaction: which experiment is live, which cohort an agent
is served, the row each agent recall leaves, and the checks feedback and outcomes make
against it. Every function runs on a connection whose transaction has the tenant set."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._cohorts import assign_cohort
from curation._errors import InvalidStateError, NotFoundError, StateConflictError
from curation._kinds import Cohort, EventType, RecallMode
from curation._records import ExperimentRecord, ExposureObservation
from curation._store.rows import from_row
from curation._store.sql.experiment import ACTIVE_EXPERIMENT, OBSERVATION_SELECT


def experiment_record(row: Any) -> ExperimentRecord:
    return from_row(ExperimentRecord, row)


def observation(row: Any) -> ExposureObservation:
    return from_row(ExposureObservation, row, recall_id=str(row.id))


def active_experiment(conn: Connection, tenant: str, at: datetime) -> ExperimentRecord | None:
    """The running experiment whose window holds ``at`` (at most one runs per tenant)."""
    row = conn.execute(text(ACTIVE_EXPERIMENT), {"t": tenant, "at": at}).first()
    return None if row is None else experiment_record(row)


@dataclass(frozen=True)
class Serving:
    """How one agent recall is served: its cohort, the mode that follows, the exposure's id."""

    agent_id: str
    experiment: ExperimentRecord | None
    cohort: Cohort
    mode: RecallMode
    recall_id: str


def serve(
    conn: Connection,
    tenant: str,
    agent_id: str,
    requested: RecallMode | None,
    at: datetime,
) -> Serving:
    """The agent's cohort in the experiment live at ``at`` (curated when none is) and the
    mode it recalls in. An explicit mode may only repeat the cohort's: a caller cannot opt
    out of its arm."""
    # The recall transaction commits without waiting for the WAL flush (a lost vote is
    # harmless); an exposure is evidence whose id goes back to the agent, so turn the
    # flush back on in the same round trip that finds the live experiment.
    row = conn.execute(
        text(
            "SELECT set_config('synchronous_commit', 'on', true) AS durable, e.*"
            f" FROM (SELECT 1) AS one LEFT JOIN ({ACTIVE_EXPERIMENT}) AS e ON true"
        ),
        {"t": tenant, "at": at},
    ).one()
    experiment = None if row.id is None else experiment_record(row)
    cohort = (
        Cohort.CURATED
        if experiment is None
        else assign_cohort(experiment.salt, agent_id, experiment.raw_share)
    )
    mode = RecallMode(cohort.value)
    if requested is not None and requested != mode:
        where = f" of experiment {experiment.name!r}" if experiment else ""
        raise StateConflictError(
            "mode",
            requested.value,
            f"agent {agent_id!r} is in the {cohort.value} cohort{where};"
            " omit mode to be served by the cohort",
        )
    return Serving(agent_id, experiment, cohort, mode, str(uuid.uuid4()))


def record_exposure(
    conn: Connection,
    tenant: str,
    serving: Serving,
    query: str,
    returned_ids: Sequence[str],
    at: datetime,
) -> None:
    """The exposure row, written in the recall's own transaction."""
    conn.execute(
        text(
            "INSERT INTO exposure (id, tenant, experiment_id, cohort, agent_id, query,"
            " returned_ids, at) VALUES (:id, :t, :e, :c, :a, :q, CAST(:r AS uuid[]), :at)"
        ),
        {
            "id": serving.recall_id,
            "t": tenant,
            "e": None if serving.experiment is None else serving.experiment.id,
            "c": serving.cohort.value,
            "a": serving.agent_id,
            "q": query,
            "r": list(returned_ids),
            "at": at,
        },
    )


def load_exposure(conn: Connection, tenant: str, recall_id: uuid.UUID) -> ExposureObservation:
    """The recall with its outcome, if any; another tenant's recall does not exist here."""
    row = conn.execute(
        text(OBSERVATION_SELECT + " WHERE x.tenant = :t AND x.id = :id"),
        {"t": tenant, "id": recall_id},
    ).first()
    if row is None:
        raise NotFoundError("recall", str(recall_id), tenant)
    return observation(row)


def feedback_attribution(
    conn: Connection, tenant: str, recall_id: uuid.UUID, memory_id: uuid.UUID
) -> ExposureObservation:
    """The recall a piece of feedback answers. The memory must be one it returned, and a
    recall's memory is judged once (a retried call must not count twice in the results).
    The caller holds the memory's state row lock, so the duplicate check cannot race."""
    exposure = load_exposure(conn, tenant, recall_id)
    if str(memory_id) not in exposure.returned_ids:
        raise StateConflictError(
            "memory_id", str(memory_id), f"recall {recall_id} did not return this memory"
        )
    already = conn.execute(
        text(
            "SELECT 1 FROM event WHERE tenant = :t AND memory_id = :m"
            " AND type = ANY(:types) AND data->>'recall_id' = :r LIMIT 1"
        ),
        {
            "t": tenant,
            "m": memory_id,
            "types": [EventType.VALIDATE.value, EventType.FEEDBACK.value],
            "r": str(recall_id),
        },
    ).first()
    if already is not None:
        raise InvalidStateError(f"memory {memory_id} already has feedback for recall {recall_id}")
    return exposure
