"""Steps the migrations take again and again, written once. Past migrations run them:
change one only in a way that leaves every past upgrade and downgrade doing the same."""

from __future__ import annotations

from alembic import op
from sqlalchemy import text


def current_schema() -> str:
    """The schema the store lives in, quoted: SECURITY DEFINER functions pin their
    search_path to it (and pg_temp, last)."""
    return str(op.get_bind().execute(text("SELECT quote_ident(current_schema())")).scalar_one())


def replace_check(table: str, constraint: str, check: str) -> None:
    """``constraint`` dropped (if present) and added again as ``CHECK (check)``."""
    op.execute(f"ALTER TABLE {table} DROP CONSTRAINT IF EXISTS {constraint}")
    op.execute(f"ALTER TABLE {table} ADD CONSTRAINT {constraint} CHECK ({check})")


def only_role_executes(signature: str, role: str) -> None:
    """The function is ``role``'s to call, no longer everyone's (PUBLIC)."""
    op.execute(f"REVOKE EXECUTE ON FUNCTION {signature} FROM PUBLIC")
    op.execute(f"GRANT EXECUTE ON FUNCTION {signature} TO {role}")


# A tenant's partition is created once, under a transaction-scoped advisory lock.
_ENSURE_TENANT = """
CREATE OR REPLACE FUNCTION memgov_ensure_tenant(p_name text, p_at timestamptz) RETURNS text
LANGUAGE plpgsql{definer} AS $$
DECLARE
    part text := 'memory_t_' || substr(md5(p_name), 1, 20);
BEGIN{scope_check}
    IF EXISTS (SELECT 1 FROM tenant WHERE name = p_name) THEN
        RETURN part;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('memgov.tenant.' || p_name));
    IF EXISTS (SELECT 1 FROM tenant WHERE name = p_name) THEN
        RETURN part;
    END IF;
    EXECUTE format('CREATE TABLE %I PARTITION OF memory FOR VALUES IN (%L)', part, p_name);{protect}
    INSERT INTO tenant (name, partition_name, created_at) VALUES (p_name, part, p_at);
    RETURN part;
END $$
"""

# 0003's: SECURITY DEFINER (the app cannot create tables) and scoped, so it creates only
# the tenant the transaction is set to, and protects the new partition
_SCOPE_CHECK = """
    IF current_setting('memgov.tenant', true) IS DISTINCT FROM p_name THEN
        RAISE EXCEPTION 'memgov_ensure_tenant(%): the transaction is set to tenant %',
            p_name, coalesce(current_setting('memgov.tenant', true), '(none)')
            USING ERRCODE = 'insufficient_privilege';
    END IF;"""
_PROTECT = "\n    PERFORM memgov_protect_table(part::regclass);"


def ensure_tenant_function(*, definer_search_path: str | None = None) -> str:
    """``memgov_ensure_tenant`` as 0001 made it, or (given the search path it runs under)
    as 0003 makes it."""
    if definer_search_path is None:
        return _ENSURE_TENANT.format(definer="", scope_check="", protect="")
    return _ENSURE_TENANT.format(
        definer=f" SECURITY DEFINER SET search_path = {definer_search_path}",
        scope_check=_SCOPE_CHECK,
        protect=_PROTECT,
    )
