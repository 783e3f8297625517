"""``StoreContext``: what every store service is built on — the database, the embedder,
the clock, the default policy — and the few rules they share (tenant-scoped transactions,
the store's embedding model, a tenant's effective policy, embedding a write)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, Row, text

from curation._claims import split_claims
from curation._clock import Clock
from curation._embedding import Embedder
from curation._errors import EmbeddingMismatchError, NotFoundError, UnknownTenantError
from curation._kinds import MemoryKind
from curation._policy import BULK_MIN_ROWS, CurationPolicy
from curation._store.database import Database
from curation._store.retry import retried
from curation._store.rows import tenant_rows
from curation._store.sql.memory import MEMORY_SELECT
from curation._store.writes import PreparedWrite, tenant_exists
from curation._validation import (
    MemoryInput,
    content_hash,
    validate_now,
    validate_tenant,
    validate_uuid,
)

R = TypeVar("R")


class StoreContext:
    """One per store, shared by its services; swapping ``embedder`` or ``clock`` here
    swaps it for all of them."""

    def __init__(
        self,
        database: Database,
        *,
        embedder: Embedder,
        clock: Clock,
        default_policy: CurationPolicy,
        bulk_min_rows: int | None = BULK_MIN_ROWS,
    ) -> None:
        self.db = database
        self.bulk_min_rows = bulk_min_rows  # see writes.write_batch; None: never bulk
        self.embedder = embedder
        self.clock = clock
        self.default_policy = default_policy
        self._meta: dict[str, str] | None = None
        self._policy_cache: dict[str, tuple[CurationPolicy, CurationPolicy]] = {}

    # -- time and transactions ------------------------------------------------------
    def now(self, now: datetime | None) -> datetime:
        return validate_now(now) if now is not None else self.clock.now()

    @contextmanager
    def tx(self, tenant: str, *, must_exist: bool = True) -> Iterator[Connection]:
        with self.db.transaction(tenant) as conn:
            if must_exist and not tenant_exists(conn, tenant):
                raise UnknownTenantError(tenant)
            yield conn

    def retried_tx(self, tenant: str, work: Callable[[Connection], R]) -> R:
        """``work(conn)`` in one transaction of the existing tenant, run again as a whole
        when the database ends it for a concurrency reason (``retried``): for what may
        cross a forget, which locks the tenant's row before the history tables."""

        def attempt() -> R:
            with self.tx(tenant) as conn:
                return work(conn)

        return retried(attempt)

    def on_row(
        self,
        tenant: str,
        field: str,
        row_id: str | uuid.UUID,
        act: Callable[..., R],
        now: datetime | None,
        **options: Any,
    ) -> R:
        """``act(conn, tenant, id, now=..., **options)`` on one of the tenant's rows
        (``field`` names its id for a refusal), in one transaction of the existing tenant,
        at ``now`` or the clock's time."""
        tenant = validate_tenant(tenant)
        rid = validate_uuid(field, row_id)
        at = self.now(now)
        return self.retried_tx(tenant, lambda conn: act(conn, tenant, rid, now=at, **options))

    def rows(self, tenant: str, sql: str, **params: Any) -> Sequence[Row[Any]]:
        """``tenant_rows`` in a transaction of the existing tenant: what a listing reads."""
        with self.tx(tenant) as conn:
            return tenant_rows(conn, tenant, sql, **params)

    def require_tenant(self, tenant: str) -> str:
        """The tenant's name, normalised, or UnknownTenantError: the one rule every read
        and curation call follows (only writes and ``tenants.create`` create a tenant)."""
        tenant = validate_tenant(tenant)
        with self.tx(tenant):
            return tenant

    # -- the store's embedding model --------------------------------------------------
    def meta(self) -> dict[str, str]:
        if self._meta is None:
            with self.db.transaction() as conn:
                rows = conn.execute(text("SELECT key, value FROM store_meta")).all()
            self._meta = {row.key: row.value for row in rows}
        return self._meta

    def forget_meta(self) -> None:
        """Re-read ``store_meta`` next time (a restore may have fixed the model)."""
        self._meta = None

    @property
    def dimension(self) -> int:
        return int(self.meta()["embedding_dimension"])

    @property
    def embedding_model(self) -> str:
        return self.meta().get("embedding_model", self.embedder.model_name)

    def check_embedder(self) -> None:
        """The first write fixes the store's model; later embedders must match it."""
        meta = self.meta()
        if self.embedder.dimension != self.dimension:
            raise EmbeddingMismatchError(
                "embedder.dimension",
                self.embedder.dimension,
                f"the store holds {self.dimension}-dimensional embeddings",
            )
        stored = meta.get("embedding_model")
        if stored is None:
            with self.db.transaction() as conn:
                conn.execute(
                    text(
                        "INSERT INTO store_meta (key, value) VALUES ('embedding_model', :m) "
                        "ON CONFLICT (key) DO NOTHING"
                    ),
                    {"m": self.embedder.model_name},
                )
                stored = conn.execute(
                    text("SELECT value FROM store_meta WHERE key = 'embedding_model'")
                ).scalar_one()
            self._meta = None
        if stored != self.embedder.model_name:
            raise EmbeddingMismatchError(
                "embedder.model_name",
                self.embedder.model_name,
                f"the store's embeddings come from {stored!r}",
            )

    def prepare(
        self, inputs: Sequence[MemoryInput], claim_kinds: frozenset[MemoryKind] = frozenset()
    ) -> list[PreparedWrite]:
        """Embed what lacks an embedding (one batch) and refuse foreign embeddings; split
        the memories of ``claim_kinds`` into claims and embed those (a second batch)."""
        self.check_embedder()
        model = self.embedder.model_name
        for item in inputs:
            if item.embedding is not None and item.embedding_model not in (None, model):
                raise EmbeddingMismatchError(
                    "embedding_model", item.embedding_model, f"the store's model is {model!r}"
                )
        missing = [i for i, item in enumerate(inputs) if item.embedding is None]
        computed = self.embedder.embed([inputs[i].content for i in missing]) if missing else None
        vectors = {i: computed[n] for n, i in enumerate(missing)} if computed is not None else {}
        claims = [
            tuple(split_claims(item.content)) if item.kind in claim_kinds else () for item in inputs
        ]
        flat = [claim for found in claims for claim in found]
        claim_vectors = self.embedder.embed(flat) if flat else None
        prepared: list[PreparedWrite] = []
        start = 0
        for i, item in enumerate(inputs):
            end = start + len(claims[i])
            prepared.append(
                PreparedWrite(
                    item=item,
                    content_hash=content_hash(item.content),
                    embedding=item.embedding if item.embedding is not None else vectors[i],
                    embedding_model=model,
                    claims=claims[i],
                    claim_embeddings=None
                    if claim_vectors is None or not claims[i]
                    else claim_vectors[start:end],
                )
            )
            start = end
        return prepared

    # -- policy -------------------------------------------------------------------------
    def policy(self, tenant: str) -> CurationPolicy:
        """The tenant's effective policy (an unknown tenant is an error, as everywhere)."""
        return self.stored_policy(self.require_tenant(tenant))

    def stored_policy(self, tenant: str) -> CurationPolicy:
        """The policy a write applies: the defaults for a tenant the write creates."""
        with self.db.transaction(tenant) as conn:
            overrides = conn.execute(
                text("SELECT policy FROM tenant WHERE name = :t"), {"t": tenant}
            ).scalar()
        return self.merged_policy(overrides)

    def merged_policy(self, overrides: Mapping[str, Any] | None) -> CurationPolicy:
        """The default policy with a tenant's stored overrides. Validation is a full pydantic
        round, so the result is cached by the overrides' content (never stale: other
        overrides are another key) — recall asks for it on every call."""
        key = json.dumps(overrides or {}, sort_keys=True)
        cached = self._policy_cache.get(key)
        if cached is not None and cached[0] is self.default_policy:
            return cached[1]
        base = self.default_policy.model_dump(mode="json")
        base.update(overrides or {})
        policy = CurationPolicy.model_validate(base)
        if len(self._policy_cache) > 256:
            self._policy_cache.clear()
        self._policy_cache[key] = (self.default_policy, policy)
        return policy

    def forget_policies(self) -> None:
        self._policy_cache.clear()


class StoreService:
    """One part of the store's API, working on the context every part shares."""

    def __init__(self, ctx: StoreContext) -> None:
        self.ctx = ctx


def memory_row(conn: Connection, tenant: str, memory_id: uuid.UUID, *, lock: bool = False) -> Any:
    """The tenant's memory row (``lock``: its state locked for an update); NotFoundError
    if absent."""
    locked = " FOR UPDATE OF s" if lock else ""
    row = conn.execute(
        text(MEMORY_SELECT + " AND m.id = :id" + locked), {"t": tenant, "id": memory_id}
    ).first()
    if row is None:
        raise NotFoundError("memory", str(memory_id), tenant)
    return row


def locked_memory(conn: Connection, tenant: str, memory_id: uuid.UUID) -> Any:
    """The tenant's memory row, its state locked for an update; NotFoundError if absent."""
    return memory_row(conn, tenant, memory_id, lock=True)
