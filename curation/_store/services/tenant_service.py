"""Tenants and their policies: create, list, delete; read and override a policy."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import text

from curation._policy import CurationPolicy
from curation._records import TenantDeletion
from curation._store.services.context import StoreService
from curation._store.tenant_delete import delete_tenant
from curation._store.tenant_policy import merge_policy, store_policy
from curation._store.writes import ensure_tenant
from curation._validation import validate_tenant


class TenantService(StoreService):
    def require(self, tenant: str) -> str:
        """The tenant's name, normalised, or UnknownTenantError: the one rule every read
        and curation call follows (only writes and ``tenants.create`` create a tenant)."""
        return self.ctx.require_tenant(tenant)

    def create(self, tenant: str, *, now: datetime | None = None) -> str:
        """Create an empty tenant (refused when its name looks like an existing one's);
        creating one that exists is a no-op."""
        tenant = validate_tenant(tenant)
        with self.ctx.db.transaction(tenant) as conn:
            ensure_tenant(conn, tenant, self.ctx.now(now))
        return tenant

    def delete(
        self, tenant: str, *, dump: str | Path | None = None, force: bool = False
    ) -> TenantDeletion:
        """Delete the tenant and everything it holds (see ``curation._store.tenant_delete``:
        refused without a fresh full dump unless ``force``). Rows deleted per table."""

        deleted = delete_tenant(
            self.ctx.db, tenant, dump=None if dump is None else Path(dump), force=force
        )
        self.ctx.forget_policies()
        return TenantDeletion(validate_tenant(tenant), deleted)

    def all(self) -> list[str]:
        """Every tenant's name: the one cross-tenant read, through the SECURITY DEFINER
        ``memgov_tenants()`` (row-level security hides the ``tenant`` table's other rows)."""
        with self.ctx.db.transaction() as conn:
            return list(conn.execute(text("SELECT memgov_tenants()")).scalars())

    def policy(self, tenant: str) -> CurationPolicy:
        """The tenant's effective policy (an unknown tenant is an error, as everywhere)."""
        return self.ctx.policy(tenant)

    def set_policy(
        self,
        tenant: str,
        policy: CurationPolicy | Mapping[str, Any],
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> CurationPolicy:
        """Store a tenant's policy overrides (validated in full before anything is written)."""
        tenant = validate_tenant(tenant)
        at = self.ctx.now(now)
        merged = merge_policy(self.ctx.stored_policy(tenant), policy)

        with self.ctx.db.transaction(tenant) as conn:
            ensure_tenant(conn, tenant, at)
            store_policy(conn, tenant, merged, at=at, actor=actor)
        return merged
