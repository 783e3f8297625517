"""Merging and storing a tenant's policy: shared by ``set_policy`` and by an experiment's
start, which applies its policy under test in the same transaction as the experiment."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic import ValidationError as PydanticValidationError
from sqlalchemy import Connection, text

from curation._errors import ValidationError
from curation._jsondoc import check_document
from curation._kinds import EventType
from curation._policy import CurationPolicy
from curation._store.events import record_event


def merge_policy(
    current: CurationPolicy, policy: CurationPolicy | Mapping[str, Any]
) -> CurationPolicy:
    """A whole policy replaces; a mapping overrides fields of ``current``, validated in full."""
    if isinstance(policy, CurationPolicy):
        return policy
    if not isinstance(policy, Mapping):
        raise ValidationError("policy", policy, "must be a CurationPolicy or a mapping of fields")
    merged = current.model_dump(mode="json")
    merged.update(dict(policy))
    try:
        return CurationPolicy.model_validate(merged)
    except PydanticValidationError as exc:
        raise _first_problem(exc) from exc


def _first_problem(exc: PydanticValidationError) -> ValidationError:
    """pydantic's multi-line report as one typed error: the first field, its value, why."""
    problems = exc.errors()
    first = problems[0]
    field = ".".join(str(part) for part in first["loc"]) or "policy"
    more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
    return ValidationError(f"policy.{field}", first.get("input"), first["msg"] + more)


def store_policy(
    conn: Connection, tenant: str, policy: CurationPolicy, *, at: datetime, actor: str
) -> None:
    """Write the tenant's effective policy and its POLICY event (refused as a whole when
    jsonb could not store it verbatim, e.g. a NUL in a model name of a threshold map)."""
    dumped = policy.model_dump(mode="json")
    check_document("policy", dumped)
    # the value it replaces, so a rewind can put it back (events before 2026-12-04 lack it)
    prior = conn.execute(
        text("SELECT policy FROM tenant WHERE name = :t FOR UPDATE"), {"t": tenant}
    ).scalar()
    conn.execute(
        text("UPDATE tenant SET policy = CAST(:p AS jsonb) WHERE name = :t"),
        {"t": tenant, "p": json.dumps(dumped)},
    )
    record_event(
        conn,
        tenant,
        EventType.POLICY,
        at=at,
        actor=actor,
        data={"policy": dumped, "prior": prior if prior is not None else {}},
    )
