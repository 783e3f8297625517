"""API keys (migration 0004): create, list, revoke, and authenticate a presented secret.

Only the SHA-256 of a key is stored. Authentication is the one read that crosses tenants
(the tenant is what it finds out), through the SECURITY DEFINER ``memgov_authenticate``;
everything else runs in the key's tenant's transaction under row-level security."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from datetime import datetime
from typing import Any, cast

import psycopg
from psycopg.rows import namedtuple_row
from sqlalchemy import text

from curation._errors import InvalidStateError, NotFoundError, ValidationError
from curation._records import ApiKeyRecord, NewApiKey
from curation._store.database import scope_to_tenant
from curation._store.rows import from_row
from curation._store.services.context import StoreService
from curation._store.sql.api_key import AUTHENTICATE, KEY_SELECT
from curation._validation import validate_label, validate_uuid

KEY_PREFIX = "mgk_"
SCOPES = ("agent", "curator")


def key_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def key_record(row: Any) -> ApiKeyRecord:
    return from_row(ApiKeyRecord, row)


def plausible_secret(secret: object) -> bool:
    """Worth a lookup: a string of the keys' form and size (anything else is no key)."""
    return isinstance(secret, str) and secret.startswith(KEY_PREFIX) and len(secret) <= 256


def validate_scope(scope: Any) -> str:
    if scope not in SCOPES:
        raise ValidationError("scope", scope, f"must be one of {', '.join(SCOPES)}")
    return str(scope)


class KeyService(StoreService):
    """The tenants' API keys, built on the store's context."""

    def create(
        self, tenant: str, scope: str, *, name: str | None = None, now: datetime | None = None
    ) -> NewApiKey:
        """A new key for an existing ``tenant`` (a key creates no tenant: writes and
        ``tenants.create`` do). The secret is returned once."""
        tenant = self.ctx.require_tenant(tenant)
        scope = validate_scope(scope)
        label = validate_label("name", name) or f"{scope} key"
        at = self.ctx.now(now)
        secret = KEY_PREFIX + secrets.token_urlsafe(32)
        key_id = uuid.uuid4()
        with self.ctx.db.transaction(tenant) as conn:
            conn.execute(
                text(
                    "INSERT INTO api_key (id, tenant, name, scope, key_hash, created_at) "
                    "VALUES (:id, :t, :n, :s, :h, :at)"
                ),
                {
                    "id": key_id,
                    "t": tenant,
                    "n": label,
                    "s": scope,
                    "h": key_hash(secret),
                    "at": at,
                },
            )
        return NewApiKey(key=secret, id=str(key_id), tenant=tenant, scope=scope, name=label)

    def all(self, tenant: str) -> list[ApiKeyRecord]:
        tenant = self.ctx.require_tenant(tenant)  # an unknown tenant is an error, not "none"
        with self.ctx.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(f"SELECT {KEY_SELECT} FROM api_key WHERE tenant = :t ORDER BY created_at, id"),
                {"t": tenant},
            ).all()
        return [key_record(row) for row in rows]

    def live_count(self) -> tuple[int, int]:
        """(live keys, tenants holding one) over every tenant: what ``memgov serve`` says
        on start. One transaction, scoped to each tenant in turn (row-level security)."""
        keys = holders = 0
        with self.ctx.db.transaction() as conn:
            names = list(conn.execute(text("SELECT memgov_tenants()")).scalars())
            for tenant in names:
                scope_to_tenant(conn, tenant)
                live = int(
                    conn.execute(
                        text(
                            "SELECT count(*) FROM api_key WHERE tenant = :t AND revoked_at IS NULL"
                        ),
                        {"t": tenant},
                    ).scalar_one()
                )
                keys += live
                holders += live > 0
        return keys, holders

    def revoke(
        self, tenant: str, key_id: str | uuid.UUID, *, now: datetime | None = None
    ) -> ApiKeyRecord:
        """Revoke a key: the next request that presents it fails."""
        tenant = self.ctx.require_tenant(tenant)
        ident = validate_uuid("key_id", key_id)
        at = self.ctx.now(now)
        with self.ctx.db.transaction(tenant) as conn:
            row = conn.execute(
                text(f"SELECT {KEY_SELECT} FROM api_key WHERE tenant = :t AND id = :id FOR UPDATE"),
                {"t": tenant, "id": ident},
            ).first()
            if row is None:
                raise NotFoundError("api key", str(ident), tenant)
            if row.revoked_at is not None:
                raise InvalidStateError(f"api key {ident} was already revoked")
            row = conn.execute(
                text(
                    f"UPDATE api_key SET revoked_at = :at WHERE tenant = :t AND id = :id "
                    f"RETURNING {KEY_SELECT}"
                ),
                {"at": at, "t": tenant, "id": ident},
            ).one()
        return key_record(row)

    def authenticate(self, secret: str, *, now: datetime | None = None) -> ApiKeyRecord | None:
        """The live key ``secret`` is, or None (unknown, malformed or revoked alike)."""
        if not plausible_secret(secret):
            return None
        at = self.ctx.now(now)
        # One statement on the keys' own autocommit pool (it runs on every API request):
        # no ping, no BEGIN/COMMIT round trips, no ORM layer; the function's last-used
        # stamp commits with it. A connection the server dropped is retried once, on a
        # fresh pool: whatever dropped one (a restart, an idle timeout) dropped its idle
        # pool mates too, and the retry must not pick up one of them.
        engine = self.ctx.db.key_engine
        for attempt in (1, 2):
            conn = engine.raw_connection()
            try:
                driver = cast(psycopg.Connection[Any], conn.driver_connection)
                with driver.cursor(row_factory=namedtuple_row) as cur:
                    row = cur.execute(AUTHENTICATE, (key_hash(secret), at)).fetchone()
            except psycopg.OperationalError:
                conn.invalidate()
                if attempt == 2:
                    raise
                engine.dispose()
                continue
            finally:
                conn.close()
            return None if row is None else key_record(row)
        raise AssertionError("unreachable")
