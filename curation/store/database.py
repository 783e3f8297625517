"""Engine, pooling, migrations and tenant-scoped transactions."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text

from curation.settings import Settings
from curation.store.server import embedded_server_uri, sqlalchemy_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def normalise_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use the psycopg 3 driver for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _register_vector(dbapi_connection: Any, _record: Any) -> None:
    """Binary numpy <-> vector adapters; absent until the first migration made the type."""
    from pgvector.psycopg import register_vector

    try:
        register_vector(dbapi_connection)
    except Exception:  # the extension does not exist yet in this database
        dbapi_connection.rollback()


class Database:
    """One pooled engine per database URL. Every store call borrows a connection from it."""

    def __init__(self, url: str, *, pool_size: int = 5, max_overflow: int = 10) -> None:
        self.url = normalise_url(url)
        self.engine: Engine = create_engine(
            self.url,
            pool_size=pool_size,
            max_overflow=max_overflow,
            pool_pre_ping=True,
        )
        event.listen(self.engine, "connect", _register_vector)

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> Database:
        settings = settings or Settings.from_env()
        if settings.database_url:
            return cls(settings.database_url)
        uri = embedded_server_uri(settings.pgdata)
        ensure_database(sqlalchemy_url(uri, "postgres"), settings.database_name)
        return cls(sqlalchemy_url(uri, settings.database_name))

    # -- migrations -----------------------------------------------------------------
    def alembic_config(self, embedding_dimension: int | None = None) -> Config:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        config.attributes["embedding_dimension"] = embedding_dimension or 384
        return config

    def upgrade(self, revision: str = "head", *, embedding_dimension: int = 384) -> None:
        config = self.alembic_config(embedding_dimension)
        with self.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, revision)
        self.engine.dispose()  # fresh connections pick up the vector type adapters

    def downgrade(self, revision: str = "base") -> None:
        config = self.alembic_config()
        with self.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
        self.engine.dispose()

    def current_revision(self) -> str | None:
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def head_revision(self) -> str | None:
        return ScriptDirectory.from_config(self.alembic_config()).get_current_head()

    def is_current(self) -> bool:
        return self.current_revision() == self.head_revision()

    # -- transactions ---------------------------------------------------------------
    @contextmanager
    def transaction(self, tenant: str | None = None) -> Iterator[Connection]:
        """One transaction, scoped to a tenant (``memgov.tenant``) for row-level security."""
        with self.engine.begin() as conn:
            if tenant is not None:
                conn.execute(text("SELECT set_config('memgov.tenant', :t, true)"), {"t": tenant})
            yield conn

    def dispose(self) -> None:
        self.engine.dispose()


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
