"""A tenant back to a moment (``curation/_store/rewind.py``) and the curated set as of a
moment (``as_of.py``): the store's front door to both. The moment is checked here once,
so every surface refuses a bad one the same way (field ``to``, its value, why)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection

from curation._records import CuratedSetAsOf, RewindReport
from curation._store.as_of import check_moment, curated_set_as_of, tenant_created_at
from curation._store.rewind import rewind
from curation._store.services.context import StoreService
from curation._validation import validate_actor, validate_bool, validate_limit, validate_tenant


class RewindService(StoreService):
    def _moment(self, conn: Connection, tenant: str, to: Any, now: datetime) -> datetime:
        created = tenant_created_at(conn, tenant)
        assert created is not None  # ctx.tx refused an unknown tenant
        return check_moment(to, now=now, created_at=created)

    def rewind(
        self,
        tenant: str,
        to: str | datetime,
        *,
        dry_run: bool = False,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> RewindReport:
        """Put the tenant's curated state (statuses, principles, conflicts, pins, policy)
        back as it was at ``to`` as one run ``runs.undo`` reverses; memories written since
        are archived ``rewound``. ``dry_run``: the same report, nothing changed."""
        tenant = validate_tenant(tenant)
        dry_run = validate_bool("dry_run", dry_run)
        actor = validate_actor(actor)
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            moment = self._moment(conn, tenant, to, at)
            return rewind(conn, tenant, moment, dry_run=dry_run, now=at, actor=actor)

    def curated_as_of(
        self, tenant: str, at: str | datetime, *, limit: int = 200, now: datetime | None = None
    ) -> CuratedSetAsOf:
        """The curated set as it was at ``at`` (what a rewind to it would restore)."""
        tenant = validate_tenant(tenant)
        limit = validate_limit("limit", limit)
        current = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            moment = self._moment(conn, tenant, at, current)
            return curated_set_as_of(conn, tenant, moment, now=current, limit=limit)
