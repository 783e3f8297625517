"""Engines, migrations and tenant-scoped transactions.

Two engines, two roles. ``admin_engine`` connects as the URL's own role, the schema owner,
and serves only migrations and maintenance (DDL, e.g. the bench's bulk loader). ``engine``,
the runtime engine every store call uses, always acts as ``memgov_app`` — not superuser,
not BYPASSRLS — so PostgreSQL's row-level security (migration 0003) filters every query
it runs to the tenant its transaction set. It either logs in as that role (``app_url``:
the embedded server trusts its local socket, so the session has no other role to return
to) or runs ``SET ROLE memgov_app`` on each new connection (an external URL whose user is
a superuser, or the owner, granted the role by the migration). Either way the new
connection checks the role it acts as and refuses (DatabaseRoleError) if it would bypass
row-level security: the application never runs unprotected.
"""

from __future__ import annotations

import fcntl
import functools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, pool, text

from curation._errors import DatabaseRoleError
from curation._settings import Settings
from curation._store.server import embedded_server_uri, sqlalchemy_url

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
APP_ROLE = "memgov_app"  # created by migration 0003


def normalise_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use the psycopg 3 driver for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def app_role_url(url: str) -> str:
    """The same server and database, logging in as the application role (no password:
    for servers that trust local connections, like the embedded one)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(normalise_url(url)).set(username=APP_ROLE, password=None)
    return parsed.render_as_string(hide_password=False)


def _register_vector(dbapi_connection: Any, _record: Any) -> None:
    """Binary numpy <-> vector adapters; absent until the first migration made the type."""
    from pgvector.psycopg import register_vector

    try:
        register_vector(dbapi_connection)
    except Exception:  # the extension does not exist yet in this database
        dbapi_connection.rollback()


def _act_as_app_role(dbapi_connection: Any, _record: Any) -> None:
    """Every runtime connection acts as the application role, or is refused."""
    import psycopg

    try:
        with dbapi_connection.cursor() as cur:
            cur.execute(f"SET ROLE {APP_ROLE}")  # to itself when logged in as it
            cur.execute(
                "SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user"
            )
            row = cur.fetchone()
    except psycopg.Error as exc:
        dbapi_connection.rollback()
        raise DatabaseRoleError(
            f"the runtime connection cannot act as {APP_ROLE!r} ({exc}); migrate the schema "
            f"first (memgov init), as a superuser or an owner that may grant {APP_ROLE!r}"
        ) from exc
    if row is None or row[0]:
        dbapi_connection.rollback()
        raise DatabaseRoleError(
            f"role {APP_ROLE!r} is a superuser or has BYPASSRLS: it would bypass row-level "
            "security, so Memgov will not run as it"
        )
    dbapi_connection.commit()


def _plan_for_the_tenant(dbapi_connection: Any, _record: Any) -> None:
    """Every statement is planned for its own parameters (``force_custom_plan``), so it
    prunes ``memory`` to the tenant's partition before anything is locked.

    ``memory`` has one partition per tenant, and a cached generic plan over it locks every
    partition and each of its indexes whenever it runs. Foreign-key checks run as such
    plans from a statement's sixth row on: with 2,304 tenants in one database a 40-row
    write failed with "out of shared memory" (the lock table was full), and below that
    point each such statement takes a lock per tenant. Planned per call, a write or a
    recall locks one tenant's relations however many tenants the database holds."""
    with dbapi_connection.cursor() as cur:
        cur.execute("SET plan_cache_mode = force_custom_plan")
    dbapi_connection.commit()


def scope_to_tenant(conn: Connection, tenant: str) -> None:
    """Scope the connection's current transaction to ``tenant``: row-level security then
    shows and accepts only that tenant's rows, until the transaction ends. The one place
    that sets ``memgov.tenant``; call it inside ``conn.begin()``."""
    conn.execute(text("SELECT set_config('memgov.tenant', :t, true)"), {"t": tenant})


class Database:
    """The runtime engine (pooled, acting as ``memgov_app``) and the admin engine
    (unpooled, the URL's own role) for one database.

    ``url`` is the owner's URL (migrations). ``app_url``, when given, is a URL that logs
    in as ``memgov_app`` itself; without it the runtime engine uses ``url`` and switches
    role on connect."""

    def __init__(
        self, url: str, *, app_url: str | None = None, pool_size: int = 5, max_overflow: int = 10
    ) -> None:
        self.url = normalise_url(url)
        self.app_url = normalise_url(app_url) if app_url else self.url
        self.engine: Engine = create_engine(
            self.app_url,
            pool_size=pool_size,
            max_overflow=max_overflow,
            pool_pre_ping=True,
        )
        event.listen(self.engine, "connect", _act_as_app_role)
        event.listen(self.engine, "connect", _plan_for_the_tenant)
        event.listen(self.engine, "connect", _register_vector)
        self.admin_engine: Engine = create_engine(self.url, poolclass=pool.NullPool)
        event.listen(self.admin_engine, "connect", _plan_for_the_tenant)
        event.listen(self.admin_engine, "connect", _register_vector)

    @functools.cached_property
    def key_engine(self) -> Engine:
        """API keys are checked on every HTTP request: a small autocommit pool of its own,
        without the runtime pool's ping round trip (a dropped connection is retried once
        by the caller instead)."""
        engine = create_engine(
            self.app_url, pool_size=2, max_overflow=8, isolation_level="AUTOCOMMIT"
        )
        event.listen(engine, "connect", _act_as_app_role)
        event.listen(engine, "connect", _plan_for_the_tenant)
        return engine

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> Database:
        settings = settings or Settings.from_env()
        if settings.database_url:
            return cls(settings.database_url, app_url=settings.app_database_url)
        with setup_lock(settings.home):
            uri = embedded_server_uri(settings.pgdata)
            ensure_database(sqlalchemy_url(uri, "postgres"), settings.database_name)
        url = sqlalchemy_url(uri, settings.database_name)
        return cls(url, app_url=app_role_url(url))

    # -- migrations -----------------------------------------------------------------
    # alembic is imported where it is used: it costs ~0.25 s on every ``memgov`` start
    # (``--help`` included) and only migrations and revision checks need it
    def alembic_config(self, embedding_dimension: int | None = None) -> Config:
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        config.attributes["embedding_dimension"] = embedding_dimension or 384
        return config

    def upgrade(self, revision: str = "head", *, embedding_dimension: int = 384) -> None:
        from alembic import command

        config = self.alembic_config(embedding_dimension)
        with self.admin_engine.begin() as conn:
            # two processes migrating one database at once: the second waits, then finds
            # the schema at head (alembic reads the version after the lock)
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('memgov.migrate'))"))
            config.attributes["connection"] = conn
            command.upgrade(config, revision)
        self.engine.dispose()  # fresh connections pick up the vector type adapters

    def downgrade(self, revision: str = "base") -> None:
        from alembic import command

        config = self.alembic_config()
        with self.admin_engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
        self.engine.dispose()

    def current_revision(self) -> str | None:
        from alembic.runtime.migration import MigrationContext

        with self.admin_engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def head_revision(self) -> str | None:
        from alembic.script import ScriptDirectory

        return ScriptDirectory.from_config(self.alembic_config()).get_current_head()

    def is_current(self) -> bool:
        return self.current_revision() == self.head_revision()

    # -- transactions ---------------------------------------------------------------
    @contextmanager
    def transaction(self, tenant: str | None = None) -> Iterator[Connection]:
        """One runtime transaction, scoped to a tenant (``memgov.tenant``): row-level
        security shows and accepts only that tenant's rows. Without a tenant, tenant tables
        look empty (use it for ``store_meta`` and ``memgov_tenants()`` only)."""
        with self.engine.begin() as conn:
            if tenant is not None:
                scope_to_tenant(conn, tenant)
            yield conn

    @contextmanager
    def admin_transaction(self) -> Iterator[Connection]:
        """One transaction as the schema owner, for maintenance and test setup only: with
        a superuser URL it sees every tenant; it never serves an application call."""
        with self.admin_engine.begin() as conn:
            yield conn

    def dispose(self) -> None:
        self.engine.dispose()
        self.admin_engine.dispose()
        if "key_engine" in self.__dict__:
            self.key_engine.dispose()


@contextmanager
def setup_lock(home: Path) -> Iterator[None]:
    """Serialise first-time setup (the embedded server's start, the database's creation)
    between processes sharing a state folder: two at once once failed on a duplicate
    ``CREATE DATABASE``."""
    home.mkdir(parents=True, exist_ok=True)
    with (home / ".setup.lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def recreate_database(admin_url: str, name: str) -> None:
    """Drop and create a scratch database (the demo's own sandbox, never the main store)."""
    engine = create_engine(normalise_url(admin_url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()


def ensure_database(admin_url: str, name: str) -> None:
    """Create the application database on the server if it is missing."""
    engine = create_engine(normalise_url(admin_url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            exists = conn.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
            ).scalar()
            if not exists:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
