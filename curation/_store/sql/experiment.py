"""``experiment``, ``exposure`` and ``outcome``: an experiment's columns, the running
one at a moment, and a recall's exposure with its outcome (an observation)."""

from __future__ import annotations

EXPERIMENT_COLUMNS = (
    "id, tenant, name, raw_share, salt, metric, alpha, policy, status, starts_at, ends_at,"
    " created_at, created_by, stopped_at, stop_reason"
)

OBSERVATION_SELECT = """
    SELECT x.id, x.experiment_id, x.cohort, x.agent_id, x.query, x.returned_ids, x.at,
           o.success, o.score, o.at AS outcome_at
    FROM exposure x LEFT JOIN outcome o ON o.tenant = x.tenant AND o.recall_id = x.id
"""

ACTIVE_EXPERIMENT = (
    f"SELECT {EXPERIMENT_COLUMNS} FROM experiment WHERE tenant = :t"
    " AND status = 'running' AND starts_at <= :at AND ends_at > :at"
)
