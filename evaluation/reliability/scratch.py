"""Scratch databases on one PostgreSQL server: a migrated template, fast clones of it
(``CREATE DATABASE ... TEMPLATE`` copies files, far quicker than re-seeding), and drops.

The reliability harness works only in databases it created here, never in a real store."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import Engine, create_engine, text

from curation import Database, embedded_server_uri, normalise_url


class ScratchServer:
    """Creates, clones and drops databases named ``<prefix><hex>`` on one server."""

    def __init__(self, libpq_uri: str, *, prefix: str = "rel_") -> None:
        self.uri = libpq_uri
        self.prefix = prefix
        self._admin: Engine = create_engine(
            database_url(libpq_uri, "postgres"), isolation_level="AUTOCOMMIT"
        )

    @classmethod
    def from_env(cls) -> ScratchServer:
        """The server ``MEMGOV_DATABASE_URL`` points at, else the embedded one."""
        from curation import Settings

        settings = Settings.from_env()
        if settings.database_url:
            return cls(settings.database_url)
        return cls(embedded_server_uri(settings.pgdata))

    @property
    def admin(self) -> Engine:
        """AUTOCOMMIT engine on the ``postgres`` database, for DDL and server views."""
        return self._admin

    def url(self, name: str) -> str:
        """The SQLAlchemy URL of database ``name`` on this server (credentials kept)."""
        return database_url(self.uri, name)

    def new_name(self) -> str:
        return self.prefix + uuid.uuid4().hex[:12]

    def create(self, *, template: str | None = None) -> str:
        """A new database (empty, or a copy of ``template``); returns its name."""
        name = self.new_name()
        clause = f' TEMPLATE "{template}"' if template else ""
        with self._admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"{clause}'))
        return name

    def create_migrated(self, *, base: str | None = None) -> str:
        """A database at the current schema: a copy of ``base`` (an already migrated
        database, e.g. a test session's template), else migrated here."""
        if base is not None:
            return self.create(template=base)
        name = self.create()
        database = Database(self.url(name))
        try:
            database.upgrade()
        finally:
            database.dispose()
        return name

    def drop(self, name: str) -> None:
        assert name.startswith(self.prefix), name  # only what this harness made
        with self._admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    @contextmanager
    def clone(self, template: str) -> Iterator[str]:
        """A throwaway copy of ``template`` (which must have no open connections)."""
        name = self.create(template=template)
        try:
            yield name
        finally:
            self.drop(name)

    def backends(self, name: str, *, exclude_pid: int | None = None) -> list[int]:
        """Server process ids connected to database ``name``."""
        with self._admin.connect() as conn:
            pids = conn.execute(
                text(
                    "SELECT pid FROM pg_stat_activity WHERE datname = :d"
                    " AND pid <> pg_backend_pid()"
                ),
                {"d": name},
            ).scalars()
            return [int(p) for p in pids if p != exclude_pid]

    def terminate(self, pid: int) -> bool:
        """Drop one backend's connection from the server side (``pg_terminate_backend``)."""
        with self._admin.connect() as conn:
            return bool(conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar())

    def dispose(self) -> None:
        self._admin.dispose()


class ClonePipeline:
    """Clones of one template made ahead and dropped behind on a background thread, so a
    loop over throwaway clones does not wait for CREATE and DROP DATABASE. The work runs
    only between ``take`` calls: ``take`` waits for all of it, so nothing competes with
    what the caller does right after (a timed interruption)."""

    def __init__(self, server: ScratchServer, template: str) -> None:
        self.server = server
        self.template = template
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="clones")
        self._pending: list[Future[Any]] = []
        self._next: Future[str] | None = None
        self.prepare_next()

    def prepare_next(self) -> None:
        if self._next is None:
            self._next = self._pool.submit(self.server.create, template=self.template)
            self._pending.append(self._next)

    def take(self) -> str:
        self.prepare_next()
        assert self._next is not None
        name = self._next.result()
        self._next = None
        for future in self._pending:
            future.result()
        self._pending.clear()
        return name

    def release(self, name: str) -> None:
        self._pending.append(self._pool.submit(self.server.drop, name))

    def close(self) -> None:
        """Drop the spare clone and wait for every pending drop."""
        try:
            if self._next is not None:
                self.release(self._next.result())
            for future in self._pending:
                future.result()
        finally:
            self._pool.shutdown(wait=True)


def database_url(server_uri: str, name: str) -> str:
    """``server_uri`` (libpq form, socket or host) pointed at database ``name``."""
    parts = urlsplit(server_uri)
    return normalise_url(urlunsplit(parts._replace(path="/" + name)))


def child_env() -> dict[str, str]:
    """The environment for harness subprocesses: this interpreter's, offline, with the
    project root importable."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("HF_HUB_OFFLINE", "1")
    return env
