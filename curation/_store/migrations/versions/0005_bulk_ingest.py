"""Bulk ingest: a large batch loads a standalone table and becomes the tenant's partition.

Every row written into a table with an HNSW index is inserted into the graph one by one
(a few hundred rows/s); building the index once over a loaded table is far cheaper. The
application role may create no table and attach no partition, so two SECURITY DEFINER
functions do it, each refusing any tenant but the one the transaction is set to:

- ``memgov_bulk_begin(tenant, at)`` creates the tenant's row if it is new (without its
  partition) and an empty standalone table shaped ``LIKE memory`` (no index, no row-level
  security, so COPY FROM works) with a CHECK that every row is the tenant's; the
  application may only INSERT into it.
- ``memgov_bulk_attach(tenant)`` builds that table's indexes from the parent's own
  index definitions (whatever a later migration makes them), and attaches it as the
  tenant's partition, protected like every other (``memgov_protect_table``). If the
  tenant already has a partition, its rows are first copied into the new table and the
  old partition is detached and kept as ``memgov_retired.memory_r_<hash>_<time>``
  (nothing is dropped; tenant deletion removes it with the tenant). Its own schema keeps
  it out of everything that lists the store's tenant tables (dumps, deletion, checks).
  The foreign keys that reference ``memory`` (memory_state, conflict) would refuse the
  detach, so they are dropped and re-added, validated, inside the same swap.

- ``memgov_bulk_analyze(tenant)`` refreshes the planner's statistics of memory_state
  once the load's state rows are in (the app may not ANALYZE; a large load into a table
  the planner believes empty turns the write hooks' joins into nested scans).

Everything happens inside the caller's transaction: a crash or a rollback leaves no table
behind and the tenant as it was; readers see the old partition and its index until the
commit, then the new one, never a half-built index.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from alembic import op

from curation._store.migrations.steps import current_schema, only_role_executes

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

APP_ROLE = "memgov_app"

RETIRED_SCHEMA = "memgov_retired"  # replaced partitions, kept; the app has no access

_SCOPE_CHECK = """
    IF current_setting('memgov.tenant', true) IS DISTINCT FROM p_tenant THEN
        RAISE EXCEPTION '%(%): the transaction is set to tenant %', {name}, p_tenant,
            coalesce(current_setting('memgov.tenant', true), '(none)')
            USING ERRCODE = 'insufficient_privilege';
    END IF;
"""

# every function is SECURITY DEFINER with its search_path pinned; a body follows this head
_HEAD = """
CREATE FUNCTION {name}({arguments}) RETURNS {result}
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {search_path} AS $$
"""

_BEGIN = """DECLARE
    part text := 'memory_t_' || substr(md5(p_tenant), 1, 20);
    staged text := 'memgov_bulk_' || substr(md5(p_tenant), 1, 20);
BEGIN
    {scope_check}
    IF NOT EXISTS (SELECT 1 FROM tenant WHERE name = p_tenant) THEN
        PERFORM pg_advisory_xact_lock(hashtext('memgov.tenant.' || p_tenant));
        IF NOT EXISTS (SELECT 1 FROM tenant WHERE name = p_tenant) THEN
            INSERT INTO tenant (name, partition_name, created_at) VALUES (p_tenant, part, p_at);
        END IF;
    END IF;
    IF to_regclass(staged) IS NOT NULL THEN
        RAISE EXCEPTION 'memgov_bulk_begin(%): a bulk load of this tenant is under way', p_tenant
            USING ERRCODE = 'object_in_use';
    END IF;
    EXECUTE format('CREATE TABLE %I (LIKE memory INCLUDING ALL EXCLUDING INDEXES)', staged);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT memgov_bulk_tenant CHECK (tenant = %L)',
                   staged, p_tenant);
    EXECUTE format('GRANT INSERT ON %I TO {app_role}', staged);
    RETURN staged;
END $$
"""

_ATTACH = """DECLARE
    part text;
    staged text := 'memgov_bulk_' || substr(md5(p_tenant), 1, 20);
    retired text;
    idx record;
    fk record;
    fks text[][] := '{{}}';
    n int := 0;
    built text;
BEGIN
    {scope_check}
    SELECT partition_name INTO part FROM tenant WHERE name = p_tenant;
    IF part IS NULL OR to_regclass(staged) IS NULL THEN
        RAISE EXCEPTION 'memgov_bulk_attach(%): no bulk load of this tenant under way', p_tenant
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF to_regclass(part) IS NOT NULL THEN  -- an existing tenant: its rows come along
        EXECUTE format('INSERT INTO %I SELECT * FROM %I', staged, part);
    END IF;
    -- the parent's own index definitions, rebuilt on the loaded table (PostgreSQL adopts
    -- a matching index on ATTACH instead of building another); constraint indexes become
    -- constraints, which ATTACH requires of a primary key or unique index
    FOR idx IN
        SELECT i.indisunique, pg_get_indexdef(i.indexrelid) AS def, c.contype
        FROM pg_index i
        LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
        WHERE i.indrelid = 'memory'::regclass ORDER BY i.indexrelid
    LOOP
        n := n + 1;
        built := part || '_' || to_hex(txid_current()) || '_' || n;  -- unique in the schema
        EXECUTE format('CREATE %s INDEX %I ON %I USING %s',
                       CASE WHEN idx.indisunique THEN 'UNIQUE' ELSE '' END, built, staged,
                       substring(idx.def from ' USING (.*)$'));
        IF idx.contype IN ('p', 'u') THEN
            EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s USING INDEX %I', staged, built,
                           CASE idx.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END,
                           built);
        END IF;
    END LOOP;
    EXECUTE format('ANALYZE %I', staged);
    IF to_regclass(part) IS NOT NULL THEN
        -- the swap: in a fixed order (the parent first) so readers and writers queue
        LOCK TABLE memory IN ACCESS EXCLUSIVE MODE;
        FOR fk IN
            SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
            FROM pg_constraint
            WHERE contype = 'f' AND confrelid = 'memory'::regclass AND conparentid = 0
            ORDER BY conrelid::regclass::text, conname
        LOOP
            fks := fks || ARRAY[[fk.tbl, fk.conname, fk.def]];
            EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
        END LOOP;
        retired := 'memory_r_' || substr(md5(p_tenant), 1, 20) || '_'
                   || to_char(clock_timestamp(), 'YYYYMMDDHH24MISSUS');
        EXECUTE format('ALTER TABLE memory DETACH PARTITION %I', part);
        EXECUTE format('ALTER TABLE %I RENAME TO %I', part, retired);
        EXECUTE format('ALTER TABLE %I SET SCHEMA {retired_schema}', retired);
    END IF;
    EXECUTE format('ALTER TABLE %I RENAME TO %I', staged, part);
    EXECUTE format('ALTER TABLE memory ATTACH PARTITION %I FOR VALUES IN (%L)', part, p_tenant);
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT memgov_bulk_tenant', part);
    EXECUTE format('REVOKE ALL ON %I FROM {app_role}', part);
    PERFORM memgov_protect_table(part::regclass);
    FOR n IN 1 .. coalesce(array_length(fks, 1), 0) LOOP
        EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', fks[n][1], fks[n][2], fks[n][3]);
    END LOOP;
    RETURN retired;
END $$
"""

_ANALYZE = """BEGIN
    {scope_check}
    ANALYZE memory_state;
END $$
"""

_FUNCTIONS = (  # name, arguments, result, body
    ("memgov_bulk_begin", "p_tenant text, p_at timestamptz", "text", _BEGIN),
    ("memgov_bulk_attach", "p_tenant text", "text", _ATTACH),
    ("memgov_bulk_analyze", "p_tenant text", "void", _ANALYZE),
)

_SIGNATURES = (
    "memgov_bulk_begin(text, timestamptz)",
    "memgov_bulk_attach(text)",
    "memgov_bulk_analyze(text)",
)


def upgrade() -> None:
    search_path = f"{current_schema()}, pg_temp"
    for name, arguments, result, body in _FUNCTIONS:
        head = _HEAD.format(name=name, arguments=arguments, result=result, search_path=search_path)
        scope_check = _SCOPE_CHECK.format(name=f"'{name}'")
        op.execute(
            head
            + body.format(scope_check=scope_check, app_role=APP_ROLE, retired_schema=RETIRED_SCHEMA)
        )
    op.execute(f"CREATE SCHEMA IF NOT EXISTS {RETIRED_SCHEMA}")
    op.execute(f"REVOKE ALL ON SCHEMA {RETIRED_SCHEMA} FROM PUBLIC")
    for signature in _SIGNATURES:
        only_role_executes(signature, APP_ROLE)


def downgrade() -> None:
    for signature in _SIGNATURES:
        op.execute(f"DROP FUNCTION IF EXISTS {signature}")
    # refused while it still holds a kept partition: a downgrade deletes no memories
    op.execute(f"DROP SCHEMA IF EXISTS {RETIRED_SCHEMA} RESTRICT")
