"""Tenant isolation in depth: PostgreSQL row-level security on every tenant table.

The application runs as ``memgov_app``, a role that is neither superuser nor BYPASSRLS,
and sets ``memgov.tenant`` per transaction. Every tenant table — and every partition of
``memory`` — has RLS enabled and FORCEd (so even the owner is filtered) with one policy,
``memgov_tenant_isolation``: a row is visible, and may be written, only while
``memgov.tenant`` names its tenant. A query that forgets its ``WHERE tenant = ...`` sees
its own tenant's rows; a session with no tenant set sees none.

Privileges narrow it further: the app may only SELECT and INSERT the history tables
(``event``, ``exposure``, ``outcome``; their triggers refuse UPDATE/DELETE/TRUNCATE for
anyone), may not UPDATE ``memory`` (content is write-once), and has no privilege on the
per-tenant partitions at all (it reads them through ``memory``, whose policy applies).
It creates no tables: a new tenant's partition is made by the SECURITY DEFINER
``memgov_ensure_tenant``, which protects the partition like every other tenant table.
``memgov_tenants()`` (SECURITY DEFINER, names only) is the one legitimate cross-tenant
read, for tenant lists in the sensor, dashboard and CLI.

A future migration that adds a tenant table calls ``SELECT memgov_protect_table('t')``
and grants ``memgov_app`` what it needs; tests/test_security_rls.py fails for any table
with a tenant column that is not protected.

The role is cluster-wide: it is created only if missing (tests clone many databases on
one server) and the downgrade leaves it in place, revoking only this database's grants.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from alembic import op
from sqlalchemy import text

from curation._store.migrations import steps

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

APP_ROLE = "memgov_app"

POLICY = "memgov_tenant_isolation"
# table -> the privileges the application needs on it
GRANTS = {
    "store_meta": "SELECT, INSERT",
    "tenant": "SELECT, UPDATE",
    "memory": "SELECT, INSERT, DELETE",
    "memory_state": "SELECT, INSERT, UPDATE, DELETE",
    "conflict": "SELECT, INSERT, UPDATE, DELETE",
    "proposal": "SELECT, INSERT, UPDATE, DELETE",
    "golden_probe": "SELECT, INSERT, UPDATE, DELETE",
    "curation_run": "SELECT, INSERT, UPDATE, DELETE",
    "experiment": "SELECT, INSERT, UPDATE, DELETE",
    "event": "SELECT, INSERT",
    "exposure": "SELECT, INSERT",
    "outcome": "SELECT, INSERT",
}
# table -> its tenant column
TENANT_TABLES = {table: "tenant" for table in GRANTS if table != "store_meta"} | {"tenant": "name"}

_CREATE_ROLE = f"""
DO $$
DECLARE
    unsafe boolean;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
        BEGIN
            CREATE ROLE {APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;  -- another database's migration created it a moment ago
        END;
    END IF;
    SELECT rolsuper OR rolbypassrls INTO unsafe FROM pg_roles WHERE rolname = '{APP_ROLE}';
    IF unsafe THEN
        RAISE EXCEPTION 'role {APP_ROLE} bypasses row-level security (superuser or BYPASSRLS)';
    END IF;
    -- a non-superuser owner must be able to SET ROLE to it (the runtime engine does)
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
            AND NOT pg_has_role(current_user, '{APP_ROLE}',
                CASE WHEN current_setting('server_version_num')::int >= 160000
                     THEN 'SET' ELSE 'MEMBER' END) THEN
        EXECUTE format('GRANT {APP_ROLE} TO %I', current_user);
    END IF;
END $$
"""

_PROTECT_TABLE = f"""
CREATE FUNCTION memgov_protect_table(p_table regclass, p_column name DEFAULT 'tenant')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', p_table);
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', p_table);
    IF NOT EXISTS (
        SELECT 1 FROM pg_policy WHERE polrelid = p_table AND polname = '{POLICY}'
    ) THEN
        EXECUTE format(
            'CREATE POLICY {POLICY} ON %s '
            'USING (%I = current_setting(''memgov.tenant'', true)) '
            'WITH CHECK (%I = current_setting(''memgov.tenant'', true))',
            p_table, p_column, p_column
        );
    END IF;
END $$
"""

_TENANTS = """
CREATE FUNCTION memgov_tenants() RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {search_path} AS $$
    SELECT name FROM tenant ORDER BY name
$$
"""

# Recall's first round trip: scope the transaction to the tenant (and tune the vector
# scan), then read the tenant's policy — in that order, which one SQL statement cannot
# promise (its RLS filter could run before its set_config). NULL: no such tenant.
_OPEN_RECALL = """
CREATE FUNCTION memgov_open_recall(p_tenant text, p_ef_search text) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('memgov.tenant', p_tenant, true),
            set_config('hnsw.iterative_scan', 'relaxed_order', true),
            set_config('hnsw.ef_search', p_ef_search, true),
            set_config('synchronous_commit', 'off', true);
    RETURN (SELECT policy FROM tenant WHERE name = p_tenant);
END $$
"""


def _partitions() -> list[str]:
    rows = op.get_bind().execute(
        text(
            "SELECT c.oid::regclass::text FROM pg_inherits i JOIN pg_class c "
            "ON c.oid = i.inhrelid WHERE i.inhparent = 'memory'::regclass ORDER BY 1"
        )
    )
    return [row[0] for row in rows]


def upgrade() -> None:
    schema = steps.current_schema()
    search_path = f"{schema}, pg_temp"
    op.execute(_CREATE_ROLE)
    op.execute(_PROTECT_TABLE)
    op.execute("REVOKE EXECUTE ON FUNCTION memgov_protect_table(regclass, name) FROM PUBLIC")
    op.execute(steps.ensure_tenant_function(definer_search_path=search_path))
    op.execute(_TENANTS.format(search_path=search_path))
    op.execute(_OPEN_RECALL)
    for signature in ("memgov_ensure_tenant(text, timestamptz)", "memgov_tenants()"):
        steps.only_role_executes(signature, APP_ROLE)

    op.execute(f"GRANT USAGE ON SCHEMA {schema} TO {APP_ROLE}")
    op.execute(
        f"DO $$ BEGIN EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO {APP_ROLE}',"
        " current_database()); END $$"
    )
    for table, privileges in GRANTS.items():
        op.execute(f"GRANT {privileges} ON {table} TO {APP_ROLE}")

    for table, column in TENANT_TABLES.items():
        op.execute(f"SELECT memgov_protect_table('{table}', '{column}')")
    for partition in _partitions():
        op.execute(f"SELECT memgov_protect_table('{partition}')")
    # FORCE filters the owner too; the owner (the definer of memgov_tenants) still lists
    # names. A no-op for a superuser owner, which bypasses RLS anyway.
    op.execute(
        "CREATE POLICY memgov_owner_lists_tenants ON tenant FOR SELECT TO CURRENT_USER USING (true)"
    )


def downgrade() -> None:
    schema = steps.current_schema()
    op.execute("DROP POLICY IF EXISTS memgov_owner_lists_tenants ON tenant")
    for table in [*TENANT_TABLES, *_partitions()]:
        op.execute(f"DROP POLICY IF EXISTS {POLICY} ON {table}")
        op.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")
    for table in GRANTS:
        op.execute(f"REVOKE ALL ON {table} FROM {APP_ROLE}")
    op.execute(f"REVOKE ALL ON SCHEMA {schema} FROM {APP_ROLE}")
    op.execute(
        f"DO $$ BEGIN EXECUTE format('REVOKE ALL ON DATABASE %I FROM {APP_ROLE}',"
        " current_database()); END $$"
    )
    op.execute("DROP FUNCTION IF EXISTS memgov_open_recall(text, text)")
    op.execute("DROP FUNCTION IF EXISTS memgov_tenants()")
    op.execute(f"REVOKE ALL ON FUNCTION memgov_ensure_tenant(text, timestamptz) FROM {APP_ROLE}")
    op.execute(steps.ensure_tenant_function())
    op.execute(
        "ALTER FUNCTION memgov_ensure_tenant(text, timestamptz) SECURITY INVOKER RESET search_path"
    )
    op.execute("GRANT EXECUTE ON FUNCTION memgov_ensure_tenant(text, timestamptz) TO PUBLIC")
    op.execute("DROP FUNCTION IF EXISTS memgov_protect_table(regclass, name)")
    # The role stays: it is cluster-wide and other databases on the server may use it.
