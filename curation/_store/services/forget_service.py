"""Forget by subject or source (``curation/_store/forget.py``): the store's front door to
the explicit hard delete, and to the proof that it left nothing behind."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from curation._store.forget import ForgetReceipt, forget
from curation._store.forget_select import selector_of
from curation._store.retry import retried
from curation._store.services.context import StoreService
from curation._validation import validate_actor, validate_bool, validate_tenant


class ForgetService(StoreService):
    def forget(
        self,
        tenant: str,
        *,
        source: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        ids: Sequence[str | uuid.UUID] | None = None,
        match: str | None = None,
        dry_run: bool = False,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> ForgetReceipt:
        """Hard-delete the tenant's memories one selector names (``source``, every
        ``metadata`` key's value, ``ids``, or content containing ``match``, case-blind)
        and all derived from them; the receipt counts rows per table and verifies that
        nothing is left. ``dry_run``: the same counts, nothing deleted."""
        tenant = validate_tenant(tenant)
        selector = selector_of(source=source, metadata=metadata, ids=ids, match=match)
        dry_run = validate_bool("dry_run", dry_run)
        actor = validate_actor(actor)
        at = self.ctx.now(now)
        # one transaction, which takes the tenant's row before the history tables: run
        # again as a whole when it is a deadlock's victim (the other party: a recall's
        # exposure, a write, an outcome, which take them the other way round)
        return retried(
            lambda: forget(self.ctx.db, tenant, selector, dry_run=dry_run, actor=actor, now=at)
        )
