"""Tenant isolation in depth: PostgreSQL row-level security, tried with raw SQL sessions
logged in as the application role, as a query with a bug would run.

No tenant set: every tenant table looks empty. Tenant A set: only A's rows, in every
table and even in B's partition. A's session cannot insert B's rows, cannot touch B's
rows by UPDATE or DELETE, cannot rewrite any history (privilege and trigger), cannot
escape to another role or switch the policy off, and a tenant value crafted as SQL
matches nothing. Then the roles: the runtime never bypasses RLS, whatever the URL says.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy.exc
from sqlalchemy import Connection, Engine, create_engine, pool, text
from sqlalchemy.engine import make_url
from store_helpers import fresh_database

import curation._store.database as database_module
from curation import DatabaseRoleError, FixedClock, HashingEmbedder, MemoryStore
from curation._settings import Settings
from curation._store.database import APP_ROLE, Database, app_role_url, normalise_url
from curation._store.server import sqlalchemy_url

A, B = "tenant-a", "tenant-b"
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
POLICY = "memgov_tenant_isolation"
# every table that holds tenant data -> its tenant column
TENANT_TABLES = {
    "tenant": "name", "memory": "tenant", "memory_state": "tenant", "conflict": "tenant",
    "proposal": "tenant", "event": "tenant", "golden_probe": "tenant",
    "curation_run": "tenant", "experiment": "tenant", "exposure": "tenant",
    "outcome": "tenant", "memory_claim": "tenant", "change_review": "tenant",
}  # fmt: skip  # a table name to column map, read as a paragraph
HISTORY = ("event", "exposure", "outcome")
# tables the app may UPDATE -> a column to set to itself
UPDATABLE = {
    "tenant": "policy", "memory_state": "pinned", "conflict": "status", "proposal": "status",
    "golden_probe": "k", "curation_run": "status", "experiment": "status",
    "change_review": "status",
}  # fmt: skip  # a table name to column map, read as a paragraph
DELETABLE = (
    "memory", "memory_state", "conflict", "proposal", "golden_probe", "curation_run",
    "experiment", "memory_claim", "change_review",
)  # fmt: skip  # a flat list of names, read as a paragraph


class Fleet:
    """Two tenants with rows in every tenant table; raw engines as the app and the owner."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.database = Database(url, app_url=app_role_url(url))
        self.store = MemoryStore(self.database, embedder=HashingEmbedder(), clock=FixedClock(T0))
        self.app: Engine = create_engine(normalise_url(app_role_url(url)), poolclass=pool.NullPool)
        self.owner: Engine = create_engine(normalise_url(url), poolclass=pool.NullPool)
        self.ids: dict[str, dict[str, Any]] = {}

    def populate(self) -> None:
        for tenant in (A, B):
            store = self.store
            memories = [
                r.id
                for r in store.remember_many(
                    tenant,
                    [
                        {"content": f"{tenant}: deploys go blue-green, always"},
                        {"content": f"{tenant}: the staging database resets nightly"},
                        {  # a dialogue turn: two claims
                            "content": f"{tenant}: API tokens expire after a day. "
                            "Renew them at login.",
                            "kind": "conversation",
                        },
                    ],
                )
            ]
            conflict = store.contest(tenant, memories[0], "claim", "evidence").id
            store.runs.add_golden_probe(tenant, "how do deploys go?", [memories[0]])
            run = store.runs.curate(tenant, apply=False).run_id
            ids: dict[str, Any] = {"memories": memories, "conflict": conflict, "run": run}
            with self.database.transaction(tenant) as conn:
                ids["proposal"] = conn.execute(
                    text(
                        "INSERT INTO proposal (id, tenant, kind, text, member_ids, generality,"
                        " created_at) VALUES (gen_random_uuid(), :t, 'fact', 'a principle',"
                        " CAST(:m AS uuid[]), 1, :at) RETURNING id"
                    ),
                    {"t": tenant, "m": memories[:2], "at": T0},
                ).scalar_one()
                ids["change_review"] = conn.execute(
                    text(
                        "INSERT INTO change_review (id, tenant, older_id, newer_id, detail, source,"
                        " proposed_at) VALUES (gen_random_uuid(), :t, :o, :n, 'held', 'pass', :at)"
                        " RETURNING id"
                    ),
                    {"t": tenant, "o": memories[0], "n": memories[1], "at": T0},
                ).scalar_one()
                ids["experiment"] = conn.execute(
                    text(
                        "INSERT INTO experiment (id, tenant, name, raw_share, salt, starts_at,"
                        " ends_at, created_at, created_by) VALUES (gen_random_uuid(), :t, 'exp',"
                        " 0.5, 'salt', :at, :at + interval '7 days', :at, 'test') RETURNING id"
                    ),
                    {"t": tenant, "at": T0},
                ).scalar_one()
                exposures = [
                    conn.execute(
                        text(
                            "INSERT INTO exposure (id, tenant, experiment_id, cohort, agent_id,"
                            " query, at) VALUES (gen_random_uuid(), :t, :e, 'curated',"
                            " 'agent-1', 'q', :at) RETURNING id"
                        ),
                        {"t": tenant, "e": ids["experiment"], "at": T0},
                    ).scalar_one()
                    for _ in range(2)
                ]
                conn.execute(
                    text(
                        "INSERT INTO outcome (recall_id, tenant, success, actor, at)"
                        " VALUES (:r, :t, true, 'agent-1', :at)"
                    ),
                    {"r": exposures[0], "t": tenant, "at": T0},
                )
                ids["exposures"] = exposures
            with self.owner.begin() as conn:  # a memory without state, for the insert tests
                ids["orphan"] = conn.execute(
                    text(
                        "INSERT INTO memory (tenant, id, kind, content, content_hash, embedding,"
                        " embedding_model, created_at) VALUES (:t, gen_random_uuid(), 'fact',"
                        " 'orphan', md5(:t), (SELECT embedding FROM memory WHERE tenant = :t"
                        " LIMIT 1), 'hashing', :at) RETURNING id"
                    ),
                    {"t": tenant, "at": T0},
                ).scalar_one()
            self.ids[tenant] = ids

    @contextmanager
    def as_app(self, tenant: str | None) -> Iterator[Connection]:
        """A raw session logged in as the application role; ``tenant`` set as given."""
        with self.app.connect() as conn, conn.begin() as tx:
            if tenant is not None:
                conn.execute(text("SELECT set_config('memgov.tenant', :t, true)"), {"t": tenant})
            yield conn
            tx.rollback()

    def owner_rows(self, table: str, tenant: str) -> list[Any]:
        column = TENANT_TABLES[table]
        with self.owner.connect() as conn:
            return list(
                conn.execute(
                    text(f"SELECT * FROM {table} WHERE {column} = :t ORDER BY 1, 2, 3"),
                    {"t": tenant},
                ).all()
            )

    def partition(self, tenant: str) -> str:
        with self.owner.connect() as conn:
            return str(
                conn.execute(
                    text("SELECT partition_name FROM tenant WHERE name = :t"), {"t": tenant}
                ).scalar_one()
            )

    def dispose(self) -> None:
        self.database.dispose()
        self.app.dispose()
        self.owner.dispose()


@pytest.fixture(scope="module")
def fleet(pg_server: str) -> Iterator[Fleet]:
    """Shared by the module: every test rolls its own session back."""
    with fresh_database(pg_server) as url:
        fleet = Fleet(url)
        fleet.populate()
        yield fleet
        fleet.dispose()


def count(conn: Connection, table: str) -> int:
    return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


def refused(conn: Connection, statement: str, match: str, **params: Any) -> None:
    """The statement fails with ``match`` (inside a savepoint, so the session goes on)."""
    with pytest.raises(sqlalchemy.exc.DBAPIError, match=match), conn.begin_nested():
        conn.execute(text(statement), params)


# -- the schema ---------------------------------------------------------------------


def test_every_table_with_a_tenant_column_is_protected(fleet: Fleet) -> None:
    """Fails for any future table (or partition) holding tenant rows without forced RLS
    and the tenant policy: call memgov_protect_table() in its migration."""
    with fleet.owner.connect() as conn:
        rows = conn.execute(
            text(
                """
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
                   (SELECT count(*) FROM pg_policy p
                     WHERE p.polrelid = c.oid AND p.polname = :policy) AS policies
              FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
               AND (c.relname = 'tenant' OR EXISTS (
                    SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid
                       AND a.attname = 'tenant' AND NOT a.attisdropped))
            """
            ),
            {"policy": POLICY},
        ).all()
    found = {r.relname: r for r in rows}
    assert set(TENANT_TABLES) <= set(found)
    partitions = {name for name in found if name.startswith("memory_t_")}
    assert partitions == {fleet.partition(A), fleet.partition(B)}
    unprotected = sorted(
        name
        for name, r in found.items()
        if not (r.relrowsecurity and r.relforcerowsecurity and r.policies == 1)
    )
    assert unprotected == []


def test_the_app_role_cannot_bypass_rls(fleet: Fleet) -> None:
    with fleet.as_app(None) as conn:
        role = conn.execute(
            text(
                "SELECT rolname, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles"
                " WHERE rolname = current_user"
            )
        ).one()
    assert tuple(role) == (APP_ROLE, False, False, False, False)


# -- reading --------------------------------------------------------------------------


@pytest.mark.parametrize("table", TENANT_TABLES)
def test_no_tenant_set_sees_no_rows(fleet: Fleet, table: str) -> None:
    assert fleet.owner_rows(table, A) and fleet.owner_rows(table, B)  # the rows exist
    with fleet.as_app(None) as conn:
        assert count(conn, table) == 0
    with fleet.as_app("") as conn:  # set, then emptied: still nothing
        assert count(conn, table) == 0


@pytest.mark.parametrize("table", TENANT_TABLES)
def test_a_tenant_sees_only_its_own_rows(fleet: Fleet, table: str) -> None:
    column = TENANT_TABLES[table]
    for tenant in (A, B):
        with fleet.as_app(tenant) as conn:
            # no WHERE clause: the query a bug would run
            rows = conn.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2, 3")).all()
            assert {getattr(r, column) for r in rows} == {tenant}
            assert rows == fleet.owner_rows(table, tenant)


def test_the_runtime_engine_sees_only_the_transactions_tenant(fleet: Fleet) -> None:
    with fleet.database.transaction(A) as conn:
        contents = conn.execute(text("SELECT content FROM memory")).scalars().all()
    assert len(contents) == 4 and all(c.startswith(A) or c == "orphan" for c in contents)
    with fleet.database.transaction() as conn:
        assert count(conn, "memory") == 0
        assert conn.execute(text("SELECT memgov_tenants()")).scalars().all() == [A, B]


def test_another_tenants_partition_cannot_be_read_directly(fleet: Fleet) -> None:
    part_b = fleet.partition(B)
    with fleet.as_app(A) as conn:
        refused(conn, f"SELECT count(*) FROM {part_b}", "permission denied")
    # even were the partition granted by mistake, its own policy filters it
    with fleet.owner.begin() as conn:
        conn.execute(text(f"GRANT SELECT ON {part_b} TO {APP_ROLE}"))
    try:
        with fleet.as_app(A) as conn:
            assert count(conn, part_b) == 0
        with fleet.as_app(B) as conn:
            assert count(conn, part_b) == 4
    finally:
        with fleet.owner.begin() as conn:
            conn.execute(text(f"REVOKE SELECT ON {part_b} FROM {APP_ROLE}"))


@pytest.mark.parametrize(
    "value",
    [f"{A}' OR '1'='1", "' OR ''='", f"{A}%", "%", "*", f"{A}\x00", f" {A}", A.upper()],
    ids=["or-true", "or-empty", "like-prefix", "like-all", "star", "nul", "space", "case"],
)
def test_a_crafted_tenant_value_matches_nothing(fleet: Fleet, value: str) -> None:
    try:
        with fleet.as_app(value) as conn:
            assert {t: count(conn, t) for t in TENANT_TABLES} == dict.fromkeys(TENANT_TABLES, 0)
    except sqlalchemy.exc.DBAPIError as exc:  # a NUL byte cannot even be sent
        assert value.endswith("\x00"), exc


# -- writing ------------------------------------------------------------------------

INSERTS = {
    "memory": "INSERT INTO memory (tenant, id, kind, content, content_hash, embedding,"
              " embedding_model, created_at) VALUES (:b, gen_random_uuid(), 'fact', 'forged',"
              " 'forged', CAST(array_fill(0.1, ARRAY[384]) AS vector), 'hashing', now())",
    "memory_state": "INSERT INTO memory_state (tenant, memory_id, kind, importance, generality,"
                    " updated_at) VALUES (:b, :orphan, 'fact', 0.5, 0, now())",
    "event": "INSERT INTO event (tenant, type, actor, at) VALUES (:b, 'write', 'mallory', now())",
    "conflict": "INSERT INTO conflict (id, tenant, memory_id, claim, evidence, source, at)"
                " VALUES (gen_random_uuid(), :b, :memory, 'c', 'e', 's', now())",
    "proposal": "INSERT INTO proposal (id, tenant, kind, text, member_ids, generality,"
                " created_at) VALUES (gen_random_uuid(), :b, 'fact', 't', '{}', 1, now())",
    "golden_probe": "INSERT INTO golden_probe (id, tenant, query, expected_ids, created_at)"
                    " VALUES (gen_random_uuid(), :b, 'q', '{}', now())",
    "curation_run": "INSERT INTO curation_run (id, tenant, started_at, dry_run)"
                    " VALUES (gen_random_uuid(), :b, now(), true)",
    "experiment": "INSERT INTO experiment (id, tenant, name, raw_share, salt, starts_at,"
                  " ends_at, status, stopped_at, created_at, created_by) VALUES"
                  " (gen_random_uuid(), :b, 'forged', 0.5, 's', now(), now() + interval"
                  " '1 day', 'stopped', now(), now(), 'mallory')",
    "exposure": "INSERT INTO exposure (id, tenant, cohort, agent_id, query, at)"
                " VALUES (gen_random_uuid(), :b, 'raw', 'agent', 'q', now())",
    "outcome": "INSERT INTO outcome (recall_id, tenant, success, actor, at)"
               " VALUES (:exposure, :b, true, 'mallory', now())",
    "memory_claim": "INSERT INTO memory_claim (tenant, memory_id, ordinal, content, embedding)"
                    " VALUES (:b, :memory, 99, 'forged', CAST(array_fill(0.1, ARRAY[384])"
                    " AS vector))",
    "change_review": "INSERT INTO change_review (id, tenant, older_id, newer_id, detail,"
                     " source, proposed_at) VALUES (gen_random_uuid(), :b, :memory, :newer,"
                     " 'forged', 'pass', now())",
}  # fmt: skip  # each statement's lines aligned under its table


@pytest.mark.parametrize("table", INSERTS)
def test_inserting_another_tenants_row_is_refused(fleet: Fleet, table: str) -> None:
    ids = fleet.ids[B]
    params = {
        "b": B,
        "orphan": ids["orphan"],
        "memory": ids["memories"][0],
        "newer": ids["memories"][2],
        "exposure": ids["exposures"][1],
    }
    with fleet.owner.connect() as conn, conn.begin() as tx:  # the statement itself is valid
        assert conn.execute(text(INSERTS[table]), params).rowcount == 1
        tx.rollback()
    before = fleet.owner_rows(table, B)
    with fleet.as_app(A) as conn:
        refused(conn, INSERTS[table], "row-level security", **params)
    assert fleet.owner_rows(table, B) == before


def test_a_tenant_row_is_made_only_for_the_transactions_tenant(fleet: Fleet) -> None:
    with fleet.as_app(A) as conn:
        refused(
            conn,
            "INSERT INTO tenant (name, partition_name, created_at)"
            " VALUES ('tenant-c', 'memory_t_c', now())",
            "permission denied",
        )
        refused(conn, "SELECT memgov_ensure_tenant('tenant-c', now())", "is set to tenant")
    with fleet.as_app(None) as conn:
        refused(conn, "SELECT memgov_ensure_tenant('tenant-c', now())", "is set to tenant")
    with fleet.as_app("tenant-c") as conn:  # its own transaction may create it
        assert conn.execute(text("SELECT memgov_ensure_tenant('tenant-c', now())")).scalar()
        assert conn.execute(text("SELECT name FROM tenant")).scalars().all() == ["tenant-c"]
    assert fleet.store.tenants.all() == [A, B]  # rolled back


@pytest.mark.parametrize("table", UPDATABLE)
def test_updating_another_tenants_rows_changes_nothing(fleet: Fleet, table: str) -> None:
    column, key = UPDATABLE[table], TENANT_TABLES[table]
    before = fleet.owner_rows(table, B)
    with fleet.as_app(A) as conn:
        hit = conn.execute(
            text(f"UPDATE {table} SET {column} = {column} WHERE {key} = :b"), {"b": B}
        ).rowcount
        assert hit == 0
        everything = conn.execute(text(f"UPDATE {table} SET {column} = {column}")).rowcount
        assert everything == len(fleet.owner_rows(table, A))  # A's rows only
        # moving A's own rows into B is refused by the policy's WITH CHECK
        refused(conn, f"UPDATE {table} SET {key} = :b", "row-level security", b=B)
    assert fleet.owner_rows(table, B) == before


@pytest.mark.parametrize("table", DELETABLE)
def test_deleting_another_tenants_rows_changes_nothing(fleet: Fleet, table: str) -> None:
    before = fleet.owner_rows(table, B)
    with fleet.as_app(A) as conn:
        hit = conn.execute(text(f"DELETE FROM {table} WHERE tenant = :b"), {"b": B}).rowcount
        assert hit == 0
    assert fleet.owner_rows(table, B) == before


@pytest.mark.parametrize("table", HISTORY)
@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE {t} SET tenant = tenant",
        "DELETE FROM {t}",
        "DELETE FROM {t} WHERE false",
        "TRUNCATE {t} CASCADE",
    ],
    ids=["update", "delete", "delete-none", "truncate"],
)
def test_history_cannot_be_rewritten_even_by_its_own_tenant(
    fleet: Fleet, table: str, statement: str
) -> None:
    sql = statement.format(t=table)
    before = fleet.owner_rows(table, A)
    with fleet.as_app(A) as conn:  # refused by privilege
        refused(conn, sql, f"permission denied for table {table}")
    with fleet.owner.connect() as conn, conn.begin():  # the owner: refused by the trigger
        refused(conn, sql, "append-only")
    assert fleet.owner_rows(table, A) == before
    with fleet.as_app(A) as conn:  # appending is what the app may do
        assert count(conn, table) == len(before)


@pytest.mark.parametrize(
    ("statement", "match"),
    [
        ("SET ROLE postgres", "permission denied to set role"),
        ("SET SESSION AUTHORIZATION postgres", "permission denied"),
        ("ALTER TABLE memory DISABLE ROW LEVEL SECURITY", "must be owner"),
        ("ALTER TABLE memory_state NO FORCE ROW LEVEL SECURITY", "must be owner"),
        (f"DROP POLICY {POLICY} ON event", "must be owner"),
        ("CREATE POLICY open_door ON memory USING (true)", "must be owner"),
        (f"ALTER ROLE {APP_ROLE} BYPASSRLS", "permission denied"),
        ("SELECT memgov_protect_table('memory')", "permission denied for function"),
        ("CREATE TABLE loot (tenant text)", "permission denied for schema"),
        ("ALTER TABLE memory_state OWNER TO memgov_app", "must be owner"),
        ("SELECT set_config('role', 'postgres', false)", "permission denied to set role"),
    ],
    ids=[
        "set-role",
        "session-authorization",
        "disable-rls",
        "no-force",
        "drop-policy",
        "create-policy",
        "grant-bypassrls",
        "protect-function",
        "create-table",
        "take-ownership",
        "set-config-role",
    ],
)
def test_the_app_role_cannot_escape_the_policy(fleet: Fleet, statement: str, match: str) -> None:
    with fleet.as_app(A) as conn:
        refused(conn, statement, match)
        assert conn.execute(text("SELECT current_user")).scalar_one() == APP_ROLE
        assert {r for (r,) in conn.execute(text("SELECT DISTINCT tenant FROM memory"))} == {A}


def test_row_security_off_refuses_instead_of_bypassing(fleet: Fleet) -> None:
    with fleet.as_app(A) as conn:
        conn.execute(text("SET LOCAL row_security = off"))
        refused(conn, "SELECT count(*) FROM memory", "row-level security")


# -- the roles the runtime runs as ----------------------------------------------------


def test_a_superuser_url_runs_as_the_app_role(fleet: Fleet) -> None:
    database = Database(fleet.url)  # postgres, a superuser: switches role on connect
    try:
        with database.transaction(A) as conn:
            assert conn.execute(text("SELECT current_user")).scalar_one() == APP_ROLE
            assert {r for (r,) in conn.execute(text("SELECT tenant FROM memory"))} == {A}
        with database.admin_transaction() as conn:
            assert conn.execute(text("SELECT current_user")).scalar_one() == "postgres"
    finally:
        database.dispose()


def test_the_embedded_default_logs_in_as_the_app_role(
    fleet: Fleet, pg_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``from_settings`` without MEMGOV_DATABASE_URL (the session's server stands in for
    the embedded one): the runtime session itself is the app role, with no superuser
    to RESET ROLE back to."""
    monkeypatch.setattr(database_module, "embedded_server_uri", lambda _pgdata: pg_server)
    name = make_url(fleet.url).database
    assert name is not None
    settings = Settings(
        home=tmp_path, database_url=None, embedding_dimension=384, database_name=name
    )
    database = Database.from_settings(settings)
    try:
        with database.transaction(A) as conn:
            conn.execute(text("RESET ROLE"))
            users = conn.execute(text("SELECT session_user, current_user")).one()
            assert tuple(users) == (APP_ROLE, APP_ROLE)
            assert count(conn, "memory") == 4
        assert database.is_current()  # migrations' view: the owner's engine
    finally:
        database.dispose()


def test_an_external_app_login_url_is_used_for_the_runtime(
    fleet: Fleet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MEMGOV_APP_DATABASE_URL: an external server's runtime logs in as the app role, so
    no session holds an owner to RESET ROLE back to; migrations keep the owner URL."""
    monkeypatch.setenv("MEMGOV_DATABASE_URL", fleet.url)
    monkeypatch.setenv("MEMGOV_APP_DATABASE_URL", app_role_url(fleet.url))
    database = Database.from_settings(Settings.from_env())
    try:
        with database.transaction(A) as conn:
            conn.execute(text("RESET ROLE"))
            users = conn.execute(text("SELECT session_user, current_user")).one()
            assert tuple(users) == (APP_ROLE, APP_ROLE)
        with database.admin_transaction() as conn:
            assert conn.execute(text("SELECT session_user")).scalar_one() == "postgres"
    finally:
        database.dispose()


def cluster_admin(pg_server: str) -> Engine:
    """The superuser on the maintenance database, outside transactions (CREATE DATABASE)."""
    return create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")),
        isolation_level="AUTOCOMMIT",
        poolclass=pool.NullPool,
    )


@contextmanager
def scratch_role(pg_server: str, options: str) -> Iterator[str]:
    """A throwaway cluster role; dropped with everything it owns afterwards."""
    role = "mg_" + uuid.uuid4().hex[:10]
    admin = cluster_admin(pg_server)
    with admin.connect() as conn:
        conn.execute(text(f"CREATE ROLE {role} {options}"))
    try:
        yield role
    finally:
        with admin.connect() as conn:
            for (name,) in conn.execute(
                text(
                    "SELECT datname FROM pg_database d JOIN pg_roles r ON r.oid = d.datdba"
                    " WHERE r.rolname = :r"
                ),
                {"r": role},
            ).all():
                conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
            conn.execute(text(f"DROP ROLE {role}"))
        admin.dispose()


def as_user(url: str, role: str) -> str:
    parsed = make_url(normalise_url(url)).set(username=role)
    return parsed.render_as_string(hide_password=False)


def test_a_role_that_cannot_become_the_app_role_is_refused(fleet: Fleet, pg_server: str) -> None:
    with scratch_role(pg_server, "LOGIN") as stranger:
        database = Database(as_user(fleet.url, stranger))
        store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(T0))
        try:
            with pytest.raises(DatabaseRoleError, match=APP_ROLE):
                store.recall(A, "deploys")
        finally:
            database.dispose()


def test_an_app_role_that_bypasses_rls_is_refused(
    fleet: Fleet, pg_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with scratch_role(pg_server, "NOLOGIN BYPASSRLS") as bypassing:
        monkeypatch.setattr(database_module, "APP_ROLE", bypassing)
        database = Database(fleet.url)
        try:
            with pytest.raises(DatabaseRoleError, match="bypass"), database.transaction(A):
                pass
        finally:
            database.dispose()


def test_a_non_superuser_owner_is_filtered_too(pg_server: str) -> None:
    """An owner that is not a superuser (an external server's usual setup): a DBA made the
    role, its database and the extension, and let it SET ROLE to the app role. FORCE
    applies the policy to the owner itself; memgov_tenants() still lists every tenant."""
    with scratch_role(pg_server, "LOGIN") as owner:
        name = "own_" + uuid.uuid4().hex[:10]
        admin = cluster_admin(pg_server)
        with admin.connect() as conn:
            conn.execute(text(f"GRANT {APP_ROLE} TO {owner}"))
            conn.execute(text(f'CREATE DATABASE "{name}" OWNER {owner}'))
        admin.dispose()
        superuser = create_engine(
            normalise_url(sqlalchemy_url(pg_server, name)), poolclass=pool.NullPool
        )
        with superuser.begin() as conn:
            conn.execute(text("CREATE EXTENSION vector"))
        superuser.dispose()

        database = Database(as_user(sqlalchemy_url(pg_server, name), owner))
        try:
            database.upgrade()
            store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(T0))
            store.remember(A, "A's memory")
            store.remember(B, "B's memory")
            assert store.tenants.all() == [A, B]
            assert [h.content for h in store.recall(A, "memory", k=5).hits] == ["A's memory"]
            with database.admin_transaction() as conn:
                assert conn.execute(text("SELECT current_user")).scalar_one() == owner
                assert count(conn, "memory") == 0 and count(conn, "memory_state") == 0
                conn.execute(text("SELECT set_config('memgov.tenant', :t, true)"), {"t": B})
                assert conn.execute(text("SELECT content FROM memory")).scalars().all() == [
                    "B's memory"
                ]
        finally:
            database.dispose()
